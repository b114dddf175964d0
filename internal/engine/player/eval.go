package player

import "github.com/othello-judge/judge/othello"

// Weights of the evaluation under the full rules, in hundredths of a disc.
const (
	mobilityWeight = 80  // a legal move more than the opponent has
	cornerWeight   = 800 // a corner
	xWeight        = 400 // a square diagonally next to an empty corner, given away
	cWeight        = 150 // a square beside an empty corner on the edge, given away
	edgeWeight     = 30  // any other square on an edge
	parityWeight   = 100 // the last move, near the end
)

// An evaluator scores positions of one board size and rule set, under one
// win rule, for the player to move.
type evaluator struct {
	full    bool // the full rules: corners and edges matter
	sign    int  // 1 with MostDiscs, -1 with FewestDiscs: what discs are worth
	squares int  // the squares of the board
	corners othello.SquareSet
	edges   othello.SquareSet // the edges less the corners and the squares beside them
	near    [4]cornerArea
	// neighbours holds the squares next to each square, for the simple
	// rules.
	neighbours [othello.MaxSize][othello.MaxSize]othello.SquareSet
}

// A cornerArea is a corner with the squares that give it away while it is
// empty.
type cornerArea struct {
	corner othello.Square
	x      othello.SquareSet // the square diagonally next to it
	c      othello.SquareSet // the squares beside it on the edges
}

func newEvaluator(p *othello.Position, win othello.WinRule) evaluator {
	_, full := p.Rules().(othello.Full)
	e := evaluator{full: full, sign: 1}
	if win == othello.FewestDiscs {
		e.sign = -1
	}
	b := p.Board()
	rows, cols := b.Rows(), b.Cols()
	e.squares = rows * cols
	for r := range rows {
		for c := range cols {
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if (dr != 0 || dc != 0) && b.Contains(othello.Square{Row: r + dr, Col: c + dc}) {
						e.neighbours[r][c].Add(othello.Square{Row: r + dr, Col: c + dc})
					}
				}
			}
		}
	}
	var border, givers othello.SquareSet // the edges; the squares beside the corners on them
	for r := range rows {
		for c := range cols {
			if r == 0 || c == 0 || r == rows-1 || c == cols-1 {
				border.Add(othello.Square{Row: r, Col: c})
			}
		}
	}
	for k, corner := range []othello.Square{{Row: 0, Col: 0}, {Row: 0, Col: cols - 1}, {Row: rows - 1, Col: 0}, {Row: rows - 1, Col: cols - 1}} {
		dr, dc := 1, 1 // the way into the board
		if corner.Row > 0 {
			dr = -1
		}
		if corner.Col > 0 {
			dc = -1
		}
		a := &e.near[k]
		a.corner = corner
		a.x.Add(othello.Square{Row: corner.Row + dr, Col: corner.Col + dc})
		a.c.Add(othello.Square{Row: corner.Row + dr, Col: corner.Col})
		a.c.Add(othello.Square{Row: corner.Row, Col: corner.Col + dc})
		e.corners.Add(corner)
		givers = givers.Union(a.c)
	}
	e.edges = border.Difference(e.corners.Union(givers))
	return e
}

// margin returns the discs of the player to move less the opponent's,
// under the win rule (with FewestDiscs, the opponent's less theirs), the
// empty squares added to the winner's: the final margin of a finished
// game, as the FFO test positions count it.
func (e *evaluator) margin(p *othello.Position) int {
	me := p.Turn()
	m := e.sign * (p.Discs(me).Len() - p.Discs(me.Opponent()).Len())
	switch empty := p.Empties().Len(); {
	case m > 0:
		return m + empty
	case m < 0:
		return m - empty
	}
	return 0
}

// final returns the score of the finished game p for the player to move:
// Won more than its margin for a win, Won less for a loss.
func (e *evaluator) final(p *othello.Position) int {
	m := e.margin(p)
	switch {
	case m > 0:
		return Won + m*disc
	case m < 0:
		return -Won + m*disc
	}
	return 0
}

// score estimates p for the player to move, whose legal moves are legal.
// Under the full rules it counts mobility, which is good under either win
// rule, and corners, the squares that give corners away, edges and, near
// the end, discs and who moves last: all good with MostDiscs and bad with
// FewestDiscs. Under other rules it counts mobility and discs, twice those
// that nothing can flip any more.
func (e *evaluator) score(p *othello.Position, legal othello.SquareSet) int {
	me := p.Turn()
	opp := me.Opponent()
	mine, theirs := p.Discs(me), p.Discs(opp)
	mobility := legal.Len() - p.LegalFor(opp).Len()
	discs := mine.Len() - theirs.Len()
	if !e.full {
		empty := p.Empties()
		return e.sign*(discs*disc+disc*(e.settled(mine, empty)-e.settled(theirs, empty))) + mobility*disc/4
	}
	v := cornerWeight * (mine.Intersect(e.corners).Len() - theirs.Intersect(e.corners).Len())
	v += edgeWeight * (mine.Intersect(e.edges).Len() - theirs.Intersect(e.edges).Len())
	for _, a := range e.near {
		if mine.Has(a.corner) || theirs.Has(a.corner) {
			continue
		}
		v -= xWeight * (mine.Intersect(a.x).Len() - theirs.Intersect(a.x).Len())
		v -= cWeight * (mine.Intersect(a.c).Len() - theirs.Intersect(a.c).Len())
	}
	if empties := e.squares - mine.Len() - theirs.Len(); 3*empties <= e.squares {
		v += discs * disc
		if empties%2 == 1 {
			v += parityWeight
		} else {
			v -= parityWeight
		}
	}
	return mobilityWeight*mobility + e.sign*v
}

// settled returns how many of discs have no empty neighbour: under the
// simple rules, nothing can flip them.
func (e *evaluator) settled(discs, empty othello.SquareSet) int {
	n := 0
	for discs.Len() > 0 {
		s, _ := discs.Pop()
		if e.neighbours[s.Row][s.Col].Intersect(empty).IsEmpty() {
			n++
		}
	}
	return n
}

// squareValue returns how promising a move on s looks before searching
// it, for ordering moves: corners first, the squares that give them away
// last.
func (e *evaluator) squareValue(s othello.Square) int {
	if !e.full {
		return 0
	}
	if e.corners.Has(s) {
		return 20
	}
	for _, a := range e.near {
		switch {
		case a.x.Has(s):
			return -20
		case a.c.Has(s):
			return -5
		}
	}
	if e.edges.Has(s) {
		return 2
	}
	return 0
}
