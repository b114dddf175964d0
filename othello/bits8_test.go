package othello

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMoves8 measures movesFull8 alone, the innermost loop of every
// 8x8 search, over each position of a few random games under the full
// rules. It reports the time a position as well as a pass over them all.
func BenchmarkMoves8(b *testing.B) {
	rng := rand.New(rand.NewPCG(8, 8))
	var positions [][2]uint64 // the discs of the player to move, then of the other
	for range 16 {
		p := startPosition(b, Full{}, 8, 8)
		for range 64 {
			moves := p.Legal().Squares()
			if len(moves) == 0 {
				if p.Pass() != nil {
					break
				}
				continue
			}
			if _, err := p.Play(moves[rng.IntN(len(moves))]); err != nil {
				b.Fatal(err)
			}
			mine, theirs := p.board.black, p.board.white
			if p.turn == White {
				mine, theirs = theirs, mine
			}
			positions = append(positions, [2]uint64{pack8(mine), pack8(theirs)})
		}
	}
	var sum uint64
	b.ResetTimer()
	for range b.N {
		for _, x := range positions {
			sum += movesFull8(x[0], x[1])
		}
	}
	if sum == 0 {
		b.Fatal("no moves in any position")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/position")
}
