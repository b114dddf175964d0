package search

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// naiveFull reports whether the line through square i along (dr, dc),
// both ways, is full.
func naiveFull(occupied uint64, i, dr, dc int) bool {
	for _, sign := range []int{1, -1} {
		for r, c := i/8+sign*dr, i%8+sign*dc; r >= 0 && r < 8 && c >= 0 && c < 8; r, c = r+sign*dr, c+sign*dc {
			if occupied>>(r*8+c)&1 == 0 {
				return false
			}
		}
	}
	return occupied>>i&1 != 0
}

func TestFullLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 20000 {
		occupied := rng.Uint64() | rng.Uint64() | rng.Uint64()
		if n%2 == 0 {
			occupied |= rng.Uint64() | rng.Uint64()
		}
		h, v, d7, d9 := fullLines(occupied)
		for i := range 64 {
			for _, line := range []struct {
				name   string
				got    uint64
				dr, dc int
			}{{"row", h, 0, 1}, {"column", v, 1, 0}, {"diagonal 7", d7, 1, -1}, {"diagonal 9", d9, 1, 1}} {
				if got, want := line.got>>i&1 != 0, naiveFull(occupied, i, line.dr, line.dc); got != want {
					t.Fatalf("occupied %#x, square %d: %s full: got %v, want %v", occupied, i, line.name, got, want)
				}
			}
		}
	}
}

// TestStable plays random games and, at each position, random games on
// from it: no disc that stable calls stable, of either player, is ever
// flipped.
func TestStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	found := 0
	for range 300 {
		p, o := uint64(0x0000000810000000), uint64(0x0000001008000000)
		for {
			for _, side := range [2][2]uint64{{p, o}, {o, p}} {
				st := stable(side[0], side[1], 64)
				found += bits.OnesCount64(st)
				for range 4 {
					if changed := playout(rng, p, o, st); changed != 0 {
						t.Fatalf("stable(%#x, %#x) = %#x, but %#x changed colour in a game played on", side[0], side[1], st, changed)
					}
				}
			}
			p, o = randomMove(rng, p, o)
			if p|o == ^uint64(0) || othello.Moves8(p, o)|othello.Moves8(o, p) == 0 {
				break
			}
		}
	}
	if found == 0 {
		t.Fatal("no stable disc found in any position")
	}
}

// randomMove returns the position after a random legal move of p, o, for
// the player to move next, or o, p after a pass.
func randomMove(rng *rand.Rand, p, o uint64) (uint64, uint64) {
	legal := othello.Moves8(p, o)
	if legal == 0 {
		return o, p
	}
	for range rng.IntN(bits.OnesCount64(legal)) {
		legal &= legal - 1
	}
	x := bits.TrailingZeros64(legal)
	f := othello.Flips8(p, o, x)
	return o &^ f, p | f | 1<<x
}

// playout plays p, o to the end at random and returns the discs of st
// that change colour on the way.
func playout(rng *rand.Rand, p, o, st uint64) uint64 {
	mine, theirs := st&p, st&o
	for moves := 0; othello.Moves8(p, o)|othello.Moves8(o, p) != 0; moves++ {
		p, o = randomMove(rng, p, o) // the sides swap at each move
		a, b := p, o                 // the discs of the colours of mine and theirs
		if moves%2 == 0 {
			a, b = o, p
		}
		if changed := mine&^a | theirs&^b; changed != 0 {
			return changed
		}
	}
	return 0
}
