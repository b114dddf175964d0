package search

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// TestWeightsFile checks that the embedded weights fit the patterns, and
// that a weights file reads back what was written and nothing else.
func TestWeightsFile(t *testing.T) {
	if learned() == nil {
		t.Fatalf("weights.bin: got no weights, want %d: retrain (make train)", WeightCount())
	}
	w := make([]int16, WeightCount())
	for i := range w {
		w[i] = int16(i*7919 - 1<<14)
	}
	file := EncodeWeights(w)
	got, err := DecodeWeights(file)
	if err != nil || !slices.Equal(got, w) {
		t.Errorf("DecodeWeights(EncodeWeights(w)): got %d weights, %v, want %d, nil", len(got), err, len(w))
	}
	for _, bad := range [][]byte{nil, file[:len(file)-1], append([]byte("x"), file[1:]...)} {
		if _, err := DecodeWeights(bad); !errors.Is(err, ErrWeights) {
			t.Errorf("DecodeWeights of %d bytes: got %v, want ErrWeights", len(bad), err)
		}
	}
}

// TestFeatureIndexes checks every feature index of random positions
// against a reading of the squares one by one: each within its
// pattern's configurations, the empty board reading the first.
func TestFeatureIndexes(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	idx := make([]int32, Features)
	for range 200 {
		p, o := randomPosition(rng)
		FeatureIndexes(p, o, othello.Moves8(p, o), idx)
		k := 0
		for i, pt := range patterns {
			for _, c := range pt.copies {
				want := 0
				for _, x := range c {
					cell := 0
					if p>>x&1 != 0 {
						cell = 1
					} else if o>>x&1 != 0 {
						cell = 2
					}
					want = 3*want + cell
				}
				if got := int(idx[k]) - offsets[i]; got != want {
					t.Fatalf("%#x, %#x: %s copy %v: got index %d, want %d", p, o, pt.name, c, got, want)
				}
				k++
			}
		}
		for _, i := range idx {
			if i < 0 || int(i) >= stageSize {
				t.Fatalf("got index %d, want one in [0, %d)", i, stageSize)
			}
		}
	}
}

// TestViewsPlay checks the views that play updates move by move against
// those read from the board, along random games from the start and
// from random positions, through passes.
func TestViewsPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 4))
	for game := range 400 {
		p, o := uint64(0x0000000810000000), uint64(0x0000001008000000)
		if game%2 == 1 {
			p, o = randomPosition(rng)
		}
		var v views
		v.read(p, o)
		for {
			moves := othello.Moves8(p, o)
			if moves == 0 {
				if othello.Moves8(o, p) == 0 {
					break
				}
				p, o, v = o, p, views{v[1], v[0]}
				continue
			}
			for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
				moves &= moves - 1
			}
			x := bits.TrailingZeros64(moves)
			f := othello.Flips8(p, o, x)
			var c views
			v.play(&c, x, f)
			p, o, v = o&^f, p|f|1<<x, c
			var want views
			want.read(p, o)
			for side := range v {
				for k := range v[side] {
					if v[side][k] != want[side][k] {
						t.Fatalf("%#x, %#x after %s: view %d, copy %d: got index %d, want %d", p, o, SquareName(x), side, k, v[side][k], want[side][k])
					}
				}
			}
		}
	}
}

// TestPatterns checks the copies of the patterns: as many as the
// symmetries make of each, and every square of the board in some
// pattern.
func TestPatterns(t *testing.T) {
	want := map[string]int{"edge+2x": 4, "corner3x3": 4, "corner2x5": 8, "row2": 4, "row3": 4, "row4": 4,
		"diag8": 2, "diag7": 4, "diag6": 4, "diag5": 4, "diag4": 4}
	var covered uint64
	for _, pt := range patterns {
		if got := len(pt.copies); got != want[pt.name] {
			t.Errorf("%s: got %d copies, want %d", pt.name, got, want[pt.name])
		}
		for _, c := range pt.copies {
			for _, x := range c {
				covered |= 1 << x
			}
		}
	}
	if covered != ^uint64(0) {
		t.Errorf("got squares %#x covered, want all", covered)
	}
}

// TestTiedSymmetric checks that weights equal where Tied ties them score
// a position and its images under the board's eight symmetries alike.
func TestTiedSymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 3))
	tied := Tied()
	w := make([]int16, WeightCount())
	free := make([]int16, stageSize)
	for i := range free {
		free[i] = int16(rng.IntN(200) - 100)
	}
	for st := range Stages {
		for i, k := range tied {
			w[st*stageSize+i] = free[k]
		}
	}
	image := func(b uint64, sym int) uint64 {
		var out uint64
		for x := range 64 {
			if b>>x&1 != 0 {
				out |= 1 << symmetry(x, sym)
			}
		}
		return out
	}
	for range 50 {
		p, o := randomPosition(rng)
		want := Evaluate(w, p, o, othello.Moves8(p, o))
		for sym := 1; sym < 8; sym++ {
			sp, so := image(p, sym), image(o, sym)
			if got := Evaluate(w, sp, so, othello.Moves8(sp, so)); got != want {
				t.Fatalf("%#x, %#x under symmetry %d: got %d, want %d", p, o, sym, got, want)
			}
		}
	}
}

// randomPosition returns the discs of a random position, each square
// empty, the player's or the opponent's alike.
func randomPosition(rng *rand.Rand) (p, o uint64) {
	for x := range 64 {
		switch rng.IntN(3) {
		case 1:
			p |= 1 << x
		case 2:
			o |= 1 << x
		}
	}
	return p, o
}
