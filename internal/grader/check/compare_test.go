package check_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

const game4x4 = "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\n"

func TestCompare(t *testing.T) {
	tr := scenario.Judge("t", othello.Full{}, []byte(game4x4+"x\n2 4\n")) // ends mid-game: status 1
	right := string(tr.Output)
	ref := scenario.ReferenceGame(othello.Full{}) // a whole game: status 0
	whole := string(ref.Output)
	var (
		strict     = check.Comparison{Strict: true, Status: true}
		assignment = check.Comparison{}
		protocol   = check.Comparison{Status: true}
	)
	oneSpace := strings.Replace(right, "B: 2  W: 2", "B: 2 W: 2", 1)
	tests := []struct {
		name   string
		tr     scenario.Transcript // tr if empty
		how    check.Comparison
		stdout string
		status int
		end    check.End
		fail   bool
		blanks bool // right but for blanks
		line   int  // where it differs; 0 for a pass or a wrong status only
		// The input line answered there, and the line; 0 and "" for none.
		input     int
		inputLine string
		cut       bool
		aligned   bool // the diff says the lines before it differ only in blanks
	}{
		{name: "same", how: strict, stdout: right, status: 1},
		{name: "timed out with the right output", how: assignment, stdout: right, status: -1, end: check.TimedOut, fail: true},
		{name: "rules line", how: assignment, stdout: "SIMPLE\n", status: 1, fail: true, line: 1},
		{name: "score with one space, strict", how: strict, stdout: oneSpace, status: 1, fail: true, line: 2, input: 8, inputLine: ". . . ."},
		{name: "score with one space", how: assignment, stdout: oneSpace, status: 1, fail: true, blanks: true, line: 2, input: 8, inputLine: ". . . ."},
		{name: "trailing blank, strict", how: strict, stdout: strings.Replace(right, ". B W .\n", ". B W . \n", 1), status: 1, fail: true, line: 4, input: 8, inputLine: ". . . ."},
		{name: "trailing blank", how: protocol, stdout: strings.Replace(right, ". B W .\n", ". B W . \n", 1), status: 1, fail: true, blanks: true, line: 4, input: 8, inputLine: ". . . ."},
		{name: "CRLF", how: assignment, stdout: strings.ReplaceAll(right, "\n", "\r\n"), status: 1, fail: true, blanks: true, line: 1},
		{name: "no newline at the end", tr: ref, how: assignment, stdout: strings.TrimSuffix(whole, "\n"), fail: true, blanks: true, line: len(strings.Split(whole, "\n")) - 1, input: 21, inputLine: "4 3"},
		{name: "blanks missing between items", how: assignment, stdout: strings.Replace(right, "B: 2  W: 2", "B:2  W:2", 1), status: 1, fail: true, line: 2, input: 8, inputLine: ". . . ."},
		{name: "VALID for the bad line", how: strict, stdout: strings.Replace(right, "INVALID", "VALID", 1), status: 1, fail: true, line: 8, input: 9, inputLine: "x"},
		{name: "VALID for the bad line after a score with one space", how: assignment, stdout: strings.Replace(oneSpace, "INVALID", "VALID", 1), status: 1, fail: true, line: 8, input: 9, inputLine: "x", aligned: true},
		{name: "cut short", how: assignment, stdout: right[:len(right)-10], status: 1, fail: true, line: 14, input: 10, inputLine: "2 4"},
		{name: "extra line", how: assignment, stdout: right + "BYE\n", status: 1, fail: true, line: 16},
		{name: "stopped at the first wrong byte", how: strict, stdout: right[:strings.Index(right, "INVALID")] + "VAL", status: -1, end: check.WentWrong, fail: true, line: 8, input: 9, inputLine: "x", cut: true},
		{name: "exit 1 after WINNER", tr: ref, how: assignment, stdout: whole, status: 1},
		{name: "died of a signal after WINNER", tr: ref, how: assignment, stdout: whole, status: -1},
		{name: "exit 1 after WINNER, protocol", tr: ref, how: protocol, stdout: whole, status: 1, fail: true},
		{name: "exit 1 after WINNER, strict", tr: ref, how: strict, stdout: whole, status: 1, fail: true},
		{name: "exit 1 after WINNER with a score of one space, protocol", tr: ref, how: protocol, stdout: strings.Replace(whole, "B: 2  W: 2", "B: 2 W: 2", 1), status: 1, fail: true},
		{name: "exit 0 at the end of an input that ends mid-game, protocol", how: protocol, stdout: right, status: 0},
		{name: "exit 0 at the end of an input that ends mid-game, strict", how: strict, stdout: right, status: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := tr
			if tt.tr.Output != nil {
				tr = tt.tr
			}
			f := tt.how.Compare(tr, check.Result{Stdout: []byte(tt.stdout), Status: tt.status, End: tt.end})
			if (f != nil) != tt.fail {
				t.Fatalf("got failure %v, want one: %v", f, tt.fail)
			}
			if f == nil {
				return
			}
			if f.Line != tt.line || f.Blanks != tt.blanks {
				t.Errorf("got first differing line %d, right but for blanks %v, want %d, %v", f.Line, f.Blanks, tt.line, tt.blanks)
			}
			if f.InputLine != tt.input || f.Input != tt.inputLine {
				t.Errorf("got the answer to input line %d, %q, want %d, %q", f.InputLine, f.Input, tt.input, tt.inputLine)
			}
			diff := f.Summarize(tr, check.Timeouts{}, sandbox.Limits{}).Diff
			if f.Cut != tt.cut || strings.Contains(diff, "(cut:") != tt.cut {
				t.Errorf("got cut %v and diff\n%s\nwant cut %v, said in the diff", f.Cut, diff, tt.cut)
			}
			if got := strings.Contains(diff, "only in blanks"); got != tt.aligned {
				t.Errorf("got diff\n%s\nsaying the lines before differ only in blanks: %v, want %v", diff, got, tt.aligned)
			}
		})
	}
}

