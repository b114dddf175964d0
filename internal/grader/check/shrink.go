package check

import (
	"sync"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

// A shrinker looks for the smallest scenario that still makes a program
// fail the same way.
type shrinker struct {
	try    func(*scenario.Scenario) (scenario.Transcript, *Difference) // runs the program on a scenario
	budget *budget
}

// A budget bounds all the shrinking of one check, shared by the
// shrinkers that run at once.
type budget struct {
	mu       sync.Mutex
	runs     int       // runs left
	limited  int       // runs left that a limit may end
	deadline time.Time // no run starts after it
}

// take reports whether one more run may start, and counts it.
func (b *budget) take() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.runs <= 0 || b.limited <= 0 || time.Now().After(b.deadline) {
		return false
	}
	b.runs--
	return true
}

// ended counts a run that a limit ended: a time limit, or one of the
// sandbox's.
func (b *budget) ended(d *Difference) {
	if d != nil && d.Result.End.LimitEnded() {
		b.mu.Lock()
		b.limited--
		b.mu.Unlock()
	}
}

// shrink returns the smallest scenario it finds that fails the same way
// as s, whose transcript is t and difference d, with that scenario's
// transcript and difference. It works in three phases, each taking the
// reductions of its kind that make the scenario smaller and keep the
// failure until none does, and goes round the phases until none helps:
//
//   - the lines: drop the lines after the one whose answer goes wrong,
//     start from the position just before that line (or a few moves
//     before it), drop the bad lines, drop one line;
//   - the board: cut it down to the squares the lines name, drop two rows
//     or two columns;
//   - the discs: empty the board, a row, a column, a square.
func (sh *shrinker) shrink(s *scenario.Scenario, t scenario.Transcript, d *Difference) (*scenario.Scenario, scenario.Transcript, *Difference) {
	phases := []func(*scenario.Scenario, scenario.Transcript, *Difference) []*scenario.Scenario{lineReductions, boardReductions, discReductions}
	// tried holds the input of each scenario run: the phases come round
	// again after a success, and each candidate made from a scenario
	// that has not changed since is run once only.
	tried := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, reductions := range phases {
			// Each round starts where the last success was, and the phase
			// ends after a whole round without one.
			start := 0
			for better := true; better; {
				better = false
				cs := reductions(s, t, d)
				for n := range cs {
					i := (start + n) % len(cs)
					if !smaller(cs[i].Size(), s.Size()) {
						continue
					}
					input := string(cs[i].Input())
					if tried[input] {
						continue
					}
					tried[input] = true
					if !sh.budget.take() {
						return s, t, d
					}
					ct, cd := sh.try(cs[i])
					sh.budget.ended(cd)
					if cd != nil && cd.Result.End == Interrupted {
						return s, t, d
					}
					if d.Same(cd) {
						s, t, d, start = cs[i], ct, cd, i
						better, changed = true, true
						break
					}
				}
			}
		}
	}
	return s, t, d
}

