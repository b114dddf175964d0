package othello

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMoves8 measures Moves8 alone, the innermost loop of every
// 8x8 search, over each position of a few random games under the full
// rules, and its plain Go body (go) beside it. It reports the time a
// position as well as a pass over them all.
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
	b.Run("Moves8", func(b *testing.B) {
		var sum uint64
		for range b.N {
			for _, x := range positions {
				sum += Moves8(x[0], x[1])
			}
		}
		reportKernel(b, sum, len(positions), "ns/position")
	})
	b.Run("go", func(b *testing.B) {
		var sum uint64
		for range b.N {
			for _, x := range positions {
				sum += moves8Go(x[0], x[1])
			}
		}
		reportKernel(b, sum, len(positions), "ns/position")
	})
}

// reportKernel fails b if a kernel found nothing in a pass of n calls
// (sum is what they returned, added), and reports the time a call.
func reportKernel(b *testing.B, sum uint64, n int, unit string) {
	b.ReportAllocs()
	if sum == 0 {
		b.Fatal("nothing found")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), unit)
}

// BenchmarkFlips8 measures Flips8 on random dense 8x8 boards, and its
// plain Go body (go) beside it, reporting the time a flip.
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
	b.Run("Flips8", func(b *testing.B) {
		var sum uint64
		for range b.N {
			for _, f := range flips {
				sum += Flips8(f.p, f.o, f.i)
			}
		}
		reportKernel(b, sum, len(flips), "ns/flip")
	})
	b.Run("go", func(b *testing.B) {
		var sum uint64
		for range b.N {
			for _, f := range flips {
				sum += flips8Go(f.p, f.o, f.i)
			}
		}
		reportKernel(b, sum, len(flips), "ns/flip")
	})
}

// TestKernels8 checks the AVX2 kernels against the Go ones on random
// boards of every density.
func TestKernels8(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2 kernels here")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 1000000 {
		a, x := rng.Uint64(), rng.Uint64()
		switch n % 3 { // half the squares taken, or three in eight, or three in four
		case 1:
			a &= rng.Uint64() | rng.Uint64()
		case 2:
			a |= rng.Uint64()
		}
		p, o := a&x, a&^x
		if got, want := moves8AVX2(p, o), moves8Go(p, o); got != want {
			t.Fatalf("moves of %#x against %#x: got %#x, want %#x", p, o, got, want)
		}
		i := rng.IntN(64)
		p, o = p&^(1<<i), o&^(1<<i)
		if got, want := flips8AVX2(p, o, i), flips8Go(p, o, i); got != want {
			t.Fatalf("flips of %#x against %#x at %d: got %#x, want %#x", p, o, i, got, want)
		}
	}
}

// FuzzKernels8 is TestKernels8 for as long as make fuzz runs it: a board
// (discs a, of which those also in x are the player's) and a square.
func FuzzKernels8(f *testing.F) {
	if !haveAVX2 {
		f.Skip("no AVX2 kernels here")
	}
	f.Add(uint64(0x0000001818000000), uint64(0x0000000810000000), uint8(19))
	f.Add(^uint64(0), uint64(0x8142241818244281), uint8(0))
	f.Fuzz(func(t *testing.T, a, x uint64, i uint8) {
		p, o := a&x, a&^x
		if got, want := moves8AVX2(p, o), moves8Go(p, o); got != want {
			t.Fatalf("moves of %#x against %#x: got %#x, want %#x", p, o, got, want)
		}
		sq := int(i % 64)
		p, o = p&^(1<<sq), o&^(1<<sq)
		if got, want := flips8AVX2(p, o, sq), flips8Go(p, o, sq); got != want {
			t.Fatalf("flips of %#x against %#x at %d: got %#x, want %#x", p, o, sq, got, want)
		}
	})
}
