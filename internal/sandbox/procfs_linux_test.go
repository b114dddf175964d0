package sandbox

import (
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"
)

// TestDescendants checks that both ways of finding a process's
// descendants, by the children files and by scanning /proc, find a child
// and the child's own child, and so does the list of every process but
// the calling one (an Isolated supervisor's, in its PID namespace).
func TestDescendants(t *testing.T) {
	cmd := exec.Command("/bin/sh", "-c", "sleep 30 & wait")
	if err := cmd.Start(); err != nil {
		t.Skip("no shell:", err)
	}
	defer func() {
		for _, pid := range descendantsOf(cmd.Process.Pid) {
			if p, err := os.FindProcess(pid); err == nil {
				p.Kill()
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
	}()
	var grandchild int
	for deadline := time.Now().Add(5 * time.Second); grandchild == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if kids := childrenOf(cmd.Process.Pid); len(kids) > 0 {
			grandchild = kids[0]
		}
	}
	if grandchild == 0 {
		t.Fatal("the shell started no sleep")
	}
	for _, tc := range []struct {
		name string
		find func(int) []int
	}{
		{"children files", descendantsOf},
		{"scan", scanDescendantsOf},
		{"all but this one", func(int) []int { return otherProcesses() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.find(os.Getpid())
			for _, want := range []int{cmd.Process.Pid, grandchild} {
				if !slices.Contains(got, want) {
					t.Errorf("got %v, want it to hold %d", got, want)
				}
			}
			if slices.Contains(got, os.Getpid()) {
				t.Errorf("got %v, want it without the test's own process %d", got, os.Getpid())
			}
		})
	}
}
