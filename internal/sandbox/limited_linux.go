package sandbox

// What the grader does for Limited runs. A user's share its user, its
// processes and its files: it is not dumpable while they go on, and, a
// child subreaper, it kills what a program left when it killed its
// launcher. Root's run as a user of their own in a private copy of what
// they need (private, limitedRun), with the grader's files locked
// (lockPaths) and what their user left removed (removeFilesOf).

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
)

// launchers are the launchers of the Limited runs under way, which the
// grader, a child subreaper while they run, tells from the orphans of a
// run whose launcher the program killed.
var launchers = struct {
	mu   sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

// sweepOrphans kills and reaps the grader's children that are neither
// launchers of runs under way nor in the grader's process group, with
// everything they started: in Limited mode, what a program that killed
// its launcher left, which the kernel gave to the grader, a child
// subreaper. (The grader's own children, if it has others, stay in its
// group unless it puts them elsewhere.)
func sweepOrphans() {
	launchers.mu.Lock()
	defer launchers.mu.Unlock()
	own := syscall.Getpgrp()
	for _, pid := range childrenOf(os.Getpid()) {
		if pgid, err := syscall.Getpgid(pid); launchers.pids[pid] || err != nil || pgid == own {
			continue
		}
		for _, p := range append(descendantsOf(pid), pid) {
			syscall.Kill(p, syscall.SIGKILL)
		}
		var ws syscall.WaitStatus
		syscall.Wait4(pid, &ws, 0, nil)
	}
}

var protect struct {
	mu      sync.Mutex
	limited int // Limited runs under way
}

// protectGrader counts a Limited run that starts (+1) or ends (-1). While
// one is under way, the grader's own process is non-dumpable, so that a
// program of the same user cannot read its memory, file descriptors or
// binary through /proc. It is dumpable otherwise, because a user other
// than root can only write the user-ID map of a dumpable child, and an
// Isolated program cannot see the grader anyway.
func protectGrader(delta int) {
	protect.mu.Lock()
	defer protect.mu.Unlock()
	protect.limited += delta
	switch {
	case delta > 0 && protect.limited == 1:
		guardProcess()
	case delta < 0 && protect.limited == 0:
		prctl(syscall.PR_SET_DUMPABLE, 1)
	}
}

// maxCopyBytes and maxCopyFiles bound what a private folder copies.
const (
	maxCopyBytes = 256 << 20
	maxCopyFiles = 10000
)

// runDirPrefix begins the name of a run's private folder in the
// temporary folder, before the grader's process id.
const runDirPrefix = "othello-run-"

var staleRunDirs sync.Once

// newRunDir makes a private folder for a run in runDirBase, named after
// the grader's process id, and, the first time, removes those that
// graders which are gone left behind (killed with SIGKILL, a grader has
// no chance to).
func newRunDir() (string, error) {
	staleRunDirs.Do(removeStaleRunDirs)
	return os.MkdirTemp(runDirBase(), fmt.Sprintf("%s%d-", runDirPrefix, os.Getpid()))
}

// runDirBase returns the folder of the runs' private folders: the
// temporary folder, but for root where a user of its own could not
// enter it (root's TMPDIR is often in its home, mode 700, as is every
// folder that mktemp -d makes), then /tmp, which every user may enter.
func runDirBase() string {
	base := os.TempDir()
	if os.Geteuid() != 0 || enterable(base) {
		return base
	}
	return "/tmp"
}

// enterable reports whether every user may enter dir and each folder
// above it.
func enterable(dir string) bool {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil || fi.Mode().Perm()&0o001 == 0 {
			return false
		}
		if d == "/" || d == "." {
			return true
		}
	}
}

// removeStaleRunDirs removes the private folders of graders that are
// gone: folders, not links, of this grader's user or, for root, of a
// dedicated id.
func removeStaleRunDirs() {
	base := runDirBase()
	entries, _ := os.ReadDir(base)
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), runDirPrefix+"%d-", &pid); err != nil || pid == os.Getpid() || !e.IsDir() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		owner := int(fi.Sys().(*syscall.Stat_t).Uid)
		ours := owner == os.Geteuid() || os.Geteuid() == 0 && owner >= FirstDedicatedUid && owner < FirstDedicatedUid+dedicatedIds
		if err := syscall.Kill(pid, 0); ours && errors.Is(err, syscall.ESRCH) {
			os.RemoveAll(filepath.Join(base, e.Name()))
		}
	}
}

// A private is a folder the grader makes for one run of a root grader,
// owned by the run's user: its home, and copies of what the program
// needs where it is (kept), under root/, so that /sub/main.py is
// root/sub/main.py there: of every such path for a Limited run, of those
// the user may not read for an Isolated one, whose view shows each copy
// at its path.
type private struct {
	dir    string
	copied []string // the paths copied
}

