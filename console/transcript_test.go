package console_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
)

// TestOutputRoundTrip reads the output of every golden transcript of
// ../testdata back: written again, it must be the file byte for byte;
// every line must be of the kind that its place in the output gives it;
// and the input lines that the answers answer must be read as the judge
// reads them, each VALID line's square taken by the player who moved.
func TestOutputRoundTrip(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "*", "*.out"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts in ../testdata: %v", err)
	}
	for _, path := range paths {
		base := strings.TrimSuffix(path, ".out")
		t.Run(filepath.Base(filepath.Dir(base))+"/"+filepath.Base(base), func(t *testing.T) {
			out, in := mustRead(t, path), console.Lines(mustRead(t, base+".in"))
			o, err := console.ReadOutput(out)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			var again bytes.Buffer
			if err := console.WriteOutput(&again, o); err != nil {
				t.Fatal(err)
			}
			if d := diff(out, again.Bytes()); d != "" {
				t.Errorf("written again, the output differs: %s", d)
			}

			kinds := []console.LineKind{console.RulesLine}
			for _, p := range o.Positions {
				kinds = append(kinds, console.ScoreLine)
				for range p.Board.Rows() {
					kinds = append(kinds, console.BoardLine)
				}
				if p.Over {
					kinds = append(kinds, console.WinnerLine)
					continue
				}
				kinds = append(kinds, console.TurnLine)
				for _, valid := range p.Answers {
					kinds = append(kinds, map[bool]console.LineKind{true: console.ValidLine, false: console.InvalidLine}[valid])
				}
			}
			lines := console.Lines(out)
			if len(lines) != len(kinds) {
				t.Fatalf("got %d lines, want %d", len(lines), len(kinds))
			}
			for i, l := range lines {
				if got := console.KindOf(l); got != kinds[i] {
					t.Errorf("line %d, %q: got kind %d, want %d", i+1, l, got, kinds[i])
				}
			}

			sizes := console.AnswerSizes(out, len(in))
			answered := 1      // the FULL or SIMPLE line answers no input line
			var moves []string // the input lines after the setup that are answered
			for k, n := range sizes {
				answered += n
				if n > 0 && k >= 4+o.Positions[0].Board.Rows() {
					moves = append(moves, in[k])
				}
			}
			if answered != len(lines) {
				t.Errorf("the answers hold %d lines, want all %d", answered, len(lines))
			}
			for i, p := range o.Positions {
				for _, valid := range p.Answers {
					line := moves[0]
					moves = moves[1:]
					sq, ok := console.ReadMove(line)
					if !valid {
						continue
					}
					if !ok {
						t.Fatalf("VALID answers %q, which reads as no move", line)
					}
					if c, _ := o.Positions[i+1].Board.At(sq); c != p.Turn {
						t.Errorf("VALID answers %q: got %v on %v after it, want %v", line, c, sq, p.Turn)
					}
				}
			}
			if len(moves) > 0 {
				t.Errorf("%d move lines left without an answer", len(moves))
			}
		})
	}
}

// TestReadOutputErrors reads texts that are not the judge's output.
func TestReadOutputErrors(t *testing.T) {
	start := "FULL\nB: 2  W: 2\n. . . .\n. B W .\n. W B .\n. . . .\n"
	for _, tt := range []struct {
		name, out string
	}{
		{"empty", ""},
		{"no rules line", "full\n"},
		{"no newline", "FULL"},
		{"bad score", "FULL\nB: 2 W: 2\n"},
		{"bad board", "FULL\nB: 2  W: 2\n. . .\n. B W .\nTURN: B\n"},
		{"no turn", start},
		{"bad turn", start + "TURN: X\n"},
		{"bad winner", start + "WINNER: X\n"},
		{"after the winner", start + "WINNER: NONE\nVALID\n"},
		{"after an answer", start + "TURN: B\nVALID\nVALID\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := console.ReadOutput([]byte(tt.out)); !errors.Is(err, console.ErrOutput) {
				t.Errorf("got error %v, want one wrapping ErrOutput", err)
			}
		})
	}
}

