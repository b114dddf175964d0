package player

import (
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/othello-judge/judge/internal/engine/book"
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
// the position exactly. On an 8x8 board under the full rules it solves
// the end exactly as soon as its budget likely allows, whatever its
// Depth. See Search.
type CPU struct {
	// Depth is the deepest search, in plies; 0 for as deep as the budget
	// allows. On an 8x8 board under the full rules it limits the midgame
	// search only, not the exact solve of the end (see Endgame); on any
	// other board it limits every search, the end solved exactly once
	// it reaches it.
	Depth int
	// Endgame is the most empty squares at which a search of an 8x8
	// board under the full rules solves the end exactly, if its budget
	// likely allows; 0 for as many as the budget allows. Tests set it to
	// keep a search of a position far from the end short.
	Endgame int
	Budget  time.Duration // the most time a move may take; 0 for DefaultBudget, NoLimit for none
	Threads int           // the goroutines searching an 8x8 board; 0 for one a CPU
	// Stop, once closed, ends a search as a spent budget does: it returns
	// with what it has found so far as soon as it has searched the first
	// ply (see Search), and its goroutines stop soon after. nil for
	// never.
	Stop <-chan struct{}
	// Progress, if not nil, is told the result so far after each depth
	// that the search completes and after an exact solve, from the
	// goroutine that searches, its PV filled in. A Progress called after
	// the search has returned is possible only once Stop is closed or the
	// budget spent, and tells what the search had found by then.
	Progress func(Result)
	// Pool lends the searches of an 8x8 board their solvers; nil for the
	// pool that CPUs share by default, which lends to 4 searches at once.
	// A program that runs many searches at once holds a Pool of its own.
	Pool *Pool
	// Book, if not nil, gives the CPU's moves while the game is in it,
	// drawn from Rand (nil for the global source) below the top levels:
	// see bookMove (book.go).
	Book *book.Book
	Rand *rand.Rand

	clock clock // nil for the system's; a test's clock otherwise
}

// Name returns "cpu", or "cpu:N" for a CPU that searches N plies deep at
// most in the midgame.
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
	Depth  int            // the plies of the deepest search completed: 0 for the only move and a book's, 1 at least for a search
	Forced bool           // whether Move was the only legal move, so that nothing was searched
	Book   bool           // whether Move is the CPU's book's, so that nothing was searched (Search only)
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
	// PV is the principal variation, Move first, then the best replies
	// the search saw, a zero Square for a pass: filled in only for
	// Progress, and on an 8x8 board under the full rules longer than Move
	// alone.
	PV []PVMove
}

// A PVMove is a move of a principal variation: a square, or a pass.
type PVMove struct {
	Square othello.Square
	Pass   bool
}

// Discs returns the score of r in discs for the player to move: the
// final margin when it is exact; for a win or a loss that the search
// proved without counting by how much, the margin of the line it saw;
// otherwise its estimate.
func (r Result) Discs() float64 {
	switch {
	case r.Exact:
		return float64(r.Score)
	case r.Score >= Won:
		return float64(r.Score-Won) / disc
	case r.Score <= -Won:
		return float64(r.Score+Won) / disc
	}
	return float64(r.Score) / disc
}

// Search looks for the best move for the player to move in p, in a game
// won by win. It deepens one ply at a time, each search ordered by the one
// before, and stops when the next would likely not end within the budget,
// at the CPU's Depth, when it has proved a win or a loss with more than
// 20 empty squares left, or when it has reached the end of the game on
// every line. On an 8x8 board under the full rules, when the end is
// likely solved exactly within the budget, the deepening has a quarter
// of it and the exact solve the rest, whatever the Depth. A search cut
// short by the budget still counts the moves it finished. Search returns
// within the budget, with the best move found so far if the search has
// not ended by then; but the first ply, every legal move searched one
// ply deep, is never cut short, by the budget or by Stop, so that the
// move returned is always one the search has weighed, or the exact
// solve's. With only one legal move there is nothing to search, nor in a
// position of the CPU's Book. A position with no legal move is an error
// wrapping ErrNoMove.
func (c CPU) Search(p *othello.Position, win othello.WinRule) (Result, error) {
	clock := c.timer()
	start := clock.now()
	legal := p.Legal()
	switch legal.Len() {
	case 0:
		return Result{}, ErrNoMove
	case 1:
		s, _ := legal.Pop()
		return Result{Move: s, Forced: true, Time: clock.now().Sub(start)}, nil
	}
	if r, ok := c.bookMove(p, win); ok {
		return r, nil
	}
	return c.searchAny(p, win, start), nil
}