// newPrivate makes the private folder of user u with copies of paths,
// but for the paths of hide and .git.
func newPrivate(u User, paths, hide []string) (*private, error) {
	dir, err := newRunDir()
	if err != nil {
		return nil, err
	}
	p := &private{dir: dir}
	err = errors.Join(os.Mkdir(p.home(), 0o700), os.Mkdir(filepath.Join(dir, "root"), 0o700))
	for _, k := range paths {
		// A path in a folder already copied is there, unless it is in a
		// hidden folder, which the copy left out: it holds k, which the
		// program needs, and is copied but for its expected outputs.
		if err != nil || underAny(k, p.copied) && !underAny(k, hide) {
			continue
		}
		p.copied = append(p.copied, k)
		err = copyTree(k, p.moved(k), hide)
	}
	if err == nil {
		err = filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(path, u.Uid, u.Gid)
		})
	}
	if err != nil {
		p.remove()
		return nil, fmt.Errorf("a private copy for user %v: %w", u, err)
	}
	return p, nil
}

// home is the run's home and temporary folder in a Limited run.
func (p *private) home() string { return filepath.Join(p.dir, "home") }

// moved returns where path is in the private folder, if it was copied.
func (p *private) moved(path string) string {
	if filepath.IsAbs(path) && underAny(path, p.copied) {
		return filepath.Join(p.dir, "root", path)
	}
	return path
}

// remove removes the private folder.
func (p *private) remove() { os.RemoveAll(p.dir) }

// limitedRun prepares a Limited run of s, and returns the program's home
// and what undoes it all when the run is over. For a grader that is not
// root, that is a private folder for HOME and TMPDIR, and the grader's
// own protection (protectGrader). For root, the program runs as s.Run in
// a private folder with a copy of all it needs; the grader's own files
// are kept from it by their modes (lockPaths) while it runs, and the
// files that user leaves in /tmp, /var/tmp and /dev/shm are removed at
// the end.
func (c Config) limitedRun(s *spec, self string) (home string, end func(), err error) {
	if !s.Root {
		dir, err := newRunDir()
		if err != nil {
			return "", nil, err
		}
		protectGrader(+1)
		return dir, func() { os.RemoveAll(dir); protectGrader(-1) }, nil
	}
	u := s.Run
	hide := append(hidden(self, s.Path, c.Hide), self)
	unlock := lockPaths(append(slices.Clone(hide), gradescopeHome))
	p, err := newPrivate(u, showable(kept(s.Dir, s.Path, s.FromPath, s.Args)), hide)
	if err != nil {
		unlock()
		return "", nil, err
	}
	s.Copies = map[string]string{}
	for _, k := range p.copied {
		s.Copies[k] = p.moved(k)
	}
	s.Path, s.Dir = p.moved(s.Path), p.moved(s.Dir)
	s.Args = slices.Clone(s.Args) // the caller's, which its other runs share
	for i, a := range s.Args {
		s.Args[i] = p.moved(a)
	}
	if !reachable(s.Path, u, 0o1) {
		// An interpreter the user may not run, such as one in root's
		// home: the system's of the same name.
		for _, d := range filepath.SplitList(SystemPath) {
			if sys := filepath.Join(d, filepath.Base(s.Path)); reachable(sys, u, 0o1) {
				s.Path = sys
				break
			}
		}
	}
	return p.home(), func() {
		p.remove()
		removeFilesOf(u.Uid)
		unlock()
	}, nil
}

// gradescopeHome is where Gradescope keeps an autograder's files, the
// submission and the results: kept from a Limited program too.
const gradescopeHome = "/autograder"

// copyTree copies the file or folder from to to, making the folders
// above it: folders, regular files and symbolic links, but for the paths
// of skip and .git. In a folder of skip, which holds what the program
// needs, it leaves out only the expected outputs of golden transcripts
// (NAME.out, NAME.err).
func copyTree(from, to string, skip []string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o700); err != nil {
		return err
	}
	inSkipped := underAny(from, skip)
	files, bytes := 0, int64(0)
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		golden := inSkipped && expectedOutput(p)
		if p != from && (d.Name() == ".git" || slices.Contains(skip, p) || golden) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if files++; files > maxCopyFiles {
			return fmt.Errorf("%s has more than %d files", from, maxCopyFiles)
		}
		switch {
		case d.IsDir():
			return os.Mkdir(dst, 0o700)
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		case fi.Mode().IsRegular():
			if bytes += fi.Size(); bytes > maxCopyBytes {
				return fmt.Errorf("%s holds more than %s", from, Bytes(maxCopyBytes))
			}
			return copyFile(p, dst, fi.Mode().Perm()&0o700|0o600)
		}
		return nil // devices, pipes and sockets are not a submission's
	})
}

