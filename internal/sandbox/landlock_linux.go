package sandbox

// Landlock: the kernel's access control that any process may put on
// itself (Linux 5.13 on), and that nothing it starts can lift. The grader
// works out what a run may reach (landlockRules); the launcher's second
// stage opens each path, makes the ruleset and restricts itself just
// before it installs the seccomp filter (apply). Everything else of the
// file system is refused, whatever its modes: in a Limited run of a
// grader that is not root, Landlock is what keeps the program from the
// grader's own files, which share its user; in an Isolated one it is a
// second wall behind the view.

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// The kernel's numbers of Landlock's system calls, the same on every
// architecture.
const (
	nrLandlockCreateRuleset = 444
	nrLandlockAddRule       = 445
	nrLandlockRestrictSelf  = 446
)

// The kernel's flags and rule types of Landlock.
const (
	landlockCreateRulesetVersion = 1 << 0
	landlockRulePathBeneath      = 1
)

// The file system's access rights, with the ABI that has each.
const (
	llExecute    = 1 << 0 // ABI 1
	llWriteFile  = 1 << 1
	llReadFile   = 1 << 2
	llReadDir    = 1 << 3
	llRemoveDir  = 1 << 4
	llRemoveFile = 1 << 5
	llMakeChar   = 1 << 6
	llMakeDir    = 1 << 7
	llMakeReg    = 1 << 8
	llMakeSock   = 1 << 9
	llMakeFifo   = 1 << 10
	llMakeBlock  = 1 << 11
	llMakeSym    = 1 << 12
	llRefer      = 1 << 13 // ABI 2: linking and renaming from one folder to another
	llTruncate   = 1 << 14 // ABI 3
	llIoctlDev   = 1 << 15 // ABI 5: ioctl on devices
)

// llFileRights are the rights that a rule on a file, not a folder, may
// give.
const llFileRights = llExecute | llWriteFile | llReadFile | llTruncate | llIoctlDev

// The network's access rights (ABI 4) and the scopes (ABI 6).
const (
	llBindTCP           = 1 << 0
	llConnectTCP        = 1 << 1
	llScopeAbstractUnix = 1 << 0 // no connecting to an abstract unix socket outside the run
	llScopeSignal       = 1 << 1 // no signal to a process outside the run
)

// The rights the rules give.
const (
	llRead  = llExecute | llReadFile | llReadDir
	llWrite = llRead | llWriteFile | llRemoveDir | llRemoveFile | llMakeDir | llMakeReg | llMakeSock |
		llMakeFifo | llMakeSym | llRefer | llTruncate
	llDevice = llReadFile | llWriteFile | llTruncate
)

// handledFS returns the file system's rights that ABI abi knows, all of
// which a ruleset handles: what no rule gives is refused.
func handledFS(abi int) uint64 {
	h := uint64(llExecute | llWriteFile | llReadFile | llReadDir | llRemoveDir | llRemoveFile | llMakeChar |
		llMakeDir | llMakeReg | llMakeSock | llMakeFifo | llMakeBlock | llMakeSym)
	if abi >= 2 {
		h |= llRefer
	}
	if abi >= 3 {
		h |= llTruncate
	}
	if abi >= 5 {
		h |= llIoctlDev
	}
	return h
}

var landlockVersion struct {
	once sync.Once
	abi  int
}

// LandlockABI returns the version of Landlock's ABI that the kernel
// offers this process, or 0 where it has none (before Linux 5.13,
// disabled at boot, or refused by a seccomp filter). It asks once.
func LandlockABI() int {
	landlockVersion.once.Do(func() {
		abi, _, e := syscall.RawSyscall(nrLandlockCreateRuleset, 0, 0, landlockCreateRulesetVersion)
		if e == 0 && int(abi) > 0 {
			landlockVersion.abi = int(abi)
		}
	})
	return landlockVersion.abi
}

// landlock is what the Landlock ruleset of a run allows: the grader
// works it out, and the launcher's second stage applies it.
type landlock struct {
	ABI     int      `json:"abi"`               // the kernel's, 0 for no ruleset
	Read    []string `json:"read,omitempty"`    // read and execute, in folders and what is in them
	List    []string `json:"list,omitempty"`    // folders that hold something it may not read: list them
	Write   []string `json:"write,omitempty"`   // read, write, make and remove too
	Devices []string `json:"devices,omitempty"` // read and write, no ioctl
}

// procRights are what every ruleset gives /proc: reading (where another
// process's files are Landlock's and the kernel's to refuse).
const procRights = llReadFile | llReadDir

// landlockRules returns the Landlock ruleset of the run of s, with home
// its home and temporary folder: it may read and execute the system's
// folders, /etc less its secrets, what it needs (s.Show, and the copies
// of a Limited run of root's) and its program; write in home; read /proc
// and read and write the devices of the view; and reach nothing it hides
// (s.Hide, or hidden), nor the .git of a folder it reads.
func (c Config) landlockRules(s *spec, self, home string) landlock {
	abi := LandlockABI()
	if abi == 0 {
		return landlock{}
	}
	show, hide := slices.Clone(s.Show), s.Hide
	for _, copied := range s.Copies {
		show = append(show, copied) // Limited: the run's own copies; Isolated: not in the view
	}
	if !s.Isolate {
		hide = hidden(self, s.Path, c.Hide)
	}
	shown := showable(show)
	for _, p := range shown {
		if git := filepath.Join(p, ".git"); exists(git) {
			hide = append(hide, git)
		}
	}
	l := landlock{ABI: abi, Write: []string{home}}
	for _, p := range systemPaths {
		if p == "/etc" {
			etc := etcBesides()
			l.Read, l.List = append(l.Read, etc.read...), append(l.List, etc.folders...)
		} else {
			l.Read = append(l.Read, p)
		}
	}
	for _, p := range shown {
		var b besides
		b.add(p, hide, underAny(p, hide))
		l.Read, l.List = append(l.Read, b.read...), append(l.List, b.folders...)
	}
	if !underAny(s.Path, hide) {
		l.Read = append(l.Read, s.Path) // an interpreter in PATH outside the system's folders
	}
	for _, d := range devices {
		l.Devices = append(l.Devices, "/dev/"+d)
	}
	return l
}

