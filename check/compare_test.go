package check_test

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/check"
	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/sandbox"
	"github.com/othello-judge/judge/scenario"
)

const game4x4 = "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\n"

func TestCompare(t *testing.T) {
	tr := scenario.Judge("t", othello.Full{}, []byte(game4x4+"x\n2 4\n"))
	right := string(tr.Output)
	tests := []struct {
		name     string
		stdout   string
		status   int
		end      check.End
		wantLine int // 0 for a pass or a wrong status only
		// The input line answered there, and the line; 0 and "" for none.
		wantInput     int
		wantInputLine string
		wantCut       bool
		fail          bool
	}{
		{"same", right, 1, check.Exited, 0, 0, "", false, false},
		{"wrong status", right, 0, check.Exited, 0, 0, "", false, true},
		{"timed out with the right output", right, -1, check.TimedOut, 0, 0, "", false, true},
		{"rules line", "SIMPLE\n", 1, check.Exited, 1, 0, "", false, true},
		{"score with one space", strings.Replace(right, "B: 2  W: 2", "B: 2 W: 2", 1), 1, check.Exited, 2, 8, ". . . .", false, true},
		{"trailing blank", strings.Replace(right, ". B W .\n", ". B W . \n", 1), 1, check.Exited, 4, 8, ". . . .", false, true},
		{"VALID for the bad line", strings.Replace(right, "INVALID", "VALID", 1), 1, check.Exited, 8, 9, "x", false, true},
		{"cut short", right[:len(right)-10], 1, check.Exited, 14, 10, "2 4", false, true},
		{"extra line", right + "BYE\n", 1, check.Exited, 16, 0, "", false, true},
		{"stopped at the first wrong byte", right[:strings.Index(right, "INVALID")] + "VAL", -1, check.WentWrong, 8, 9, "x", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := check.Compare(tr, check.Result{Stdout: []byte(tt.stdout), Status: tt.status, End: tt.end})
			if (f != nil) != tt.fail {
				t.Fatalf("got failure %v, want one: %v", f, tt.fail)
			}
			if f == nil {
				return
			}
			if f.Line != tt.wantLine {
				t.Errorf("got first differing line %d, want %d", f.Line, tt.wantLine)
			}
			if f.InputLine != tt.wantInput || f.Input != tt.wantInputLine {
				t.Errorf("got the answer to input line %d, %q, want %d, %q", f.InputLine, f.Input, tt.wantInput, tt.wantInputLine)
			}
			diff := f.Summarize(tr, check.Timeouts{}, sandbox.Limits{}).Diff
			if f.Cut != tt.wantCut || strings.Contains(diff, "(cut:") != tt.wantCut {
				t.Errorf("got cut %v and diff\n%s\nwant cut %v, said in the diff", f.Cut, diff, tt.wantCut)
			}
		})
	}
}

func TestSame(t *testing.T) {
	tr := scenario.Judge("t", othello.Full{}, []byte(game4x4+"2 4\n"))
	fail := func(from, to string, end check.End) *check.Difference {
		return check.Compare(tr, check.Result{Stdout: []byte(strings.Replace(string(tr.Output), from, to, 1)), Status: 1, End: end})
	}
	score := fail("B: 2  W: 2", "B: 2 W: 2", check.Exited)
	tests := []struct {
		name string
		f    *check.Difference
		want bool
	}{
		{"a board row instead of a score line", fail(". B W .\n", ". B B .\n", check.Exited), true},
		{"TURN", fail("TURN: B", "TURN: W", check.Exited), true},
		{"a line of something else", fail("B: 2  W: 2", "Score 2 2", check.Exited), false},
		{"the same, ended by a timeout", fail("B: 2  W: 2", "B: 2 W: 2", check.TimedOut), false},
		{"the output cut short", stopped(tr, 1, ""), false},
		{"no failure", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := score.Same(tt.f); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// stopped returns the failure of a program whose output stops before the
// first TURN line, with the exit status and standard error given.
func stopped(tr scenario.Transcript, status int, stderr string) *check.Difference {
	return check.Compare(tr, check.Result{Stdout: tr.Output[:strings.Index(string(tr.Output), "TURN")], Status: status, Stderr: []byte(stderr)})
}

// TestSameEnd checks that output that stops short fails the same way
// only when the program ended the same way: exit status and exception.
func TestSameEnd(t *testing.T) {
	tr := scenario.Judge("t", othello.Full{}, []byte(game4x4+"2 4\n"))
	const (
		indexError = "Traceback (most recent call last):\n  File \"o.py\", line 3, in <module>\nIndexError: list index out of range\n"
		keyError   = "Traceback (most recent call last):\n  File \"o.py\", line 9, in <module>\nKeyError: 3\n"
		java       = "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 4 out of bounds for length 4\n\tat Board.get(Board.java:12)\n"
	)
	tests := []struct {
		name string
		f, g *check.Difference
		want bool
	}{
		{"the same exception", stopped(tr, 1, indexError), stopped(tr, 1, strings.Replace(indexError, "line 3", "line 4", 1)), true},
		{"two exceptions", stopped(tr, 1, indexError), stopped(tr, 1, keyError), false},
		{"an exception and a quiet exit", stopped(tr, 1, indexError), stopped(tr, 1, ""), false},
		{"two exit statuses", stopped(tr, 0, ""), stopped(tr, 1, ""), false},
		{"Java's exception", stopped(tr, 1, java), stopped(tr, 1, strings.Replace(java, "Index 4", "Index 5", 1)), true},
		{"Java's and Python's", stopped(tr, 1, java), stopped(tr, 1, indexError), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f.Same(tt.g); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDetectRulesErrors(t *testing.T) {
	// As python3 says when its file is not there, on standard error.
	cannotOpen := check.Program{Path: "sh", Args: []string{"-c", `echo "python3: can't open file 'x.py'" >&2; exit 2`}}
	tests := []struct {
		name   string
		bug    string
		p      check.Program
		want   error
		stderr string // what the error must say of its standard error
	}{
		{"not a program", "", check.Program{Path: filepath.Join(t.TempDir(), "missing")}, fs.ErrNotExist, ""},
		{"silent", hangChild, check.Program{}, check.ErrRulesLine, ""},
		{"cannot start", "", cannotOpen, check.ErrRulesLine, `status 2, want status 0; its standard error: python3: can't open file 'x.py'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.p
			if tt.bug != "" {
				p = studentProgram(tt.bug)
			}
			_, err := check.DetectRules(context.Background(), p, check.Timeouts{Timeout: testTimeouts.LineTimeout / 4, LineTimeout: testTimeouts.LineTimeout}, testSandbox)
			var startErr *check.RulesError
			if !errors.Is(err, tt.want) || !errors.As(err, &startErr) {
				t.Fatalf("got error %v, want a *check.RulesError wrapping %v", err, tt.want)
			}
			if said := strings.Contains(err.Error(), "its standard error"); said != (tt.stderr != "") || !strings.Contains(err.Error(), tt.stderr) {
				t.Errorf("got error %q, want it to say %q", err, tt.stderr)
			}
		})
	}
	rules, err := check.DetectRules(context.Background(), studentProgram(noBug), testTimeouts, testSandbox)
	if err != nil || rules != (othello.Full{}) {
		t.Errorf("got %v, %v; want FULL", rules, err)
	}
}
