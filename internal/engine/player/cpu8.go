package player

import (
	"runtime"
	"sync"
	"time"

	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/othello"
)

// A Pool lends the solvers of package search to the searches of CPUs on
// an 8x8 board under the full rules. Each search takes a solver that no
// other search is using, so that searches at once (the games of othello
// serve) each search in full rather than one after the other, each
// losing its time waiting. A solver is made when none is free and kept:
// its table outlives a move, so that a search starts from what the last
// one on it learnt, and searches one after the other always take the
// same one, the last given back. A Pool is safe for use by many
// goroutines at once.
type Pool struct {
	inUse chan struct{} // a token for each solver lent
	mu    sync.Mutex
	free  []*search.Solver // made and not lent, the last given back last
}

// NewPool returns a pool that makes at most max solvers, and so lends
// them to max searches at once; another search waits for one of them to
// end, spending its own time. Each solver holds a table of 64 MiB.
func NewPool(max int) *Pool {
	return &Pool{inUse: make(chan struct{}, max)}
}

// defaultPool lends their solvers to the CPUs that have no Pool of their
// own: to defaultSearches searches at once.
var defaultPool = NewPool(defaultSearches)

// defaultSearches is how many CPUs with no Pool may search an 8x8 board
// under the full rules at once, each in full.
const defaultSearches = 4

// pool returns the pool that lends the CPU its solvers.
func (c CPU) pool() *Pool {
	if c.Pool == nil {
		return defaultPool
	}
	return c.Pool
}

// searches8 reports whether a CPU searches p with a solver of its pool
// (search8): 8x8 under the full rules.
func searches8(p *othello.Position) bool {
	if _, full := p.Rules().(othello.Full); !full {
		return false
	}
	_, _, ok := p.Bits8()
	return ok
}

// Prepare readies what the CPU needs to search p before it does: for
// 8x8 under the full rules, a solver of its pool, made if it has none,
// with its table mapped in memory and the learned evaluation read
// (search.Solver.Prepare). The time of the search that follows is then
// the search's own: othello solve prepares for its first position
// before it times it, as Edax readies its table and evaluation before
// it times a search.
func (c CPU) Prepare(p *othello.Position) {
	if !searches8(p) {
		return
	}
	pl := c.pool()
	s := pl.get()
	s.Prepare()
	pl.put(s)
}

// get returns a solver no one else uses, the last given back if there
// is one, waiting while all that may be made are in use.
func (p *Pool) get() *search.Solver {
	p.inUse <- struct{}{}
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		s := p.free[n-1]
		p.free = p.free[:n-1]
		return s
	}
	return search.NewSolver(0)
}

// put gives s back.
func (p *Pool) put(s *search.Solver) {
	p.mu.Lock()
	p.free = append(p.free, s)
	p.mu.Unlock()
	<-p.inUse
}

// solveTime estimates how long solving a position with 18 empty squares
// takes on one thread; each more square takes solveGrowth times as long.
const (
	solveTime   = 20 * time.Millisecond
	solveGrowth = 2.5
)

// solvable reports whether a position with empties empty squares is
// likely solved within budget on threads threads.
func solvable(empties int, budget time.Duration, threads int) bool {
	if budget == NoLimit {
		return true
	}
	est := float64(solveTime) / float64(threads)
	for n := 18; n < empties; n++ {
		est *= solveGrowth
	}
	return est <= float64(budget)*3/4
}

// search8 is searchAlphaBeta for an 8x8 board under the full rules, on
// package search's bitboards and a solver of the CPU's pool: deepening
// one ply at a time with the table, to the CPU's Depth at most, and, when
// the position is likely solved in time (and has no more empty squares
// than the CPU's Endgame, if it has one), a quarter of the budget for
// that and the rest to solve it exactly, whatever the Depth. Should the
// solve not end in time, the deepest search's move stands; once Stop is
// closed, no solve starts, and should Stop end a solve with no limit of
// time, which no deepening came before, the search of the first ply is
// its move. It keeps in best what it has found after each search. A
// depth cut short by the deadline or Stop (never the first: see deepen)
// gives no move.
//
// Package search reads the system's clock against its Deadline: each
// deadline is the CPU's, by its clock, turned into the system's time.
func (c CPU) search8(p *othello.Position, win othello.WinRule, start time.Time, best *progress) {
	clock := c.timer()
	mine, theirs, _ := p.Bits8()
	fewest := win == othello.FewestDiscs
	empties := p.Empties().Len()
	budget := c.budget()
	threads := c.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}

	pool := c.pool()
	s := pool.get()
	defer pool.put(s)
	s.Table.NewSearch()
	s.Threads = threads
	defer func() { s.Deadline, s.Cancel = time.Time{}, nil }()
	systemDeadline := func(share time.Duration) time.Time {
		if budget == NoLimit {
			return time.Time{}
		}
		return time.Now().Add(deadline(start, share).Sub(clock.now()))
	}

	r := best.get()
	solve := (c.Endgame == 0 || empties <= c.Endgame) && solvable(empties, budget, threads)
	share := budget
	if solve {
		share = budget / 4
	}
	cut := systemDeadline(share)
	searchDepth := func(depth int, stoppable bool) depthResult {
		s.Deadline, s.Cancel = time.Time{}, nil
		if stoppable {
			s.Deadline, s.Cancel = cut, c.Stop
		}
		found := s.Search(mine, theirs, fewest, depth)
		d := depthResult{found: found.Move >= 0 && found.Exact, done: found.Exact, nodes: int64(found.Nodes)}
		if d.found {
			d.move, d.score = square8(found.Move), midScore(found.Score)
		}
		if d.found && c.Progress != nil {
			d.pv = pv8(s.PV(mine, theirs, fewest, false, found.Move))
		}
		return d
	}
	if !solve || budget != NoLimit {
		r = c.deepen(r, empties, start, share, best, searchDepth)
	}
	if solve && !r.Exact && !c.stopped() {
		s.Deadline, s.Cancel = systemDeadline(budget), c.Stop
		found := s.Solve(mine, theirs, fewest)
		r.Nodes += int64(found.Nodes)
		if found.Exact {
			r.Move, r.Score, r.Exact, r.Depth = square8(found.Move), found.Score, true, empties
			if c.Progress != nil {
				r.PV = pv8(s.PV(mine, theirs, fewest, true, found.Move))
			}
		}
		best.set(r) // before Progress, which may close Stop
		if found.Exact {
			c.progress(r, start)
		}
	}
	if !r.Exact && r.Depth == 0 { // Stop came before the solve ended, and no depth was searched
		first := c
		first.Depth = 1
		first.deepen(r, empties, start, share, best, searchDepth)
	}
}

// pv8 returns a principal variation of package search as a CPU's.
func pv8(pv []int) []PVMove {
	moves := make([]PVMove, len(pv))
	for i, x := range pv {
		if x == search.Pass {
			moves[i].Pass = true
		} else {
			moves[i].Square = square8(x)
		}
	}
	return moves
}

// square8 returns square x (row*8+col) of an 8x8 board.
func square8(x int) othello.Square { return othello.Square{Row: x / 8, Col: x % 8} }

// midScore turns a score of package search's midgame search into one of
// a CPU's: hundredths of a disc, or Won more than the margin for a game
// seen won.
func midScore(v int) int {
	switch {
	case v >= search.Won:
		return Won + v - search.Won
	case v <= -search.Won:
		return -Won + v + search.Won
	}
	return v
}
