package search

import (
	"fmt"
	"testing"
)

// TestThreadsAgree solves FFO positions on one thread and on two (which
// share the moves of positions of 14 or more empty squares): the scores
// must be the same, and so must the score of each thread's move.
func TestThreadsAgree(t *testing.T) {
	one, two := NewSolver(16<<20), NewSolver(16<<20)
	two.Threads = 2
	positions, numbers := readFFO(t, "fforum-20-39.obf", 20)
	for i, pos := range positions[:6] {
		t.Run(fmt.Sprintf("#%d", numbers[i]), func(t *testing.T) {
			p, o := discsOf(t, pos)
			r1, r2 := one.Solve(p, o, false), two.Solve(p, o, false)
			if r1.Score != r2.Score || !r2.Exact {
				t.Fatalf("got score %+d, exact %v on two threads, want %+d, true as on one", r2.Score, r2.Exact, r1.Score)
			}
			if r2.Nodes == 0 {
				t.Errorf("got no nodes counted on two threads")
			}
			for _, k := range pos.Known {
				if k.Move == r2.Move && k.Score != r2.Score {
					t.Errorf("got move %s, scoring %+d by the file, want one scoring %+d", SquareName(r2.Move), k.Score, r2.Score)
				}
			}
		})
	}
}
