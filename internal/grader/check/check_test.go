package check_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// studentProgram is the test binary playing a student's program with the
// mistake bug: a copy of it, since the sandbox hides the grader's own
// binary.
func studentProgram(bug string) check.Program {
	return check.Program{Path: studentBinary, Args: []string{"student", bug}}
}

var (
	testTimeouts = check.Timeouts{Timeout: 5 * time.Second, LineTimeout: 2 * time.Second}
	testSandbox  = sandbox.Config{Mode: sandbox.Isolated, Limits: sandbox.DefaultLimits}
)

// checkStudent checks the student with the mistake bug on n random
// scenarios of the protocol profile and the reference game, and returns
// the grade and the report.
func checkStudent(t *testing.T, bug string, mode check.Mode, n int, lim check.Timeouts) (*check.Grade, string) {
	t.Helper()
	return checkStudentIn(t, bug, sandbox.Isolated, mode, n, lim)
}

// checkStudentIn is checkStudent in the sandbox mode sm.
func checkStudentIn(t *testing.T, bug string, sm sandbox.Mode, mode check.Mode, n int, lim check.Timeouts) (*check.Grade, string) {
	t.Helper()
	return checkReport(t, studentConfig(bug, sm, mode, n, lim), false)
}

// studentConfig is the check of checkStudentIn.
func studentConfig(bug string, sm sandbox.Mode, mode check.Mode, n int, lim check.Timeouts) check.Config {
	sb := testSandbox
	sb.Mode = sm
	return check.Config{
		Program:  studentProgram(bug),
		Profile:  scenario.Protocol,
		N:        n,
		Seed:     1,
		BadRate:  -1,
		Mode:     mode,
		Timeouts: lim,
		Sandbox:  sb,
		Jobs:     runtime.NumCPU(),
	}
}

// checkReport runs the check cfg and returns its grade and its report,
// checking that the report ends with the counts.
func checkReport(t *testing.T, cfg check.Config, verbose bool) (*check.Grade, string) {
	t.Helper()
	g, err := check.Check(context.Background(), cfg)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	var text bytes.Buffer
	if err := report.WriteText(&text, g, verbose); err != nil {
		t.Fatal(err)
	}
	want := strconv.Itoa(g.Count(check.Passed)) + " passed, " + strconv.Itoa(g.Count(check.Failed)) + " failed"
	if n := g.Count(check.NotRun); n > 0 {
		want += ", " + strconv.Itoa(n) + " not run"
	}
	want += "\n"
	if !strings.HasSuffix(text.String(), want) || len(g.Cases) != cfg.N+1 {
		t.Errorf("%d scenarios: got %d cases and report ending %q, want %d and it to end %q", cfg.N, len(g.Cases), lastLine(text.String()), cfg.N+1, want)
	}
	return g, text.String()
}

