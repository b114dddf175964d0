package othello

import (
	"math/bits"
	"strings"
)

// A SquareSet is a set of squares of a board, one bit a square: square
// (row, col) is bit row*16+col, so a set holds the squares of any board up
// to 16x16. The zero SquareSet is empty. Sets are values: compare them with
// ==.
type SquareSet struct {
	// Four rows a word. Four fields rather than an array keep a set in
	// registers: the compiler does not do that for arrays.
	w0, w1, w2, w3 uint64
}

// words returns the words of the set, bits 0-63 first.
func (s SquareSet) words() [4]uint64 { return [4]uint64{s.w0, s.w1, s.w2, s.w3} }

// word returns the word of s that holds bit i.
func (s *SquareSet) word(i int) *uint64 {
	switch i >> 6 {
	case 0:
		return &s.w0
	case 1:
		return &s.w1
	case 2:
		return &s.w2
	}
	return &s.w3
}

// bit reports whether bit i, from 0 to 255, is in the set.
func (s SquareSet) bit(i int) bool { return *s.word(i)&(1<<(i&63)) != 0 }

// index returns the bit of s, and false if s is outside 16x16.
func index(s Square) (int, bool) {
	if s.Row < 0 || s.Row >= MaxSize || s.Col < 0 || s.Col >= MaxSize {
		return 0, false
	}
	return s.Row*MaxSize + s.Col, true
}

// single returns the set of square i alone.
func single(i int) SquareSet {
	var s SquareSet
	*s.word(i) = 1 << (i & 63)
	return s
}

// Has reports whether the set holds s.
func (s SquareSet) Has(sq Square) bool {
	i, ok := index(sq)
	return ok && s.bit(i)
}

// Add puts sq in the set. A square outside 16x16 is left out.
func (s *SquareSet) Add(sq Square) {
	if i, ok := index(sq); ok {
		*s.word(i) |= 1 << (i & 63)
	}
}

// Remove takes sq out of the set.
func (s *SquareSet) Remove(sq Square) {
	if i, ok := index(sq); ok {
		*s.word(i) &^= 1 << (i & 63)
	}
}

// Len returns the number of squares in the set.
func (s SquareSet) Len() int {
	return bits.OnesCount64(s.w0) + bits.OnesCount64(s.w1) + bits.OnesCount64(s.w2) + bits.OnesCount64(s.w3)
}

// IsEmpty reports whether the set holds no square.
func (s SquareSet) IsEmpty() bool { return s == SquareSet{} }

// Pop takes the first square of the set, row by row from the top-left, out
// of it and returns it; false when the set is empty. It walks a set
// without making a slice, for code that must not allocate.
func (s *SquareSet) Pop() (Square, bool) {
	for w := range 4 {
		word := s.word(w << 6)
		if *word != 0 {
			i := w<<6 + bits.TrailingZeros64(*word)
			*word &= *word - 1
			return Square{Row: i / MaxSize, Col: i % MaxSize}, true
		}
	}
	return Square{}, false
}

// Squares returns the squares of the set, row by row from the top-left.
func (s SquareSet) Squares() []Square {
	squares := make([]Square, 0, s.Len())
	for w, word := range s.words() {
		for word != 0 {
			i := w<<6 + bits.TrailingZeros64(word)
			squares = append(squares, Square{Row: i / MaxSize, Col: i % MaxSize})
			word &= word - 1
		}
	}
	return squares
}

// String returns the squares of the set in algebraic notation, row by row,
// separated by spaces, such as "d4 e4 d5".
func (s SquareSet) String() string {
	var sb strings.Builder
	for i, sq := range s.Squares() {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(sq.String())
	}
	return sb.String()
}

// Intersect returns the squares that are in both s and t.
func (s SquareSet) Intersect(t SquareSet) SquareSet {
	return SquareSet{s.w0 & t.w0, s.w1 & t.w1, s.w2 & t.w2, s.w3 & t.w3}
}

// Union returns the squares that are in s, in t or in both.
func (s SquareSet) Union(t SquareSet) SquareSet {
	return SquareSet{s.w0 | t.w0, s.w1 | t.w1, s.w2 | t.w2, s.w3 | t.w3}
}

// Difference returns the squares of s that are not in t.
func (s SquareSet) Difference(t SquareSet) SquareSet {
	return SquareSet{s.w0 &^ t.w0, s.w1 &^ t.w1, s.w2 &^ t.w2, s.w3 &^ t.w3}
}

// shift moves every square of the set by n bits: n > 0 towards higher
// rows and columns, n < 0 towards lower; |n| < 64. Squares moved past bit
// 0 or 255 are dropped; squares moved across the edge of a row wrap onto
// the next, and the caller masks them off.
func (s SquareSet) shift(n int) SquareSet {
	if n > 0 {
		return s.shl(uint(n) & 63)
	}
	return s.shr(uint(-n) & 63)
}

// shl moves every square of the set k bits up, 0 < k < 64.
func (s SquareSet) shl(k uint) SquareSet {
	return SquareSet{s.w0 << k, s.w1<<k | s.w0>>(64-k), s.w2<<k | s.w1>>(64-k), s.w3<<k | s.w2>>(64-k)}
}

// shr moves every square of the set k bits down, 0 < k < 64.
func (s SquareSet) shr(k uint) SquareSet {
	return SquareSet{s.w0>>k | s.w1<<(64-k), s.w1>>k | s.w2<<(64-k), s.w2>>k | s.w3<<(64-k), s.w3 >> k}
}

// directions are the eight steps from a square to its neighbours, as
// shifts of a SquareSet: up-left, up, up-right, left, right, down-left,
// down, down-right.
var directions = [8]int{-MaxSize - 1, -MaxSize, -MaxSize + 1, -1, 1, MaxSize - 1, MaxSize, MaxSize + 1}

// A geometry holds the masks of one size of board.
type geometry struct {
	all SquareSet    // the squares of the board
	dir [8]SquareSet // all, less the column a step in directions[d] wraps onto
}

// geometries holds the geometry of every size, by rows/2 and cols/2.
var geometries = func() (g [MaxSize/2 + 1][MaxSize/2 + 1]geometry) {
	var firstCol, lastCol SquareSet
	for r := range MaxSize {
		firstCol = firstCol.Union(single(r * MaxSize))
		lastCol = lastCol.Union(single(r*MaxSize + MaxSize - 1))
	}
	for rows := MinSize; rows <= MaxSize; rows += 2 {
		for cols := MinSize; cols <= MaxSize; cols += 2 {
			geo := &g[rows/2][cols/2]
			for r := range rows {
				for c := range cols {
					geo.all = geo.all.Union(single(r*MaxSize + c))
				}
			}
			for d, n := range directions {
				switch (n%MaxSize + MaxSize) % MaxSize {
				case 1: // a step right wraps onto the first column
					geo.dir[d] = geo.all.Difference(firstCol)
				case MaxSize - 1: // a step left, onto the last
					geo.dir[d] = geo.all.Difference(lastCol)
				default:
					geo.dir[d] = geo.all
				}
			}
		}
	}
	return g
}()
