package othello

import "fmt"

// A Square is a place on the board, counted from 0 at the top-left: Row
// grows downwards and Col to the right.
type Square struct {
	Row, Col int
}

// String returns the square in algebraic notation, the column as a letter
// from "a" and the row as a number from 1: Square{2, 3} is "d3". A square
// that has no such name, such as one with a negative row, is written as
// "(row,col)".
func (s Square) String() string {
	if s.Row < 0 || s.Col < 0 || s.Col >= 26 {
		return fmt.Sprintf("(%d,%d)", s.Row, s.Col)
	}
	return fmt.Sprintf("%c%d", 'a'+s.Col, s.Row+1)
}
