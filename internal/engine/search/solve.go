package search

import (
	"math/bits"
	"sync/atomic"
	"time"

	"github.com/othello-judge/judge/othello"
)

// Scores of the endgame solver are final margins of discs: mine less the
// opponent's under MostDiscs, theirs less mine under FewestDiscs, the
// empty squares going to the winner, as FFO counts.
const (
	maxScore = 64
	// outside is beyond every score: the bounds of a full window.
	outside = maxScore + 1
)

// The depths, in empty squares, at which the solver changes its ways.
const (
	// sortFrom is the fewest empty squares at which a position's moves
	// are sorted by the opponent's replies (deep); below, they are tried
	// by the parity of their region, the empty squares scanned directly
	// without generating moves (shallow). From 8, as Edax's shallow
	// search, rather than 7: on FFO #40-#44, 15% more nodes in 2% less
	// time; on #40-#59, with the stable discs below, 20% more nodes in 4%
	// less time.
	sortFrom = 8
	// tableFrom is the fewest empty squares at which a position goes
	// through the shared table (Table); below, from sortFrom, it goes
	// through its thread's local table (localTable). Probing the shared
	// table costs a miss of the processor's cache most of the time: on
	// FFO #40-#44, searching 6 empty squares shallow and probing from 8,
	// not 6, took 23% less time for 25% more nodes.
	tableFrom = 11
	// evalSortFrom is the fewest empty squares at which the moves are
	// also sorted by a shallow search of the evaluation after each
	// (evalKeys): the opponent's replies alone order the moves of a large
	// tree poorly. On FFO #40-#49 on one thread it saved 70% of the
	// nodes, the shallow searches' counted, and 66% of the time; from 16
	// it saved more nodes but less time, from 20 less of both. After the
	// selective search (probcut.go) on #40-#44: from 16, 1.3% fewer
	// nodes in no less time; from 20, 47% more nodes. With those searches
	// a ply deeper (evalKeys), from 16 rather than 18: 12.5% fewer nodes
	// on #40-#49 in 2% to 5% more time, 15% fewer on #20-#39 in 3% less;
	// from 14, 15% fewer on #40-#49 in 26% more time.
	evalSortFrom = 16
	// etcFrom is the fewest empty squares at which the table is asked
	// about every move before the first is searched (enhanced
	// transposition cutoffs). After the selective search, on #40-#44:
	// from 8, 1.6% fewer nodes in 14% more time; from 12, 2% more nodes.
	etcFrom = 10
)

// stabilityFrom[n] is the lowest alpha at which a search with n empty
// squares counts stable discs to see whether it can beat alpha at all;
// below, it rarely could not. These are Edax's NWS_STABILITY_THRESHOLD.
// Counting from 8 below them saved 3% of the nodes of FFO #40-#44 while
// the moves were sorted from 7 empty squares; from 8 (sortFrom), it
// saved 6% of the nodes in 1.5% more time.
var stabilityFrom = [65]int{
	99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30,
	32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
	56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
}

// quadrants are the four 4x4 corners of the board: the regions whose
// parity orders the last moves, an odd region first.
var quadrants = [4]uint64{0x0f0f0f0f, 0xf0f0f0f0, 0x0f0f0f0f00000000, 0xf0f0f0f000000000}

// squareGroups are the squares in the order that the last moves are
// tried in, within a region's parity: corners first, squares beside a
// corner on an edge and diagonally next to one last, as they most often
// give a corner away.
var squareGroups = [...]uint64{
	0x8100000000000081, // corners
	0x3c3cffffffff3c3c, // the rest
	0x4281000000008142, // beside a corner on an edge
	0x0042000000004200, // diagonally next to a corner
}

// A thread is the search of one of a Solver's goroutines: its counts,
// and what it shares with the other threads.
type thread struct {
	table  *Table
	kind   uint64       // kindExact, with kindFewest under FewestDiscs
	fewest bool         // the win rule is FewestDiscs
	stop   *atomic.Bool // set when the search must give up; its scores are then void
	nodes  uint64
	// level is the ProbCut level of an exact search (probcut.go):
	// noProbCut for none, and its scores are then exact.
	level int
	// midCut is whether the midgame search cuts by ProbCut
	// (midProbCut): in Search, with the learned evaluation, unless the
	// Solver is FullWidth; never in Solve's searches.
	midCut bool
	moves  [65][64]move // a list of moves for each number of empty squares
	local  localTable   // the positions of the last moves (localtable.go)
	// weights are the learned evaluation's for the midgame search, nil
	// for the hand-written one, which FewestDiscs always takes (the
	// learned one knows only MostDiscs). The searches keep the views of
	// their positions (views) only for the learned one.
	weights []int16

	// For the threads searching together (parallel.go):
	deadline time.Time        // when to stop, zero for never
	cancel   <-chan struct{}  // closed when to stop, nil for never
	clockAt  uint64           // the nodes after which aborted reads the clock again
	pool     *pool            // nil for a search on one thread
	sp       *splitPoint      // the split point the thread works for, nil at the top
	splits   [65]splitPoint   // the split points it may make, one for each number of empty squares
	mailbox  chan *splitPoint // where an idle thread is given work
	waitsFor *splitPoint      // while idle, the split point whose helpers it may help; nil for any
}

