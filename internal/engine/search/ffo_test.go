package search

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

var allFFO = flag.Bool("ffo", false, "solve every FFO position of 1 to 39, also the long ones (make ffo)")

// ffoDir holds the FFO test positions, beside the repository.
var ffoDir = filepath.Join("..", "..", "..", "..", "shared", "ffo")

// longFFO are the positions of 20 to 39 that take more than a second on
// one thread: solved only with -ffo.
var longFFO = map[int]bool{33: true, 34: true, 36: true, 37: true, 38: true}

// An ffoPosition is an FFO test position: its setup, and the moves of
// known score, best first, each a square as the solver names it.
type ffoPosition struct {
	setup othello.Setup
	Known []known
}

// A known is a move of an FFO position, a square row*8+col or Pass, and
// its exact score.
type known struct {
	Move  int
	Score int
}

// readFFO returns the positions of an FFO file, each with its number.
func readFFO(t testing.TB, name string, first int) (positions []ffoPosition, numbers []int) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(ffoDir, name))
	if err != nil {
		t.Skipf("no FFO positions: %v", err)
	}
	records, err := record.ParseOBF(string(text), othello.Full{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i, r := range records {
		pos := ffoPosition{setup: r.Setup}
		for _, k := range r.Known {
			move := Pass
			if !k.Pass {
				move = k.Square.Row*8 + k.Square.Col
			}
			pos.Known = append(pos.Known, known{Move: move, Score: k.Score})
		}
		positions, numbers = append(positions, pos), append(numbers, first+i)
	}
	return positions, numbers
}

// checkSolve solves pos with s and checks the score against the file's,
// and the move, when the file scores it, against the score.
func checkSolve(t *testing.T, s *Solver, pos ffoPosition) {
	t.Helper()
	p, o := discsOf(t, pos)
	r := s.Solve(p, o, false)
	if want := pos.Known[0].Score; r.Score != want || !r.Exact {
		t.Fatalf("got score %+d, exact %v, want %+d, true", r.Score, r.Exact, want)
	}
	for _, k := range pos.Known {
		if k.Move == r.Move && k.Score != r.Score {
			t.Errorf("got move %s, scoring %+d by the file, want a move scoring %+d", SquareName(r.Move), k.Score, r.Score)
		}
	}
}

// discsOf returns the discs of the player to move in pos and of the other.
func discsOf(t testing.TB, pos ffoPosition) (p, o uint64) {
	t.Helper()
	position, err := othello.NewPosition(othello.Full{}, &pos.setup.Board, pos.setup.First)
	if err != nil {
		t.Fatal(err)
	}
	p, o, _ = position.Bits8()
	return p, o
}

// SquareName returns a move of the solver as the tests write it: "a1"
// to "h8" (column, then row), "pa" for Pass, "--" for NoMove.
func SquareName(x int) string {
	switch {
	case x == Pass:
		return "pa"
	case x < 0 || x >= 64:
		return "--"
	}
	return othello.Square{Row: x / 8, Col: x % 8}.String()
}

// TestFFO solves the FFO positions 1 to 39 and checks each score, and
// that the move is one the file gives that score.
func TestFFO(t *testing.T) {
	s := NewSolver(0)
	for _, file := range []struct {
		name  string
		first int
	}{{"fforum-1-19.obf", 1}, {"fforum-20-39.obf", 20}} {
		positions, numbers := readFFO(t, file.name, file.first)
		for i, pos := range positions {
			n := numbers[i]
			t.Run(fmt.Sprintf("#%d", n), func(t *testing.T) {
				if longFFO[n] && !*allFFO {
					t.Skip("a long one: run with -ffo (make ffo)")
				}
				checkSolve(t, s, pos)
			})
		}
	}
}
