package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A recordingFS is a cgroupFS that records the writes and removals made
// through it, and their errors, as a fakeCgroups does.
type recordingFS struct {
	cgroupFS
	log []string
}

func (r *recordingFS) writeFile(name, value string) error {
	return r.record("write "+name+" "+value, r.cgroupFS.writeFile(name, value))
}

func (r *recordingFS) remove(dir string) error {
	return r.record("rmdir "+dir, r.cgroupFS.remove(dir))
}

// record logs op and returns its error err.
func (r *recordingFS) record(op string, err error) error {
	if err != nil {
		op += ": " + errors.Unwrap(err).Error()
	}
	r.log = append(r.log, op)
	return err
}

// TestCgroupV2Real checks the v2 path on the kernel's own files, as root
// where a cgroup2 hierarchy is mounted: that removing a group kills a
// process still in it through cgroup.kill and removes the group, and,
// where the pids or memory controller is in v2, that newCgroup's groups
// have the limits.
func TestCgroupV2Real(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the machine's control groups are changed as root")
	}
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Skip(err)
	}
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Skip(err)
	}
	i := slices.IndexFunc(hierarchies(mounts, own), func(h hierarchy) bool { return h.v2 })
	if i < 0 {
		t.Skip("no cgroup2 hierarchy is mounted")
	}
	v2 := hierarchies(mounts, own)[i].own

	t.Run("remove kills", func(t *testing.T) {
		fs := &recordingFS{cgroupFS: osCgroupFS{}}
		dir := filepath.Join(v2, fmt.Sprintf("othello-%d-0", os.Getpid())) // swept if the test dies
		if err := fs.mkdir(dir); err != nil {
			t.Skipf("no group can be made in %s: %v", v2, err)
		}
		c := &cgroup{fs: fs, dirs: []string{dir}}
		defer c.remove()
		_, errKill := os.Stat(filepath.Join(dir, "cgroup.kill"))
		cmd := exec.Command("sleep", "60")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(cmd.Process.Pid)), 0); err != nil {
			t.Fatalf("moving sleep to %s: %v", dir, err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		c.remove()
		<-done
		if ws := cmd.ProcessState.Sys().(syscall.WaitStatus); ws.Signal() != syscall.SIGKILL {
			t.Errorf("got sleep ended with %v, want it killed", cmd.ProcessState)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("got %s still there (%v), want it removed", dir, err)
		}
		kill := "write " + filepath.Join(dir, "cgroup.kill") + " 1"
		switch {
		case errKill != nil:
			t.Logf("no cgroup.kill (Linux before 5.14, %v): the process was killed by its pid", errKill)
		case !slices.Contains(fs.log, kill):
			t.Errorf("got\n\t%s\nwant %q among them", strings.Join(fs.log, "\n\t"), kill)
		}
	})

	t.Run("limits", func(t *testing.T) {
		c, err := newCgroup(Limits{Processes: 8, Memory: 64 << 20})
		if err != nil {
			t.Skipf("no control group here: %v", err)
		}
		defer c.remove()
		isV2 := func(dir string) bool { // only v2 groups have cgroup.controllers
			_, err := os.Stat(filepath.Join(dir, "cgroup.controllers"))
			return dir != "" && err == nil
		}
		want := map[string]string{} // file: value
		if isV2(c.pids) {
			want[filepath.Join(c.pids, "pids.max")] = "8"
		}
		if isV2(c.memory) {
			want[filepath.Join(c.memory, "memory.max")] = "67108864"
			want[filepath.Join(c.memory, "memory.oom.group")] = "1"
			if _, err := os.Stat(filepath.Join(c.memory, "memory.swap.max")); err == nil {
				want[filepath.Join(c.memory, "memory.swap.max")] = "0"
			}
		}
		if len(want) == 0 {
			t.Skipf("the pids and memory controllers are not in cgroup v2 here (groups %q and %q)", c.pids, c.memory)
		}
		for name, value := range want {
			data, err := os.ReadFile(name)
			if got := strings.TrimSpace(string(data)); err != nil || got != value {
				t.Errorf("got %s %q (%v), want %q", name, got, err, value)
			}
		}
	})
}
