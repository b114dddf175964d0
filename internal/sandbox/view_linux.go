package sandbox

// The view: the file system an Isolated program sees. The grader works
// out what it shows and hides (isolatedRun; kept and hidden say what a
// program of either mode needs and must not see); the launcher builds it
// fresh for each run in its own mount namespace, with the helpers of
// mount_linux.go, then makes it its root with pivot_root. See the package
// doc for what is in it.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// systemPaths are the system's folders that every view shows read-only:
// its programs, libraries and settings (/etc less its secrets).
var systemPaths = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"}

// devices are the files of the view's /dev, bound from the system's.
var devices = []string{"null", "zero", "full", "random", "urandom"}

// The paths of /proc that the view masks, as OCI runtimes do: files read
// as empty, folders as empty folders, and others read-only.
var (
	procMaskedFiles = []string{"kcore", "keys", "kmsg", "timer_list", "sched_debug", "latency_stats", "timer_stats", "kallsyms", "config.gz"}
	procMaskedDirs  = []string{"acpi", "asound", "scsi", "driver"}
	procReadOnly    = []string{"sys", "sysrq-trigger", "bus", "fs", "irq"}
)

// stage is where the launcher builds the view before it becomes the root:
// a tmpfs it mounts over its own /tmp, once every source is open.
const stage = "/tmp"

// needs returns the files and folders that the run of s needs to see
// where they are, besides the system's folders: what kept says, the
// installation of its interpreter, and the paths of c.Bind.
func (c Config) needs(s *spec) []string {
	show := append(kept(s.Dir, s.Path, s.FromPath, s.Args), interpreterHome(s.Path)...)
	for _, b := range c.Bind {
		if real, err := filepath.EvalSymlinks(b); err == nil {
			show = append(show, real)
		}
	}
	return show
}

// isolatedRun prepares an Isolated run of s, whose s.Show is set: what
// its view hides, and, for a root grader, copies that the run's user
// owns of what it may not read, which the view shows in their place. It
// returns what undoes it when the run is over.
func (c Config) isolatedRun(s *spec, self string) (end func(), err error) {
	s.Hide = append(hidden(self, s.Path, c.Hide), secretsOfEtc()...)
	if !s.Root || s.Probe {
		return func() {}, nil
	}
	// What the run's user may not read is shown as a copy it owns. (The
	// view makes the folders above each path for anybody to enter.)
	var unread []string
	for _, k := range showable(s.Show) {
		if !allReadable(k, s.Run) {
			unread = append(unread, k)
		}
	}
	if len(unread) == 0 {
		return func() {}, nil
	}
	p, err := newPrivate(s.Run, unread, s.Hide)
	if err != nil {
		return nil, err
	}
	s.Copies = map[string]string{}
	for _, k := range p.copied {
		s.Copies[k] = p.moved(k)
	}
	return p.remove, nil
}

// kept returns the files and folders that a program needs to see where
// they are: the working folder dir, the program's own (unless it was
// found in PATH), and those of its arguments that name files or folders,
// with their symbolic links resolved. A folder that every user writes in,
// such as /tmp, is never kept: a file right in it is kept alone. Nor is a
// path in dir that a symbolic link leads out of it: dir is the
// submission's, and its links are the student's to point anywhere.
func kept(dir, prog string, fromPath bool, args []string) []string {
	var paths []string
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil
	}
	add := func(p string, isDir bool) {
		if !isDir && !slices.Contains(sharedTmp, filepath.Dir(p)) {
			p = filepath.Dir(p)
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil || slices.Contains(sharedTmp, real) {
			return
		}
		if underAny(filepath.Clean(p), []string{filepath.Clean(dir)}) && !underAny(real, []string{realDir}) {
			return
		}
		paths = append(paths, real)
	}
	add(dir, true)
	if !fromPath {
		add(prog, false)
	}
	for _, a := range args {
		if !filepath.IsAbs(a) {
			a = filepath.Join(dir, a)
		}
		if fi, err := os.Stat(a); err == nil {
			add(a, fi.IsDir())
		}
	}
	return paths
}

// hidden returns the paths that the program prog must not see: the
// grader's binary (unless it is the program, checked by itself), its
// standard output and error when they are files (the report), and extra,
// each with its symbolic links resolved.
func hidden(self, prog string, extra []string) []string {
	paths := slices.Clone(extra)
	if !sameFile(self, prog) {
		paths = append(paths, self)
	}
	for _, f := range []*os.File{os.Stdout, os.Stderr} {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if p, err := os.Readlink(fdPath(f)); err == nil {
				paths = append(paths, p)
			}
		}
	}
	var out []string
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			if real, err := filepath.EvalSymlinks(abs); err == nil {
				out = append(out, real)
			}
		}
	}
	return out
}

