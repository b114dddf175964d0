package othello

import "math/bits"

// An 8x8 board, the size every engine is measured on, is worked on as one
// uint64 a colour: square (row, col) is bit row*8+col. The functions here
// are the hot path for it; Full and Simple use them for every 8x8 board,
// Perft for its whole search, and package search for its own.
//
// Moves8 and Flips8 have two bodies each: the plain Go ones here (moves8Go
// and flips8Go), and on amd64 AVX2 kernels that work on the four lines
// through a square at once, a line a 64-bit lane (kernels_amd64.s). The
// kernels run where the processor has AVX2 (haveAVX2, asked once at
// start); elsewhere, and when built with -tags purego, the Go bodies do.
// TestKernels8 and FuzzKernels8 check that both give the same answers.

const (
	notFirstCol8 = 0xfefefefefefefefe // all squares but column 1
	notLastCol8  = 0x7f7f7f7f7f7f7f7f // all squares but column 8
)

// pack8 returns the squares of s on an 8x8 board as a uint64.
func pack8(s SquareSet) uint64 {
	var x uint64
	for r := range 4 {
		x |= (s.w0>>(r*MaxSize)&0xff)<<(8*r) | (s.w1>>(r*MaxSize)&0xff)<<(8*r+32)
	}
	return x
}

// unpack8 returns the squares of x, on an 8x8 board, as a SquareSet.
func unpack8(x uint64) SquareSet {
	var s SquareSet
	for r := range 4 {
		s.w0 |= (x >> (8 * r) & 0xff) << (r * MaxSize)
		s.w1 |= (x >> (8*r + 32) & 0xff) << (r * MaxSize)
	}
	return s
}

// Moves8 returns the empty squares of an 8x8 board, bit row*8+col, where
// the player with discs p may move under the full rules, the opponent
// having discs o.
func Moves8(p, o uint64) uint64 { return moves8(p, o) }

// moves8Go is Moves8 in plain Go. In each of the four lines through a
// square (shifts of 1, 8, 7 and 9, both ways), runs of opposing discs
// next to p are grown by one, by one, then twice by two (the parallel
// prefix of Edax's get_some_moves); the square beyond a run is a move if
// it is empty. Along a row to higher bits an addition does the same in
// one step, its carry running through each run that p starts (6% faster
// on BenchmarkMoves8/go, 31.5 to 29.6 ns a position, medians of 6
// interleaved runs at load 8). The shifts are written out as constants,
// which is what makes this fast: it is the innermost loop of every search.
//
// The four directions stay written out because a helper called for each
// measured slower (go1.26 on a shared 2-CPU AMD EPYC; benchstat over
// interleaved runs of this version and the other). movesDir8(p, o, d),
// one direction's lines below as a helper, as flipsDir8 is for flips,
// costs the inliner 98, over its budget of 80, so it is called four times
// with variable shifts: BenchmarkMoves8 went from 20.2 to 22.1 ns a
// position (+9%, p=0.000, n=40) and BenchmarkPerft FULL/8x8/depth8 from
// 2.49 to 2.75 ms (+10%, p=0.019). Split in two, one helper a way, each
// inlines with constant shifts into the same instructions as here,
// scheduled otherwise, and BenchmarkMoves8 was still 4% slower (21.8 to
// 22.8 µs a pass, p=0.011, n=60).
func moves8Go(p, o uint64) uint64 {
	inner := o & (notFirstCol8 & notLastCol8) // runs along rows and diagonals never wrap

	// A one added at the low end of a run carries through it to the square
	// beyond; inner has neither first nor last column, so no carry wraps.
	moves := (inner + inner&(p<<1)) &^ inner
	r := inner & (p >> 1)
	r |= inner & (r >> 1)
	mr := inner & (inner >> 1)
	r |= mr & (r >> 2)
	r |= mr & (r >> 2)
	moves |= r >> 1

	l := o & (p << 8)
	r = o & (p >> 8)
	l |= o & (l << 8)
	r |= o & (r >> 8)
	ml, mr := o&(o<<8), o&(o>>8)
	l |= ml & (l << 16)
	r |= mr & (r >> 16)
	l |= ml & (l << 16)
	r |= mr & (r >> 16)
	moves |= l<<8 | r>>8

	l = inner & (p << 7)
	r = inner & (p >> 7)
	l |= inner & (l << 7)
	r |= inner & (r >> 7)
	ml, mr = inner&(inner<<7), inner&(inner>>7)
	l |= ml & (l << 14)
	r |= mr & (r >> 14)
	l |= ml & (l << 14)
	r |= mr & (r >> 14)
	moves |= l<<7 | r>>7

	l = inner & (p << 9)
	r = inner & (p >> 9)
	l |= inner & (l << 9)
	r |= inner & (r >> 9)
	ml, mr = inner&(inner<<9), inner&(inner>>9)
	l |= ml & (l << 18)
	r |= mr & (r >> 18)
	l |= ml & (l << 18)
	r |= mr & (r >> 18)
	moves |= l<<9 | r>>9

	return moves &^ (p | o)
}