// A move is a legal move, its flips, and the key that sorts it: the lower
// the sooner it is searched.
type move struct {
	flips uint64
	x     int
	key   int
}

// corners are the four corners of the board.
const corners = 0x8100000000000081

// final returns the score of the game over in p, o for the player to move.
func (s *thread) final(p, o uint64) int {
	n := bits.OnesCount64(p) - bits.OnesCount64(o)
	if s.fewest {
		n = -n
	}
	e := 64 - bits.OnesCount64(p|o)
	switch {
	case n > 0:
		return n + e
	case n < 0:
		return n - e
	}
	return 0
}

// full returns the score of a full board on which the player to move has
// mine discs.
func (s *thread) full(mine int) int {
	if s.fewest {
		return 64 - 2*mine
	}
	return 2*mine - 64
}

// stabilityCut returns a score at most alpha and true when the stable
// discs show that p, o cannot score above alpha: under MostDiscs the
// opponent's stable discs stay theirs, under FewestDiscs the player's
// stay the player's. It asks stable for no more discs than make the cut.
func (s *thread) stabilityCut(p, o uint64, empties, alpha int) (int, bool) {
	if alpha < stabilityFrom[empties] {
		return 0, false
	}
	x, y := o, p // the discs that stay, and the others
	if s.fewest {
		x, y = p, o
	}
	// Only discs of x can be stable: too few of them, and the count
	// cannot cut.
	if 64-2*bits.OnesCount64(x) > alpha {
		return 0, false
	}
	if most := 64 - 2*bits.OnesCount64(stable(x, y, (65-alpha)/2)); most <= alpha {
		return most, true
	}
	return 0, false
}

// search returns the score of p, o with empties empty squares (those of
// e) within the window (alpha, beta): a score at or below alpha says only
// that the position is no better, one at or above beta that it is no
// worse.
func (s *thread) search(p, o uint64, empties, alpha, beta int) int {
	if empties < sortFrom {
		e := ^(p | o)
		return s.shallow(p, o, e, parity(e), empties, alpha, beta, false)
	}
	return s.deep(p, o, empties, alpha, beta, false)
}

// last1 returns the score of p, o with one empty square, x: by the
// number of discs that the move there flips (lastFlips), not which. It
// is one node: the full board after the move is scored, not searched,
// as Edax and Egaroucid count. (The solver used to count that board as
// a node too: FFO #40-#44 took 80.3 million nodes that way, 63.5
// million this way.)
func (s *thread) last1(p, o uint64, x int) int {
	s.nodes++
	if n := lastFlips(p, x); n != 0 {
		return s.full(bits.OnesCount64(p) + n + 1)
	}
	if n := lastFlips(o, x); n != 0 {
		return s.full(bits.OnesCount64(p) - n)
	}
	return s.final(p, o)
}

// last2 returns the score of p, o with two empty squares, x1 and x2,
// within (alpha, beta): x1 tried first. passed says the opponent has just
// passed.
func (s *thread) last2(p, o uint64, x1, x2, alpha, beta int, passed bool) int {
	s.nodes++
	best := -outside
	if f := othello.Flips8(p, o, x1); f != 0 {
		best = -s.last1(o&^f, p|f|1<<x1, x2)
		if best >= beta {
			return best
		}
	}
	if f := othello.Flips8(p, o, x2); f != 0 {
		best = max(best, -s.last1(o&^f, p|f|1<<x2, x1))
	}
	if best == -outside {
		if passed {
			return s.final(p, o)
		}
		return -s.last2(o, p, x1, x2, -beta, -alpha, true)
	}
	return best
}

