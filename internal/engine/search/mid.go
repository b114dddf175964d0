package search

import (
	"math/bits"

	"github.com/othello-judge/judge/othello"
)

// Scores of the midgame search are in hundredths of a disc. A game seen
// to its end scores Won more than its margin for a win, Won less for a
// loss, beyond any estimate.
const (
	Won      = 10000
	infinity = 30000
)

// Weights of the evaluation, in hundredths of a disc: those of the
// general computer player (package player), on bitboards.
const (
	mobilityWeight = 80  // a legal move more than the opponent has
	cornerWeight   = 800 // a corner
	xWeight        = 400 // a square diagonally next to an empty corner
	cWeight        = 150 // a square beside an empty corner on an edge
	edgeWeight     = 30  // any other square on an edge
	parityWeight   = 100 // the last move, near the end
)

// cornerAreas are, for each corner, the square diagonally next to it and
// the two beside it on the edges; edgeSquares the rest of the edges.
var cornerAreas = [4][3]uint64{
	{1 << 0, 1 << 9, 1<<1 | 1<<8},
	{1 << 7, 1 << 14, 1<<6 | 1<<15},
	{1 << 56, 1 << 49, 1<<57 | 1<<48},
	{1 << 63, 1 << 54, 1<<62 | 1<<55},
}

const edgeSquares = 0x3c0081818181003c

// Search returns the best move of the player with discs p against discs
// o found by a search depth plies deep (depth >= 1), and its score in
// hundredths of a disc (see Won): alpha-beta with the table, the moves in
// the order the solver tries them. Its Exact is false if Stop cut it
// short: its move is then the best of those searched, or NoMove. What
// searches to a depth store in the table serves the searches after them
// until the next Table.NewSearch, so that deepening one ply at a time,
// each search starts with the best moves of the one before.
func (s *Solver) Search(p, o uint64, fewest bool, depth int) Result {
	s.arm()
	kind := uint64(0)
	if fewest {
		kind = kindFewest
	}
	t := s.start(kind, fewest, 1) // the midgame search is on one thread
	t.midCut = !s.FullWidth && t.weights != nil
	r := t.midRoot(p, o, max(depth, 1))
	r.Nodes = t.nodes
	r.Exact = !s.stop.Load()
	return r
}

// midRoot searches each move of p, o depth plies deep.
func (s *thread) midRoot(p, o uint64, depth int) Result {
	legal := othello.Moves8(p, o)
	if legal == 0 {
		if othello.Moves8(o, p) == 0 {
			return Result{Move: NoMove, Score: s.midFinal(p, o)}
		}
		r := s.midRoot(o, p, depth)
		return Result{Move: Pass, Score: -r.Score, Exact: r.Exact}
	}
	s.nodes++
	hashMove := noMove
	if b, ok := s.table.probe(p, o, s.kind); ok {
		hashMove = b.move
	}
	empties := 64 - bits.OnesCount64(p|o)
	list, _, _ := s.order(p, o, legal, empties, hashMove, infinity)
	best := Result{Move: NoMove, Score: -infinity}
	var root, child views
	if s.weights != nil {
		root.read(p, o)
	}
	for i := range list {
		pick(list, i)
		m := &list[i]
		childP, childO := o&^m.flips, p|m.flips|1<<m.x
		if s.weights != nil {
			root.play(&child, m.x, m.flips)
		}
		var v int
		if i == 0 {
			v = -s.mid(childP, childO, &child, depth-1, -infinity, infinity, false)
		} else {
			v = -s.mid(childP, childO, &child, depth-1, -best.Score-1, -best.Score, false)
			if v > best.Score {
				v = -s.mid(childP, childO, &child, depth-1, -infinity, -v, false)
			}
		}
		if s.stop.Load() {
			break
		}
		if v > best.Score {
			best.Move, best.Score = m.x, v
		}
	}
	if !s.stop.Load() {
		s.table.store(p, o, s.kind, bound{lower: best.Score, upper: best.Score, move: best.Move, depth: depth})
	}
	return best
}

