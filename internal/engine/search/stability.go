package search

// stable returns discs of x that can never be flipped, the other player
// having discs y: a disc is stable when, in each of the four lines through
// it, the line is full or a neighbour along it is the edge or a stable
// disc of the same colour. Grown from the corners until nothing changes,
// it finds most stable discs, never one that is not.
func stable(x, y uint64) uint64 {
	occupied := x | y
	fullH, fullV, fullD7, fullD9 := fullLines(occupied)
	// The discs already stable in each line, before any neighbour: those
	// on full lines, and those on the edge the line leaves by.
	const (
		leftRight = 0x8181818181818181
		topBottom = 0xff000000000000ff
		edges     = leftRight | topBottom
	)
	h, v, d7, d9 := fullH|leftRight, fullV|topBottom, fullD7|edges, fullD9|edges
	var s uint64
	for {
		// A disc is stable in a line if a neighbour along it is.
		sh := h | s<<1&^0x0101010101010101 | s>>1&^0x8080808080808080
		sv := v | s<<8 | s>>8
		sd7 := d7 | s<<7&^0x8080808080808080 | s>>7&^0x0101010101010101
		sd9 := d9 | s<<9&^0x0101010101010101 | s>>9&^0x8080808080808080
		next := x & sh & sv & sd7 & sd9
		if next == s {
			return s
		}
		s = next
	}
}

// fullLines returns the squares of full rows, full columns, and full
// lines along each diagonal direction (a step of 7 and of 9 bits),
// occupied being the squares with a disc.
func fullLines(occupied uint64) (h, v, d7, d9 uint64) {
	r := occupied & (occupied >> 4)
	r &= r >> 2
	r &= r >> 1
	h = (r & 0x0101010101010101) * 0xff

	c := occupied & (occupied >> 32)
	c &= c >> 16
	c &= c >> 8
	v = (c & 0xff) * 0x0101010101010101

	// Along a diagonal, fold each square with its neighbours ever further
	// away, the squares past the board's edge counting as full.
	l, u := occupied, occupied
	l &= 0xff01010101010101 | l>>7
	u &= 0x80808080808080ff | u<<7
	l &= 0xffff030303030303 | l>>14
	u &= 0xc0c0c0c0c0c0ffff | u<<14
	l &= 0xffffffff0f0f0f0f | l>>28
	u &= 0xf0f0f0f0ffffffff | u<<28
	d7 = l & u

	l, u = occupied, occupied
	l &= 0xff80808080808080 | l>>9
	u &= 0x01010101010101ff | u<<9
	l &= 0xffffc0c0c0c0c0c0 | l>>18
	u &= 0x030303030303ffff | u<<18
	l &= 0xfffffffff0f0f0f0 | l>>36
	u &= 0x0f0f0f0fffffffff | u<<36
	d9 = l & u
	return h, v, d7, d9
}
