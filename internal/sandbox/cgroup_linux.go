package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A cgroup is the control groups made for one run, as root or in a v2
// group delegated to the grader's user: of the pids controller, which
// caps the processes and threads of the run where RLIMIT_NPROC may not,
// and of the memory controller, which counts every page the run uses,
// those of memfd files, shared memory and its tmpfs /tmp included, and
// has the kernel kill the run past its limit. In cgroup v2 it is one
// group with both; in v1 a group in each hierarchy.
type cgroup struct {
	fs           cgroupFS   // where the groups are
	pids, memory string     // the groups' folders, or "" for a controller it could not have
	v2           bool       // memory is a v2 group
	dirs         []string   // every group it made
	joins        []*os.File // open for writing: the launcher's second stage writes 0 to each to join
}

// A cgroupFS is the control group file system and the grader's place in
// it: the machine's (osCgroupFS) or, in tests, a fake. Its methods do
// what the os functions of their names do, with absolute paths; readFile
// reads /proc/self/mountinfo and /proc/self/cgroup too.
type cgroupFS interface {
	mkdir(dir string) error
	remove(dir string) error
	readFile(name string) ([]byte, error)
	writeFile(name, value string) error
	readDir(dir string) ([]string, error)    // the names in dir
	openWrite(name string) (*os.File, error) // for a process to join a group by
}

// osCgroupFS is the machine's control group file system.
type osCgroupFS struct{}

func (osCgroupFS) mkdir(dir string) error                  { return os.Mkdir(dir, 0o755) }
func (osCgroupFS) remove(dir string) error                 { return os.Remove(dir) }
func (osCgroupFS) readFile(name string) ([]byte, error)    { return os.ReadFile(name) }
func (osCgroupFS) writeFile(name, value string) error      { return os.WriteFile(name, []byte(value), 0) }
func (osCgroupFS) openWrite(name string) (*os.File, error) { return os.OpenFile(name, os.O_WRONLY, 0) }

func (osCgroupFS) readDir(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names, err
}

// A cgroupMaker makes the runs' control groups in a control group file
// system, for a grader of the effective user id euid and the process id
// pid. It finds where once for each controller and remembers: the mount
// table and the grader's own groups do not change from one run to the
// next, and reading them costs more than making the run's groups.
type cgroupMaker struct {
	fs        cgroupFS
	euid, pid int
	runs      atomic.Int64 // the runs it made groups for

	mu      sync.Mutex
	bases   map[string]foundBase // by controller; newCgroup forgets one it cannot make a group in
	swept   map[string]bool      // the bases swept of stale groups
	divided string               // the grader's own v2 group, once divide made it a base
	tried   bool                 // divide was tried
}

// A foundBase is what cgroupMaker.base found for a controller.
type foundBase struct {
	dir string
	v2  bool
	err error
}

// machineCgroups makes the runs' control groups on this machine.
var machineCgroups = &cgroupMaker{fs: osCgroupFS{}, euid: os.Geteuid(), pid: os.Getpid()}

// newCgroup makes the control groups of one run with the limits lim, on
// this machine (see cgroupMaker.newCgroup).
func newCgroup(lim Limits) (*cgroup, error) { return machineCgroups.newCgroup(lim) }

// memoryCounted reports whether runs here get a memory control group.
func memoryCounted() bool { return machineCgroups.memoryCounted() }

// cgroupKind says where the runs' control groups are made on this
// machine, for the report: "" where the grader makes none, "v1" or "v2"
// under its own group of that version, "v2, delegated" in the v2 group
// it was given and divided (see cgroupMaker.divide), and "v1 and v2"
// where the pids group is in one and the memory group in the other. The
// first time, it divides the grader's group where that is the way.
func cgroupKind() string { return machineCgroups.kind() }

