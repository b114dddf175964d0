package player

import (
	"time"

	"github.com/othello-judge/judge/othello"
)

// Won is added to the score of a game the search has seen won, and taken
// from that of one seen lost, so that an end of the game counts more than
// any estimate.
const Won = 1 << 24

// Scores of the search are in hundredths of a disc; infinity bounds them
// all.
const (
	disc     = 100
	infinity = 1 << 30
)

// checkEvery is how many positions the search visits between looks at the
// clock.
const checkEvery = 1024

// An alphaBeta is one CPU search of a position on a board of any size
// under either rules, on othello.Position: negamax with alpha-beta
// pruning, one depth at a time. It holds what the search needs as it
// walks the tree. An 8x8 board under the full rules is searched by
// package search instead (cpu8.go).
type alphaBeta struct {
	eval     evaluator
	clock    clock
	deadline time.Time
	stop     <-chan struct{} // closed when to stop, as at the deadline; nil for never
	// stoppable says whether the deadline and stop may stop the search:
	// not in its first depth.
	stoppable bool
	nodes     int64
	stopped   bool            // the deadline passed: every score since is void
	moves     [][]orderedMove // a buffer of moves for each ply, reused
}

// An orderedMove is a move of a position, with the position after it and
// the key it is sorted by, lowest first.
type orderedMove struct {
	square othello.Square
	after  othello.Position
	key    int
}

// newAlphaBeta returns the search of positions of the game of p, won by
// win, that stops when clock passes deadline or stop is closed.
func newAlphaBeta(p *othello.Position, win othello.WinRule, clock clock, deadline time.Time, stop <-chan struct{}) *alphaBeta {
	return &alphaBeta{eval: newEvaluator(p, win), clock: clock, deadline: deadline, stop: stop}
}

// late reports whether the search must stop: it is stoppable, and the
// deadline has passed or stop is closed.
func (s *alphaBeta) late() bool {
	if !s.stoppable {
		return false
	}
	select {
	case <-s.stop:
		return true
	default:
		return s.clock.now().After(s.deadline)
	}
}

// margin turns the score of a finished game back into its margin of discs.
func margin(score int) int {
	switch {
	case score > 0:
		return (score - Won) / disc
	case score < 0:
		return (score + Won) / disc
	}
	return 0
}

// rootMoves returns the legal moves of p in the order to search them
// first.
func (s *alphaBeta) rootMoves(p *othello.Position, legal othello.SquareSet) []orderedMove {
	moves := s.order(p, legal, 0, true)
	return append([]orderedMove(nil), moves...)
}

// root searches each move of p depth plies deep, in the order given, and
// returns the index of the best and its score. done is false if the
// deadline cut the search short; best is then the best of the moves
// searched to the end, or -1 if not even the first one was.
func (s *alphaBeta) root(p *othello.Position, moves []orderedMove, depth int) (best, score int, done bool) {
	best, alpha := -1, -infinity
	for i := range moves {
		after := &moves[i].after
		var v int
		if i == 0 {
			v = -s.negamax(after, depth-1, 1, -infinity, -alpha)
		} else {
			v = -s.negamax(after, depth-1, 1, -alpha-1, -alpha)
			if v > alpha && !s.stopped {
				v = -s.negamax(after, depth-1, 1, -infinity, -alpha)
			}
		}
		if s.stopped {
			return best, alpha, false
		}
		if v > alpha {
			best, alpha = i, v
		}
	}
	return best, alpha, true
}

// negamax returns the score of p for the player to move, searched depth
// plies deep, within the window (alpha, beta): a score at or below alpha
// only says that p is no better, one at or above beta that it is no
// worse. A pass does not count as a ply, so a search as deep as the
// empty squares reaches the end of every line. ply is the distance from
// the root.
func (s *alphaBeta) negamax(p *othello.Position, depth, ply, alpha, beta int) int {
	s.nodes++
	if s.nodes%checkEvery == 0 && s.late() {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	legal := p.Legal()
	if legal.IsEmpty() {
		if p.LegalFor(p.Turn().Opponent()).IsEmpty() {
			return s.eval.final(p)
		}
		passed := *p
		passed.Pass()
		return -s.negamax(&passed, depth, ply, -beta, -alpha)
	}
	if depth <= 0 {
		return s.eval.score(p, legal)
	}
	moves := s.order(p, legal, ply, depth >= 3)
	best := -infinity
	for i := range moves {
		after := &moves[i].after
		var v int
		if i == 0 {
			v = -s.negamax(after, depth-1, ply+1, -beta, -alpha)
		} else {
			v = -s.negamax(after, depth-1, ply+1, -alpha-1, -alpha)
			if v > alpha && v < beta && !s.stopped {
				v = -s.negamax(after, depth-1, ply+1, -beta, -alpha)
			}
		}
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// order returns the legal moves of p with the positions after them, in
// the order to search them: best first by a quick look. With deep set,
// moves that leave the opponent the fewest replies come first, which
// prunes most; otherwise good squares come before bad ones. The slice is
// the buffer of ply and is reused by the next call at that ply.
func (s *alphaBeta) order(p *othello.Position, legal othello.SquareSet, ply int, deep bool) []orderedMove {
	for len(s.moves) <= ply {
		s.moves = append(s.moves, make([]orderedMove, 0, 32))
	}
	moves := s.moves[ply][:0]
	for rest := legal; ; {
		sq, ok := rest.Pop()
		if !ok {
			break
		}
		m := orderedMove{square: sq, after: *p}
		m.after.Play(sq)
		m.key = -s.eval.squareValue(sq)
		if deep {
			m.key += 8 * m.after.Legal().Len()
		}
		moves = append(moves, m)
	}
	// Insertion sort: the lists are short, and it keeps equal keys in
	// board order, so that the search is the same every time.
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && moves[j].key < moves[j-1].key; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	s.moves[ply] = moves
	return moves
}
