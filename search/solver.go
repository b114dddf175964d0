package search

import (
	"math/bits"
	"sync/atomic"

	"github.com/othello-judge/judge/othello"
)

// Pass is the move of a player who has none and must pass; NoMove that of
// a game that is over.
const (
	Pass   = -1
	NoMove = -2
)

// A Solver solves 8x8 positions under the full rules: it finds the best
// move and the exact final margin of discs with best play by both sides.
// It keeps its table and its buffers from one position to the next, so
// that solving allocates nothing. A Solver is not safe for use by several
// goroutines at once.
type Solver struct {
	Table   *Table // shared by every search; NewSolver makes one of DefaultTableSize
	threads []*solver
	stop    atomic.Bool
}

// NewSolver returns a solver with a table of tableSize bytes
// (DefaultTableSize if 0) that searches on threads goroutines (at least
// one).
func NewSolver(tableSize, threads int) *Solver {
	s := &Solver{Table: NewTable(tableSize)}
	for range max(threads, 1) {
		s.threads = append(s.threads, &solver{table: s.Table, stop: &s.stop})
	}
	return s
}

// A Result is what a search found.
type Result struct {
	Move  int    // the best move, a square row*8+col; Pass or NoMove
	Score int    // its score for the player to move: the final margin of discs when Exact
	Exact bool   // whether Score is exact
	Nodes uint64 // the positions searched
}

// Stop makes the search under way return as soon as it can, its result
// void. It is safe to call from another goroutine.
func (s *Solver) Stop() { s.stop.Store(true) }

// Solve returns the best move of the player with discs p against discs o
// and its exact score: the final margin of discs, mine less the
// opponent's (theirs less mine when fewest, the win rule FewestDiscs),
// the empty squares going to the winner, both sides playing their best.
// Its Exact is false if Stop cut it short.
func (s *Solver) Solve(p, o uint64, fewest bool) Result {
	s.stop.Store(false)
	s.Table.NewSearch()
	t := s.threads[0]
	t.nodes = 0
	t.fewest = fewest
	t.kind = kindExact
	if fewest {
		t.kind |= kindFewest
	}
	r := t.root(p, o, -outside, outside)
	r.Nodes = t.nodes
	r.Exact = !s.stop.Load()
	return r
}

// root searches p, o within (alpha, beta) and returns its best move and
// score.
func (s *solver) root(p, o uint64, alpha, beta int) Result {
	empties := 64 - bits.OnesCount64(p|o)
	legal := othello.Moves8(p, o)
	if legal == 0 {
		if othello.Moves8(o, p) == 0 {
			return Result{Move: NoMove, Score: s.final(p, o)}
		}
		r := s.root(o, p, -beta, -alpha)
		return Result{Move: Pass, Score: -r.Score}
	}
	s.nodes++
	list, _, _ := s.order(p, o, legal, empties, noMove, outside)
	best := Result{Move: noMove, Score: -outside}
	for i := range list {
		pick(list, i)
		m := &list[i]
		childP, childO := o&^m.flips, p|m.flips|1<<m.x
		var v int
		if i == 0 {
			v = -s.child(childP, childO, empties-1, -beta, -alpha)
		} else {
			v = -s.child(childP, childO, empties-1, -alpha-1, -alpha)
			if v > alpha && v < beta {
				v = -s.child(childP, childO, empties-1, -beta, -v)
			}
		}
		if s.stop.Load() {
			break
		}
		if v > best.Score {
			best.Move, best.Score = m.x, v
			alpha = max(alpha, v)
			if v >= beta {
				break
			}
		}
	}
	return best
}