// newCgroup makes the control groups of one run with the limits lim,
// under the grader's own, where the grader may (see findBase). It
// returns an error when it could make neither.
func (m *cgroupMaker) newCgroup(lim Limits) (*cgroup, error) {
	name := fmt.Sprintf("othello-%d-%d", m.pid, m.runs.Add(1))
	c := &cgroup{fs: m.fs}
	joined := map[string]bool{} // the groups made, and whether the run joins them
	mk := func(controller string) (string, bool) {
		b := m.base(controller)
		if b.err != nil {
			return "", false
		}
		dir := filepath.Join(b.dir, name)
		if ok, made := joined[dir]; made { // v2: the group of the other controller
			if !ok {
				return "", false
			}
			return dir, b.v2
		}
		if err := m.fs.mkdir(dir); err != nil {
			m.forget(controller) // the next run looks again
			return "", false
		}
		c.dirs = append(c.dirs, dir)
		joined[dir] = false
		// Where a process joins: in v1 the tasks file, to which a
		// thread writes 0 to move itself alone, and at once;
		// cgroup.procs moves the whole process and waits for an RCU
		// grace period. (A thread that then calls execve is the process.)
		join := filepath.Join(dir, "tasks")
		if b.v2 {
			join = filepath.Join(dir, "cgroup.procs")
		}
		f, err := m.fs.openWrite(join)
		if err != nil {
			return "", false
		}
		c.joins = append(c.joins, f)
		joined[dir] = true
		return dir, b.v2
	}
	write := func(dir, file, value string) error {
		return m.fs.writeFile(filepath.Join(dir, file), value)
	}
	if lim.Processes > 0 {
		if dir, _ := mk("pids"); dir != "" && write(dir, "pids.max", strconv.Itoa(lim.Processes)) == nil {
			c.pids = dir
		}
	}
	if lim.Memory > 0 {
		if dir, v2 := mk("memory"); dir != "" {
			mem := strconv.FormatInt(lim.Memory, 10)
			var err error
			if v2 {
				err = write(dir, "memory.max", mem)
				write(dir, "memory.swap.max", "0")
				write(dir, "memory.oom.group", "1") // the kernel kills the whole run
			} else {
				err = write(dir, "memory.limit_in_bytes", mem)
				write(dir, "memory.memsw.limit_in_bytes", mem) // no swap, where it is counted
			}
			if err == nil {
				c.memory, c.v2 = dir, v2
			}
		}
	}
	if c.pids == "" && c.memory == "" {
		c.remove()
		return nil, errors.New("sandbox: no control group")
	}
	return c, nil
}

// countsMemory reports whether the run's memory is counted by a control
// group.
func (c *cgroup) countsMemory() bool { return c.memory != "" }

// memoryCounted reports whether runs get a memory control group.
func (m *cgroupMaker) memoryCounted() bool { return m.base("memory").err == nil }

