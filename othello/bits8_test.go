package othello

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMoves8 measures Moves8 alone, the innermost loop of every
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
			sum += Moves8(x[0], x[1])
		}
	}
	if sum == 0 {
		b.Fatal("no moves in any position")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/position")
}

// BenchmarkFlips8 measures Flips8 on random dense 8x8 boards, reporting
// the time a flip.
func BenchmarkFlips8(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	type flip struct {
		p, o uint64
		i    int
	}
	var flips []flip
	for len(flips) < 1000 {
		a, x := rng.Uint64(), rng.Uint64()
		p, o := a&x, a&^x
		if i := rng.IntN(64); (p|o)>>i&1 == 0 {
			flips = append(flips, flip{p, o, i})
		}
	}
	var sum uint64
	b.ResetTimer()
	for range b.N {
		for _, f := range flips {
			sum += Flips8(f.p, f.o, f.i)
		}
	}
	if sum == 0 {
		b.Fatal("nothing flipped")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(flips)), "ns/flip")
}
