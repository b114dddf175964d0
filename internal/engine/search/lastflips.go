package search

// lastFlips returns how many discs the player with discs p flips by
// playing on x, the one empty square of a board whose other squares are
// all the opponent's where they are not p's: with one empty square the
// opponent's discs are known from p's, and the last move of a game needs
// only the number of discs it flips, not which. Each of the four lines
// through x is read as a byte of p's discs along it, and lineFlips counts
// what that line flips, as Edax's count_last_flip does in its own way.
func lastFlips(p uint64, x int) int {
	row, col := x>>3, x&7
	n := lineFlips[col][p>>(x&^7)&0xff]
	// A column's squares, one a byte, gathered into a byte, row r at bit r.
	n += lineFlips[row][(p>>col&0x0101010101010101)*0x0102040810204080>>56]
	// A diagonal has at most one square in each column: the bytes of its
	// squares add up without carries, column c at bit c.
	n += lineFlips[col][(p&diagonal9[x])*0x0101010101010101>>56]
	n += lineFlips[col][(p&diagonal7[x])*0x0101010101010101>>56]
	return int(n)
}

// lineFlips[k][b] is the discs that a player flips along a line of eight
// squares by playing on its square k, its discs on the line being the
// bits of b and every other square of the line, k aside, the opponent's:
// in each way from k, the squares up to the nearest of the player's, if
// there is one.
var lineFlips = func() (t [8][256]uint8) {
	for k := range 8 {
		for b := range 256 {
			for _, step := range []int{-1, 1} {
				n := 0
				for i := k + step; i >= 0 && i < 8; i += step {
					if b>>i&1 != 0 {
						t[k][b] += uint8(n)
						break
					}
					n++
				}
			}
		}
	}
	return t
}()

// diagonal9[x] and diagonal7[x] hold the squares of the two diagonals
// through square x (steps of 9 and 7 bits: down and to the right, down
// and to the left), x among them.
var diagonal9, diagonal7 = func() (d9, d7 [64]uint64) {
	for x := range 64 {
		for y := range 64 {
			dr, dc := y>>3-x>>3, y&7-x&7
			if dr == dc {
				d9[x] |= 1 << y
			}
			if dr == -dc {
				d7[x] |= 1 << y
			}
		}
	}
	return d9, d7
}()
