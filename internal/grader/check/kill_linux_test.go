package check_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// TestHangKillsEveryProcess checks that a program that hangs is killed
// with the child process it started, which holds its output open, with
// the sandbox and without it.
func TestHangKillsEveryProcess(t *testing.T) {
	for _, mode := range []sandbox.Mode{sandbox.Isolated, sandbox.Limited} {
		t.Run(mode.String(), func(t *testing.T) {
			start := time.Now()
			cfg := studentConfig(hang, mode, check.Batch, 1, check.Timeouts{Timeout: 300 * time.Millisecond, LineTimeout: time.Second})
			cfg.Rules = othello.Full{} // not read from the first line, which a loaded machine may start it too slowly to write in 300ms
			g, report := checkReport(t, cfg, false)
			if n := g.Count(check.Failed); n != 2 || !strings.Contains(report, "still running after 300ms") {
				t.Fatalf("got %d failures, want the reference game and one scenario timed out:\n%s", n, report)
			}
			if pids := processesOf(studentBinary); len(pids) > 0 {
				t.Errorf("processes %v of the student still run after the check", pids)
			}
			t.Logf("runs of a program that hangs, and shrinking, took %v", time.Since(start).Round(time.Millisecond))
		})
	}
}

// processesOf returns the processes, other than zombies, whose command
// line names path.
func processesOf(path string) []string {
	entries, _ := os.ReadDir("/proc")
	var pids []string
	for _, e := range entries {
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil || !strings.Contains(string(cmdline), path) {
			continue
		}
		stat, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
		if f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:])); len(f) > 0 && f[0] != "Z" {
			pids = append(pids, e.Name())
		}
	}
	return pids
}