// TestMidGameEnd checks that on an input that ends mid-game, a program
// that fails in logic and then crashes at the end of the input is shown
// with its difference, not with a status it should have had or its
// traceback.
func TestMidGameEnd(t *testing.T) {
	tr := scenario.Judge("t", othello.Full{}, []byte(game4x4+"x\n2 4\n"))
	eof := "Traceback (most recent call last):\n  File \"o.py\", line 3, in <module>\nEOFError: EOF when reading a line\n"
	for _, how := range []check.Comparison{{}, {Status: true}, {Strict: true, Status: true}} {
		t.Run(fmt.Sprintf("%+v", how), func(t *testing.T) {
			bad := strings.Replace(string(tr.Output), "INVALID", "VALID", 1)
			f := how.Compare(tr, check.Result{Stdout: []byte(bad), Status: 1, Stderr: []byte(eof)}).Summarize(tr, check.Timeouts{}, sandbox.Limits{})
			if f.Line != 8 || f.Stderr != nil || strings.Contains(f.What, "want status") {
				t.Errorf("got line %d, standard error %q, %q; want line 8, no standard error, no status wanted", f.Line, f.Stderr, f.What)
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
		{"TURN", fail("TURN: B", "TURN: W", check.Exited), false},
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
		{"cannot start", "", cannotOpen, check.ErrRulesLine, `status 2; its standard error: python3: can't open file 'x.py'`},
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
	for _, bug := range []string{noBug, rulesBlank} {
		rules, err := check.DetectRules(context.Background(), studentProgram(bug), testTimeouts, testSandbox)
		if err != nil || rules != (othello.Full{}) {
			t.Errorf("%s: got %v, %v; want FULL", bug, rules, err)
		}
	}
}

// TestBlanksPrefix checks how lock-step tells that a program's output,
// as it grows, has gone wrong in more than blanks.
func TestBlanksPrefix(t *testing.T) {
	const want = "FULL\nB: 2  W: 2\n. B W .\nTURN: B\n"
	tests := []struct {
		name string
		outs []string
		want []bool
	}{
		{"exact", []string{"FU", "FULL\nB: 2  W", want}, []bool{true, true, true}},
		{"one space", []string{"FULL\nB: 2 ", "FULL\nB: 2 W: 2\n", "FULL\nB: 2 W: 2\n. B W . \r\n"}, []bool{true, true, true}},
		{"a wrong score after one space", []string{"FULL\nB: 2 W: 2\n", "FULL\nB: 2 W: 2\n. B B"}, []bool{true, false}},
		{"no blank between items", []string{"FULL\nB:2"}, []bool{false}},
		{"a line too many", []string{want + "VALID\n"}, []bool{false}},
		{"a line cut short", []string{"FULL\nB: 2\n"}, []bool{false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := check.BlanksPrefix(want, tt.outs...); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