// Analyze is Search for a position to study rather than a move to play:
// the only legal move is searched too, a player with no legal move
// passes (Pass) and the position after the pass is searched, and a game
// that is over has its final margin (Over).
func (c CPU) Analyze(p *othello.Position, win othello.WinRule) (Result, error) {
	clock := c.timer()
	start := clock.now()
	if !p.Legal().IsEmpty() {
		return c.searchAny(p, win, start), nil
	}
	if p.Over() {
		e := newEvaluator(p, win)
		return Result{Over: true, Exact: true, Score: margin(e.final(p)), Time: clock.now().Sub(start)}, nil
	}
	passed := *p
	passed.Pass()
	r, err := c.Analyze(&passed, win)
	r.Move, r.Pass, r.Over, r.Score = othello.Square{}, true, false, -r.Score
	r.Time = clock.now().Sub(start)
	return r, err
}

// timer returns the CPU's clock.
func (c CPU) timer() clock {
	if c.clock == nil {
		return systemClock{}
	}
	return c.clock
}

// budget returns the most time a move may take.
func (c CPU) budget() time.Duration {
	if c.Budget <= 0 {
		return DefaultBudget
	}
	return c.Budget
}

// deadline returns when a search begun at start that may take share of
// the time stops: a sixteenth of share before its end, which leaves the
// time to return.
func deadline(start time.Time, share time.Duration) time.Time {
	return start.Add(share - share/16)
}

// searchAny is Search of a position with at least one legal move, begun
// at start. The search runs in a goroutine of its own and keeps what it
// has found so far in a progress; searchAny returns its result when it
// ends, or what it has found by then when the budget is spent, whichever
// comes first, but never before the search has searched its first ply
// (or solved the position exactly), however long that takes: a move
// never searched is never returned. A search stops at its deadline, but
// on a loaded machine
// its end can come late: a thread of the 8x8 search that the system does
// not run for a while notices the deadline late, and the search waits
// for it to finish its work. A search left behind ends on its own once
// its threads have noticed; meanwhile the next 8x8 search takes another
// solver of the pool (see Pool).
func (c CPU) searchAny(p *othello.Position, win othello.WinRule, start time.Time) Result {
	clock := c.timer()
	legal := p.Legal()
	first, _ := legal.Pop()
	best := newProgress(Result{Move: first})
	pos := *p // the search may outlive the caller's position
	done := make(chan struct{})
	go func() {
		defer close(done)
		if searches8(&pos) {
			c.search8(&pos, win, start, best)
			return
		}
		c.searchAlphaBeta(&pos, win, start, best)
	}()
	if budget := c.budget(); budget == NoLimit {
		select {
		case <-done:
		case <-c.Stop:
		}
	} else {
		spent, stop := clock.after(budget - clock.now().Sub(start))
		defer stop()
		select {
		case <-done:
		case <-spent:
		case <-c.Stop:
		}
	}
	select { // the first ply is never cut short: wait for it
	case <-best.searched:
	case <-done:
	}
	r := best.get()
	r.Time = clock.now().Sub(start)
	return r
}

// A progress holds the best result a search has found so far: the search
// sets it as it goes, and the CPU waiting for the search reads it when
// the search ends, or when the budget is spent if that comes first and
// the search has searched its first ply (searched).
type progress struct {
	mu       sync.Mutex
	r        Result
	searched chan struct{} // closed once r is of a search one ply deep at least, or exact
	closed   bool          // whether searched is closed
}

// newProgress returns the progress of a search that has found r before
// it starts.
func newProgress(r Result) *progress {
	return &progress{r: r, searched: make(chan struct{})}
}