// kind is cgroupKind for the groups that m makes.
func (m *cgroupMaker) kind() string {
	var kinds []string
	for _, controller := range []string{"pids", "memory"} {
		b := m.base(controller)
		m.mu.Lock()
		divided := b.dir == m.divided
		m.mu.Unlock()
		k := "v1"
		switch {
		case b.err != nil:
			continue
		case b.v2 && divided:
			k = "v2, delegated"
		case b.v2:
			k = "v2"
		}
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return strings.Join(kinds, " and ")
}

// base returns the folder in which the runs' groups of the controller
// are made, the grader's own group in a hierarchy with it, and whether
// it is cgroup v2, found once (findBase); the first time it finds a
// folder it removes the groups that graders which are gone left there
// (removeStale).
func (m *cgroupMaker) base(controller string) foundBase {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b, ok := m.bases[controller]; ok {
		return b
	}
	var b foundBase
	b.dir, b.v2, b.err = m.findBase(controller)
	if m.bases == nil {
		m.bases, m.swept = map[string]foundBase{}, map[string]bool{}
	}
	m.bases[controller] = b
	if b.err == nil && !m.swept[b.dir] {
		m.swept[b.dir] = true
		m.removeStale(b.dir)
	}
	return b
}

// forget forgets the base of the controller, so that base looks again.
func (m *cgroupMaker) forget(controller string) {
	m.mu.Lock()
	delete(m.bases, controller)
	m.mu.Unlock()
}

// findBase is base without the memory. Root makes the runs' groups under
// its own group in a v1 hierarchy with the controller, or in v2 where
// its group enables the controller for its children already (the root
// group: no other group may have both processes and children with
// controllers). Any grader makes them in the v2 group it divided
// (divide).
func (m *cgroupMaker) findBase(controller string) (string, bool, error) {
	mounts, err := m.fs.readFile("/proc/self/mountinfo")
	if err != nil {
		return "", false, err
	}
	own, err := m.fs.readFile("/proc/self/cgroup")
	if err != nil {
		return "", false, err
	}
	for _, h := range hierarchies(mounts, own) {
		switch {
		case !h.v2 && m.euid == 0 && slices.Contains(h.controllers, controller):
			return h.own, false, nil
		case h.v2:
			dir := h.own
			switch {
			case m.divided != "":
				dir = m.divided // h.own is the leaf the grader moved to
			case m.euid == 0 && m.lists(dir, "cgroup.subtree_control", controller):
				// root's group as it is
			case !m.lists(dir, "cgroup.controllers", controller) || !m.divide(dir):
				continue
			}
			if m.lists(dir, "cgroup.subtree_control", controller) {
				return dir, true, nil
			}
		}
	}
	return "", false, fmt.Errorf("sandbox: no %s control group", controller)
}

// graderLeaf is the group to which divide moves the grader.
const graderLeaf = "grader"

// divide makes the grader's own v2 group dir a base for the runs'
// groups, once, where its user may change dir (delegated to it, as
// systemd-run -p Delegate=yes does, or root's): v2 lets a group enable
// controllers for its children only while it has no process of its own,
// so divide moves the grader, all its threads, to a new leaf group in
// dir, graderLeaf, and then enables the memory and pids controllers that
// dir has for its children, the runs' groups beside the leaf among them.
// Where that fails, because another process is in dir, it moves the
// grader back. It leaves the hierarchy's root group, the machine's,
// alone. It reports whether dir is a base now.
func (m *cgroupMaker) divide(dir string) bool {
	if m.tried {
		return false
	}
	m.tried = true
	if _, err := m.fs.readFile(filepath.Join(dir, "cgroup.type")); err != nil {
		return false // the root group has none
	}
	var enable []string
	for _, controller := range []string{"memory", "pids"} {
		if m.lists(dir, "cgroup.controllers", controller) {
			enable = append(enable, "+"+controller)
		}
	}
	leaf, self := filepath.Join(dir, graderLeaf), strconv.Itoa(m.pid)
	if m.fs.mkdir(leaf) != nil {
		return false // not the user's
	}
	if m.fs.writeFile(filepath.Join(leaf, "cgroup.procs"), self) != nil {
		m.fs.remove(leaf)
		return false
	}
	if m.fs.writeFile(filepath.Join(dir, "cgroup.subtree_control"), strings.Join(enable, " ")) != nil {
		m.fs.writeFile(filepath.Join(dir, "cgroup.procs"), self)
		m.fs.remove(leaf)
		return false
	}
	m.divided = dir
	return true
}

// lists reports whether the file of the group dir, a list of controllers
// such as cgroup.subtree_control, lists the controller.
func (m *cgroupMaker) lists(dir, file, controller string) bool {
	data, err := m.fs.readFile(filepath.Join(dir, file))
	return err == nil && slices.Contains(strings.Fields(string(data)), controller)
}

// A hierarchy is a mounted control group hierarchy.
type hierarchy struct {
	v2          bool
	controllers []string // a v1 hierarchy's, as its mount's options name them
	own         string   // the folder of the grader's own group in it
}

// hierarchies returns the control group hierarchies that mountinfo, the
// text of /proc/self/mountinfo, lists, in its order, with the grader's
// own group in each as own, the text of /proc/self/cgroup, names it. A
// mount shows the hierarchy from a group, its root (that of a container
// without a cgroup namespace of its own, say): where the grader's group
// is not under it, the mount is left out, as is a read-only mount, where
// no group can be made.
func hierarchies(mountinfo, own []byte) []hierarchy {
	var hs []hierarchy
	for _, line := range strings.Split(string(mountinfo), "\n") {
		pre, post, ok := strings.Cut(line, " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 5 || len(g) < 3 {
			continue
		}
		if len(f) > 5 && slices.Contains(strings.Split(f[5], ","), "ro") {
			continue
		}
		root, mountPoint := unescapeMountPath(f[3]), unescapeMountPath(f[4])
		path := func(controllers string) (string, bool) { // the folder of the grader's group in the hierarchy of these controllers
			for _, line := range strings.Split(string(own), "\n") {
				if f := strings.SplitN(line, ":", 3); len(f) == 3 && f[1] == controllers {
					rel, err := filepath.Rel(root, f[2])
					if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
						return "", false
					}
					return filepath.Join(mountPoint, rel), true
				}
			}
			return "", false
		}
		switch g[0] {
		case "cgroup":
			names := v1Controllers(g[2])
			if p, ok := path(names); ok {
				hs = append(hs, hierarchy{controllers: strings.Split(names, ","), own: p})
			}
		case "cgroup2":
			if p, ok := path(""); ok {
				hs = append(hs, hierarchy{v2: true, own: p})
			}
		}
	}
	return hs
}

