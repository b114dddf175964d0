package check_test

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"othello/check"
)

// TestHangKillsEveryProcess checks that a program that hangs is killed
// with the child process it started, which holds its output open.
func TestHangKillsEveryProcess(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(pidDirEnv, dir)
	start := time.Now()
	sum, report := checkStudent(t, hang, check.Batch, 1, check.Limits{Timeout: 300 * time.Millisecond, LineTimeout: time.Second})
	if sum.Failed != 1 || !strings.Contains(report, "still running after 300ms") {
		t.Fatalf("got %+v, want one scenario timed out:\n%s", sum, report)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		t.Fatalf("the student started no child: %v", err)
	}
	for _, e := range entries {
		pid, _ := strconv.Atoi(e.Name())
		if !gone(pid, time.Second) {
			t.Errorf("child process %d still runs after the check", pid)
		}
	}
	t.Logf("%d runs of a program that hangs, and shrinking, took %v", len(entries), time.Since(start).Round(time.Millisecond))
}

// gone waits up to d for process pid to end, and reports whether it did;
// a zombie has ended.
func gone(pid int, d time.Duration) bool {
	for deadline := time.Now().Add(d); ; {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		// The state follows the command name in parentheses.
		if f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:])); len(f) > 0 && f[0] == "Z" {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
}