// last3 returns the score of p, o with three empty squares, those of e,
// within (alpha, beta): a square alone in its region first (a region with
// an odd number of empty squares), as shallow does. passed says the
// opponent has just passed.
func (s *thread) last3(p, o, e uint64, alpha, beta int, passed bool) int {
	s.nodes++
	x1 := bits.TrailingZeros64(e)
	e &= e - 1
	x2 := bits.TrailingZeros64(e)
	x3 := bits.TrailingZeros64(e & (e - 1))
	// Two squares in one region leave the third alone in its own: it goes
	// first. The other two keep their order.
	switch q1, q2, q3 := region(x1), region(x2), region(x3); {
	case q1 == q3 && q1 != q2:
		x1, x2 = x2, x1
	case q1 == q2 && q1 != q3:
		x1, x2, x3 = x3, x1, x2
	}
	best := -outside
	if f := othello.Flips8(p, o, x1); f != 0 {
		best = -s.last2(o&^f, p|f|1<<x1, x2, x3, -beta, -alpha, false)
		if best >= beta {
			return best
		}
	}
	if f := othello.Flips8(p, o, x2); f != 0 {
		v := -s.last2(o&^f, p|f|1<<x2, x1, x3, -beta, -max(alpha, best), false)
		if v > best {
			best = v
			if v >= beta {
				return v
			}
		}
	}
	if f := othello.Flips8(p, o, x3); f != 0 {
		best = max(best, -s.last2(o&^f, p|f|1<<x3, x1, x2, -beta, -max(alpha, best), false))
	}
	if best == -outside {
		if passed {
			return s.final(p, o)
		}
		return -s.last3(o, p, 1<<x1|1<<x2|1<<x3, -beta, -alpha, true)
	}
	return best
}

// parity returns the quadrants that hold an odd number of the squares
// of e.
func parity(e uint64) uint64 {
	var odd uint64
	for _, q := range quadrants {
		if bits.OnesCount64(e&q)&1 != 0 {
			odd |= q
		}
	}
	return odd
}

// region returns the quadrant of square x, 0 to 3, as quadrants lists
// them.
func region(x int) int {
	return x>>4&2 | x>>2&1
}

// shallow is search near the end of the game: no table, and no list of
// moves; each legal move, among the empty squares of e, is tried (the
// legal moves found at once rather than by each square's flips: 1% less
// time on FFO #40-#44), holes first (isolated:
// empty squares with no empty neighbour, as Egaroucid's last moves take
// them; on FFO #40-#49 6.5% fewer nodes, #20-#39 8%), then those in
// regions with an odd number of empty squares (the regions of odd,
// parity(e), passed down as each move changes one), each kind in the
// order of squareGroups: four parts (holes in odd regions, the other
// holes, the rest in odd regions, the rest), an empty part skipped and
// the groups of a part left once its squares are all tried, which took
// 1.7% less time than the ten kinds tried one by one on 3000 random
// endings of 9 empty squares, on FFO #40-#44 0.2% (2.533 to 2.528 s, the
// same nodes). With three empty squares or fewer it is last3,
// last2 or last1, which take them in turn without the loops. passed says
// the opponent has just passed.
func (s *thread) shallow(p, o, e, odd uint64, empties, alpha, beta int, passed bool) int {
	switch empties {
	case 1:
		return s.last1(p, o, bits.TrailingZeros64(e))
	case 2:
		x := bits.TrailingZeros64(e)
		return s.last2(p, o, x, bits.TrailingZeros64(e&(e-1)), alpha, beta, false)
	case 3:
		return s.last3(p, o, e, alpha, beta, false)
	}
	s.nodes++
	if v, ok := s.stabilityCut(p, o, empties, alpha); ok {
		return v
	}
	best := -outside
	legal := othello.Moves8(p, o)
	holes := isolated(e)
	rest := e &^ holes & legal
	holes &= legal
	for k, part := range [4]uint64{holes & odd, holes &^ odd, rest & odd, rest &^ odd} {
		for g := 0; part != 0; g++ {
			set := part
			if k >= 2 {
				set &= squareGroups[g]
			}
			part &^= set
			for set != 0 {
				x := bits.TrailingZeros64(set)
				set &= set - 1
				f := othello.Flips8(p, o, x)
				v := -s.shallow(o&^f, p|f|1<<x, e&^(1<<x), odd^quadrants[region(x)], empties-1, -beta, -max(alpha, best), false)
				if v >= beta {
					return v
				}
				best = max(best, v)
			}
		}
	}
	if best == -outside {
		if passed {
			return s.final(p, o)
		}
		return -s.shallow(o, p, e, odd, empties, -beta, -alpha, true)
	}
	return best
}

