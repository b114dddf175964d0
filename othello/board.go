package othello

import (
	"fmt"
	"strconv"
	"strings"
)

// The smallest and largest number of rows or columns a board may have.
// Both must also be even.
const (
	MinSize = 4
	MaxSize = 16
)

// A Board is a grid of squares, each Empty or holding a disc. Its numbers
// of rows and columns are each even, from MinSize to MaxSize, and need not
// be equal. The zero Board and a nil *Board have no squares.
type Board struct {
	rows, cols   int
	black, white SquareSet
}

// CheckSize returns nil if n rows or columns make a valid board, and an
// error wrapping ErrSize if not.
func CheckSize(n int) error {
	if n < MinSize || n > MaxSize || n%2 != 0 {
		return &ValueError{Func: "CheckSize", Value: strconv.Itoa(n), Err: ErrSize}
	}
	return nil
}

// ParseSize returns the rows and columns of a size written ROWSxCOLS,
// such as "8x8" or "6x10" (the x in either case). Anything else, or a
// size that CheckSize refuses, is an error wrapping ErrSize.
func ParseSize(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		rows, err = strconv.Atoi(r)
	}
	if ok && err == nil {
		cols, err = strconv.Atoi(c)
	}
	if !ok || err != nil || CheckSize(rows) != nil || CheckSize(cols) != nil {
		return 0, 0, &ValueError{Func: "ParseSize", Value: s, Err: ErrSize}
	}
	return rows, cols, nil
}

// NewBoard returns an empty board of the given size. A size that
// CheckSize refuses is an error wrapping ErrSize.
func NewBoard(rows, cols int) (*Board, error) {
	if CheckSize(rows) != nil || CheckSize(cols) != nil {
		return nil, &ValueError{Func: "NewBoard", Value: fmt.Sprintf("%dx%d", rows, cols), Err: ErrSize}
	}
	return &Board{rows: rows, cols: cols}, nil
}

// NewStartBoard returns a board of the given size set up as a game of
// Othello starts: four discs in the centre, White on the top-left and
// bottom-right of them, Black on the other two.
func NewStartBoard(rows, cols int) (*Board, error) {
	b, err := NewBoard(rows, cols)
	if err != nil {
		return nil, err
	}
	r, c := rows/2-1, cols/2-1
	b.set(Square{r, c}, White)
	b.set(Square{r, c + 1}, Black)
	b.set(Square{r + 1, c}, Black)
	b.set(Square{r + 1, c + 1}, White)
	return b, nil
}

// ParseBoard returns the board written in text as String writes it: one
// line a row, cells "B", "W" or "." separated by blanks. Blanks around a
// line and a final newline are ignored. A size that CheckSize refuses is an
// error wrapping ErrSize, rows of different lengths one wrapping ErrShape,
// and any other cell one wrapping ErrCell.
func ParseBoard(text string) (*Board, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var cols int
	if len(lines) > 0 {
		cols = len(strings.Fields(lines[0]))
	}
	b, err := NewBoard(len(lines), cols)
	if err != nil {
		return nil, &ValueError{Func: "ParseBoard", Value: fmt.Sprintf("%dx%d", len(lines), cols), Err: ErrSize}
	}
	for r, line := range lines {
		cells := strings.Fields(line)
		if len(cells) != cols {
			return nil, &ValueError{Func: "ParseBoard", Value: line, Err: ErrShape}
		}
		for c, cell := range cells {
			color, err := ParseCell(cell)
			if err != nil {
				return nil, &ValueError{Func: "ParseBoard", Value: cell, Err: ErrCell}
			}
			b.set(Square{r, c}, color)
		}
	}
	return b, nil
}

// Rows returns the number of rows.
func (b *Board) Rows() int {
	if b == nil {
		return 0
	}
	return b.rows
}

// Cols returns the number of columns.
func (b *Board) Cols() int {
	if b == nil {
		return 0
	}
	return b.cols
}

// Contains reports whether s is a square of the board.
func (b *Board) Contains(s Square) bool {
	return b != nil && s.Row >= 0 && s.Row < b.rows && s.Col >= 0 && s.Col < b.cols
}

// At returns what square s holds. A square off the board is an error
// wrapping ErrOffBoard.
func (b *Board) At(s Square) (Color, error) {
	if !b.Contains(s) {
		return Empty, &MoveError{Square: s, Err: ErrOffBoard}
	}
	return b.at(s), nil
}

// Set puts c on square s; Empty clears it. A square off the board is an
// error wrapping ErrOffBoard, and a c that is not a Color constant one
// wrapping ErrColor.
func (b *Board) Set(s Square, c Color) error {
	if !b.Contains(s) {
		return &MoveError{Square: s, Err: ErrOffBoard}
	}
	if c != Empty && !c.isPlayer() {
		return &ValueError{Func: "Set", Value: c.String(), Err: ErrColor}
	}
	b.set(s, c)
	return nil
}

// Count returns how many squares hold c.
func (b *Board) Count(c Color) int {
	if !b.valid() {
		return 0
	}
	switch c {
	case Empty:
		return b.rows*b.cols - b.black.Len() - b.white.Len()
	case Black:
		return b.black.Len()
	case White:
		return b.white.Len()
	}
	return 0
}

// Clone returns a copy of b that shares nothing with it.
func (b *Board) Clone() *Board {
	if b == nil {
		return nil
	}
	c := *b
	return &c
}

// Equal reports whether b and o have the same size and the same cells.
func (b *Board) Equal(o *Board) bool {
	return b.value() == o.value()
}

// value returns the board, or the zero Board for nil.
func (b *Board) value() Board {
	if b == nil {
		return Board{}
	}
	return *b
}

// String returns the board one line a row from the top, each line ending
// in a newline, cells written "B", "W" or "." and separated by single
// spaces: the layout of the judge.
func (b *Board) String() string {
	var sb strings.Builder
	sb.Grow(b.Rows() * b.Cols() * 2)
	var row [2 * MaxSize]byte
	for r := range b.Rows() {
		for c := range b.cols {
			i := r*MaxSize + c
			cell := byte('.')
			if b.black.bit(i) {
				cell = 'B'
			} else if b.white.bit(i) {
				cell = 'W'
			}
			row[2*c], row[2*c+1] = cell, ' '
		}
		row[2*b.cols-1] = '\n'
		sb.Write(row[:2*b.cols])
	}
	return sb.String()
}

// valid reports whether b is a board that NewBoard could have made: the
// zero Board and a nil one are not.
func (b *Board) valid() bool {
	return b != nil && CheckSize(b.rows) == nil && CheckSize(b.cols) == nil
}

// geometry returns the masks of the board's size, which must be valid.
func (b *Board) geometry() *geometry { return &geometries[b.rows/2][b.cols/2] }

// at returns what is on square s, which must be on the board.
func (b *Board) at(s Square) Color {
	switch {
	case b.black.Has(s):
		return Black
	case b.white.Has(s):
		return White
	}
	return Empty
}

// set puts c on square s, which must be on the board.
func (b *Board) set(s Square, c Color) {
	i, _ := index(s)
	bit := single(i)
	b.black, b.white = b.black.Difference(bit), b.white.Difference(bit)
	switch c {
	case Black:
		b.black = b.black.Union(bit)
	case White:
		b.white = b.white.Union(bit)
	}
}
