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
		return unpack8(Moves8(pack8(p), pack8(o)))
	}
	g := b.geometry()
	empty := g.all.Difference(p.Union(o))
	var moves SquareSet
	for d, n := range directions {
		od, ed := o.Intersect(g.dir[d]), empty.Intersect(g.dir[d])
		// The squares one step beyond runs of opposing discs next to p,
		// the runs growing a step at a time until none goes on.
		beyond := p.shift(n).Intersect(od)
		for !beyond.IsEmpty() {
			beyond = beyond.shift(n)
			moves = moves.Union(beyond.Intersect(ed))
			beyond = beyond.Intersect(od)
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
		return unpack8(Flips8(pack8(p), pack8(o), s.Row*8+s.Col))
	}
	g := b.geometry()
	m := single(i)
	var flips SquareSet
	for d, n := range directions {
		od := o.Intersect(g.dir[d])
		var run SquareSet
		at := m.shift(n).Intersect(g.dir[d])
		for !at.Intersect(od).IsEmpty() {
			run = run.Union(at)
			at = at.shift(n).Intersect(g.dir[d])
		}
		if !run.IsEmpty() && !at.Intersect(p).IsEmpty() {
			flips = flips.Union(run)
		}
	}
	return flips
}