// deep is search with a table (the local one below tableFrom), moves
// sorted by the opponent's replies (fastest first) and, from
// evalSortFrom, by a shallow search (evalKeys), and principal
// variation search: with a window wider than a point, the first move is
// searched with it, and the others with the null window above alpha,
// again with the whole window only if they beat it. A lone move is
// searched without sorting, as Edax does (0.5% less time on FFO
// #40-#44).
func (s *thread) deep(p, o uint64, empties, alpha, beta int, passed bool) int {
	s.nodes++
	if s.aborted() {
		return 0
	}
	if v, ok := s.stabilityCut(p, o, empties, alpha); ok {
		return v
	}
	hashMove := noMove
	if b, ok := s.probe(p, o, empties); ok {
		if b.level >= s.level {
			if v, ok := b.cut(alpha, beta); ok {
				return v
			}
			alpha, beta = max(alpha, b.lower), min(beta, b.upper)
		}
		hashMove = b.move
	}
	if s.level < noProbCut && beta-alpha == 1 && empties >= probCutFrom {
		if v, ok := s.probCut(p, o, empties, alpha, beta); ok {
			return v
		}
	}
	legal := othello.Moves8(p, o)
	if legal == 0 {
		if passed {
			return s.final(p, o)
		}
		return -s.deep(o, p, empties, -beta, -alpha, true)
	}
	var best, bestMove int
	if legal&(legal-1) == 0 {
		x := bits.TrailingZeros64(legal)
		f := othello.Flips8(p, o, x)
		best, bestMove = -s.child(o&^f, p|f|1<<x, empties-1, -beta, -alpha), x
	} else {
		list, cut, v := s.order(p, o, legal, empties, hashMove, beta)
		if cut {
			return v
		}
		best, bestMove = s.searchMoves(p, o, list, empties, alpha, beta)
	}
	if s.aborted() {
		return 0
	}
	b := boundOf(best, alpha, beta, maxScore, bestMove, empties, true)
	b.level = s.level
	s.store(p, o, empties, b)
	return best
}

// searchMoves searches the moves of list, sorted as it goes, from p, o
// with empties empty squares, within (alpha, beta), and returns the best
// score and its move: the first move with the whole window, the others
// with the null window above the best so far, again with the whole window
// only if they beat it. Once the first is searched, the others may be
// shared with idle threads (split, when shouldSplit says so). The keys
// of order are completed by evalKeys, after the hash move, first, has
// failed to cut, as Egaroucid does (on FFO #40-#49 0.3% fewer nodes, and
// 4% less time).
func (s *thread) searchMoves(p, o uint64, list []move, empties, alpha, beta int) (best, bestMove int) {
	best, bestMove = -outside, noMove
	pick(list, 0)
	lazy := list[0].key == hashMoveKey || list[0].key == wipeoutKey
	if !lazy {
		s.evalKeys(p, o, list, empties)
	}
	for i := range list {
		if i == 1 && lazy {
			s.evalKeys(p, o, list[1:], empties)
		}
		if i > 0 && s.shouldSplit(empties, max(alpha, best), beta) {
			return s.split(p, o, list[i:], empties, max(alpha, best), beta, best, bestMove)
		}
		pick(list, i)
		m := &list[i]
		v := s.try(p, o, m, empties, max(alpha, best), beta, i == 0)
		if s.aborted() {
			return best, bestMove
		}
		if v > best {
			best, bestMove = v, m.x
			if v >= beta {
				break
			}
		}
	}
	return best, bestMove
}

// try returns the score of move m of p, o within (alpha, beta): with the
// whole window if first, else the null window above alpha first.
func (s *thread) try(p, o uint64, m *move, empties, alpha, beta int, first bool) int {
	childP, childO := o&^m.flips, p|m.flips|1<<m.x
	if first || beta-alpha == 1 {
		return -s.child(childP, childO, empties-1, -beta, -alpha)
	}
	v := -s.child(childP, childO, empties-1, -alpha-1, -alpha)
	if v > alpha && v < beta {
		v = -s.child(childP, childO, empties-1, -beta, -v)
	}
	return v
}

// child searches the position after a move, with empties empty squares.
func (s *thread) child(p, o uint64, empties, alpha, beta int) int {
	if empties < sortFrom {
		e := ^(p | o)
		return s.shallow(p, o, e, parity(e), empties, alpha, beta, false)
	}
	return s.deep(p, o, empties, alpha, beta, false)
}