// v1Controllers returns the controllers of a v1 hierarchy as
// /proc/self/cgroup names them, from its mount's options.
func v1Controllers(options string) string {
	var names []string
	for _, o := range strings.Split(options, ",") {
		switch o {
		case "rw", "ro", "relatime", "noatime", "nosuid", "nodev", "noexec", "nsdelegate", "clone_children", "xattr":
		default:
			names = append(names, o)
		}
	}
	return strings.Join(names, ",")
}

// events returns the group's files that count what the kernel refused
// or did at a limit, "" for a controller it has not: pids.events, whose
// "max" counts processes refused, and the memory group's file whose
// "oom_kill" counts kills for memory. The launcher opens them before it
// leaves the machine's file system.
func (c *cgroup) events() (pids, memory string) {
	if c.pids != "" {
		pids = filepath.Join(c.pids, "pids.events")
	}
	switch {
	case c.memory != "" && c.v2:
		memory = filepath.Join(c.memory, "memory.events")
	case c.memory != "":
		memory = filepath.Join(c.memory, "memory.oom_control")
	}
	return pids, memory
}

// hitMax reports whether the group refused a process for its limit.
func (c *cgroup) hitMax() bool {
	pids, _ := c.events()
	return c.fileCounter(pids, "max") > 0
}

// outOfMemory reports whether the kernel killed a process of the run for
// the memory limit.
func (c *cgroup) outOfMemory() bool {
	_, memory := c.events()
	return c.fileCounter(memory, "oom_kill") > 0
}

// fileCounter returns the counter name of the file at path, or 0.
func (c *cgroup) fileCounter(path string, name string) int64 {
	if path == "" {
		return 0
	}
	data, _ := c.fs.readFile(path)
	return counter(data, name)
}

// readCounter returns the counter name of the open file f, read again
// from its start, or 0.
func readCounter(f *os.File, name string) int64 {
	if f == nil {
		return 0
	}
	buf := make([]byte, 4096)
	n, _ := f.ReadAt(buf, 0)
	return counter(buf[:n], name)
}

// counter returns the number after name in data, lines of "name value",
// or 0.
func counter(data []byte, name string) int64 {
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == name {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

// peak returns the most memory the run used at once, or 0 where the
// kernel does not say.
func (c *cgroup) peak() int64 {
	file := "memory.max_usage_in_bytes"
	if c.v2 {
		file = "memory.peak"
	}
	if c.memory == "" {
		return 0
	}
	data, err := c.fs.readFile(filepath.Join(c.memory, file))
	if err != nil {
		return 0
	}
	n, _ := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	return n
}

// remove removes the groups, once the processes that were in them are
// gone: it kills any that a group still lists and waits up to stopWait
// for the kernel to let them go. Under load an exiting process can hold
// its group for more than a second.
func (c *cgroup) remove() {
	for _, f := range c.joins {
		f.Close()
	}
	for _, dir := range c.dirs {
		for deadline := time.Now().Add(stopWait); ; time.Sleep(time.Millisecond) {
			err := c.fs.remove(dir)
			if err == nil || errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
				break
			}
			c.killMembers(dir)
		}
	}
}

// killMembers kills every process that the group in dir lists: at once
// by its cgroup.kill where the kernel has one (v2, Linux 5.14 on), else
// one by one.
func (c *cgroup) killMembers(dir string) {
	if c.fs.writeFile(filepath.Join(dir, "cgroup.kill"), "1") == nil {
		return
	}
	data, _ := c.fs.readFile(filepath.Join(dir, "cgroup.procs"))
	for _, field := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(field); err == nil && pid > 0 {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// removeStale removes the empty groups in base that graders which are
// gone left behind: killed with SIGKILL, a grader has no chance to.
func (m *cgroupMaker) removeStale(base string) {
	names, _ := m.fs.readDir(base)
	for _, name := range names {
		var pid, n int
		if _, err := fmt.Sscanf(name, "othello-%d-%d", &pid, &n); err != nil || pid == m.pid {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			m.fs.remove(filepath.Join(base, name))
		}
	}
}