// smaller reports whether size a is smaller than b: fewer squares, or as
// many and fewer lines, and so on.
func smaller(a, b [4]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// lineReductions returns the scenarios with fewer lines that shrink
// tries in place of s, in order.
func lineReductions(s *scenario.Scenario, t scenario.Transcript, d *Difference) []*scenario.Scenario {
	var cs candidates
	k := wrongLine(s, t, d)
	if k+1 < len(s.Lines) {
		c := s.Clone()
		c.Lines = c.Lines[:k+1]
		cs.add(c)
	}
	for _, j := range []int{k, k - 1, k - 2, k - 4, k - 8, k / 2} {
		if j > 0 && j <= k {
			cs.add(rebase(s, j))
		}
	}
	c := s.Clone()
	c.Lines = c.Lines[:0]
	for _, l := range s.Lines {
		if l.Kind == scenario.Move || l.Kind == scenario.LooseMove {
			c.Lines = append(c.Lines, l)
		}
	}
	cs.add(c)
	for i := range s.Lines {
		c := s.Clone()
		c.Lines = append(c.Lines[:i], c.Lines[i+1:]...)
		cs.add(c)
	}
	return cs
}

// candidates collects the scenarios that shrink tries, leaving out nil.
type candidates []*scenario.Scenario

func (cs *candidates) add(c *scenario.Scenario) {
	if c != nil {
		*cs = append(*cs, c)
	}
}

// boardReductions returns the scenarios on smaller boards that shrink
// tries in place of s, in order.
func boardReductions(s *scenario.Scenario, _ scenario.Transcript, _ *Difference) []*scenario.Scenario {
	var cs candidates
	cs.add(window(s))
	for i := 0; i+1 < s.Board.Rows(); i++ {
		cs.add(crop(s, i, -1))
	}
	for i := 0; i+1 < s.Board.Cols(); i++ {
		cs.add(crop(s, -1, i))
	}
	return cs
}

// discReductions returns the scenarios with fewer discs on the starting
// board that shrink tries in place of s, in order: the board emptied, then
// one row, one column, one square.
func discReductions(s *scenario.Scenario, _ scenario.Transcript, _ *Difference) []*scenario.Scenario {
	rows, cols := s.Board.Rows(), s.Board.Cols()
	var cs []*scenario.Scenario
	clear := func(in func(othello.Square) bool) {
		c := s.Clone()
		for row := range rows {
			for col := range cols {
				if sq := (othello.Square{Row: row, Col: col}); in(sq) {
					c.Board.Set(sq, othello.Empty)
				}
			}
		}
		if c.Board.Count(othello.Empty) > s.Board.Count(othello.Empty) {
			cs = append(cs, c)
		}
	}
	clear(func(othello.Square) bool { return true })
	for row := range rows {
		clear(func(sq othello.Square) bool { return sq.Row == row })
	}
	for col := range cols {
		clear(func(sq othello.Square) bool { return sq.Col == col })
	}
	for row := range rows {
		for col := range cols {
			clear(func(sq othello.Square) bool { return sq == othello.Square{Row: row, Col: col} })
		}
	}
	return cs
}

// wrongLine returns the index in s.Lines of the line whose answer is the
// first to go wrong in d: -1 when it is a setup line, and the last line
// when the output is right but the exit status is not.
func wrongLine(s *scenario.Scenario, t scenario.Transcript, d *Difference) int {
	setup := 4 + s.Board.Rows()
	if d.Line == 0 {
		return len(s.Lines) - 1
	}
	sizes := console.AnswerSizes(t.Output, setup+len(s.Lines))
	at, last := 1, -1 // output lines answered so far; the last line that had an answer
	for i, n := range sizes {
		at += n
		if n > 0 {
			last = i
		}
		if at >= d.Line {
			return max(i, setup-1) - setup
		}
	}
	return max(last, setup-1) - setup // extra output after the end
}

// rebase returns s started from the position before its line j: the board
// then and the player to move, with lines j and after. It returns nil if
// the game is over by then.
func rebase(s *scenario.Scenario, j int) *scenario.Scenario {
	g, err := s.NewGame()
	if err != nil {
		return nil
	}
	for _, l := range s.Lines[:j] {
		if l.HasSquare {
			g.Play(l.Square) // an occupied or illegal square is INVALID and changes nothing
		}
	}
	if g.Over() {
		return nil
	}
	c := s.Clone()
	c.Board, c.First = *g.Board(), g.Turn()
	c.Lines = c.Lines[j:]
	return c
}

// window returns s cut down to the smallest board, at least 4x4, that
// holds every square its lines name, or nil if that is the whole board.
func window(s *scenario.Scenario) *scenario.Scenario {
	rows, cols := s.Board.Rows(), s.Board.Cols()
	r0, r1, c0, c1 := rows, -1, cols, -1
	for _, l := range s.Lines {
		if l.HasSquare {
			r0, r1 = min(r0, l.Square.Row), max(r1, l.Square.Row)
			c0, c1 = min(c0, l.Square.Col), max(c1, l.Square.Col)
		}
	}
	span := func(lo, hi, n int) (int, int) {
		if hi < 0 {
			return 0, othello.MinSize
		}
		size := max(othello.MinSize, (hi-lo+2)/2*2)
		return min(lo, n-size), size
	}
	r0, nr := span(r0, r1, rows)
	c0, nc := span(c0, c1, cols)
	if nr == rows && nc == cols {
		return nil
	}
	return keep(s, func(r int) bool { return r >= r0 && r < r0+nr }, func(c int) bool { return c >= c0 && c < c0+nc })
}

// crop returns s with rows row and row+1 dropped, or columns col and
// col+1 (the other is -1), or nil if the board would be too small or a
// line names a dropped square.
func crop(s *scenario.Scenario, row, col int) *scenario.Scenario {
	kept := func(drop int) func(int) bool {
		return func(i int) bool { return drop < 0 || (i != drop && i != drop+1) }
	}
	return keep(s, kept(row), kept(col))
}

// keep returns s on a board of the rows and columns that keepRow and
// keepCol keep, in order, with its lines' squares moved to match. It
// returns nil if the board would not be a valid size or a line names a
// square that is not kept.
func keep(s *scenario.Scenario, keepRow, keepCol func(int) bool) *scenario.Scenario {
	rowTo, rows := renumber(s.Board.Rows(), keepRow)
	colTo, cols := renumber(s.Board.Cols(), keepCol)
	b, err := othello.NewBoard(rows, cols)
	if err != nil {
		return nil
	}
	for r, to := range rowTo {
		for c, toCol := range colTo {
			if to >= 0 && toCol >= 0 {
				color, _ := s.Board.At(othello.Square{Row: r, Col: c})
				b.Set(othello.Square{Row: to, Col: toCol}, color)
			}
		}
	}
	c := s.Clone()
	c.Board = *b
	for i, l := range c.Lines {
		if !l.HasSquare {
			continue
		}
		to := othello.Square{Row: rowTo[l.Square.Row], Col: colTo[l.Square.Col]}
		if to.Row < 0 || to.Col < 0 {
			return nil
		}
		if to != l.Square {
			kind := l.Kind
			if kind == scenario.LooseMove {
				kind = scenario.Move // written plainly now
			}
			c.Lines[i] = scenario.Line{Text: scenario.MoveText(to), Kind: kind, Square: to, HasSquare: true}
		}
	}
	return c
}

// renumber returns where each of n rows (or columns) goes when only those
// kept are kept, -1 for those dropped, and how many are kept.
func renumber(n int, kept func(int) bool) ([]int, int) {
	to := make([]int, n)
	next := 0
	for i := range to {
		to[i] = -1
		if kept(i) {
			to[i] = next
			next++
		}
	}
	return to, next
}