// order lists the legal moves of p, o, with their keys: a move that
// takes all the opponent's discs first, then the hash move, then the
// moves that leave the opponent the fewest replies (corners counting
// twice), ties broken by the fewest empty squares next to the player's
// discs, the most discs of the player stable by a corner, a hole
// (isolated; half as much as a disc stable by a corner: on FFO
// #40-#49 1% fewer nodes, #20-#39 1.5%), the worth of the square
// (squareValue), and a region of odd parity. Below tableFrom, where
// Egaroucid too sorts by the replies and the parity alone, the empty
// squares and the stable discs are left out: on FFO #40-#44, 2.5% less
// time, 2.6% more nodes. With enough empty
// squares and a beta that a score can reach (not the midgame search's)
// it asks the table about each move, and cut says that one is known to
// reach beta, with score v. The table's entries of the positions after
// the moves, most often in no cache of the processor, are fetched as the
// moves are listed (Table.prefetch) and read once the keys are made, by
// when they have arrived: on FFO #40-#44 on one thread, 14% less time
// than asking the table as each move was listed.
func (s *thread) order(p, o, legal uint64, empties, hashMove, beta int) (list []move, cut bool, v int) {
	list = s.moves[empties][:0]
	for legal != 0 {
		x := bits.TrailingZeros64(legal)
		legal &= legal - 1
		f := othello.Flips8(p, o, x)
		if empties > tableFrom {
			s.table.prefetch(o&^f, p|f|1<<x)
		}
		list = append(list, move{flips: f, x: x})
	}
	odd := parity(^(p | o))
	holes := isolated(^(p | o))
	for i := range list {
		m := &list[i]
		x, f := m.x, m.flips
		childP, childO := o&^f, p|f|1<<x
		key := 0
		switch {
		case childP == 0:
			key = wipeoutKey
		case x == hashMove:
			key = hashMoveKey
		default:
			replies := othello.Moves8(childP, childO)
			key = 1<<15*(bits.OnesCount64(replies)+bits.OnesCount64(replies&corners)) - int(squareValue[x])
			if empties >= tableFrom {
				pot := potential(childP, childO)
				key += 1<<5*(bits.OnesCount64(pot)+bits.OnesCount64(pot&corners)) -
					1<<11*cornerStability(childO)
			}
			if odd>>x&1 != 0 {
				key -= 4
			}
			if holes>>x&1 != 0 {
				key -= 1 << 10
			}
		}
		m.key = key
	}
	if empties >= etcFrom && beta <= maxScore {
		for _, m := range list {
			if b, ok := s.probe(o&^m.flips, p|m.flips|1<<m.x, empties-1); ok && -b.upper >= beta && b.level >= s.level {
				return nil, true, -b.upper
			}
		}
	}
	return list, false, 0
}

// The keys of the moves that order sorts first, before any other.
const (
	wipeoutKey  = -1 << 30 // a move that takes all the opponent's discs
	hashMoveKey = -1 << 29 // the table's best move
)

// evalKeys adds to the key of each move of list from p, o, with empties
// empty squares, the score for the opponent of a shallow search after it
// (sortSearch), deeper the more empty squares (1 ply below 18, 2 from
// 18, 3 from 22, 5 from 26, 6 from 30): a disc of it weighs as much as a
// reply of the opponent's. (A ply less below 26: FFO #40-#49 took 8%
// more nodes in 2% less time, #20-#39 1.5% more nodes in 7% less time.
// Four plies, not five, from 26: #51 and #52 took 6% more nodes and 15%
// more time. The larger the position, the more the deeper searches
// save.) From fewer than evalSortFrom empty squares, and for a wipeout
// or the hash move, the keys stay as order made them.
func (s *thread) evalKeys(p, o uint64, list []move, empties int) {
	if empties < evalSortFrom {
		return
	}
	depth := min((empties-10)/4, 5)
	if empties >= 26 {
		depth++
	}
	var root, child views
	if s.weights != nil {
		root.read(p, o)
	}
	for i := range list {
		m := &list[i]
		if m.key == wipeoutKey || m.key == hashMoveKey {
			continue
		}
		childP, childO := o&^m.flips, p|m.flips|1<<m.x
		if s.weights != nil {
			root.play(&child, m.x, m.flips)
		}
		v := s.sortSearch(childP, childO, othello.Moves8(childP, childO), &child, depth, -infinity, infinity)
		m.key += 1 << 15 * v / 100
	}
}

