package othello

import "math/bits"

// Perft counts the leaves of the game tree from p, depth plies down, as
// the published perft tables of Othello count them: a forced pass is a
// ply, and a game that ends before depth is one leaf where it ends. The
// last ply is counted in bulk, as the number of legal moves. A depth of 0
// or less counts p itself, 1; a position not made by NewPosition counts 0.
//
// An 8x8 board under the full rules is searched on one uint64 a colour,
// with the same move generation and flipping that Full uses for it; every
// other board and rule set through the position's Rules.
func (p *Position) Perft(depth int) uint64 {
	switch {
	case !p.valid():
		return 0
	case depth <= 0:
		return 1
	}
	if _, full := p.rules.(Full); full && p.board.rows == 8 && p.board.cols == 8 {
		mine, theirs := p.board.black, p.board.white
		if p.turn == White {
			mine, theirs = theirs, mine
		}
		return perft8(pack8(mine), pack8(theirs), depth)
	}
	return p.perft(depth)
}

// perft is Perft through the position's Rules, for depth >= 1.
func (p *Position) perft(depth int) uint64 {
	// A game has at most two plies an empty square: a move, and a pass
	// before it. Deeper counts are the same.
	depth = min(depth, 2*p.board.Count(Empty)+1)
	stack := make([]Position, depth) // stack[k] is the position k plies down
	stack[0] = *p
	return perftOn(stack, depth)
}

// perftOn counts the leaves under stack[0], depth >= 1 plies down, playing
// the plies below it in the rest of stack, so that no ply allocates.
func perftOn(stack []Position, depth int) uint64 {
	p := &stack[0]
	moves := p.legal(p.turn)
	if moves.IsEmpty() {
		if depth == 1 || p.legal(p.turn.Opponent()).IsEmpty() {
			return 1
		}
		stack[1] = *p
		stack[1].turn = p.turn.Opponent()
		return perftOn(stack[1:], depth-1)
	}
	if depth == 1 {
		return uint64(moves.Len())
	}
	var n uint64
	for w, word := range moves.words() {
		for word != 0 {
			i := w<<6 + bits.TrailingZeros64(word)
			word &= word - 1
			stack[1] = *p
			stack[1].apply(i, p.flips(Square{Row: i / MaxSize, Col: i % MaxSize}))
			n += perftOn(stack[1:], depth-1)
		}
	}
	return n
}