var etcRead struct {
	once sync.Once
	b    besides
}

// etcBesides returns what of /etc a ruleset lets a program read: all but
// its secrets (secretsOfEtc). It looks once.
func etcBesides() besides {
	etcRead.once.Do(func() { etcRead.b.add("/etc", secretsOfEtc(), false) })
	return etcRead.b
}

// besides are the paths that a ruleset lets a program read beside what
// it must not: those it reads whole, and the folders that hold both,
// whose names it may list.
type besides struct {
	read, folders []string
}

// add adds the paths that cover path, a file or a folder, but none of
// exclude nor what is in them: path itself when nothing of exclude is in
// it, and otherwise what is in it, each the same way, with path a folder
// to list. Where covered is set, path is in a folder of exclude that
// holds a path the program needs, and it leaves out the golden
// transcripts' expected outputs (expectedOutput) too, as the view does.
// Symbolic links in a folder it opens up are left out: whether what one
// points to may be read is its own path's to say.
func (b *besides) add(path string, exclude []string, covered bool) {
	holds := slices.ContainsFunc(exclude, func(x string) bool { return strings.HasPrefix(x, path+"/") })
	if !holds && (!covered || !holdsExpected(path)) {
		b.read = append(b.read, path)
		return
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return
	}
	b.folders = append(b.folders, path)
	for _, e := range entries {
		p := filepath.Join(path, e.Name())
		if e.Type()&os.ModeSymlink != 0 || slices.Contains(exclude, p) || covered && !e.IsDir() && expectedOutput(p) {
			continue
		}
		b.add(p, exclude, covered)
	}
}

// holdsExpected reports whether the folder at path holds a golden
// transcript's expected output, at any depth.
func holdsExpected(path string) bool {
	found := false
	filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && expectedOutput(p) {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// apply makes the ruleset and restricts the calling thread, and what it
// execve's, to it: a thread with no_new_privs set, as the launcher's
// second stage is once dropPrivileges has run. A path that cannot be
// opened is left out: the rules only give.
func (l landlock) apply() error {
	if l.ABI == 0 {
		return nil
	}
	attr := struct{ fs, net, scoped uint64 }{fs: handledFS(l.ABI)}
	size := unsafe.Sizeof(attr.fs)
	if l.ABI >= 4 {
		attr.net = llBindTCP | llConnectTCP // and no rule gives a port
		size += unsafe.Sizeof(attr.net)
	}
	if l.ABI >= 6 {
		attr.scoped = llScopeAbstractUnix | llScopeSignal
		size += unsafe.Sizeof(attr.scoped)
	}
	fd, _, e := syscall.RawSyscall(nrLandlockCreateRuleset, uintptr(unsafe.Pointer(&attr)), size, 0)
	if e != 0 {
		return fmt.Errorf("sandbox: landlock ruleset: %w", e)
	}
	defer syscall.Close(int(fd))
	handled := attr.fs
	add := func(path string, rights uint64) error {
		f, err := syscall.Open(path, oPath|syscall.O_CLOEXEC, 0)
		if err != nil {
			return nil
		}
		defer syscall.Close(f)
		var st syscall.Stat_t
		if syscall.Fstat(f, &st) != nil {
			return nil
		}
		if st.Mode&syscall.S_IFMT != syscall.S_IFDIR {
			rights &= llFileRights
		}
		// struct landlock_path_beneath_attr, packed: the rights, then
		// the folder's or file's descriptor, in 12 bytes.
		var rule [12]byte
		binary.NativeEndian.PutUint64(rule[0:], rights&handled)
		binary.NativeEndian.PutUint32(rule[8:], uint32(f))
		if _, _, e := syscall.RawSyscall6(nrLandlockAddRule, fd, landlockRulePathBeneath, uintptr(unsafe.Pointer(&rule[0])), 0, 0, 0); e != 0 {
			return fmt.Errorf("sandbox: landlock rule for %s: %w", path, e)
		}
		return nil
	}
	for _, group := range []struct {
		paths  []string
		rights uint64
	}{{l.Read, llRead}, {l.List, llReadDir}, {l.Write, llWrite}, {l.Devices, llDevice}} {
		for _, p := range group.paths {
			if err := add(p, group.rights); err != nil {
				return err
			}
		}
	}
	if err := add("/proc", procRights); err != nil {
		return err
	}
	if _, _, e := syscall.RawSyscall(nrLandlockRestrictSelf, fd, 0, 0); e != 0 {
		return fmt.Errorf("sandbox: landlock: %w", e)
	}
	return nil
}

// String says what Landlock does for a run, for the report's sandbox
// line: "Landlock ABI 7", or "" for none.
func (l landlock) String() string {
	if l.ABI == 0 {
		return ""
	}
	return fmt.Sprintf("Landlock ABI %d", l.ABI)
}
