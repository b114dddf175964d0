package player

import (
	"math"
	"strconv"
	"time"

	"github.com/othello-judge/judge/othello"
)

// solveFrom is the most empty squares at which a CPU that has proved a win
// or a loss searches on, to find by how much.
const solveFrom = 20

// DefaultBudget is how long a CPU with no Budget thinks about a move.
const DefaultBudget = 500 * time.Millisecond

// NoLimit is a Budget without limit: a CPU with it and no Depth solves
// every position exactly, however long it takes.
const NoLimit = time.Duration(math.MaxInt64)

// A CPU searches the game tree for its move: negamax with alpha-beta
// pruning, deepening one ply at a time until its budget is spent or the
// search reaches the end of the game on every line, when it has solved
// the position exactly. See Search.
type CPU struct {
	Depth   int           // the deepest search, in plies; 0 for as deep as the budget allows
	Budget  time.Duration // the most time a move may take; 0 for DefaultBudget, NoLimit for none
	Threads int           // the goroutines searching an 8x8 board; 0 for one a CPU

	clock func() time.Time // time.Now, or a test's clock
}

// Name returns "cpu", or "cpu:N" for a CPU that searches N plies deep at
// most.
func (c CPU) Name() string {
	if c.Depth > 0 {
		return "cpu:" + strconv.Itoa(c.Depth)
	}
	return "cpu"
}

// Move returns the move that Search finds.
func (c CPU) Move(p *othello.Position, win othello.WinRule) (othello.Square, error) {
	r, err := c.Search(p, win)
	return r.Move, err
}

// A Result is what a search found, and what it took.
type Result struct {
	Move   othello.Square // the best move found
	Depth  int            // the plies of the deepest search completed: 0 for the only move, or if the budget ended the first
	Forced bool           // whether Move was the only legal move, so that nothing was searched
	Pass   bool           // whether the player to move has no legal move and passes (Analyze)
	Over   bool           // whether the game is over: there is no move, and Score is exact (Analyze)
	Exact  bool           // whether the search reached the end of the game on every line
	// Score is the value of Move for the player to move. When Exact, it
	// is the final margin of discs under the win rule, as the FFO test
	// positions count it: mine less the opponent's with MostDiscs, theirs
	// less mine with FewestDiscs, each side playing its best, and the
	// empty squares of the final board going to the winner. Otherwise it
	// is an estimate in hundredths of a disc, positive when the player to
	// move stands better, and at least Won (at most -Won) when the search
	// has proved a win (a loss).
	Score int
	Nodes int64         // the positions searched
	Time  time.Duration // how long the search took
}

// Search looks for the best move for the player to move in p, in a game
// won by win. It deepens one ply at a time, each search ordered by the one
// before, and stops when the next would likely not end within the budget,
// at the CPU's Depth, when it has proved a win or a loss with more than
// 20 empty squares left, or when it has reached the end of the game on
// every line. A search cut short by the
// budget still counts the moves it finished. With only one legal move
// there is nothing to search. A position with no legal move is an error
// wrapping ErrNoMove.
func (c CPU) Search(p *othello.Position, win othello.WinRule) (Result, error) {
	clock := c.now()
	start := clock()
	legal := p.Legal()
	switch legal.Len() {
	case 0:
		return Result{}, ErrNoMove
	case 1:
		s, _ := legal.Pop()
		return Result{Move: s, Forced: true, Time: clock().Sub(start)}, nil
	}
	return c.searchAny(p, win, start)
}

// Analyze is Search for a position to study rather than a move to play:
// the only legal move is searched too, a player with no legal move
// passes (Pass) and the position after the pass is searched, and a game
// that is over has its final margin (Over).
func (c CPU) Analyze(p *othello.Position, win othello.WinRule) (Result, error) {
	clock := c.now()
	start := clock()
	if !p.Legal().IsEmpty() {
		return c.searchAny(p, win, start)
	}
	if p.Over() {
		e := newEvaluator(p, win)
		return Result{Over: true, Exact: true, Score: margin(e.final(p)), Time: clock().Sub(start)}, nil
	}
	passed := *p
	passed.Pass()
	r, err := c.Analyze(&passed, win)
	r.Move, r.Pass, r.Over, r.Score = othello.Square{}, true, false, -r.Score
	r.Time = clock().Sub(start)
	return r, err
}

// now returns the CPU's clock.
func (c CPU) now() func() time.Time {
	if c.clock == nil {
		return time.Now
	}
	return c.clock
}

// searchAny is Search of a position with at least one legal move, begun at
// start.
func (c CPU) searchAny(p *othello.Position, win othello.WinRule, start time.Time) (Result, error) {
	clock := c.now()
	if _, full := p.Rules().(othello.Full); full {
		if _, _, ok := p.Bits8(); ok {
			r := c.search8(p, win, start)
			r.Time = clock().Sub(start)
			return r, nil
		}
	}
	legal := p.Legal()
	budget := c.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	s := newSearch(p, win, clock, start.Add(budget-budget/16))
	empties := p.Empties().Len()
	roots := s.rootMoves(p, legal)
	r := Result{Move: roots[0].square}
	for depth := 1; c.Depth == 0 || depth <= c.Depth; depth++ {
		best, score, done := s.root(p, roots, depth)
		if best >= 0 {
			r.Move, r.Score = roots[best].square, score
			roots[0], roots[best] = roots[best], roots[0]
		}
		if !done {
			break
		}
		r.Depth = depth
		if depth >= empties {
			r.Exact, r.Score = true, margin(score)
			break
		}
		if clock().Sub(start) > budget/2 {
			break // the next depth would likely not end in time
		}
		if (score >= Won || score <= -Won) && empties > solveFrom {
			break // a win or loss is proved, too far from the end to count by how much
		}
	}
	r.Nodes, r.Time = s.nodes, clock().Sub(start)
	return r, nil
}