// neighbours8 returns the squares next to those of x, in any of the eight
// directions.
func neighbours8(x uint64) uint64 {
	right := x &^ 0x8080808080808080 // those with a square to their right
	left := x &^ 0x0101010101010101
	return x<<8 | x>>8 | right<<1 | right<<9 | right>>7 | left>>1 | left>>9 | left<<7
}

// perft8 counts the leaves of the game tree of an 8x8 board under the full
// rules, p to move, depth >= 1 plies down, as Position.Perft does. The
// leaves of a node two plies above them are counted in its loop, without
// a call for each child.
func perft8(p, o uint64, depth int) uint64 {
	moves := Moves8(p, o)
	if moves == 0 {
		if depth == 1 || Moves8(o, p) == 0 {
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
		f := Flips8(p, o, i)
		childP, childO := o&^f, p|f|1<<i
		if depth > 2 {
			n += perft8(childP, childO, depth-1)
		} else if leaves := bits.OnesCount64(Moves8(childP, childO)); leaves > 0 {
			n += uint64(leaves)
		} else {
			n++ // the child passes or the game ends: one leaf either way
		}
	}
	return n
}

// rays8[i][d] holds the squares from square i outward, i itself left out,
// in each of the eight directions: the first four (right, down, down-left,
// down-right) to higher bits, the other four to lower ones.
var rays8 = func() (rays [64][8]uint64) {
	steps := [8][2]int{{0, 1}, {1, 0}, {1, -1}, {1, 1}, {0, -1}, {-1, 0}, {-1, 1}, {-1, -1}}
	for i := range 64 {
		for d, step := range steps {
			for r, c := i/8+step[0], i%8+step[1]; r >= 0 && r < 8 && c >= 0 && c < 8; r, c = r+step[0], c+step[1] {
				rays[i][d] |= 1 << (r*8 + c)
			}
		}
	}
	return rays
}()

// Flips8 returns the discs of theirs that a disc of mine placed on the
// empty square i (row*8+col) of an 8x8 board flips under the full rules.
func Flips8(mine, theirs uint64, i int) uint64 { return flips8(mine, theirs, i) }

// flips8Go is Flips8 in plain Go. It works by bit scans, as Edax's
// flip_bitscan: along each ray from i, the nearest square that is not the
// opponent's closes the run before it if it is the player's. On rays to
// higher bits the nearest square is the lowest bit (up8). It measured 30%
// faster than growing runs with shifts as moves8Go does (14 ns against 20
// a flip), finding the highest bit on rays to lower bits. Three of those
// go to lower rows; on the board with its rows in reverse order (a byte
// swap) they go to higher rows, where the nearest square is the lowest bit
// too, which is cheaper to find: BenchmarkFlips8/go went from 26.1 to 21.3
// ns a flip (medians of 5 interleaved runs, load 4). The fourth, along the
// row, left8 finds with constant shifts, not a bit scan: 12.7 to 11.1 ns
// (medians of 5, load 4).
func flips8Go(mine, theirs uint64, i int) uint64 {
	p, o := mine, theirs
	r, m := &rays8[i&63], &mirrored8[i&63]
	f := up8(r[0], p, o) | up8(r[1], p, o) | up8(r[2], p, o) | up8(r[3], p, o) | left8(r[4], p, o)
	p, o = bits.ReverseBytes64(p), bits.ReverseBytes64(o)
	return f | bits.ReverseBytes64(up8(m[0], p, o)|up8(m[1], p, o)|up8(m[2], p, o))
}

// mirrored8[i] holds rays8[i][5:8], the three rays from square i to lower
// rows, on the board with its rows in reverse order (bits.ReverseBytes64),
// where they go to higher rows instead, and so to higher bits.
var mirrored8 = func() (m [64][3]uint64) {
	for i := range 64 {
		for d := range 3 {
			m[i][d] = bits.ReverseBytes64(rays8[i][5+d])
		}
	}
	return m
}()

// up8 returns the discs of o that p closes along ray m to higher bits.
func up8(m, p, o uint64) uint64 {
	b := m &^ o
	t := b&-b&p - 1
	return t & m &^ uint64(int64(t)>>63)
}

// left8 returns the discs of o that p closes along ray m, along the row
// to lower bits (the lower columns). Each disc of p on the ray, moved one
// column back toward the square played, marks the end of the run it would
// close; a mark with a square not o at it or up to five columns above it
// is erased, and the ray's squares from the mark left up are flipped (the
// way flips8AVX2 does it for all four rays to lower bits).
func left8(m, p, o uint64) uint64 {
	e := m &^ o
	mark := (p & m) << 1
	e |= e >> 1
	mark &^= e
	e >>= 2
	mark &^= e
	mark &^= e >> 2
	return m & -mark
}
