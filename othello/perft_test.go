package othello

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// published are the perft counts of 8x8 Othello under the full rules from
// the standard start, depths 1 to 12.
var published = []uint64{4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800, 1939886636}

func startPosition(t testing.TB, r Rules, rows, cols int) *Position {
	b, err := NewStartBoard(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPosition(r, b, Black)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPerftPublished(t *testing.T) {
	p := startPosition(t, Full{}, 8, 8)
	for depth := 1; depth <= 9; depth++ {
		if got, want := p.Perft(depth), published[depth-1]; got != want {
			t.Errorf("perft %d: got %d, want %d", depth, got, want)
		}
	}
}

// TestPerftPaths counts 8x8 trees under the full rules both ways: on one
// uint64 a colour, and through Rules as every other size is. Besides the
// start, it counts from random positions, where passes and ends come early.
func TestPerftPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	positions := []*Position{startPosition(t, Full{}, 8, 8)}
	for range 30 {
		p := startPosition(t, Full{}, 8, 8)
		for range 20 + rng.IntN(40) {
			moves := p.Legal().Squares()
			if len(moves) == 0 {
				if p.Pass() != nil {
					break
				}
				continue
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
		positions = append(positions, p)
	}
	for i, p := range positions {
		for depth := 1; depth <= 5; depth++ {
			if fast, slow := p.Perft(depth), p.perft(depth); fast != slow {
				t.Fatalf("position %d, %v to move:\n%vperft %d: got %d on uint64, %d through Rules", i, p.turn, p.Board(), depth, fast, slow)
			}
		}
	}
}

func TestPerftEdges(t *testing.T) {
	p := startPosition(t, Simple{}, 4, 4)
	tests := []struct {
		p     *Position
		depth int
		want  uint64
	}{
		{nil, 3, 0},
		{&Position{}, 3, 0},
		{p, 0, 1},
		{p, -5, 1},
		{p, 1, uint64(p.Legal().Len())},
	}
	for _, tt := range tests {
		if got := tt.p.Perft(tt.depth); got != tt.want {
			t.Errorf("Perft(%d) of %v: got %d, want %d", tt.depth, tt.p, got, tt.want)
		}
	}
}

// BenchmarkPerft counts 8x8 under the full rules to depth 8, and 16x16
// under both rule sets to depth 4.
func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		rules       Rules
		size, depth int
	}{{Full{}, 8, 8}, {Full{}, 16, 4}, {Simple{}, 16, 4}} {
		p := startPosition(b, bc.rules, bc.size, bc.size)
		b.Run(fmt.Sprintf("%s/%dx%d/depth%d", bc.rules.Name(), bc.size, bc.size, bc.depth), func(b *testing.B) {
			var leaves uint64
			for range b.N {
				leaves += p.Perft(bc.depth)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}
