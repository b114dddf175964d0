package check_test

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// BenchmarkRunPython runs a correct Python program on 8x8 games, in the
// sandbox, as a grade does, and reports the grader's CPU time for each
// run apart from the program's: grader-ms/run is the CPU time of the
// grader and its launcher (all of the benchmark's process and its
// children) less that of the same program run on the same inputs outside
// the sandbox, which is program-ms/run. The judge's answers are worked
// out before, and the costs of the first run (such as the page cache's)
// are left out. It skips without python3.
func BenchmarkRunPython(b *testing.B) {
	// The interpreter itself, not a version manager's shim, which the
	// sandbox follows too.
	where, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		b.Skip("no python3")
	}
	python := string(bytes.TrimSpace(where))
	dir, err := filepath.Abs("../../../cmd/othello/testdata/class/ui-named")
	if err != nil {
		b.Fatal(err)
	}
	prog := check.Program{Path: python, Args: []string{"othello_ui.py"}}
	sb := testSandbox
	sb.Dir = dir
	g := scenario.Generator{Rules: othello.Full{}, Rows: 8, Cols: 8}
	var games []scenario.Transcript
	for i := range 8 {
		games = append(games, g.Scenario(1, i*len(g.Profile.Categories())).Transcript()) // the first category: plain games
	}
	timeouts := check.Timeouts{Timeout: time.Minute, LineTimeout: time.Minute}

	// The program alone, outside the sandbox, on the same inputs.
	direct := func(t scenario.Transcript) {
		cmd := exec.Command(python, "othello_ui.py")
		cmd.Dir, cmd.Stdin = dir, bytes.NewReader(t.Input)
		// The sandbox's environment, and no __pycache__ in testdata.
		cmd.Env = []string{"PATH=" + sandbox.SystemPath, "HOME=/tmp", "LANG=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1"}
		out, err := cmd.Output()
		if err != nil || !bytes.Equal(out, t.Output) {
			b.Fatalf("%s outside the sandbox: got %v and %d bytes, want exit status 0 and the judge's %d", t.Name, err, len(out), len(t.Output))
		}
	}
	// A first run of each reads the files into the page cache, and the
	// sandbox's first run looks once at what it shows (sandbox.allReadable).
	direct(games[0])
	check.Run(context.Background(), prog, games[0], check.Batch, timeouts, sb)

	var program, sandboxed time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := games[i%len(games)]
		before := cpuUsed()
		direct(t)
		program += cpuUsed() - before

		before = cpuUsed()
		r := check.Run(context.Background(), prog, t, check.Batch, timeouts, sb)
		sandboxed += cpuUsed() - before
		if r.End != check.Exited || r.Status != 0 || !bytes.Equal(r.Stdout, t.Output) {
			b.Fatalf("%s: got end %v, status %d and %d bytes, want it to exit with status 0 and the judge's %d bytes; its standard error: %s",
				t.Name, r.End, r.Status, len(r.Stdout), len(t.Output), r.Stderr)
		}
	}
	b.StopTimer()
	perRun := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
	b.ReportMetric(perRun(sandboxed-program), "grader-ms/run")
	b.ReportMetric(perRun(program), "program-ms/run")
}

// cpuUsed returns the CPU time, user and system, of the calling process
// and of every child it has waited for, with theirs.
func cpuUsed() time.Duration {
	var self, children syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + children.Utime.Nano() + children.Stime.Nano())
}
