package search

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// refScore returns the exact score of p, o for the player to move by
// walking the tree: every line to its end, with no table, no order and no
// bound but alpha-beta's (pruning only with prune set), as FFO counts.
func refScore(p, o uint64, fewest bool, alpha, beta int, prune bool) int {
	moves := othello.Moves8(p, o)
	if moves == 0 {
		if othello.Moves8(o, p) == 0 {
			m := bits.OnesCount64(p) - bits.OnesCount64(o)
			if fewest {
				m = -m
			}
			e := 64 - bits.OnesCount64(p|o)
			switch {
			case m > 0:
				return m + e
			case m < 0:
				return m - e
			}
			return 0
		}
		return -refScore(o, p, fewest, -beta, -alpha, prune)
	}
	best := -100
	for ; moves != 0; moves &= moves - 1 {
		x := bits.TrailingZeros64(moves)
		f := othello.Flips8(p, o, x)
		v := -refScore(o&^f, p|f|1<<x, fewest, -beta, -max(alpha, best), prune)
		best = max(best, v)
		if prune && best >= beta {
			break
		}
	}
	return best
}

// randomEnding returns a position with empties empty squares reached by
// random moves from the start, and true, or false if the game ended
// first.
func randomEnding(rng *rand.Rand, empties int) (p, o uint64, ok bool) {
	p, o = 0x0000000810000000, 0x0000001008000000 // black to move on the standard start
	for 64-bits.OnesCount64(p|o) > empties {
		moves := othello.Moves8(p, o)
		if moves == 0 {
			if othello.Moves8(o, p) == 0 {
				return 0, 0, false
			}
			p, o = o, p
			continue
		}
		for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
			moves &= moves - 1
		}
		x := bits.TrailingZeros64(moves)
		f := othello.Flips8(p, o, x)
		p, o = o&^f, p|f|1<<x
	}
	return p, o, true
}

// TestSolveMatchesTheWholeTree checks the solver against refScore on
// random endings of 6 to 16 empty squares under both win rules: the
// score, and that the move gets it. Up to 10 empty squares the reference
// walks the whole tree; beyond, it prunes with alpha-beta, which is exact
// and still shares nothing with the solver but the move generation.
func TestSolveMatchesTheWholeTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	s := NewSolver(1 << 20)
	for _, fewest := range []bool{false, true} {
		for empties := 6; empties <= 16; empties++ {
			t.Run(fmt.Sprintf("fewest=%v/empties=%d", fewest, empties), func(t *testing.T) {
				n := 12
				switch {
				case empties > 14:
					n = 2 // some seconds each
				case empties > 10:
					n = 6
				}
				for range n {
					p, o, ok := randomEnding(rng, empties)
					if !ok {
						continue
					}
					want := refScore(p, o, fewest, -100, 100, empties > 10)
					r := s.Solve(p, o, fewest)
					if r.Score != want || !r.Exact {
						t.Fatalf("%#x, %#x: got score %+d, exact %v, want %+d, true", p, o, r.Score, r.Exact, want)
					}
					var after int
					switch {
					case r.Move == Pass:
						after = -refScore(o, p, fewest, -100, 100, true)
					case r.Move >= 0:
						f := othello.Flips8(p, o, r.Move)
						after = -refScore(o&^f, p|f|1<<r.Move, fewest, -100, 100, true)
					default:
						after = refScore(p, o, fewest, -100, 100, true)
					}
					if after != want {
						t.Errorf("%#x, %#x: move %s gets %+d, want the best, %+d", p, o, SquareName(r.Move), after, want)
					}
				}
			})
		}
	}
}

// TestEvalSortExact checks that sorting the moves by shallow searches of
// the evaluation (evalKeys) keeps the score exact under both win rules.
// On random endings of evalSortFrom+1 empty squares, whose searches sort
// so the moves of each position after a move, the score of Solve must be
// the best of its moves' scores, each solved from its own root, which
// searches every move whatever their order, with no such sorting below.
// (Dropping the last sorted move in deep makes it fail.)
func TestEvalSortExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	s := NewSolver(1 << 20)
	for _, fewest := range []bool{false, true} {
		t.Run(fmt.Sprintf("fewest=%v", fewest), func(t *testing.T) {
			for range 2 {
				p, o, ok := randomEnding(rng, evalSortFrom+1)
				if !ok || othello.Moves8(p, o) == 0 {
					continue
				}
				r := s.Solve(p, o, fewest)
				want := -outside
				for moves := othello.Moves8(p, o); moves != 0; moves &= moves - 1 {
					x := bits.TrailingZeros64(moves)
					f := othello.Flips8(p, o, x)
					want = max(want, -s.Solve(o&^f, p|f|1<<x, fewest).Score)
				}
				if r.Score != want || !r.Exact {
					t.Errorf("%#x, %#x: got score %+d, exact %v, want %+d, true", p, o, r.Score, r.Exact, want)
				}
			}
		})
	}
}