func (p *progress) set(r Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.r = r
	if (r.Depth > 0 || r.Exact) && !p.closed {
		close(p.searched)
		p.closed = true
	}
}

func (p *progress) get() Result {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.r
}

// A depthResult is what the search of one depth found: the best move
// and its score, with found false if the search has no move to keep; done
// false if the deadline cut the search short; and the positions it
// visited.
type depthResult struct {
	move  othello.Square
	score int
	found bool
	done  bool
	nodes int64
	pv    []PVMove // the principal variation, if done and the CPU has a Progress
}

// deepen searches with searchDepth one ply deeper at a time, from 1 to
// the CPU's Depth (without end if 0), from r, what is known before the
// first; it keeps in best what it has after each depth, and returns it.
// The first depth is never cut short: searchDepth is told whether the
// deadline and Stop may stop the search (stoppable), and they may only
// from the second depth on, so that a search always has a move it has
// searched, however little time it has. deepen stops after a depth that
// the deadline cut short, once the search reaches the end of the game on
// every line (depth reaches empties, the empty squares, and the result
// is Exact, its score the final margin), when the next depth would
// likely not end within share, the time the search may take from start,
// when Stop is closed, and when a win or a loss is proved too far from
// the end to count by how much.
func (c CPU) deepen(r Result, empties int, start time.Time, share time.Duration, best *progress, searchDepth func(depth int, stoppable bool) depthResult) Result {
	clock := c.timer()
	best.set(r)
	for depth := 1; c.Depth == 0 || depth <= c.Depth; depth++ {
		d := searchDepth(depth, depth > 1)
		r.Nodes += d.nodes
		if d.found {
			r.Move, r.Score = d.move, d.score
		}
		if d.done {
			r.Depth = depth
			if depth >= empties {
				r.Exact, r.Score = true, margin(r.Score)
			}
			r.PV = d.pv
		}
		best.set(r) // before Progress, which may close Stop
		if d.done {
			c.progress(r, start)
		}
		switch {
		case !d.done, r.Exact:
			return r
		case clock.now().Sub(start) > share/2:
			return r // the next depth would likely not end in time
		case c.stopped():
			return r // stopped: no depth after the first
		case (r.Score >= Won || r.Score <= -Won) && empties > solveFrom:
			return r // a win or loss is proved, too far from the end to count by how much
		}
	}
	return r
}

// stopped reports whether the CPU's Stop is closed.
func (c CPU) stopped() bool {
	select {
	case <-c.Stop:
		return true
	default:
		return false
	}
}

// progress tells the CPU's Progress, if it has one, of r, found by a
// search begun at start.
func (c CPU) progress(r Result, start time.Time) {
	if c.Progress != nil {
		r.Time = c.timer().now().Sub(start)
		c.Progress(r)
	}
}

// searchAlphaBeta is the search of a position with at least one legal
// move on any board, with alphaBeta, begun at start; it deepens, the
// best move of each depth searched first at the next, and keeps in best
// what it has found after each depth. A depth cut short by the deadline
// (never the first) still gives the best of the moves it searched to the
// end.
func (c CPU) searchAlphaBeta(p *othello.Position, win othello.WinRule, start time.Time, best *progress) {
	budget := c.budget()
	s := newAlphaBeta(p, win, c.timer(), deadline(start, budget), c.Stop)
	roots := s.rootMoves(p, p.Legal())
	searchDepth := func(depth int, stoppable bool) depthResult {
		s.stoppable = stoppable
		nodes := s.nodes
		i, score, done := s.root(p, roots, depth)
		d := depthResult{score: score, found: i >= 0, done: done, nodes: s.nodes - nodes}
		if d.found {
			d.move = roots[i].square
			roots[0], roots[i] = roots[i], roots[0]
		}
		if d.found && c.Progress != nil {
			d.pv = []PVMove{{Square: d.move}}
		}
		return d
	}
	c.deepen(Result{Move: roots[0].square}, p.Empties().Len(), start, budget, best, searchDepth)
}