// copyFile copies the regular file from to the new file to, with the
// permissions perm, in the kernel (copy_file_range): a submission's
// binary of megabytes is never read into the grader's memory.
func copyFile(from, to string, perm fs.FileMode) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	return errors.Join(err, dst.Close())
}

// reachable reports whether user u may reach the file at path and use it
// as perm says for its owner's bits shifted right (0o4 read, 0o1
// execute), by the modes of the file and of every folder above it.
func reachable(path string, u User, perm fs.FileMode) bool {
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		if !permits(d, u, 0o1) {
			return false
		}
		if d == "/" || d == "." {
			break
		}
	}
	return permits(path, u, perm)
}

// permits reports whether the mode of the file at path lets user u use it
// as perm says (0o4 read, 0o1 execute or enter), whatever the folders
// above it.
func permits(path string, u User, perm fs.FileMode) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	st := fi.Sys().(*syscall.Stat_t)
	mode := fi.Mode().Perm()
	switch {
	case int(st.Uid) == u.Uid:
		mode >>= 6
	case int(st.Gid) == u.Gid:
		mode >>= 3
	}
	return mode&perm == perm
}

var readable sync.Map // of readableKey: whether allReadable found it so

type readableKey struct {
	path string
	uid  int
}

// allReadable reports whether user u may read the file at path, or the
// folder and every file and folder in it (up to maxCopyFiles of them),
// whatever the folders above it: a submission of mode 600 files is not.
// Past maxCopyFiles it stops looking, and takes the rest for readable.
// It looks once for each path and user.
func allReadable(path string, u User) bool {
	key := readableKey{path, u.Uid}
	if ok, found := readable.Load(key); found {
		return ok.(bool)
	}
	ok, n := true, 0
	filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		want := fs.FileMode(0o4)
		if err == nil && d.IsDir() {
			want |= 0o1
		}
		if n++; n > maxCopyFiles {
			return filepath.SkipAll
		}
		if err != nil || d.Type()&fs.ModeSymlink == 0 && !permits(p, u, want) {
			ok = false
			return filepath.SkipAll
		}
		return nil
	})
	readable.Store(key, ok)
	return ok
}

var locked = struct {
	mu    sync.Mutex
	count map[string]int
	mode  map[string]fs.FileMode
}{count: map[string]int{}, mode: map[string]fs.FileMode{}}

// lockPaths takes from the group and others every permission on each
// of paths that exists (the grader's binary, its golden folders, its
// reports), so that a Limited program of another user cannot read them,
// and returns the function that gives the modes back once the last run
// that locked a path is over.
func lockPaths(paths []string) (unlock func()) {
	locked.mu.Lock()
	defer locked.mu.Unlock()
	var mine []string
	for _, p := range paths {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink != 0 || slices.Contains(mine, p) {
			continue
		}
		if locked.count[p] == 0 {
			locked.mode[p] = fi.Mode()
			if fi.Mode().Perm()&0o077 != 0 {
				os.Chmod(p, fi.Mode()&^0o077)
			}
		}
		locked.count[p]++
		mine = append(mine, p)
	}
	return func() {
		locked.mu.Lock()
		defer locked.mu.Unlock()
		for _, p := range mine {
			if locked.count[p]--; locked.count[p] == 0 {
				if m := locked.mode[p]; m.Perm()&0o077 != 0 {
					os.Chmod(p, m)
				}
				delete(locked.count, p)
				delete(locked.mode, p)
			}
		}
	}
}

// sharedTmp are the folders that every user may write in, where a Limited
// program may leave files.
var sharedTmp = []string{"/tmp", "/var/tmp", "/dev/shm"}

// removeFilesOf removes what the user uid owns at the top of sharedTmp:
// what a Limited run of a dedicated id left there.
func removeFilesOf(uid int) {
	for _, dir := range sharedTmp {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && int(fi.Sys().(*syscall.Stat_t).Uid) == uid {
				os.RemoveAll(filepath.Join(dir, e.Name()))
			}
		}
	}
}

// filesOf adds up the bytes of the files that user uid has in /dev/shm,
// memory that no process's resident memory shows.
func filesOf(uid int) int64 {
	var n int64
	filepath.WalkDir("/dev/shm", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) == uid {
				n += st.Blocks * 512
			}
		}
		return nil
	})
	return n
}
