package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestCgroupRemoveKills checks that removing a run's control groups
// kills a process still in them and removes every group, as root.
func TestCgroupRemoveKills(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("control groups are made as root")
	}
	c, err := newCgroup(Limits{Processes: 8, Memory: 64 << 20})
	if err != nil {
		t.Skipf("no control group here: %v", err)
	}
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		c.remove()
		t.Fatal(err)
	}
	for _, dir := range c.dirs {
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(cmd.Process.Pid)), 0); err != nil {
			cmd.Process.Kill()
			c.remove()
			t.Fatalf("joining %s: %v", dir, err)
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	c.remove()
	if err := <-done; err == nil {
		t.Errorf("got sleep ending well, want it killed")
	}
	for _, dir := range c.dirs {
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("got %s still there (%v), want it removed", dir, err)
		}
	}
}
