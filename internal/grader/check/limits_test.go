package check_test

import (
	"context"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// TestSizeOf checks the size that a run's default limits grow with, read
// from the setup of its input.
func TestSizeOf(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  check.Size
	}{
		{"4x4, 2 moves", "4\n4\nB\n>\n....\n.BW.\n.WB.\n....\n1 3\n1 2\n", check.Size{Rows: 4, Cols: 4, Moves: 2}},
		{"4x16, no move", "4\n16\nB\n>\n", check.Size{Rows: 4, Cols: 16}},
		{"signed and blanks", " +06 \r\n08\nW\n<\n", check.Size{Rows: 6, Cols: 8}},
		{"empty", "", check.Size{}},
		{"odd rows", "5\n4\nB\n>\n1 1\n", check.Size{}},
		{"too big", "18\n18\nB\n>\n", check.Size{}},
		{"not a number", "four\n4\n", check.Size{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := check.SizeOf(scenario.Transcript{Input: []byte(tt.input)}); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestDefaultLimits checks the default limits of runs by their size: the
// fixed limits of before on small boards, and room for a slow Python
// program (3.5 s of CPU on a full 16x16 game) with a wide margin on big
// ones.
func TestDefaultLimits(t *testing.T) {
	tests := []struct {
		size      check.Size
		cpu, wall time.Duration
	}{
		{check.Size{}, 2 * time.Second, 8 * time.Second},
		{check.Size{Rows: 4, Cols: 4, Moves: 12}, 2038400 * time.Microsecond, 8076800 * time.Microsecond},
		{check.Size{Rows: 8, Cols: 8, Moves: 60}, 2768 * time.Millisecond, 9536 * time.Millisecond},
		{check.Size{Rows: 4, Cols: 16, Moves: 60}, 2768 * time.Millisecond, 9536 * time.Millisecond},
		{check.Size{Rows: 16, Cols: 16, Moves: 252}, 14902400 * time.Microsecond, 33804800 * time.Microsecond},
	}
	for _, tt := range tests {
		t.Run(tt.size.String(), func(t *testing.T) {
			if got := tt.size.CPU(); got != tt.cpu {
				t.Errorf("CPU: got %v, want %v", got, tt.cpu)
			}
			if got := tt.size.Wall(); got != tt.wall {
				t.Errorf("wall: got %v, want %v", got, tt.wall)
			}
		})
	}
	if full := (check.Size{Rows: 16, Cols: 16, Moves: 252}); full.CPU() < 3*3500*time.Millisecond {
		t.Errorf("got %v of CPU for a full 16x16 game, want 3 times the 3.5 s a slow Python program needs", full.CPU())
	}
}

// TestSlowButRight checks that a program right on every board, but slow,
// passes a full 16x16 game with the default limits, and with the fixed
// 2 s of CPU of before fails it in a way of its own that says so in one
// line.
func TestSlowButRight(t *testing.T) {
	tests := []struct {
		name string
		cpu  time.Duration // 0 for the default
		want string        // the way's summary, as a regular expression; "" for none
	}{
		{"default limits", 0, ""},
		{"fixed 2s", 2 * time.Second, `^too slow on 16x16: 2(\.\d)? s of CPU, the limit 2 s$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sb := testSandbox
			sb.Limits.CPU = tt.cpu
			cfg := check.Config{Program: studentProgram(slow), Rules: othello.Full{}, N: 1, Seed: 1, Rows: 16, Cols: 16,
				Timeouts: check.Timeouts{LineTimeout: testTimeouts.LineTimeout}, Sandbox: sb, Jobs: 1}
			g, err := check.Check(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			var text strings.Builder
			report.WriteText(&text, g, false)
			if tt.want == "" {
				if n := g.Count(check.Passed); n != 2 {
					t.Errorf("got %d passed, want 2:\n%s", n, text.String())
				}
				return
			}
			if len(g.Ways) != 1 || !regexp.MustCompile(tt.want).MatchString(g.Ways[0].Summary()) {
				t.Fatalf("got %d ways, want 1 that matches %q:\n%s", len(g.Ways), tt.want, text.String())
			}
			if line := "  way 1: 1 scenario (full-game 1): " + g.Ways[0].Summary() + "\n"; !strings.Contains(text.String(), line) {
				t.Errorf("the report does not say %q:\n%s", line, text.String())
			}
			if c := g.Ways[0].Cases[0]; c.Verdict != check.Failed || c.Category != scenario.FullGame {
				t.Errorf("got %s %s, want the full game failed", c.Category, c.Verdict)
			}
		})
	}
}

// TestSlowIsNotHung checks that a program that is slow, but keeps
// answering, runs every scenario however often a time limit ends it, in a
// way of its own, too slow, and that its other bug still shows as a way
// of its own.
func TestSlowIsNotHung(t *testing.T) {
	sb := testSandbox
	sb.Limits.CPU = 300 * time.Millisecond
	cfg := check.Config{Program: studentProgram(slow + "+" + noPass), Rules: othello.Full{}, N: 28, Seed: 1, BadRate: -1,
		Timeouts: testTimeouts, Sandbox: sb, Jobs: runtime.NumCPU()}
	g, report := checkReport(t, cfg, false)
	if n := g.Count(check.NotRun); n != 0 {
		t.Errorf("got %d scenarios not run, want 0:\n%s", n, report)
	}
	slowWays, turnWays := 0, 0
	for _, w := range g.Ways {
		switch s := w.Summary(); {
		case strings.HasPrefix(s, "too slow on "):
			slowWays++
		case strings.Contains(s, `want "TURN: `):
			turnWays++
		}
	}
	if slowWays != 1 || turnWays == 0 {
		t.Errorf("got %d ways too slow and %d of the wrong TURN, want 1 and 1 or more:\n%s", slowWays, turnWays, report)
	}
}

// TestTooSlowOrHung checks how a run that a time limit ended fails: too
// slow, in one line, when its output is right so far and it kept
// answering; by its difference when its output is already wrong; and as
// before, not too slow, when it hung.
func TestTooSlowOrHung(t *testing.T) {
	tr := scenario.ReferenceGame(othello.Full{})
	lines := strings.SplitAfter(string(tr.Output), "\n")
	sofar := strings.Join(lines[:20], "") // right so far, the answers to some moves
	wrong := strings.Replace(sofar, "VALID", "INVALID", 1)
	cpu := check.Result{End: check.KilledAtLimit, Limit: sandbox.CPULimit, CPU: 2420 * time.Millisecond, Wall: 3 * time.Second}
	wall := check.Result{End: check.TimedOut, CPU: 1200 * time.Millisecond, Wall: 8 * time.Second}
	with := func(r check.Result, stdout string, quiet time.Duration) check.Result {
		r.Stdout, r.Quiet = []byte(stdout), quiet
		return r
	}
	tests := []struct {
		name string
		r    check.Result
		hung bool
		want string // the way's summary, as a regular expression
	}{
		{"CPU, answering", with(cpu, sofar, 10*time.Millisecond), false, `^too slow on 4x4: 2\.4 s of CPU, the limit 2 s$`},
		{"wall time, answering", with(wall, sofar, time.Second), false, `^too slow on 4x4: 8 s of wall time \(1\.2 s of CPU\), the limit 8 s$`},
		{"CPU, a line cut short", with(cpu, sofar+lines[20][:3], 10*time.Millisecond), false, `^too slow on 4x4`},
		{"CPU, wrong", with(cpu, wrong, 10*time.Millisecond), false, `^output line \d+: want "VALID\\n", got "INVALID\\n"; killed: it used more than 2s of CPU time$`},
		{"silent half the run", with(cpu, sofar, 1500*time.Millisecond), true, `^output line \d+: want .*, got the end of the output; killed: it used more than 2s of CPU time$`},
		{"only its first line", with(wall, lines[0], 0), true, `^output line 2: want .*, got the end of the output; it was still running after 8s`},
		{"lock-step, no answer", check.Result{End: check.NoAnswer, Stdout: []byte(sofar), Lines: 5, Wall: 3 * time.Second}, true, `gave no answer within 2s`},
	}
	sl := sandbox.Limits{CPU: 2 * time.Second}
	lim := check.Timeouts{Timeout: 8 * time.Second, LineTimeout: 2 * time.Second}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Hung(); got != tt.hung {
				t.Errorf("Hung: got %v, want %v", got, tt.hung)
			}
			f := check.Comparison{}.Compare(tr, tt.r).Summarize(tr, lim, sl)
			w := &check.Way{Reproducer: check.Reproducer{Failure: f}}
			if got := w.Summary(); !regexp.MustCompile(tt.want).MatchString(got) {
				t.Errorf("got %q, want it to match %q", got, tt.want)
			}
		})
	}
}
