package othello

import "math/bits"

// An 8x8 board, the size every engine is measured on, is worked on as one
// uint64 a colour: square (row, col) is bit row*8+col. The functions here
// are the hot path for it; Full and Simple use them for every 8x8 board,
// and Perft for its whole search.

const (
	notFirstCol8 = 0xfefefefefefefefe // all squares but column 1
	notLastCol8  = 0x7f7f7f7f7f7f7f7f // all squares but column 8
)

// pack8 returns the squares of s on an 8x8 board as a uint64.
func pack8(s SquareSet) uint64 {
	var x uint64
	for r := range 8 {
		x |= (s[r>>2] >> ((r & 3) * MaxSize) & 0xff) << (8 * r)
	}
	return x
}

// unpack8 returns the squares of x, on an 8x8 board, as a SquareSet.
func unpack8(x uint64) SquareSet {
	var s SquareSet
	for r := range 8 {
		s[r>>2] |= (x >> (8 * r) & 0xff) << ((r & 3) * MaxSize)
	}
	return s
}

// movesFull8 returns the squares where the player with discs p may move
// under the full rules, the opponent having discs o. Each direction's runs
// of opposing discs are grown in two steps of one and two of two, the
// parallel prefix of Edax's get_some_moves.
func movesFull8(p, o uint64) uint64 {
	inner := o & (notFirstCol8 & notLastCol8)
	return (movesDir8(p, inner, 1) | movesDir8(p, o, 8) | movesDir8(p, inner, 7) | movesDir8(p, inner, 9)) &^ (p | o)
}

// movesDir8 returns the squares beyond a run of o that starts next to a
// disc of p, along the two directions of shift d.
func movesDir8(p, o uint64, d uint) uint64 {
	l := o & (p << d)
	r := o & (p >> d)
	l |= o & (l << d)
	r |= o & (r >> d)
	ol := o & (o << d)
	or := o & (o >> d)
	l |= ol & (l << (2 * d))
	r |= or & (r >> (2 * d))
	l |= ol & (l << (2 * d))
	r |= or & (r >> (2 * d))
	return l<<d | r>>d
}

// flipsFull8 returns the discs of o that a disc of p placed on square i
// flips under the full rules.
func flipsFull8(p, o uint64, i int) uint64 {
	m := uint64(1) << i
	inner := o & (notFirstCol8 & notLastCol8)
	return flipsLeft8(m, p, inner, 1) | flipsRight8(m, p, inner, 1) |
		flipsLeft8(m, p, o, 8) | flipsRight8(m, p, o, 8) |
		flipsLeft8(m, p, inner, 7) | flipsRight8(m, p, inner, 7) |
		flipsLeft8(m, p, inner, 9) | flipsRight8(m, p, inner, 9)
}

// flipsLeft8 returns the run of o from m along shift << d, if a disc of p
// closes it. o must leave out the column the shift wraps onto, so a run
// never wraps.
func flipsLeft8(m, p, o uint64, d uint) uint64 {
	run := o & (m << d)
	if run == 0 {
		return 0
	}
	for next := o & (run << d); next&^run != 0; next = o & (run << d) {
		run |= next
	}
	if p&(run<<d)&^run != 0 {
		return run
	}
	return 0
}

// flipsRight8 is flipsLeft8 along shift >> d.
func flipsRight8(m, p, o uint64, d uint) uint64 {
	run := o & (m >> d)
	if run == 0 {
		return 0
	}
	for next := o & (run >> d); next&^run != 0; next = o & (run >> d) {
		run |= next
	}
	if p&(run>>d)&^run != 0 {
		return run
	}
	return 0
}

// neighbours8 returns the squares next to those of x, in any of the eight
// directions.
func neighbours8(x uint64) uint64 {
	right := x &^ 0x8080808080808080 // those with a square to their right
	left := x &^ 0x0101010101010101
	return x<<8 | x>>8 | right<<1 | right<<9 | right>>7 | left>>1 | left>>9 | left<<7
}

// perft8 counts the leaves of the game tree of an 8x8 board under the full
// rules, p to move, depth plies down. A forced pass is a ply; a game that
// ends before depth is one leaf.
func perft8(p, o uint64, depth int) uint64 {
	moves := movesFull8(p, o)
	if moves == 0 {
		if depth == 1 || movesFull8(o, p) == 0 {
			return 1
		}
		return perft8(o, p, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for moves != 0 {
		i := bits.TrailingZeros64(moves)
		moves &= moves - 1
		f := flipsFull8(p, o, i)
		n += perft8(o&^f, p|f|1<<i, depth-1)
	}
	return n
}
