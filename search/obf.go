package search

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// ErrOBF means a line is not a position in OBF.
var ErrOBF = errors.New("search: not a position in OBF")

// An OBF is a position as the Othello board format writes it, one line:
// 64 squares from a1 to h8, a row at a time (X black, O white, - empty),
// a space, the player to move, and, for the FFO test positions, the exact
// values of some moves, best first ("; G8:+18; H1:+12").
type OBF struct {
	Board *othello.Board
	Turn  othello.Color
	Known []Known // the moves of known value, in the order given
}

// A Known is a move of a position with its exact score, as OBF gives it.
type Known struct {
	Move  int // a square row*8+col, or Pass
	Score int
}

// ParseOBF reads a position in OBF. Anything else is an error wrapping
// ErrOBF.
func ParseOBF(line string) (OBF, error) {
	fields := strings.Split(strings.TrimSpace(line), ";")
	head := strings.Fields(fields[0])
	if len(head) != 2 || len(head[0]) != 64 || len(head[1]) != 1 {
		return OBF{}, fmt.Errorf("%w: want 64 squares, a space and X or O, got %q", ErrOBF, fields[0])
	}
	b, _ := othello.NewBoard(8, 8)
	for i, c := range []byte(head[0]) {
		color, ok := obfColors[c]
		if !ok {
			return OBF{}, fmt.Errorf("%w: square %s is %q, want X, O or -", ErrOBF, SquareName(i), c)
		}
		b.Set(othello.Square{Row: i / 8, Col: i % 8}, color)
	}
	turn, ok := obfColors[head[1][0]]
	if !ok || turn == othello.Empty {
		return OBF{}, fmt.Errorf("%w: the player to move is %q, want X or O", ErrOBF, head[1])
	}
	pos := OBF{Board: b, Turn: turn}
	for _, f := range fields[1:] {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		name, score, ok := strings.Cut(f, ":")
		m, err := ParseSquare(name)
		v, err2 := strconv.Atoi(score)
		if !ok || err != nil || err2 != nil {
			return OBF{}, fmt.Errorf("%w: %q is not MOVE:SCORE", ErrOBF, f)
		}
		pos.Known = append(pos.Known, Known{Move: m, Score: v})
	}
	return pos, nil
}

var obfColors = map[byte]othello.Color{'X': othello.Black, 'x': othello.Black, '*': othello.Black,
	'O': othello.White, 'o': othello.White, '-': othello.Empty, '.': othello.Empty}

// SquareName returns a move as OBF and most Othello programs write it:
// "a1" to "h8" (column, then row), "pa" for Pass, "--" for NoMove.
func SquareName(x int) string {
	switch {
	case x == Pass:
		return "pa"
	case x < 0 || x >= 64:
		return "--"
	}
	return string(rune('a'+x%8)) + strconv.Itoa(x/8+1)
}

// ParseSquare reads a move written as SquareName writes it, in either
// case. Anything else is an error wrapping ErrOBF.
func ParseSquare(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "pa" || s == "ps" {
		return Pass, nil
	}
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, fmt.Errorf("%w: %q is not a square from a1 to h8", ErrOBF, s)
	}
	return int(s[1]-'1')*8 + int(s[0]-'a'), nil
}
