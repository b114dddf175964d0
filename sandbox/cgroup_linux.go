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

// A cgroup is a control group of the pids controller made for one run: it
// caps the processes and threads of the run where RLIMIT_NPROC does not,
// for a grader that runs as root, whose user the kernel exempts from it.
type cgroup struct {
	dir  string
	join *os.File // open for writing: the launcher's second stage writes 0 to it to join the group
}

var cgroupRuns atomic.Int64

// newCgroup makes a control group for one run with at most max processes
// and threads, under the grader's own, if the grader may: as root, with a
// pids hierarchy of cgroup v1, or of v2 with pids delegated to its
// children. Otherwise it returns an error and the run goes without.
func newCgroup(max int) (*cgroup, error) {
	if os.Geteuid() != 0 {
		return nil, errors.New("not root")
	}
	base, err := pidsBase()
	if err != nil {
		return nil, err
	}
	staleOnce.Do(func() { removeStale(base) })
	dir := filepath.Join(base, fmt.Sprintf("othello-%d-%d", os.Getpid(), cgroupRuns.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	c := &cgroup{dir: dir}
	if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(max)), 0); err != nil {
		c.remove()
		return nil, err
	}
	// Where a process joins: in v1 the tasks file, to which a thread
	// writes 0 to move itself alone, and at once; cgroup.procs moves the
	// whole process and waits for an RCU grace period, 15ms here. (A
	// thread that then calls execve is the process.)
	join := filepath.Join(dir, "tasks")
	if _, err := os.Stat(join); err != nil {
		join = filepath.Join(dir, "cgroup.procs") // v2
	}
	if c.join, err = os.OpenFile(join, os.O_WRONLY, 0); err != nil {
		c.remove()
		return nil, err
	}
	return c, nil
}

// pidsBase returns the folder of the grader's own control group in a
// hierarchy with the pids controller.
func pidsBase() (string, error) {
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "", err
	}
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
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
		case g[0] == "cgroup" && slices.Contains(strings.Split(g[2], ","), "pids"):
			if p, ok := path(pidsControllers(g[2])); ok {
				return filepath.Join(mountPoint, p), nil
			}
		case g[0] == "cgroup2":
			if p, ok := path(""); ok {
				base := filepath.Join(mountPoint, p)
				if sub, err := os.ReadFile(filepath.Join(base, "cgroup.subtree_control")); err == nil && slices.Contains(strings.Fields(string(sub)), "pids") {
					return base, nil
				}
			}
		}
	}
	return "", errors.New("no pids control group")
}

// pidsControllers returns the controllers of a v1 hierarchy as
// /proc/self/cgroup names them, from its mount's options.
func pidsControllers(options string) string {
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

// hitMax reports whether the group refused a process for its limit.
func (c *cgroup) hitMax() bool {
	data, err := os.ReadFile(filepath.Join(c.dir, "pids.events"))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "max" && f[1] != "0" {
			return true
		}
	}
	return false
}

// remove removes the group, once the processes that were in it are gone
// (it waits up to a second for the kernel to let them go).
func (c *cgroup) remove() {
	if c.join != nil {
		c.join.Close()
	}
	for deadline := time.Now().Add(time.Second); ; time.Sleep(time.Millisecond) {
		if err := os.Remove(c.dir); err == nil || errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
			return
		}
	}
}

var staleOnce sync.Once

// removeStale removes the empty groups in base that graders which are
// gone left behind: killed with SIGKILL, a grader has no chance to.
func removeStale(base string) {
	entries, _ := os.ReadDir(base)
	for _, e := range entries {
		var pid, n int
		if _, err := fmt.Sscanf(e.Name(), "othello-%d-%d", &pid, &n); err != nil || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.Remove(filepath.Join(base, e.Name())) // fails, as it should, if a process is still in it
		}
	}
}
