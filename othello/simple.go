package othello

// Simple is the simplified rule set: a move is legal on an empty square
// that touches at least one of the opponent's discs, in any of the eight
// directions. Every touching disc of the opponent is flipped, and nothing
// further away.
type Simple struct{}

// Name returns "SIMPLE".
func (Simple) Name() string { return "SIMPLE" }

// Moves returns the squares where player may move under the simple rules:
// the empty squares next to an opposing disc.
func (Simple) Moves(b *Board, player Color) SquareSet {
	p, o, ok := discs(b, player)
	if !ok {
		return SquareSet{}
	}
	return neighbours(b, o).Difference(p.Union(o))
}

// Flips returns the discs that the move would flip under the simple rules:
// the opposing discs next to it.
func (Simple) Flips(b *Board, s Square, player Color) SquareSet {
	_, o, ok := discs(b, player)
	i, isEmpty := emptyIndex(b, s)
	if !ok || !isEmpty {
		return SquareSet{}
	}
	return neighbours(b, single(i)).Intersect(o)
}

// neighbours returns the squares of b next to those of x.
func neighbours(b *Board, x SquareSet) SquareSet {
	if b.rows == 8 && b.cols == 8 {
		return unpack8(neighbours8(pack8(x)))
	}
	g := b.geometry()
	var n SquareSet
	for d, step := range directions {
		n = n.Union(x.shift(step).Intersect(g.dir[d]))
	}
	return n
}