// sortSearch returns the score of p, o, whose legal moves are legal,
// searched depth plies deep within (alpha, beta), in the midgame search's
// hundredths of a disc: plain alpha-beta, the moves in the order of their
// squares, without the table, as its trees are small. A pass is not a ply.
// vs are the views of p, o (views), which each move updates for the next
// position (views.play): on FFO #40-#44 on one thread, 4.4% less time
// than reading the board at each leaf (Evaluate).
func (s *thread) sortSearch(p, o, legal uint64, vs *views, depth, alpha, beta int) int {
	s.nodes++
	if legal == 0 {
		replies := othello.Moves8(o, p)
		if replies == 0 {
			return s.midFinal(p, o)
		}
		swapped := views{vs[1], vs[0]} // the opponent moves: the views swap
		return -s.sortSearch(o, p, replies, &swapped, depth, -beta, -alpha)
	}
	if depth == 0 {
		return s.evalView(p, o, legal, &vs[0])
	}
	return s.unsorted(p, o, legal, vs, depth, alpha, beta)
}

// unsorted returns the score of p, o, whose player to move has legal
// moves legal and views it as vs, searched depth plies deep (1 or
// more) within the window (alpha, beta), as sortSearch does, without
// counting the node of p, o (its caller counted it): the moves in the
// order of their squares, neither sorted nor looked up in the table.
// One ply from the leaves, only the view of each position that the
// evaluation reads is made (playLeaf), as Edax's and Egaroucid's
// shallowest searches do; the midgame search calls it there too (mid).
// (With the midgame search's sorting and table one ply from its leaves,
// 60 positions at 32 to 48 empty squares took 1.6 to 1.9 times as long
// to search to depth 12.)
func (s *thread) unsorted(p, o, legal uint64, vs *views, depth, alpha, beta int) int {
	best := -infinity
	var child views
	for legal != 0 {
		x := bits.TrailingZeros64(legal)
		legal &= legal - 1
		f := othello.Flips8(p, o, x)
		childP, childO := o&^f, p|f|1<<x
		replies := othello.Moves8(childP, childO)
		var v int
		if depth == 1 && replies != 0 && s.weights != nil {
			s.nodes++
			vs.playLeaf(&child[0], x, f)
			v = -evaluateView(s.weights, &child[0], childP, childO, replies)
		} else {
			if s.weights != nil {
				vs.play(&child, x, f)
			}
			v = -s.sortSearch(childP, childO, replies, &child, depth-1, -beta, -max(alpha, best))
		}
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// potential returns the empty squares next to discs of o: where p may
// one day move, o playing on.
func potential(p, o uint64) uint64 {
	return neighbours(o) &^ (p | o)
}

// isolated returns the squares of e with no square of e next to them, in
// any of the eight directions: holes, where a move most often leaves the
// opponent no reply there.
func isolated(e uint64) uint64 {
	return e &^ neighbours(e)
}

// neighbours returns the squares next to those of x, in any of the eight
// directions.
func neighbours(x uint64) uint64 {
	right := x &^ 0x8080808080808080 // those with a square to their right
	left := x &^ 0x0101010101010101
	return x<<8 | x>>8 | right<<1 | right<<9 | right>>7 | left>>1 | left>>9 | left<<7
}

// pick moves the move of lowest key among list[i:] to list[i]: a
// selection sort done as the search goes, since a cut often comes before
// the list is through.
func pick(list []move, i int) {
	k := i
	for j := i + 1; j < len(list); j++ {
		if list[j].key < list[k].key {
			k = j
		}
	}
	list[i], list[k] = list[k], list[i]
}

// squareValue is a rough worth of each square, to break ties.
var squareValue = [64]int8{
	18, 4, 16, 12, 12, 16, 4, 18,
	4, 2, 6, 8, 8, 6, 2, 4,
	16, 6, 14, 10, 10, 14, 6, 16,
	12, 8, 10, 0, 0, 10, 8, 12,
	12, 8, 10, 0, 0, 10, 8, 12,
	16, 6, 14, 10, 10, 14, 6, 16,
	4, 2, 6, 8, 8, 6, 2, 4,
	18, 4, 16, 12, 12, 16, 4, 18,
}

// cornerStability returns the discs of x in a corner or beside one of
// its own on an edge: discs that can never be flipped.
func cornerStability(x uint64) int {
	c := x & corners
	s := c | (c<<1&0x0200000000000002|c>>1&0x4000000000000040|c<<8&0x0000000000008100|c>>8&0x0081000000000000)&x
	return bits.OnesCount64(s)
}