// mid returns the score of p, o searched depth plies deep, within the
// window (alpha, beta), as deep does for the end of the game. A pass is
// not a ply. vs are the views of p, o, updated move by move, as
// sortSearch does: on FFO #40-#44 on one thread, 1.1% less time than
// reading the board at each leaf, and 7% more nodes a second in the
// midgame search (BenchmarkSearch).
func (s *thread) mid(p, o uint64, vs *views, depth, alpha, beta int, passed bool) int {
	s.nodes++
	if s.aborted() {
		return 0
	}
	legal := othello.Moves8(p, o)
	if legal == 0 {
		if passed {
			return s.midFinal(p, o)
		}
		swapped := views{vs[1], vs[0]} // the opponent moves: the views swap
		return -s.mid(o, p, &swapped, depth, -beta, -alpha, true)
	}
	if depth == 0 {
		return s.evalView(p, o, legal, &vs[0])
	}
	if depth == 1 && s.midCut {
		// Not in Solve's shallow searches: FFO #40-#49 took 0.2% more
		// nodes so, in as much time.
		return s.unsorted(p, o, legal, vs, 1, alpha, beta)
	}
	hashMove := noMove
	if depth >= 2 {
		if b, ok := s.table.probe(p, o, s.kind); ok {
			if v, ok := b.cut(alpha, beta); ok && b.depth >= depth {
				return v
			}
			hashMove = b.move
		}
	}
	empties := 64 - bits.OnesCount64(p|o)
	if s.midCut && depth >= midCutFrom && depth < empties && beta-alpha == 1 {
		if v, ok := s.midProbCut(p, o, vs, depth, empties, alpha, beta); ok {
			return v
		}
	}
	list, _, _ := s.order(p, o, legal, empties, hashMove, infinity)
	if s.midCut && depth >= midSortFrom {
		s.midKeys(p, o, vs, list, depth)
	}
	best, bestMove, lower := -infinity, noMove, alpha
	var child views
	for i := range list {
		pick(list, i)
		m := &list[i]
		childP, childO := o&^m.flips, p|m.flips|1<<m.x
		if s.weights != nil {
			vs.play(&child, m.x, m.flips)
		}
		var v int
		if i == 0 || beta-lower == 1 {
			v = -s.mid(childP, childO, &child, depth-1, -beta, -lower, false)
		} else {
			v = -s.mid(childP, childO, &child, depth-1, -lower-1, -lower, false)
			if v > lower && v < beta {
				v = -s.mid(childP, childO, &child, depth-1, -beta, -v, false)
			}
		}
		if v > best {
			best, bestMove = v, m.x
			if v >= beta {
				break
			}
			lower = max(lower, v)
		}
	}
	if depth >= 2 && !s.stop.Load() {
		s.table.store(p, o, s.kind, boundOf(best, alpha, beta, infinity, bestMove, depth, false))
	}
	return best
}

// midSortFrom is the fewest plies from its leaves at which the midgame
// search of Search (midCut: not Solve's shallow searches, whose nodes
// FFO's measures count) orders the moves of a node by a shallow search
// after each (midKeys), as Edax and Egaroucid order theirs. (On 30
// positions at 30 to 49 empty squares searched to depths 1 to 13: from
// 5, 8% less time than none; from 4, 7%; from 3, 7% more.)
const midSortFrom = 5

// midKeys adds to the key of each move of list, from p, o, viewed as vs,
// with the node depth plies from its leaves, the score for the opponent
// of a search after it (sortSearch): 0 plies deep (the evaluation) 5 to
// 7 plies from the leaves, 1 from 8, 2 from 11, 3 from 14. A disc of it
// weighs as much as two replies of the opponent's. The hash move and a
// wipeout stay first.
func (s *thread) midKeys(p, o uint64, vs *views, list []move, depth int) {
	d := min(max((depth-midSortFrom)/3, 0), 3)
	var child views
	for i := range list {
		m := &list[i]
		if m.key == wipeoutKey || m.key == hashMoveKey {
			continue
		}
		vs.play(&child, m.x, m.flips)
		childP, childO := o&^m.flips, p|m.flips|1<<m.x
		v := s.sortSearch(childP, childO, othello.Moves8(childP, childO), &child, d, -infinity, infinity)
		m.key += 2 * (1 << 15) * v / 100
	}
}

// midFinal returns the score of the game over in p, o in the units of
// the midgame search.
func (s *thread) midFinal(p, o uint64) int {
	switch m := s.final(p, o); {
	case m > 0:
		return Won + 100*m
	case m < 0:
		return -Won + 100*m
	}
	return 0
}

// eval estimates p, o for the player to move, whose legal moves are
// legal: by the learned weights (eval.go) if the thread has them, and
// else by handEval.
func (s *thread) eval(p, o, legal uint64) int {
	if s.weights != nil {
		return Evaluate(s.weights, p, o, legal)
	}
	return s.handEval(p, o, legal)
}

// evalView is eval of a position whose player to move views it as v
// (views).
func (s *thread) evalView(p, o, legal uint64, v *view) int {
	if s.weights != nil {
		return evaluateView(s.weights, v, p, o, legal)
	}
	return s.handEval(p, o, legal)
}

// handEval estimates p, o for the player to move, whose legal moves are
// legal, as package player's evaluation does: mobility, good under either
// win rule, and corners, the squares that give corners away, edges and,
// near the end, discs and who moves last, good under MostDiscs and bad
// under FewestDiscs.
func (s *thread) handEval(p, o, legal uint64) int {
	mobility := bits.OnesCount64(legal) - bits.OnesCount64(othello.Moves8(o, p))
	v := cornerWeight * (bits.OnesCount64(p&corners) - bits.OnesCount64(o&corners))
	v += edgeWeight * (bits.OnesCount64(p&edgeSquares) - bits.OnesCount64(o&edgeSquares))
	for _, a := range cornerAreas {
		if (p|o)&a[0] != 0 {
			continue
		}
		v -= xWeight * (bits.OnesCount64(p&a[1]) - bits.OnesCount64(o&a[1]))
		v -= cWeight * (bits.OnesCount64(p&a[2]) - bits.OnesCount64(o&a[2]))
	}
	if empties := 64 - bits.OnesCount64(p|o); 3*empties <= 64 {
		v += 100 * (bits.OnesCount64(p) - bits.OnesCount64(o))
		if empties%2 == 1 {
			v += parityWeight
		} else {
			v -= parityWeight
		}
	}
	if s.fewest {
		v = -v
	}
	return mobilityWeight*mobility + v
}
