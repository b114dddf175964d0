package search

import (
	"math/rand/v2"
	"testing"
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
