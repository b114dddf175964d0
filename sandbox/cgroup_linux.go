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

// A cgroup is the control groups made for one run, as root: of the pids
// controller, which caps the processes and threads of the run where
// RLIMIT_NPROC may not, and of the memory controller, which counts every
// page the run uses, those of memfd files, shared memory and its tmpfs
// /tmp included, and has the kernel kill the run past its limit. In
// cgroup v2 it is one group with both; in v1 a group in each hierarchy.
type cgroup struct {
	pids, memory string     // the groups' folders, or "" for a controller it could not have
	v2           bool       // memory is a v2 group
	dirs         []string   // every group it made
	joins        []*os.File // open for writing: the launcher's second stage writes 0 to each to join
}

var cgroupRuns atomic.Int64

// newCgroup makes the control groups of one run with the limits lim,
// under the grader's own, if the grader may: as root, where the
// controllers are mounted (v1), or enabled for its children (v2). It
// returns an error when it could make neither.
func newCgroup(lim Limits) (*cgroup, error) {
	if os.Geteuid() != 0 {
		return nil, errors.New("not root")
	}
	name := fmt.Sprintf("othello-%d-%d", os.Getpid(), cgroupRuns.Add(1))
	c := &cgroup{}
	made := map[string]bool{}
	mk := func(controller string) (string, bool) {
		base, v2, err := cgroupBase(controller)
		if err != nil {
			return "", false
		}
		removeStale(base)
		dir := filepath.Join(base, name)
		if !made[dir] {
			if err := os.Mkdir(dir, 0o755); err != nil {
				bases.Delete(controller) // the next run looks again
				return "", false
			}
			made[dir] = true
			c.dirs = append(c.dirs, dir)
			// Where a process joins: in v1 the tasks file, to which a
			// thread writes 0 to move itself alone, and at once;
			// cgroup.procs moves the whole process and waits for an RCU
			// grace period. (A thread that then calls execve is the process.)
			join := filepath.Join(dir, "tasks")
			if v2 {
				join = filepath.Join(dir, "cgroup.procs")
			}
			f, err := os.OpenFile(join, os.O_WRONLY, 0)
			if err != nil {
				return "", false
			}
			c.joins = append(c.joins, f)
		}
		return dir, v2
	}
	write := func(dir, file, value string) error {
		return os.WriteFile(filepath.Join(dir, file), []byte(value), 0)
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
		return nil, errors.New("no control group")
	}
	return c, nil
}

// countsMemory reports whether the run's memory is counted by a control
// group.
func (c *cgroup) countsMemory() bool { return c.memory != "" }

// A foundBase is what cgroupBase found for a controller.
type foundBase struct {
	dir string
	v2  bool
	err error
}

// bases holds what cgroupBase found for each controller, looked up once:
// the mount table and the grader's own groups do not change from one run
// to the next, and reading them costs more than making the run's groups.
// newCgroup forgets a base it cannot make a group in.
var bases sync.Map // of string: foundBase

// cgroupBase returns the folder of the grader's own control group in a
// hierarchy with the controller, and whether it is cgroup v2.
func cgroupBase(controller string) (string, bool, error) {
	if b, ok := bases.Load(controller); ok {
		b := b.(foundBase)
		return b.dir, b.v2, b.err
	}
	dir, v2, err := findCgroupBase(controller)
	bases.Store(controller, foundBase{dir, v2, err})
	return dir, v2, err
}

// findCgroupBase is cgroupBase without the memory.
func findCgroupBase(controller string) (string, bool, error) {
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "", false, err
	}
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", false, err
	}
	path := func(controllers string) (string, bool) { // the grader's group in the hierarchy of these controllers
		for _, line := range strings.Split(string(own), "\n") {
			if f := strings.SplitN(line, ":", 3); len(f) == 3 && f[1] == controllers {
				return f[2], true
			}
		}
		return "", false
	}
	for _, line := range strings.Split(string(mounts), "\n") {
		pre, post, ok := strings.Cut(line, " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 5 || len(g) < 3 {
			continue
		}
		mountPoint := unescapeMountPath(f[4])
		switch {
		case g[0] == "cgroup" && slices.Contains(strings.Split(g[2], ","), controller):
			if p, ok := path(v1Controllers(g[2])); ok {
				return filepath.Join(mountPoint, p), false, nil
			}
		case g[0] == "cgroup2":
			if p, ok := path(""); ok {
				base := filepath.Join(mountPoint, p)
				if sub, err := os.ReadFile(filepath.Join(base, "cgroup.subtree_control")); err == nil && slices.Contains(strings.Fields(string(sub)), controller) {
					return base, true, nil
				}
			}
		}
	}
	return "", false, fmt.Errorf("no %s control group", controller)
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
	return fileCounter(pids, "max") > 0
}

// outOfMemory reports whether the kernel killed a process of the run for
// the memory limit.
func (c *cgroup) outOfMemory() bool {
	_, memory := c.events()
	return fileCounter(memory, "oom_kill") > 0
}

// fileCounter returns the counter name of the file at path, or 0.
func fileCounter(path string, name string) int64 {
	if path == "" {
		return 0
	}
	data, _ := os.ReadFile(path)
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
	data, err := os.ReadFile(filepath.Join(c.memory, file))
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
			err := os.Remove(dir)
			if err == nil || errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
				break
			}
			killMembers(dir)
		}
	}
}

// killMembers kills every process that the group in dir lists: at once
// by its cgroup.kill where the kernel has one (v2, Linux 5.14 on), else
// one by one.
func killMembers(dir string) {
	if os.WriteFile(filepath.Join(dir, "cgroup.kill"), []byte("1"), 0) == nil {
		return
	}
	data, _ := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	for _, field := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(field); err == nil && pid > 0 {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

var staleDone = struct {
	sync.Mutex
	bases map[string]bool
}{bases: map[string]bool{}}

// removeStale removes, once for each base, the empty groups in base that
// graders which are gone left behind: killed with SIGKILL, a grader has
// no chance to.
func removeStale(base string) {
	staleDone.Lock()
	defer staleDone.Unlock()
	if staleDone.bases[base] {
		return
	}
	staleDone.bases[base] = true
	entries, _ := os.ReadDir(base)
	for _, e := range entries {
		var pid, n int
		if _, err := fmt.Sscanf(e.Name(), "othello-%d-%d", &pid, &n); err != nil || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.Remove(filepath.Join(base, e.Name()))
		}
	}
}

// memoryCounted reports whether runs here get a memory control group.
func memoryCounted() bool {
	if os.Geteuid() != 0 {
		return false
	}
	_, _, err := cgroupBase("memory")
	return err == nil
}