// sameFile reports whether the paths a and b name the same file.
func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// buildView builds the view of spec s and makes it the launcher's root,
// with s.Dir its working folder.
func buildView(s spec) error {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("mount namespace (making / private: %v)", err)
	}
	// Everything the view binds is opened while the grader's tree is in
	// sight: the stage covers /tmp, where some of it may be.
	opened := map[string]*os.File{}
	defer func() {
		for _, f := range opened {
			f.Close()
		}
	}()
	source := func(path string) *os.File {
		if f, ok := opened[path]; ok {
			return f
		}
		f, err := os.OpenFile(path, oPath, 0)
		if err != nil {
			return nil
		}
		opened[path] = f
		return f
	}
	links := map[string]string{} // system paths that are symbolic links, as /bin -> usr/bin
	for _, p := range systemPaths {
		if target, err := os.Readlink(p); err == nil {
			links[p] = target
		} else {
			source(p)
		}
	}
	for _, d := range devices {
		if source("/dev/"+d) == nil {
			return fmt.Errorf("/dev/%s: cannot open it", d)
		}
	}
	shown := showable(s.Show)
	for _, p := range shown {
		if c, ok := s.Copies[p]; ok {
			opened[p] = source(c)
		} else {
			source(p)
		}
	}

	if err := syscall.Mount("tmpfs", stage, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "mode=0755,size=1m"); err != nil {
		return fmt.Errorf("a root of its own (%v)", err)
	}
	at := func(p string) string { return filepath.Join(stage, p) }
	for _, p := range systemPaths {
		if target, ok := links[p]; ok {
			if err := os.Symlink(target, at(p)); err != nil {
				return err
			}
		} else if f := opened[p]; f != nil {
			if err := bindReadOnly(f, at(p)); err != nil {
				return fmt.Errorf("showing %s (%v)", p, err)
			}
		}
	}
	if err := mountProc(at("/proc"), opened["/dev/null"]); err != nil {
		return err
	}
	if err := mountDev(at("/dev"), opened); err != nil {
		return err
	}
	if err := mountTmp(at("/tmp"), s.Limits.FileSize); err != nil {
		return err
	}
	for _, p := range shown {
		if f := opened[p]; f != nil {
			if err := bindReadOnly(f, at(p)); err != nil {
				return fmt.Errorf("showing %s (%v)", p, err)
			}
		}
	}
	for _, p := range hiddenIn(s.Hide, shown) {
		if err := hide(at(p), s.Show); err != nil {
			return fmt.Errorf("hiding %s (%v)", p, err)
		}
	}
	if err := syscall.Mount("", stage, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV, ""); err != nil {
		return fmt.Errorf("a read-only root (%v)", err)
	}
	// Nothing of the grader's tree is left in the namespace.
	if err := pivotRoot(stage); err != nil {
		return err
	}
	if err := os.Chdir(s.Dir); err != nil {
		return fmt.Errorf("the working folder (%v)", err)
	}
	return nil
}