// TestSquareGroups checks that the groups the last moves are tried by
// hold every square once, so that no move is missed: each a symmetric set
// (the same under the board's eight symmetries).
func TestSquareGroups(t *testing.T) {
	var all uint64
	for i, g := range squareGroups {
		if all&g != 0 {
			t.Errorf("group %d: squares %#x already in an earlier group", i, all&g)
		}
		all |= g
		var flipped, mirrored, transposed uint64
		for x := range 64 {
			if g>>x&1 != 0 {
				flipped |= 1 << (x ^ 56)
				mirrored |= 1 << (x ^ 7)
				transposed |= 1 << (x%8*8 + x/8)
			}
		}
		if flipped != g || mirrored != g || transposed != g {
			t.Errorf("group %d: got %#x, %#x, %#x under flips, want %#x", i, flipped, mirrored, transposed, g)
		}
	}
	if all != ^uint64(0) {
		t.Errorf("got squares %#x, want all", all)
	}
}

// TestLastFlips checks lastFlips against othello.Flips8 on random boards
// with one empty square, every square in turn, the player's discs a
// half, a quarter and three quarters of the board.
func TestLastFlips(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	for x := range 64 {
		for i := range 3000 {
			p := rng.Uint64()
			switch i % 3 {
			case 1:
				p &= rng.Uint64()
			case 2:
				p |= rng.Uint64()
			}
			p &^= 1 << x
			o := ^p &^ (1 << x)
			if got, want := lastFlips(p, x), bits.OnesCount64(othello.Flips8(p, o, x)); got != want {
				t.Fatalf("%#x on %s: got %d flips, want %d", p, SquareName(x), got, want)
			}
		}
	}
}

// TestRegion checks that region names the quadrant that holds each
// square.
func TestRegion(t *testing.T) {
	for x := range 64 {
		if q := region(x); q < 0 || q >= len(quadrants) || quadrants[q]>>x&1 == 0 {
			t.Errorf("region(%s): got %d, want the quadrant that holds it", SquareName(x), q)
		}
	}
}

// TestParityPassedDown checks the parity that shallow passes down: after
// a move on x, the regions of odd parity are those before it with x's
// region changed.
func TestParityPassedDown(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 2))
	for range 1000 {
		e := rng.Uint64() & rng.Uint64()
		for set := e; set != 0; set &= set - 1 {
			x := bits.TrailingZeros64(set)
			if got, want := parity(e)^quadrants[region(x)], parity(e&^(1<<x)); got != want {
				t.Fatalf("%#x less %s: got parity %#x, want %#x", e, SquareName(x), got, want)
			}
		}
	}
}

// minimax returns the score of p, o searched depth plies deep by s's
// evaluation, every line walked: the reference for sortSearch.
func minimax(s *thread, p, o uint64, depth int) int {
	legal := othello.Moves8(p, o)
	if legal == 0 {
		if othello.Moves8(o, p) == 0 {
			return s.midFinal(p, o)
		}
		return -minimax(s, o, p, depth)
	}
	if depth == 0 {
		return s.eval(p, o, legal)
	}
	best := -infinity
	for ; legal != 0; legal &= legal - 1 {
		x := bits.TrailingZeros64(legal)
		f := othello.Flips8(p, o, x)
		best = max(best, -minimax(s, o&^f, p|f|1<<x, depth-1))
	}
	return best
}

// TestSortSearch checks the shallow searches that sort the moves far from
// the end against minimax, 0 to 3 plies deep, on positions from the
// opening to the end of the game (where they meet passes and games over),
// under both win rules.
func TestSortSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 4))
	for _, fewest := range []bool{false, true} {
		s := NewSolver(1<<16).start(kindExact, fewest, 1)
		for _, empties := range []int{50, 30, 12, 4} {
			for range 10 {
				p, o, ok := randomEnding(rng, empties)
				if !ok {
					continue
				}
				for depth := range 4 {
					want := minimax(s, p, o, depth)
					var vs views
					vs.read(p, o)
					if got := s.sortSearch(p, o, othello.Moves8(p, o), &vs, depth, -infinity, infinity); got != want {
						t.Errorf("fewest %v, %#x, %#x, depth %d: got %d, want %d", fewest, p, o, depth, got, want)
					}
				}
			}
		}
	}
}

// TestIsolated checks isolated against the squares counted one by one:
// an empty square none of whose eight neighbours on the board is empty.
func TestIsolated(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 1))
	for range 1000 {
		e := rng.Uint64() & rng.Uint64() & rng.Uint64()
		var want uint64
		for x := range 64 {
			if e>>x&1 == 0 {
				continue
			}
			alone := true
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					r, c := x/8+dr, x%8+dc
					if (dr != 0 || dc != 0) && r >= 0 && r < 8 && c >= 0 && c < 8 && e>>(r*8+c)&1 != 0 {
						alone = false
					}
				}
			}
			if alone {
				want |= 1 << x
			}
		}
		if got := isolated(e); got != want {
			t.Fatalf("isolated(%#x): got %#x, want %#x", e, got, want)
		}
	}
}
