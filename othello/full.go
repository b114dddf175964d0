package othello

// Full is the standard rule set of Othello: a move is legal on an empty
// square from which, in at least one of the eight directions, a line of
// one or more of the opponent's discs is closed by a disc of the mover's.
// Every such line, in every direction, is flipped.
type Full struct{}

// Name returns "FULL".
func (Full) Name() string { return "FULL" }

// Moves returns the squares where player may move under the full rules.
func (Full) Moves(b *Board, player Color) SquareSet {
	p, o, ok := discs(b, player)
	switch {
	case !ok:
		return SquareSet{}
	case b.rows == 8 && b.cols == 8:
		return unpack8(movesFull8(pack8(p), pack8(o)))
	}
	g := b.geometry()
	empty := g.all.andNot(p.or(o))
	var moves SquareSet
	for d, n := range directions {
		od, ed := o.and(g.dir[d]), empty.and(g.dir[d])
		// The squares one step beyond runs of opposing discs next to p,
		// the runs growing a step at a time until none goes on.
		beyond := p.shift(n).and(od)
		for !beyond.IsEmpty() {
			beyond = beyond.shift(n)
			moves = moves.or(beyond.and(ed))
			beyond = beyond.and(od)
		}
	}
	return moves
}

// Flips returns the discs that the move would flip under the full rules.
func (Full) Flips(b *Board, s Square, player Color) SquareSet {
	p, o, ok := discs(b, player)
	i, isEmpty := emptyIndex(b, s)
	switch {
	case !ok || !isEmpty:
		return SquareSet{}
	case b.rows == 8 && b.cols == 8:
		return unpack8(flipsFull8(pack8(p), pack8(o), s.Row*8+s.Col))
	}
	g := b.geometry()
	m := single(i)
	var flips SquareSet
	for d, n := range directions {
		od := o.and(g.dir[d])
		var run SquareSet
		at := m.shift(n).and(g.dir[d])
		for !at.and(od).IsEmpty() {
			run = run.or(at)
			at = at.shift(n).and(g.dir[d])
		}
		if !run.IsEmpty() && !at.and(p).IsEmpty() {
			flips = flips.or(run)
		}
	}
	return flips
}
