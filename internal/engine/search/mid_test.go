package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// TestSearchToTheEnd checks the midgame search against the solver: at
// every depth its move is legal, and searched as deep as the empty
// squares it reaches the end of every line, so that its score is the
// exact one, under either win rule.
func TestSearchToTheEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	s := NewSolver(1 << 20)
	for _, fewest := range []bool{false, true} {
		t.Run(fmt.Sprintf("fewest=%v", fewest), func(t *testing.T) {
			for range 20 {
				p, o, ok := randomEnding(rng, 8)
				if !ok || othello.Moves8(p, o) == 0 {
					continue
				}
				for depth := 1; depth <= 8; depth++ {
					r := s.Search(p, o, fewest, depth)
					if !r.Exact || othello.Moves8(p, o)>>r.Move&1 == 0 {
						t.Fatalf("%#x, %#x, depth %d: got move %s, exact %v, want a legal move, true", p, o, depth, SquareName(r.Move), r.Exact)
					}
				}
				want := s.Solve(p, o, fewest).Score
				r := s.Search(p, o, fewest, 8)
				got := r.Score
				switch {
				case got >= Won:
					got = (got - Won) / 100
				case got <= -Won:
					got = (got + Won) / 100
				}
				if got != want {
					t.Errorf("%#x, %#x: searched to the end, got %d (%+d discs), want %+d", p, o, r.Score, got, want)
				}
			}
		})
	}
}