// showable returns the paths of show that the view binds: sorted, so that
// a folder is bound before what is in it, and without "/", the system's
// folders and what is in them, which the view has anyway.
func showable(show []string) []string {
	var out []string
	for _, p := range show {
		if p == "/" || !filepath.IsAbs(p) || underAny(p, systemPaths) {
			continue
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// hiddenIn returns the paths of hide that the view would show: those in
// a shown folder, with each shown folder's .git, where a checkout keeps
// every version of its files.
func hiddenIn(hide, shown []string) []string {
	var out []string
	for _, p := range hide {
		if underAny(p, shown) || underAny(p, systemPaths) {
			out = append(out, p)
		}
	}
	for _, p := range shown {
		out = append(out, filepath.Join(p, ".git"))
	}
	return out
}

// underAny reports whether path is one of dirs or in one of them.
func underAny(path string, dirs []string) bool {
	for _, d := range dirs {
		if path == d || strings.HasPrefix(path, d+"/") {
			return true
		}
	}
	return false
}

// mountProc mounts a /proc of the run's PID namespace at path, with the
// paths that tell of the machine masked (devNull covers files) and those
// that change it read-only.
func mountProc(path string, devNull *os.File) error {
	if err := os.Mkdir(path, 0o555); err != nil {
		return err
	}
	if err := syscall.Mount("proc", path, "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("a /proc of its own (%v)", err)
	}
	for _, name := range procReadOnly {
		p := filepath.Join(path, name)
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if err := syscall.Mount(p, p, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
			return fmt.Errorf("a read-only /proc/%s (%v)", name, err)
		}
		if err := readOnly(p); err != nil {
			return fmt.Errorf("a read-only /proc/%s (%v)", name, err)
		}
	}
	for _, name := range procMaskedFiles {
		if p := filepath.Join(path, name); exists(p) {
			if err := coverFile(p, devNull); err != nil {
				return fmt.Errorf("masking /proc/%s (%v)", name, err)
			}
		}
	}
	for _, name := range procMaskedDirs {
		if p := filepath.Join(path, name); exists(p) {
			if err := coverDir(p); err != nil {
				return fmt.Errorf("masking /proc/%s (%v)", name, err)
			}
		}
	}
	return nil
}

// mountDev makes the view's /dev at path: a few devices bound from the
// system's (opened holds them), and the links to the standard streams.
// No terminal, no disk, no loop device, no kernel log.
func mountDev(path string, opened map[string]*os.File) error {
	if err := os.Mkdir(path, 0o755); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", path, "tmpfs", syscall.MS_NOSUID|syscall.MS_NOEXEC, "mode=0755,size=64k"); err != nil {
		return fmt.Errorf("a /dev of its own (%v)", err)
	}
	for _, d := range devices {
		to := filepath.Join(path, d)
		if err := os.WriteFile(to, nil, 0o666); err != nil {
			return err
		}
		if err := syscall.Mount(fdPath(opened["/dev/"+d]), to, "", syscall.MS_BIND, ""); err != nil {
			return fmt.Errorf("/dev/%s (%v)", d, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(path, name)); err != nil {
			return err
		}
	}
	if err := os.Mkdir(filepath.Join(path, "shm"), 0o1777); err != nil {
		return err
	}
	return readOnlyTop(path)
}

// mountTmp mounts the run's private /tmp at path, of at most size bytes
// (pages that a memory control group counts too), and binds it again on
// /var/tmp and /dev/shm beside it.
func mountTmp(path string, size int64) error {
	if size <= 0 {
		size = 64 << 20
	}
	if err := os.Mkdir(path, 0o1777); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", path, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV,
		"mode=1777,size="+strconv.FormatInt(size, 10)); err != nil {
		return fmt.Errorf("a private /tmp (%v)", err)
	}
	root := filepath.Dir(path)
	for _, p := range []string{filepath.Join(root, "var/tmp"), filepath.Join(root, "dev/shm")} {
		if err := os.MkdirAll(p, 0o1777); err != nil {
			return err
		}
		if err := syscall.Mount(path, p, "", syscall.MS_BIND, ""); err != nil {
			return fmt.Errorf("a private %s (%v)", strings.TrimPrefix(p, root), err)
		}
	}
	return nil
}

// exists reports whether there is a file at path.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// hide covers path in the view: a folder with an empty read-only one,
// anything else with an empty file. A folder that holds one of the paths
// the program needs (show) stays, and only its golden transcripts'
// expected outputs (NAME.out, NAME.err) are covered.
func hide(path string, show []string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil // nothing to hide
	}
	if !fi.IsDir() {
		return coverFile(path, nil)
	}
	inView := strings.TrimPrefix(path, stage)
	for _, k := range show {
		if k == inView || strings.HasPrefix(k, inView+"/") {
			return filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && expectedOutput(p) {
					return coverFile(p, nil)
				}
				return nil
			})
		}
	}
	return coverDir(path)
}

// expectedOutput reports whether the file at path is a golden
// transcript's expected output: NAME.out or NAME.err beside NAME.in.
func expectedOutput(path string) bool {
	ext := filepath.Ext(path)
	return (ext == ".out" || ext == ".err") && exists(strings.TrimSuffix(path, ext)+".in")
}

var etcSecrets struct {
	once  sync.Once
	paths []string
}

// secretsOfEtc returns what /etc keeps from other users by its modes (a
// file they may not read, a folder they may not list or enter), such as
// /etc/shadow and /etc/ssl/private: the view covers them. The grader
// looks once.
func secretsOfEtc() []string {
	etcSecrets.once.Do(func() {
		filepath.WalkDir("/etc", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.Type()&fs.ModeSymlink != 0 {
				return nil
			}
			fi, err := d.Info()
			if err != nil {
				return nil
			}
			perm := fi.Mode().Perm()
			switch {
			case d.IsDir() && perm&0o005 != 0o005:
				etcSecrets.paths = append(etcSecrets.paths, p)
				return filepath.SkipDir
			case !d.IsDir() && perm&0o004 == 0:
				etcSecrets.paths = append(etcSecrets.paths, p)
			}
			return nil
		})
	})
	return etcSecrets.paths
}
