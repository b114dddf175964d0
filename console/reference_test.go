package console

// This file keeps a deliberately simple reference judge: the protocol,
// written line by line from PROTOCOL.md on the board of package
// reference, both sharing no code with the engine or the console. Every
// golden transcript of testdata is replayed through it, so that a
// transcript is confirmed by a second implementation, not only by the
// code that wrote it, and FuzzJudge holds Run to it on any input. The
// engine's tests check package othello against the same board
// (othello/reference_test.go).

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/testkit/reference"
	"github.com/othello-judge/judge/othello"
)

// refJudge returns what a judge must write on standard output for input
// in, and the number of the input line it fails on (0 if it does not): a
// bad setup line, or one past the end of the input in mid-game.
func refJudge(full bool, in string) (out string, failLine int) {
	var sb strings.Builder
	if full {
		sb.WriteString("FULL\n")
	} else {
		sb.WriteString("SIMPLE\n")
	}
	lines := strings.SplitAfter(in, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	fields := func(i int) []string {
		return strings.FieldsFunc(lines[i], func(r rune) bool { return r == ' ' || r == '\t' })
	}
	number := func(s string) (int, bool) { // optionally signed ASCII digits
		sign := 1
		if s != "" && (s[0] == '+' || s[0] == '-') {
			if s[0] == '-' {
				sign = -1
			}
			s = s[1:]
		}
		if s == "" || strings.Trim(s, "0123456789") != "" {
			return 0, false
		}
		s = strings.TrimLeft(s, "0")
		if len(s) > 6 {
			s = "999999" // off any board
		}
		n, _ := strconv.Atoi("0" + s)
		return sign * n, true
	}
	size := func(i int) int {
		if i >= len(lines) || len(fields(i)) != 1 {
			return 0
		}
		n, ok := number(fields(i)[0])
		if !ok || n < 4 || n > 16 || n%2 != 0 {
			return 0
		}
		return n
	}
	one := func(i int, allowed string) byte {
		if i >= len(lines) || len(fields(i)) != 1 || len(fields(i)[0]) != 1 || !strings.Contains(allowed, fields(i)[0]) {
			return 0
		}
		return fields(i)[0][0]
	}
	rows, cols, first, rule := size(0), size(1), one(2, "BW"), one(3, "<>")
	for i, ok := range []bool{rows > 0, cols > 0, first != 0, rule != 0} {
		if !ok {
			return sb.String(), i + 1
		}
	}
	var b reference.Board
	for r := range rows {
		if 4+r >= len(lines) || len(fields(4+r)) != cols {
			return sb.String(), 5 + r
		}
		row := []byte(strings.Join(fields(4+r), ""))
		if len(row) != cols || strings.Trim(string(row), "BW.") != "" {
			return sb.String(), 5 + r
		}
		b = append(b, row)
	}
	writeState := func() {
		fmt.Fprintf(&sb, "B: %d  W: %d\n", b.Count('B'), b.Count('W'))
		for _, row := range b {
			sb.WriteString(strings.Join(strings.Split(string(row), ""), " ") + "\n")
		}
	}
	p, next := first, 4+rows
	for {
		if !b.CanMove(full, p) {
			p = reference.Opponent(p)
			if !b.CanMove(full, p) {
				break
			}
		}
		writeState()
		fmt.Fprintf(&sb, "TURN: %c\n", p)
		for {
			if next >= len(lines) {
				return sb.String(), next + 1
			}
			f := fields(next)
			next++
			var r, c int
			ok := len(f) == 2
			if ok {
				var ok1, ok2 bool
				r, ok1 = number(f[0])
				c, ok2 = number(f[1])
				ok = ok1 && ok2
			}
			if ok && len(b.Play(full, r-1, c-1, p)) > 0 {
				sb.WriteString("VALID\n")
				break
			}
			sb.WriteString("INVALID\n")
		}
		p = reference.Opponent(p)
	}
	writeState()
	black, white := b.Count('B'), b.Count('W')
	winner := "NONE"
	if black != white {
		winner = "W"
		if (black > white) == (rule == '>') {
			winner = "B"
		}
	}
	sb.WriteString("WINNER: " + winner + "\n")
	return sb.String(), 0
}

// TestTranscriptsFollowTheRules replays every golden transcript of
// ../testdata through the reference judge: its standard output, and whether
// and on which input line it fails, must be what the reference says.
func TestTranscriptsFollowTheRules(t *testing.T) {
	n := 0
	for _, rules := range []string{"full", "simple"} {
		paths, _ := filepath.Glob(filepath.Join("..", "testdata", rules, "*.in"))
		for _, path := range paths {
			n++
			base := strings.TrimSuffix(path, ".in")
			t.Run(rules+"/"+filepath.Base(base), func(t *testing.T) {
				in, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				out, err := os.ReadFile(base + ".out")
				if err != nil {
					t.Fatal(err)
				}
				stderr, _ := os.ReadFile(base + ".err")
				wantOut, wantLine := refJudge(rules == "full", string(in))
				if string(out) != wantOut {
					t.Errorf("%s.out is not what the reference judge writes:\n got %q\nwant %q", base, out, wantOut)
				}
				gotLine := 0
				fmt.Sscanf(string(stderr), "othello: line %d:", &gotLine)
				if gotLine != wantLine {
					t.Errorf("%s.err: got failure on line %d (%q), want line %d (0: no failure)", base, gotLine, stderr, wantLine)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no transcripts found in ../testdata")
	}
}

// FuzzJudge runs the judge on any input and compares what it writes on
// standard output, and the line it fails on, with the reference judge.
func FuzzJudge(f *testing.F) {
	ins, simple := goldenInputs(f)
	for i := range ins {
		f.Add(simple[i], ins[i])
	}
	f.Fuzz(func(t *testing.T, simple bool, in []byte) {
		var rules othello.Rules = othello.Full{}
		if simple {
			rules = othello.Simple{}
		}
		var stdout, stderr strings.Builder
		status := Run(strings.NewReader(string(in)), &stdout, &stderr, rules)
		want, wantLine := refJudge(!simple, string(in))
		if stdout.String() != want {
			t.Fatalf("%s on %q:\ngot\n%s\nwant\n%s", rules.Name(), in, stdout.String(), want)
		}
		gotLine := 0
		fmt.Sscanf(stderr.String(), "othello: line %d:", &gotLine)
		if gotLine != wantLine || (status == 0) != (wantLine == 0) {
			t.Fatalf("%s on %q: got status %d, standard error %q; want a failure on line %d (0: none)",
				rules.Name(), in, status, stderr.String(), wantLine)
		}
	})
}
