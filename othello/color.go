package othello

import "strconv"

// A Color is what a square of the board holds: a Black or White disc, or
// nothing. Black and White are also the two players.
type Color uint8

// The colors. The zero Color is Empty.
const (
	Empty Color = iota
	Black
	White
)

// String returns "B", "W" or ".", as the judge writes cells.
func (c Color) String() string {
	switch c {
	case Empty:
		return "."
	case Black:
		return "B"
	case White:
		return "W"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Opponent returns the other player: White for Black, Black for White, and
// Empty for anything else.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// isPlayer reports whether c is Black or White.
func (c Color) isPlayer() bool { return c == Black || c == White }

// ParseColor returns the player named by s: "B" for Black, "W" for White.
// Anything else is an error wrapping ErrColor.
func ParseColor(s string) (Color, error) {
	c, err := ParseCell(s)
	if err != nil || c == Empty {
		return Empty, &ValueError{Func: "ParseColor", Value: s, Err: ErrColor}
	}
	return c, nil
}

// ParseCell returns the content of a cell written as s: "B", "W", or "."
// for Empty. Anything else is an error wrapping ErrCell.
func ParseCell(s string) (Color, error) {
	switch s {
	case ".":
		return Empty, nil
	case "B":
		return Black, nil
	case "W":
		return White, nil
	}
	return Empty, &ValueError{Func: "ParseCell", Value: s, Err: ErrCell}
}
