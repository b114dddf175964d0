package player

import (
	"runtime"
	"sync"
	"time"

	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/search"
)

// engine8 is the solver of package search that every CPU uses for an
// 8x8 board under the full rules, made on first use: its table outlives
// a move, so that the search of the next one starts from what this one
// learnt.
var engine8 struct {
	sync.Mutex
	solver *search.Solver
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

// search8 is searchTree for an 8x8 board under the full rules, on
// package search's bitboards: deepening one ply at a time with the
// table, and, when the position is likely solved in time, a quarter of
// the budget for that and the rest to solve it exactly. Should the solve
// not end in time, the deepest search's move stands. It keeps in best
// what it has found after each search.
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

	engine8.Lock()
	defer engine8.Unlock()
	if engine8.solver == nil {
		engine8.solver = search.NewSolver(0)
	}
	s := engine8.solver
	s.Table.NewSearch()
	s.Threads = threads
	s.Deadline = time.Time{}
	systemDeadline := func(share time.Duration) time.Time {
		if budget == NoLimit {
			return time.Time{}
		}
		return time.Now().Add(deadline(start, share).Sub(clock.now()))
	}

	r := best.get()
	solve := c.Depth == 0 && solvable(empties, budget, threads)
	if !solve || budget != NoLimit {
		share := budget
		if solve {
			share = budget / 4
		}
		s.Deadline = systemDeadline(share)
		for depth := 1; c.Depth == 0 || depth <= c.Depth; depth++ {
			found := s.Search(mine, theirs, fewest, depth)
			r.Nodes += int64(found.Nodes)
			if found.Move >= 0 && (found.Exact || r.Depth == 0) {
				r.Move, r.Score = square8(found.Move), midScore(found.Score)
			}
			if found.Exact {
				r.Depth = depth
			}
			if found.Exact && depth >= empties {
				r.Exact, r.Score = true, margin(r.Score)
			}
			best.set(r)
			if r.Exact {
				return
			}
			if !found.Exact {
				break
			}
			if clock.now().Sub(start) > share/2 {
				break // the next depth would likely not end in time
			}
			if (r.Score >= Won || r.Score <= -Won) && empties > solveFrom {
				break // a win or loss is proved, too far from the end to count by how much
			}
		}
	}
	if solve {
		s.Deadline = systemDeadline(budget)
		found := s.Solve(mine, theirs, fewest)
		r.Nodes += int64(found.Nodes)
		if found.Exact {
			r.Move, r.Score, r.Exact, r.Depth = square8(found.Move), found.Score, true, empties
		}
		best.set(r)
	}
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
