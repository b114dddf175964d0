package othello

import (
	"fmt"
	"math"
	"strconv"
)

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

// ParseSquare returns the square written in algebraic notation as String
// writes it: a column letter from "a" and a row number from 1, such as
// "d3", the letter in either case. The square may be off any board: a row
// number too large for an int is read as the largest int. Anything else
// is an error wrapping ErrSquare.
func ParseSquare(s string) (Square, error) {
	if len(s) < 2 || !isDigits(s[1:]) {
		return Square{}, &ValueError{Func: "ParseSquare", Value: s, Err: ErrSquare}
	}
	col := int(s[0]|0x20) - 'a' // lower case
	if col < 0 || col >= 26 {
		return Square{}, &ValueError{Func: "ParseSquare", Value: s, Err: ErrSquare}
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil {
		row = math.MaxInt
	}
	return Square{Row: row - 1, Col: col}, nil
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
