package book

import (
	"math/bits"

	"github.com/othello-judge/judge/othello"
)

// A key is a position of an 8x8 board with its player to move, known up
// to the board's 8 symmetries: the discs of the player to move and of
// the opponent, square (row, col) at bit row*8+col, of the least of the
// position's 8 images (by mine, then theirs).
type key struct {
	mine, theirs uint64
}

// keyOf returns the key of the position where the player to move has the
// discs mine and the opponent theirs.
func keyOf(mine, theirs uint64) key {
	best := key{mine, theirs}
	for i := 1; i < 8; i++ {
		k := key{symmetry(mine, i), symmetry(theirs, i)}
		if k.mine < best.mine || k.mine == best.mine && k.theirs < best.theirs {
			best = k
		}
	}
	return best
}

// Canonical returns the least of the 8 images of the position where the
// player to move has the discs mine and the opponent theirs, under the
// board's symmetries (by mine, then theirs): two positions are the same
// up to symmetry when their Canonical images are.
func Canonical(mine, theirs uint64) (uint64, uint64) {
	k := keyOf(mine, theirs)
	return k.mine, k.theirs
}

// symmetry returns the image of the squares x under symmetry i of the
// board, from 0 (none) to 7: bit 0 of i mirrors the columns, bit 1 the
// rows, bit 2 swaps rows and columns (after the others).
func symmetry(x uint64, i int) uint64 {
	if i&1 != 0 {
		x = mirrorColumns(x)
	}
	if i&2 != 0 {
		x = bits.ReverseBytes64(x) // a row is a byte
	}
	if i&4 != 0 {
		x = transpose(x)
	}
	return x
}

// mirrorColumns returns x with column c moved to column 7-c: the bits of
// each byte reversed.
func mirrorColumns(x uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	x = x>>1&k1 | x&k1<<1
	x = x>>2&k2 | x&k2<<2
	return x>>4&k4 | x&k4<<4
}

// transpose returns x with square (r, c) moved to (c, r), swapping blocks
// of 4, 2 and 1 squares across the diagonal.
func transpose(x uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = k2 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = k1 & (x ^ x<<7)
	return x ^ t ^ t>>7
}

// start returns the discs of the player to move (Black) and of the
// opponent in the standard start of an 8x8 board.
func start() (mine, theirs uint64) {
	const d4, e4, d5, e5 = 3*8 + 3, 3*8 + 4, 4*8 + 3, 4*8 + 4
	return 1<<e4 | 1<<d5, 1<<d4 | 1<<e5
}

// play plays square i (row*8+col) for the player who has the discs mine
// against theirs, and returns the discs of that player after it, and of
// the opponent. ok is false if the move is not legal.
func play(mine, theirs uint64, i int) (m, t uint64, ok bool) {
	if i < 0 || i > 63 || (mine|theirs)&(1<<i) != 0 {
		return mine, theirs, false
	}
	flips := othello.Flips8(mine, theirs, i)
	if flips == 0 {
		return mine, theirs, false
	}
	return mine | flips | 1<<i, theirs &^ flips, true
}

// next returns the discs of the player to move after a move that left the
// player who made it with mine against theirs, and of the other: the
// opponent's turn, or the same player's (same) if the opponent has no
// legal move and the player has.
func next(mine, theirs uint64) (m, t uint64, same bool) {
	if othello.Moves8(theirs, mine) == 0 && othello.Moves8(mine, theirs) != 0 {
		return mine, theirs, true
	}
	return theirs, mine, false
}

// index returns square s's bit, row*8+col, or -1 off an 8x8 board.
func index(s othello.Square) int {
	if s.Row < 0 || s.Row > 7 || s.Col < 0 || s.Col > 7 {
		return -1
	}
	return s.Row*8 + s.Col
}
