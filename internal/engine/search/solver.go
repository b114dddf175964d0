package search

import (
	"math/bits"
	"runtime"
	"sync/atomic"
	"time"

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
// goroutines at once, but searches with several of its own (Threads).
type Solver struct {
	Table    *Table    // shared by every search
	Threads  int       // the goroutines that search together; 0 or 1 for one
	Deadline time.Time // when a search stops, its result void; none if zero
	// Cancel, once closed, stops the search under way as Stop does, and
	// every search after it as soon as it starts; nil for never. It is
	// read as the Deadline is, once in a while.
	Cancel <-chan struct{}
	// HandWritten makes the midgame search evaluate by the hand-written
	// weights even under MostDiscs: for the games package train plays to
	// learn from, which must not depend on the weights being learned, and
	// for the measurements of the learned evaluation against them.
	HandWritten bool
	// FullWidth makes the midgame search (Search) search every move to
	// its depth, without ProbCut (midProbCut): for the fits and
	// measurements that need the scores of full-width searches.
	FullWidth bool

	threads []*thread
	stop    atomic.Bool
	// presearch, if not nil, replaces the package's presearch: the
	// levels of the selective searches before the exact one.
	presearch func(empties int) []int
	// weights, if not nil, replace the embedded learned weights: for the
	// measurements of a file that training wrote.
	weights []int16
}

// NewSolver returns a solver on one thread with a table of tableSize
// bytes (DefaultTableSize if 0).
func NewSolver(tableSize int) *Solver {
	return &Solver{Table: NewTable(tableSize)}
}

// Prepare writes every entry of the table once (Table.Clear), so that
// the system maps its memory now rather than page by page as a search
// reaches it, and reads the learned evaluation: what the first search
// would otherwise do within its own time. A program that times its
// searches prepares the solver first, as Edax readies its table and
// its evaluation before it times a search.
func (s *Solver) Prepare() {
	s.Table.Clear()
	learned()
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
	s.arm()
	s.Table.NewSearch()
	kind := uint64(kindExact)
	if fewest {
		kind |= kindFewest
	}
	first := s.start(kind, fewest, max(s.Threads, 1))
	// The first guess is 0: the score of a midgame search 4 or 8 plies deep
	// saved no nodes on FFO #40-#44 (its evaluation is a rough one). Each
	// selective search (probcut.go) guesses better for the next.
	guess := 0
	levels := presearch(64 - bits.OnesCount64(p|o))
	if s.presearch != nil {
		levels = s.presearch(64 - bits.OnesCount64(p|o))
	}
	if first.weights == nil {
		levels = nil // ProbCut's regressions are the learned evaluation's
	}
	for _, level := range levels {
		s.setLevel(level)
		guess = first.aspire(p, o, guess).Score &^ 1
	}
	s.setLevel(noProbCut)
	r := first.aspire(p, o, guess)
	s.finish()
	for _, t := range s.threads {
		r.Nodes += t.nodes
	}
	r.Exact = !s.stop.Load()
	return r
}

// setLevel sets the ProbCut level of the threads of a search.
func (s *Solver) setLevel(level int) {
	for _, t := range s.threads {
		t.level = level
	}
}

// arm readies the solver for a search.
func (s *Solver) arm() { s.stop.Store(false) }

// start readies n threads for a search of kind and starts all but the
// first, which it returns.
func (s *Solver) start(kind uint64, fewest bool, n int) *thread {
	for len(s.threads) < n {
		s.threads = append(s.threads, &thread{table: s.Table, stop: &s.stop, mailbox: make(chan *splitPoint, 1)})
	}
	var pl *pool
	if n > 1 {
		pl = &pool{threads: n}
	}
	for i, t := range s.threads[:n] {
		t.table, t.kind, t.fewest, t.nodes, t.pool, t.sp = s.Table, kind, fewest, 0, pl, nil
		t.deadline, t.cancel, t.clockAt = s.Deadline, s.Cancel, 0
		t.level = noProbCut
		t.midCut = false
		t.local = localTable{}
		t.weights = learned()
		if s.weights != nil {
			t.weights = s.weights
		}
		if s.HandWritten || fewest {
			t.weights = nil
		}
		if i > 0 {
			go t.serve(&quit)
		}
	}
	for _, t := range s.threads[n:] {
		t.nodes = 0
	}
	return s.threads[0]
}

// quit is given to the threads of a search when it is over.
var quit splitPoint

// finish stops the threads that start started.
func (s *Solver) finish() {
	pl := s.threads[0].pool
	if pl == nil {
		return
	}
	for left := pl.threads - 1; left > 0; {
		pl.mu.Lock()
		for _, t := range pl.waiting {
			t.mailbox <- &quit
			left--
		}
		pl.waiting = pl.waiting[:0]
		pl.idle.Store(0)
		pl.mu.Unlock()
		if left > 0 {
			runtime.Gosched()
		}
	}
}

// root searches p, o within (alpha, beta) and returns its best move and
// score.
func (s *thread) root(p, o uint64, alpha, beta int) Result {
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
	hashMove := noMove
	if b, ok := s.table.probe(p, o, s.kind); ok {
		hashMove = b.move
	}
	list, _, _ := s.order(p, o, legal, empties, hashMove, outside)
	score, move := s.searchMoves(p, o, list, empties, alpha, beta)
	if !s.aborted() {
		b := boundOf(score, alpha, beta, maxScore, move, empties, true)
		b.level = s.level
		s.table.store(p, o, s.kind, b)
	}
	return Result{Move: move, Score: score}
}

// aspire solves p, o by searches of the root with the narrowest window
// around a guess at its score, guess (even): as every final margin is
// even, the window (g-1, g+1) finds that the score is g, or a bound
// beyond it, the next guess, until the score is found.
func (s *thread) aspire(p, o uint64, guess int) Result {
	lower, upper := -maxScore, maxScore
	for {
		r := s.root(p, o, guess-1, guess+1)
		if r.Score == guess || s.stop.Load() {
			return r
		}
		// The next guess is the bound, made even away from the last
		// guess: a selective search's bound may be odd (a ProbCut
		// returns the window's end), and its bounds may disagree.
		if r.Score > guess {
			lower = max(lower, r.Score)
			guess = (r.Score + 1) &^ 1
		} else {
			upper = min(upper, r.Score)
			guess = r.Score &^ 1 // toward -64 if odd
		}
		if guess < lower || guess > upper {
			return r
		}
	}
}

// PV returns the principal variation of the last search of the player
// with discs p against discs o, whose best move was first: first, then
// the best move that the table holds for each position after it, as far
// as it holds one and the move is legal, Pass for a pass, to the end of
// the game at most. After Solve, the positions with fewer empty squares
// than the shared table keeps (tableFrom) are solved again for their best move.
// exact says whether that search was Solve, fewest
// whether it was under the win rule FewestDiscs. A search to a depth
// holds its moves only until the next Table.NewSearch.
func (s *Solver) PV(p, o uint64, fewest, exact bool, first int) []int {
	kind := uint64(0)
	if exact {
		kind |= kindExact
	}
	if fewest {
		kind |= kindFewest
	}
	var pv []int
	for x := first; len(pv) < 64; {
		legal := othello.Moves8(p, o)
		switch {
		case x == Pass && legal == 0 && othello.Moves8(o, p) != 0:
			p, o = o, p
		case x >= 0 && legal>>x&1 != 0:
			flips := othello.Flips8(p, o, x)
			p, o = o&^flips, p|flips|1<<x
		default:
			return pv
		}
		pv = append(pv, x)
		switch {
		case othello.Moves8(p, o) != 0:
			if b, ok := s.Table.probe(p, o, kind); ok {
				x = b.move
			} else if t := s.last(kind); t != nil && 64-bits.OnesCount64(p|o) < tableFrom {
				x = t.root(p, o, -outside, outside).Move
			} else {
				return pv
			}
		case othello.Moves8(o, p) != 0:
			x = Pass
		default:
			return pv
		}
	}
	return pv
}

// last returns the first thread of the last search if it was of kind,
// nil if not.
func (s *Solver) last(kind uint64) *thread {
	if len(s.threads) == 0 || s.threads[0].kind != kind || kind&kindExact == 0 {
		return nil
	}
	return s.threads[0]
}
