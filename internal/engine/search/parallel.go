package search

import (
	"sync"
	"sync/atomic"
	"time"
)

// clockNodes is how many nodes a thread searches between looks at the
// clock and at Cancel: a fraction of a millisecond of the exact search, a
// millisecond or two of the midgame's. (Counted in calls at the exact
// search's deep nodes, each with a shallow search under it, the looks
// were tens of milliseconds apart, and a move of 50ms lost on time.)
const clockNodes = 4096

// splitFrom is the fewest empty squares at which a thread shares the
// moves of a position with idle threads: below, a search is too short to
// be worth the handing over.
const splitFrom = 14

// The threads of a Solver search one tree together, by Young Brothers
// Wait (Feldmann): a position's first move is searched alone, and once it
// has not cut the search short, the others are shared with the threads
// that are idle at a split point (in null-window searches only: see
// splits). Each thread takes the next move and
// searches it; a move that reaches beta stops the others. The thread that
// made the split point waits for the last move to come back, helping
// meanwhile with the split points that the threads working for it make
// below (the helpful master), so that no thread waits while another works
// for it.

// A pool is the threads of one search, and those of them idle.
type pool struct {
	threads int // the threads, the first among them
	mu      sync.Mutex
	waiting []*thread    // the idle threads, each with the split point it waits for (nil: any)
	idle    atomic.Int32 // len(waiting), read without the lock
}

// A splitPoint is a position whose remaining moves threads share.
type splitPoint struct {
	p, o          uint64
	empties       int
	parent        *splitPoint // the split point its owner works for, nil at the top
	owner         *thread
	stop          atomic.Bool  // a move reached beta, or the search gives up: the others are void
	workers       atomic.Int32 // the threads working on it, its owner among them
	mu            sync.Mutex   // guards what follows
	moves         [64]move
	n, next       int // the moves, and the next one to search
	alpha, beta   int
	best, bestMov int
}

// below reports whether sp is under top: top itself, or a split point made
// by a thread working for it.
func (sp *splitPoint) below(top *splitPoint) bool {
	for ; sp != nil; sp = sp.parent {
		if sp == top {
			return true
		}
	}
	return false
}

// aborted reports whether the thread's result is void: the search gives
// up (Stop, or the deadline has passed or Cancel is closed: both are read
// once in clockNodes nodes), or a split point it works for was stopped.
func (s *thread) aborted() bool {
	if s.stop.Load() {
		return true
	}
	if s.nodes >= s.clockAt {
		s.clockAt = s.nodes + clockNodes
		if s.late() || s.cancelled() {
			s.stop.Store(true)
			return true
		}
	}
	for sp := s.sp; sp != nil; sp = sp.parent {
		if sp.stop.Load() {
			return true
		}
	}
	return false
}

// late reports whether the deadline has passed.
func (s *thread) late() bool {
	return !s.deadline.IsZero() && time.Now().After(s.deadline)
}

// cancelled reports whether Cancel is closed.
func (s *thread) cancelled() bool {
	select {
	case <-s.cancel:
		return true
	default:
		return false
	}
}

// shouldSplit reports whether a position with empties empty squares, whose
// window is (alpha, beta) after its first move, should share its other
// moves: when a thread is idle, the position has enough empty squares, and
// the window is null. With a wider window (at the root, on the principal
// variation) each move that comes back may raise alpha for the next, and
// moves searched at once with the lower alpha cost far more: splitting
// there made two threads search 48% more nodes than one on FFO #40-#44,
// against 10% without.
func (s *thread) shouldSplit(empties, alpha, beta int) bool {
	return empties >= splitFrom && beta-alpha == 1 && s.pool != nil && s.pool.idle.Load() > 0
}

// split shares the moves of list (sorted here first) with the idle
// threads, searches them with them, and returns the best score and move,
// given the best so far.
func (s *thread) split(p, o uint64, list []move, empties, alpha, beta, best, bestMove int) (int, int) {
	for i := range list {
		pick(list, i)
	}
	sp := &s.splits[empties]
	sp.p, sp.o, sp.empties, sp.parent, sp.owner = p, o, empties, s.sp, s
	sp.stop.Store(false)
	sp.n, sp.next = copy(sp.moves[:], list), 0
	sp.alpha, sp.beta, sp.best, sp.bestMov = alpha, beta, best, bestMove
	sp.workers.Store(1)
	s.pool.offer(sp)
	s.sp = sp
	s.work(sp)
	sp.workers.Add(-1)
	s.waitFor(sp)
	s.sp = sp.parent
	return sp.best, sp.bestMov
}

// offer hands sp to every idle thread that may take it.
func (pl *pool) offer(sp *splitPoint) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	kept := pl.waiting[:0]
	for _, t := range pl.waiting {
		if t.waitsFor != nil && !sp.below(t.waitsFor) {
			kept = append(kept, t)
			continue
		}
		sp.workers.Add(1)
		t.mailbox <- sp
	}
	pl.waiting = kept
	pl.idle.Store(int32(len(kept)))
}

// wait makes s idle, taking split points under waitsFor (any if nil), and
// returns the one it is given; nil when woken for another reason.
func (pl *pool) wait(s *thread, waitsFor *splitPoint) *splitPoint {
	pl.mu.Lock()
	if waitsFor != nil && waitsFor.workers.Load() == 0 {
		pl.mu.Unlock()
		return nil
	}
	s.waitsFor = waitsFor
	pl.waiting = append(pl.waiting, s)
	pl.idle.Store(int32(len(pl.waiting)))
	pl.mu.Unlock()
	return <-s.mailbox
}

// wake takes s off the idle threads, if it is there, with nil for a
// split point.
func (pl *pool) wake(s *thread) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for i, t := range pl.waiting {
		if t == s {
			pl.waiting = append(pl.waiting[:i], pl.waiting[i+1:]...)
			pl.idle.Store(int32(len(pl.waiting)))
			s.mailbox <- nil
			return
		}
	}
}

// work searches moves of sp until none is left or sp is stopped.
func (s *thread) work(sp *splitPoint) {
	for {
		sp.mu.Lock()
		if sp.stop.Load() || sp.next == sp.n {
			sp.mu.Unlock()
			return
		}
		m := sp.moves[sp.next]
		sp.next++
		alpha, beta := max(sp.alpha, sp.best), sp.beta
		sp.mu.Unlock()

		v := s.try(sp.p, sp.o, &m, sp.empties, alpha, beta, false)
		if s.aborted() {
			return
		}
		sp.mu.Lock()
		if v > sp.best {
			sp.best, sp.bestMov = v, m.x
			if v >= sp.beta {
				sp.stop.Store(true)
			}
		}
		sp.mu.Unlock()
	}
}

// help works on a split point s was given, for its owner.
func (s *thread) help(sp *splitPoint) {
	saved := s.sp
	s.sp = sp
	s.work(sp)
	s.sp = saved
	if sp.workers.Add(-1) == 0 {
		s.pool.wake(sp.owner)
	}
}

// waitFor waits until no thread works on sp, which s owns, helping
// meanwhile with the split points below it.
func (s *thread) waitFor(sp *splitPoint) {
	for sp.workers.Load() > 0 {
		if job := s.pool.wait(s, sp); job != nil {
			s.help(job)
		}
	}
}

// serve is the loop of a thread other than the first: it helps with the
// split points it is given until it is given quit.
func (s *thread) serve(quit *splitPoint) {
	for {
		job := s.pool.wait(s, nil)
		if job == quit {
			return
		}
		if job != nil {
			s.help(job)
		}
	}
}
