package player

import (
	"math/rand/v2"
	"testing"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// afterMoves returns the position after the move list from the standard
// 8x8 start, under the full rules.
func afterMoves(t *testing.T, moves string) *othello.Position {
	t.Helper()
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	r, err := record.ParseMoveList(moves, setup)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g.Position()
}

// TestBookTop checks that the top levels and a CPU of no level play the
// best book move: after f5, d6 (0.8 discs for White over 88,517 games,
// against f6's -0.4 and f4's -12.7), every time, without searching.
func TestBookTop(t *testing.T) {
	p := afterMoves(t, "f5")
	for _, cpu := range []CPU{Level(9).CPU(), Perfect.CPU(), {Depth: 3, Budget: 7e9, Book: book.Standard()}} {
		t.Run(cpu.String(), func(t *testing.T) {
			for range 5 {
				r, err := cpu.Search(p, othello.MostDiscs)
				if err != nil {
					t.Fatal(err)
				}
				if r.Move.String() != "d6" || !r.Book || r.Nodes != 0 || r.Score != 80 {
					t.Fatalf("got %v (book %v, %d nodes, score %d), want d6 from the book, no node searched, score 80", r.Move, r.Book, r.Nodes, r.Score)
				}
			}
		})
	}
}

// TestBookVariety checks that the levels below the top vary their book
// moves, among the good ones only, and repeat them with the same seed.
func TestBookVariety(t *testing.T) {
	p := afterMoves(t, "f5")
	draws := func(seed uint64) ([]string, map[string]int) {
		cpu := Level(5).CPU()
		cpu.Rand = rand.New(rand.NewPCG(seed, 0))
		var seq []string
		count := make(map[string]int)
		for range 200 {
			sq, err := cpu.Move(p, othello.MostDiscs)
			if err != nil {
				t.Fatal(err)
			}
			seq = append(seq, sq.String())
			count[sq.String()]++
		}
		return seq, count
	}
	seq, count := draws(1)
	if len(count) != 2 || count["d6"] < count["f6"] || count["f6"] == 0 {
		t.Errorf("got %v in 200 moves, want d6 and f6, d6 more often, never f4", count)
	}
	again, _ := draws(1)
	other, _ := draws(2)
	if !equal(seq, again) {
		t.Errorf("the same seed: got %v, then %v", seq[:10], again[:10])
	}
	if equal(seq, other) {
		t.Errorf("seeds 1 and 2 drew the same 200 moves")
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBookNot checks where a CPU searches though it has a book: out of
// it, when the fewest discs win, and when it has none.
func TestBookNot(t *testing.T) {
	tests := []struct {
		name  string
		cpu   CPU
		moves string
		win   othello.WinRule
	}{
		{"out of the book", CPU{Depth: 1, Book: book.Standard()}, "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2", othello.MostDiscs}, // 30 moves: past the book,
		{"fewest discs", CPU{Depth: 1, Book: book.Standard()}, "f5", othello.FewestDiscs},
		{"no book", CPU{Depth: 1}, "f5", othello.MostDiscs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tt.cpu.Search(afterMoves(t, tt.moves), tt.win)
			if err != nil {
				t.Fatal(err)
			}
			if r.Book || r.Depth != 1 {
				t.Errorf("got book %v, depth %d, want a search of depth 1", r.Book, r.Depth)
			}
		})
	}
}
