package check

import (
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

// mustScenario makes a full-rules scenario from a board and move lines.
func mustScenario(t *testing.T, board string, first othello.Color, moves ...othello.Square) *scenario.Scenario {
	t.Helper()
	b, err := othello.ParseBoard(board)
	if err != nil {
		t.Fatal(err)
	}
	s := &scenario.Scenario{Name: "test", Setup: othello.Setup{Rules: othello.Full{}, Board: *b, First: first, Win: othello.MostDiscs}}
	for _, m := range moves {
		s.Lines = append(s.Lines, scenario.Line{Text: scenario.MoveText(m), Kind: scenario.Move, Square: m, HasSquare: true})
	}
	return s
}

func sq(row, col int) othello.Square { return othello.Square{Row: row, Col: col} }

const board6x6 = `. . . . . .
. . . . . .
. . W B . .
. . B W . .
. . . . . .
. . . . . B
`

func TestCropAndWindow(t *testing.T) {
	s := mustScenario(t, board6x6, othello.Black, sq(1, 2))
	tests := []struct {
		name      string
		got       *scenario.Scenario
		wantBoard string // "" for nil
		wantMove  othello.Square
	}{
		{"rows 0 and 1 name the move", crop(s, 0, -1), "", sq(0, 0)},
		{"rows 4 and 5", crop(s, 4, -1), ". . . . . .\n. . . . . .\n. . W B . .\n. . B W . .\n", sq(1, 2)},
		{"columns 0 and 1", crop(s, -1, 0), ". . . .\n. . . .\nW B . .\nB W . .\n. . . .\n. . . B\n", sq(1, 0)},
		{"columns 4 and 5", crop(s, -1, 4), ". . . .\n. . . .\n. . W B\n. . B W\n. . . .\n. . . .\n", sq(1, 2)},
		{"window around the move", window(s), ". . . .\nW B . .\nB W . .\n. . . .\n", sq(0, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.wantBoard == "" {
				if tt.got != nil {
					t.Errorf("got board\n%s, want none", &tt.got.Board)
				}
				return
			}
			if tt.got == nil {
				t.Fatalf("got none, want board\n%s", tt.wantBoard)
			}
			if got := tt.got.Board.String(); got != tt.wantBoard {
				t.Errorf("got board\n%s, want\n%s", got, tt.wantBoard)
			}
			if l := tt.got.Lines[0]; l.Square != tt.wantMove || l.Text != scenario.MoveText(tt.wantMove) {
				t.Errorf("got move %v %q, want %v", l.Square, l.Text, tt.wantMove)
			}
		})
	}
	small := mustScenario(t, ". . . .\n. B W .\n. W B .\n. . . .\n", othello.Black)
	if c := crop(small, 0, -1); c != nil {
		t.Errorf("cropping a 4x4 board: got\n%s, want none", &c.Board)
	}
}

func TestRebase(t *testing.T) {
	s := mustScenario(t, ". . . .\n. W B .\n. B W .\n. . . .\n", othello.Black, sq(0, 1), sq(0, 0), sq(3, 3))
	c := rebase(s, 2)
	want := "W B . .\n. W B .\n. B W .\n. . . .\n" // B took b1, then W took a1
	if got := c.Board.String(); got != want || c.First != othello.Black || len(c.Lines) != 1 || c.Lines[0].Square != sq(3, 3) {
		t.Errorf("got board\n%s, %v first, %d lines; want\n%s, B first, the last line", got, c.First, len(c.Lines), want)
	}
}

func TestWrongLine(t *testing.T) {
	s := mustScenario(t, ". . . .\n. W B .\n. B W .\n. . . .\n", othello.Black, sq(0, 1), sq(0, 0), sq(3, 3))
	s.Lines = append(s.Lines[:1], append([]scenario.Line{{Text: "x", Kind: scenario.Letters}}, s.Lines[1:]...)...)
	tr := s.Transcript() // FULL, turn (6 lines), VALID + turn, INVALID, VALID + turn, ...
	tests := []struct {
		line int // the first differing output line
		want int // the index in s.Lines of the line it answers
	}{
		{1, -1}, {2, -1}, {7, -1}, {8, 0}, {14, 0}, {15, 1}, {16, 2}, {22, 2}, {23, 3}, {0, 3},
	}
	for _, tt := range tests {
		if got := wrongLine(s, tr, &Difference{Line: tt.line}); got != tt.want {
			t.Errorf("output line %d: got input line %d, want %d", tt.line, got, tt.want)
		}
	}
}

// TestShrinkSearch shrinks against a made-up program that fails whenever
// a move lands on the board's last row, and checks that a 16x16 game comes
// down to one move on a 4x4 board, no input run twice.
func TestShrinkSearch(t *testing.T) {
	tries := 0
	seen := map[string]bool{}
	try := func(s *scenario.Scenario) (scenario.Transcript, *Difference) {
		tries++
		if in := string(s.Input()); seen[in] {
			t.Errorf("the same input run twice:\n%s", in)
		} else {
			seen[in] = true
		}
		tr := s.Transcript()
		g, _ := s.NewGame()
		for _, l := range s.Lines {
			if !l.HasSquare {
				continue
			}
			if _, err := g.Play(l.Square); err == nil && l.Square.Row == s.Board.Rows()-1 {
				return tr, &Difference{way: way{want: "game", got: "game"}}
			}
		}
		return tr, nil
	}
	gen := scenario.Generator{Rules: othello.Full{}, Rows: 16, Cols: 16, BadRate: 0.2}
	for i := range 5 {
		s := gen.Scenario(1, i)
		tr, f := try(s)
		if f == nil {
			continue
		}
		sh := &shrinker{try: try, budget: &budget{runs: shrinkRuns, limited: shrinkLimitedRuns, deadline: time.Now().Add(time.Minute)}}
		tries, seen = 0, map[string]bool{}
		got, _, _ := sh.shrink(s, tr, f)
		t.Logf("%s: %v to %v in %d tries", s.Name, s.Size(), got.Size(), tries)
		if got.Board.Rows() != 4 || got.Board.Cols() != 4 || len(got.Lines) != 1 || !strings.HasPrefix(got.Lines[0].Text, "4 ") {
			t.Errorf("%s: got\n%s, want one move on the last row of a 4x4 board", s.Name, got.Input())
		}
	}
}
