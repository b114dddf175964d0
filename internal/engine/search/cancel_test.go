package search

import (
	"math/rand/v2"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// TestCancel checks that a closed Cancel stops a solve and a search to a
// depth, their results not exact, and that a solver with no Cancel
// searches to the end again.
func TestCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	p, o, ok := randomEnding(rng, 22)
	for !ok || othello.Moves8(p, o) == 0 {
		p, o, ok = randomEnding(rng, 22)
	}
	cancel := make(chan struct{})
	close(cancel)
	s := NewSolver(1 << 20)
	s.Cancel = cancel
	if r := s.Solve(p, o, false); r.Exact {
		t.Errorf("Solve with Cancel closed: got exact, want it stopped")
	}
	if r := s.Search(p, o, false, 12); r.Exact {
		t.Errorf("Search with Cancel closed: got exact, want it stopped")
	}
	s.Cancel = nil
	if r := s.Search(p, o, false, 2); !r.Exact {
		t.Errorf("Search with no Cancel: got it stopped, want exact")
	}
}

// TestPV checks the principal variation of a solve: it starts with the
// move found, every move of it is legal (or a pass where there is none),
// and it goes to the end of the game: past the table's last positions,
// the solver solves them again (tableFrom).
func TestPV(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	s := NewSolver(1 << 20)
	for range 5 {
		p, o, ok := randomEnding(rng, 14)
		if !ok || othello.Moves8(p, o) == 0 {
			continue
		}
		r := s.Solve(p, o, false)
		pv := s.PV(p, o, false, true, r.Move)
		if len(pv) < 2 || pv[0] != r.Move {
			t.Fatalf("%#x, %#x: got PV %v, want %s first and more after it", p, o, pv, SquareName(r.Move))
		}
		for i, x := range pv {
			legal := othello.Moves8(p, o)
			switch {
			case x == Pass && legal == 0:
				p, o = o, p
			case x >= 0 && legal>>x&1 != 0:
				flips := othello.Flips8(p, o, x)
				p, o = o&^flips, p|flips|1<<x
			default:
				t.Fatalf("PV %v: move %d, %s, is not legal", pv, i, SquareName(x))
			}
		}
		if othello.Moves8(p, o)|othello.Moves8(o, p) != 0 {
			t.Errorf("PV %v: got a game going on at its end, want it over", pv)
		}
	}
}
