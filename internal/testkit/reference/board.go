package reference

import "bytes"

// A Board is a grid of 'B' (Black), 'W' (White) and '.' (empty), row by
// row.
type Board [][]byte

// On reports whether row r and column c are on the board.
func (b Board) On(r, c int) bool { return r >= 0 && r < len(b) && c >= 0 && c < len(b[0]) }

// Opponent returns the other player: 'W' for 'B', 'B' for 'W'.
func Opponent(p byte) byte {
	if p == 'B' {
		return 'W'
	}
	return 'B'
}

// Flips returns the squares that p flips by playing (r, c), as
// row*100+col, in no particular order; none for an illegal move. Under
// the full rules (full) a move flips each line of the opponent's discs
// that one of p's ends; under the simple rules, each of the opponent's
// discs next to it.
func (b Board) Flips(full bool, r, c int, p byte) []int {
	if !b.On(r, c) || b[r][c] != '.' {
		return nil
	}
	var flips []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			if !full {
				if b.On(r+dr, c+dc) && b[r+dr][c+dc] == Opponent(p) {
					flips = append(flips, (r+dr)*100+c+dc)
				}
				continue
			}
			var line []int
			rr, cc := r+dr, c+dc
			for b.On(rr, cc) && b[rr][cc] == Opponent(p) {
				line = append(line, rr*100+cc)
				rr, cc = rr+dr, cc+dc
			}
			if len(line) > 0 && b.On(rr, cc) && b[rr][cc] == p {
				flips = append(flips, line...)
			}
		}
	}
	return flips
}

// CanMove reports whether p has a legal move.
func (b Board) CanMove(full bool, p byte) bool {
	for r := range b {
		for c := range b[r] {
			if len(b.Flips(full, r, c, p)) > 0 {
				return true
			}
		}
	}
	return false
}

// Count returns the discs of p.
func (b Board) Count(p byte) int {
	n := 0
	for _, row := range b {
		n += bytes.Count(row, []byte{p})
	}
	return n
}

// Play plays p at (r, c): it puts p's disc there and turns the discs it
// flips, and returns them as Flips does. An illegal move changes nothing
// and returns none.
func (b Board) Play(full bool, r, c int, p byte) []int {
	flips := b.Flips(full, r, c, p)
	if len(flips) == 0 {
		return nil
	}
	b[r][c] = p
	for _, f := range flips {
		b[f/100][f%100] = p
	}
	return flips
}

// Clone returns a copy of b that shares no row with it.
func (b Board) Clone() Board {
	c := make(Board, len(b))
	for i := range b {
		c[i] = append([]byte(nil), b[i]...)
	}
	return c
}