func lastLine(s string) string {
	s = strings.TrimSuffix(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// TestStudentWithoutMistakes checks that the test's own student program
// passes in both modes, so that each mistake below is what fails.
func TestStudentWithoutMistakes(t *testing.T) {
	for _, mode := range []check.Mode{check.Batch, check.LockStep} {
		t.Run(mode.String(), func(t *testing.T) {
			g, report := checkStudent(t, noBug, mode, 40, testTimeouts)
			if n := g.Count(check.Failed); n > 0 {
				t.Errorf("got %d failures, want none:\n%s", n, report)
			}
		})
	}
}

// TestCheckCatchesMistakes checks that each deliberately broken student
// fails, with a report that shows the mistake; those of blanks only
// under -strict. Under the short time limits the rules are forced, not
// read from the first line, which a loaded machine may start the program
// too slowly to write in time; and the student that hangs has a limit
// whose tenth, the most CPU time of a run the report calls waiting, is
// well above what starting it and its child costs on a loaded machine
// (up to 53ms seen), so that it is always called waiting.
func TestCheckCatchesMistakes(t *testing.T) {
	short := check.Timeouts{Timeout: 300 * time.Millisecond, LineTimeout: 200 * time.Millisecond}
	hangs := check.Timeouts{Timeout: time.Second, LineTimeout: 200 * time.Millisecond}
	tests := []struct {
		bug  string
		mode check.Mode
		n    int
		size int // the boards' rows and columns, for a mistake that any board shows; 0 for random sizes
		lim  check.Timeouts
		want []string // regular expressions the report must match
	}{
		{scoreSpace, check.Batch, 8, 0, testTimeouts, []string{`want  "B: \d+  W: \d+\\n"\n\s+got   "B: \d+ W: \d+\\n"\n\s+\^ line 2, column 6`}},
		{scoreSpace, check.LockStep, 8, 0, testTimeouts, []string{`want  "B: \d+  W: \d+\\n"\n\s+got   "B: \d+ W: \d+\\n"\n\s+\^ line 2, column 6`}},
		{trailingBlank, check.Batch, 8, 0, testTimeouts, []string{`got   "[BW.](?: [BW.])+ \\n"`}},
		{winnerWord, check.Batch, 4, 4, testTimeouts, []string{`got   "WINNER: (BLACK|WHITE)\\n"`}},
		{noWinner, check.Batch, 4, 4, testTimeouts, []string{`want  "WINNER: [BWNOE]+\\n"\n\s+got   \(end of output\)`}},
		{edgeFlips, check.Batch, 12, 6, testTimeouts, []string{`standard output differs at line \d+`}},
		{noPass, check.Batch, 20, 4, testTimeouts, []string{`want  "TURN: ([BW])\\n"\n\s+got   "TURN: [BW]\\n"`}},
		{noFlush, check.LockStep, 4, 0, short, []string{`(no answer within 200ms to input line \d+, .*|no first line within 200ms), and was killed: does it flush its output before it reads\?`}},
		{hang, check.Batch, 2, 0, hangs, []string{`it was still running after 1s, having used \d+ms of CPU time, and was killed: was it waiting for something\?`}},
		{crash, check.Batch, 8, 6, testTimeouts, []string{`it exited with status 2\n\s+its standard error:\n\s+\| panic: student: index out of range\n`,
			`the input ends mid-game: that is why the judge exits with status 1, saying "othello: line \d+: input ended mid-game, [BW] to move" on standard error`}},
		{extraLines, check.Batch, 8, 0, testTimeouts, []string{`want  \(end of output\)\n\s+got   "GAME OVER\\n"`, `after writing 1 line more than the judge`}},
	}
	for _, tt := range tests {
		t.Run(tt.bug+"/"+tt.mode.String(), func(t *testing.T) {
			start := time.Now()
			cfg := studentConfig(tt.bug, sandbox.Isolated, tt.mode, tt.n, tt.lim)
			cfg.Rows, cfg.Cols = tt.size, tt.size
			cfg.Strict = tt.bug == scoreSpace || tt.bug == trailingBlank
			if tt.lim != testTimeouts {
				cfg.Rules = othello.Full{}
			}
			g, report := checkReport(t, cfg, false)
			if g.Count(check.Failed) == 0 {
				t.Fatalf("got no failure, want some:\n%s", report)
			}
			for _, want := range tt.want {
				if !regexp.MustCompile(want).MatchString(report) {
					t.Errorf("the report does not match %q:\n%s", want, report)
				}
			}
			checkOutputs(t, g)
			t.Logf("%d of %d failed in %v", g.Count(check.Failed), tt.n, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestNoFlushPassesInBatch shows why both modes are needed: a program
// that flushes only at exit is right when all its input comes at once.
func TestNoFlushPassesInBatch(t *testing.T) {
	cfg := check.Config{Program: studentProgram(noFlush), N: 20, Seed: 1, BadRate: -1, Timeouts: testTimeouts, Sandbox: testSandbox, Jobs: runtime.NumCPU()}
	g, report := checkReport(t, cfg, false)
	if n := g.Count(check.Failed); n == 0 {
		t.Errorf("got no failure, want the lock-step scenarios to fail:\n%s", report)
	}
	for _, c := range g.Cases {
		if (c.Verdict == check.Failed) != (c.Category == scenario.LockStep) {
			t.Errorf("%s, of category %s: %s", c.Name, c.Category, c.Verdict)
		}
	}
}

// TestShrink16x16 checks that shrinking takes failing 16x16 scenarios
// down to the smallest board, with no line more than the mistake needs,
// and writes them as golden pairs that the judge agrees with and that
// still fail.
func TestShrink16x16(t *testing.T) {
	tests := []struct {
		bug       string
		wantLines int // at most this many lines after the setup
	}{
		{scoreSpace, 0},
		{edgeFlips, 1},
		{noPass, 1},
	}
	for _, tt := range tests {
		t.Run(tt.bug, func(t *testing.T) {
			out := t.TempDir()
			cfg := check.Config{
				Program:  studentProgram(tt.bug),
				N:        6,
				Seed:     3,
				Rows:     16,
				Cols:     16,
				BadRate:  0.1,
				Timeouts: testTimeouts,
				Sandbox:  testSandbox,
				Jobs:     runtime.NumCPU(),
				Out:      out,
				Strict:   true,
			}
			g, report := checkReport(t, cfg, false)
			if g.Count(check.Failed) == 0 {
				t.Fatalf("no failure to shrink:\n%s", report)
			}
			shrunk, err := scenario.ReadDir(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, tr := range shrunk {
				before := cfg.Generator().Scenario(cfg.Seed, index(t, tr.Name))
				lines := strings.Split(string(tr.Input), "\n")
				rows, _ := strconv.Atoi(lines[0])
				cols, _ := strconv.Atoi(lines[1])
				after := len(lines) - 1 - 4 - rows
				t.Logf("%s: before %dx%d with %d lines after the setup, after %dx%d with %d",
					tr.Name, before.Board.Rows(), before.Board.Cols(), len(before.Lines), rows, cols, after)
				if rows != 4 || cols != 4 || after > tt.wantLines {
					t.Errorf("%s: shrunk to %dx%d with %d lines after the setup, want 4x4 with at most %d:\n%s",
						tr.Name, rows, cols, after, tt.wantLines, tr.Input)
				}
				if again := scenario.Judge(tr.Name, othello.Full{}, tr.Input); !bytes.Equal(again.Output, tr.Output) || again.Status != tr.Status {
					t.Errorf("%s: the written output is not the judge's", tr.Name)
				}
				if f := check.Compare(tr, check.Run(context.Background(), cfg.Program, tr, check.Batch, testTimeouts, testSandbox)); f == nil {
					t.Errorf("%s: the shrunk scenario passes, want it to fail", tr.Name)
				}
			}
			if !strings.Contains(report, "smallest input found that fails this way: 4x4 board") {
				t.Errorf("the report does not show the shrunk input:\n%s", report)
			}
		})
	}
}

// index returns i from a random scenario's name such as "full-3-5".
func index(t *testing.T, name string) int {
	t.Helper()
	i, err := strconv.Atoi(name[strings.LastIndexByte(name, '-')+1:])
	if err != nil {
		t.Fatalf("scenario name %q does not end with its index", name)
	}
	return i
}

// checkOutputs checks that each way of g keeps the program's output on
// its reproducer: the output first differs from the judge's where the
// way's failure says.
func checkOutputs(t *testing.T, g *check.Grade) {
	t.Helper()
	for _, w := range g.Ways {
		if w.Failure.Line == 0 || w.OutputCut {
			continue
		}
		want, got := console.Lines(scenario.Judge("", g.Rules, w.Input).Output), console.Lines(w.Output)
		line := 1
		for line <= len(want) && line <= len(got) && want[line-1] == got[line-1] {
			line++
		}
		if line != w.Failure.Line {
			t.Errorf("way %d: its Output first differs from the judge's at line %d, want %d:\n%s", w.Number, line, w.Failure.Line, w.Output)
		}
	}
}

// TestRightButForBlanks checks a program whose score line has one blank
// where the judge has two, and whose board rows end with a blank: right
// in logic, it earns every point but the format's, in one way of its own
// that says so, and nothing under Strict; with a bug of logic besides,
// that bug is found past the blanks, as a way of its own.
func TestRightButForBlanks(t *testing.T) {
	blanks := scoreSpace + "+" + trailingBlank
	const summary = `right but for blanks: output line 2 is "B: \d+ W: \d+\\n", want "B: \d+  W: \d+\\n"`
	tests := []struct {
		name   string
		bug    string
		mode   check.Mode
		strict bool
		points float64 // of 100
		ways   int
		want   string // a regular expression the report must match
	}{
		{"batch", blanks, check.Batch, false, 90, 1, summary},
		{"lock-step", blanks, check.LockStep, false, 90, 1, summary},
		{"strict", blanks, check.Batch, true, 0, 1, `want  "B: \d+  W: \d+\\n"\n\s+got   "B: \d+ W: \d+\\n"`},
		{"and edge flips", blanks + "+" + edgeFlips, check.Batch, false, -1, 2, `\(the lines before it differ from the judge's only in blanks\)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := studentConfig(tt.bug, sandbox.Isolated, tt.mode, 8, testTimeouts)
			cfg.Profile, cfg.Strict = scenario.Assignment, tt.strict
			g, report := checkReport(t, cfg, false)
			if len(g.Ways) != tt.ways {
				t.Fatalf("got %d ways, want %d:\n%s", len(g.Ways), tt.ways, report)
			}
			if !regexp.MustCompile(tt.want).MatchString(report) {
				t.Errorf("the report does not match %q:\n%s", tt.want, report)
			}
			if score, most := g.Total(); tt.points >= 0 && (score != tt.points || most != 100) {
				t.Errorf("got %v points of %v, want %v of 100:\n%s", score, most, tt.points, report)
			}
			format := false
			for _, s := range g.Scores {
				switch {
				case s.Category == scenario.Format:
					format = true
					if s.Points != 0 || s.Max != 10 || s.Failed != g.Count(check.Passed) {
						t.Errorf("format: got %v points of %v, %d right but for blanks; want 0 of 10, %d", s.Points, s.Max, s.Failed, g.Count(check.Passed))
					}
				case tt.points == 90 && s.Points != s.Max:
					t.Errorf("%s: got %v points of %v, want all", s.Category, s.Points, s.Max)
				}
			}
			if format == tt.strict {
				t.Errorf("got a score of format %v, want %v", format, !tt.strict)
			}
			if tt.bug == blanks && !tt.strict && (g.Count(check.Failed) != 0 || g.Blanks() != len(g.Cases) || !g.Ways[0].Failure.Blanks) {
				t.Errorf("got %d failed, %d of %d right but for blanks, want none failed and all right but for blanks", g.Count(check.Failed), g.Blanks(), len(g.Cases))
			}
			for _, w := range g.Ways {
				inFormat, inFullGame := w.CasesIn(scenario.Format), w.CasesIn(scenario.FullGame)
				if w.Failure.Blanks && (inFormat != len(w.Cases) || inFullGame != 0) || !w.Failure.Blanks && inFormat != 0 {
					t.Errorf("way %d, right but for blanks %v: got %d cases in format, %d in full-game of %d", w.Number, w.Failure.Blanks, inFormat, inFullGame, len(w.Cases))
				}
			}
			if tt.ways == 2 && (g.Ways[0].Failure.Blanks == g.Ways[1].Failure.Blanks || g.Count(check.Failed) == 0) {
				t.Errorf("got ways right but for blanks %v and %v, %d failed; want one of each, some failed", g.Ways[0].Failure.Blanks, g.Ways[1].Failure.Blanks, g.Count(check.Failed))
			}
		})
	}
}

// TestExitStatusAfterWinner checks a program whose output is right to the
// byte but that reads once more after WINNER and then fails as Python's
// input() does, with status 1: it earns every point unless the profile
// is protocol or the check strict.
func TestExitStatusAfterWinner(t *testing.T) {
	tests := []struct {
		profile scenario.Profile
		strict  bool
		full    bool
	}{
		{scenario.Assignment, false, true},
		{scenario.Protocol, false, false},
		{scenario.Assignment, true, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s, strict %v", tt.profile, tt.strict), func(t *testing.T) {
			cfg := studentConfig(readAfter, sandbox.Isolated, check.Batch, 12, testTimeouts)
			cfg.Profile, cfg.Strict = tt.profile, tt.strict
			g, report := checkReport(t, cfg, false)
			score, most := g.Total()
			if (score == most) != tt.full || most != 100 {
				t.Errorf("got %v points of %v, want all of 100: %v:\n%s", score, most, tt.full, report)
			}
			if !tt.full && !strings.Contains(report, "it exited with status 1, want status 0 (EOFError)") {
				t.Errorf("the report does not say the status:\n%s", report)
			}
		})
	}
}