// TestReadMove reads move lines as the judge does: blanks and tabs
// between two whole numbers, a carriage return before the newline.
func TestReadMove(t *testing.T) {
	for _, tt := range []struct {
		line string
		want othello.Square
		ok   bool
	}{
		{"3 4\n", othello.Square{Row: 2, Col: 3}, true},
		{" \t3\t 4 \r\n", othello.Square{Row: 2, Col: 3}, true},
		{"+3 04", othello.Square{Row: 2, Col: 3}, true},
		{"0 9\n", othello.Square{Row: -1, Col: 8}, true},
		{"3 4 5\n", othello.Square{}, false},
		{"3\n", othello.Square{}, false},
		{"d3\n", othello.Square{}, false},
		{"3 4x\n", othello.Square{}, false},
		{"3\v4\n", othello.Square{}, false},
		{"", othello.Square{}, false},
	} {
		t.Run(tt.line, func(t *testing.T) {
			got, ok := console.ReadMove(tt.line)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %v, %v, want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestKindOf tells lines of a program's output apart by how they start.
func TestKindOf(t *testing.T) {
	for _, tt := range []struct {
		line string
		want console.LineKind
	}{
		{"", console.NoLine},
		{"\n", console.NoLine},
		{"FULL\n", console.RulesLine},
		{"SIMPLE", console.RulesLine},
		{"B: 3 W: 1\n", console.ScoreLine},
		{". B W .\n", console.BoardLine},
		{"TURN B\n", console.TurnLine},
		{"VALID\n", console.ValidLine},
		{"INVALID\n", console.InvalidLine},
		{"WINNER: B\n", console.WinnerLine},
		{"W\n", console.BoardLine},
		{"valid\n", console.OtherLine},
	} {
		t.Run(tt.line, func(t *testing.T) {
			if got := console.KindOf(tt.line); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}

// TestReadBoard reads the board of an answer, the judge's or a
// program's.
func TestReadBoard(t *testing.T) {
	board := ". . . .\n. B W .\n. W B .\n. . . .\n"
	for _, tt := range []struct {
		name   string
		answer string
		board  bool
		turn   othello.Color
	}{
		{"the judge's", "VALID\nB: 2  W: 2\n" + board + "TURN: W\n", true, othello.White},
		{"the end", "VALID\nB: 2  W: 2\n" + board + "WINNER: NONE\n", true, othello.Empty},
		{"loose", "B:2 W:2\n" + board + "  TURN:  B \n", true, othello.Black},
		{"no score line", board + "TURN: W\n", false, othello.Empty},
		{"not a board", "B: 2  W: 2\n. . .\n. B W .\nTURN: W\n", false, othello.Empty},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, turn := console.ReadBoard(console.Lines([]byte(tt.answer)))
			if (b != nil) != tt.board || turn != tt.turn {
				t.Errorf("got board %v and %v, want a board %v and %v", b != nil, turn, tt.board, tt.turn)
			}
			if b != nil && b.String() != board {
				t.Errorf("got board\n%s, want\n%s", b, board)
			}
		})
	}
}

// TestAnswerSizes cuts the judge's output into the answers to each
// input line.
func TestAnswerSizes(t *testing.T) {
	setup := "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\n"
	for _, tt := range []struct {
		name, in string
		want     []int
	}{
		// Eight setup lines, the last answered by the first position (6
		// lines); INVALID; VALID and a position; a line after the end of
		// the input.
		{"a game", setup + "x\n2 4\n\n", []int{0, 0, 0, 0, 0, 0, 0, 6, 1, 7, 1}},
		{"fewer lines than the setup", setup, []int{0, 0, 0}},
		{"a bad setup", "4\n4\nX\n", []int{0, 0, 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			console.Judge(strings.NewReader(tt.in), &out, othello.Full{})
			if got := console.AnswerSizes(out.Bytes(), len(tt.want)); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
