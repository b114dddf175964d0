package engine

// TODO(record): read GGF with package record once it is merged, and drop
// this file.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// errGGF means the text of NBoard's "set game" is not an 8x8 game in GGF.
var errGGF = errors.New("engine: not an 8x8 game in GGF")

// parseGame reads one game of 8x8 Othello in GGF, as NBoard sends it:
// "(;GM[Othello]...BO[8 <64 squares> <to move>]B[F5]W[F6]...;)". Of its
// properties it reads the board type TY (8x8 only), the starting board
// BO (squares "-" empty, "*" black, "O" white, a row at a time from A1,
// then "*" or "O" to move) and the moves B[...] and W[...] (a square or
// PA, maybe followed by "/EVAL/TIME"), which must alternate from the
// player to move; it skips the others. It returns the setup, under the
// full rules and won by most discs, and the moves. Anything it cannot
// read is an error wrapping errGGF.
func parseGame(text string) (othello.Setup, []move, error) {
	body, opened := strings.CutPrefix(strings.TrimSpace(text), "(;")
	body, closed := strings.CutSuffix(body, ";)")
	if !opened || !closed {
		return othello.Setup{}, nil, fmt.Errorf("%w: it must start with \"(;\" and end with \";)\"", errGGF)
	}
	setup := othello.Setup{Rules: othello.Full{}, Win: othello.MostDiscs}
	var moves []move
	turn := othello.Empty // the player to move, once the board is read
	for body = strings.TrimSpace(body); body != ""; body = strings.TrimSpace(body) {
		name, value, rest, err := property(body)
		if err != nil {
			return othello.Setup{}, nil, err
		}
		body = rest
		switch name {
		case "TY":
			if !strings.HasPrefix(value, "8") {
				return othello.Setup{}, nil, fmt.Errorf("%w: board type TY[%s]", errGGF, value)
			}
		case "BO":
			if setup.Board, setup.First, err = parseBoard(value); err != nil {
				return othello.Setup{}, nil, err
			}
			turn = setup.First
		case "B", "W":
			mover := othello.Black
			if name == "W" {
				mover = othello.White
			}
			if mover != turn {
				return othello.Setup{}, nil, fmt.Errorf("%w: %s[%s] when %v is to move", errGGF, name, value, turn)
			}
			m, err := parseMove(strings.Split(value, "/")[0])
			if err != nil {
				return othello.Setup{}, nil, fmt.Errorf("%w: %s[%s] is not a move", errGGF, name, value)
			}
			moves = append(moves, m)
			turn = turn.Opponent()
		}
	}
	if turn == othello.Empty {
		return othello.Setup{}, nil, fmt.Errorf("%w: no board BO[...]", errGGF)
	}
	return setup, moves, nil
}

// property reads the property that text starts with, NAME[VALUE], and
// returns its name, its value with escapes undone, and the text after it.
func property(text string) (name, value, rest string, err error) {
	open := strings.IndexByte(text, '[')
	if open < 1 {
		return "", "", "", fmt.Errorf("%w: no property at %q", errGGF, cut(text))
	}
	name = text[:open]
	var v strings.Builder
	for i := open + 1; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\\' && i+1 < len(text):
			i++
			v.WriteByte(text[i])
		case c == ']':
			return name, v.String(), text[i+1:], nil
		default:
			v.WriteByte(c)
		}
	}
	return "", "", "", fmt.Errorf("%w: %s[ has no ]", errGGF, name)
}

// parseBoard reads the value of BO: "8", the 64 squares and the player
// to move, separated by blanks (the squares may be too).
func parseBoard(value string) (othello.Board, othello.Color, error) {
	fields := strings.Fields(value)
	if len(fields) < 3 || fields[0] != "8" {
		return othello.Board{}, othello.Empty, fmt.Errorf("%w: BO[%s] is not an 8x8 board", errGGF, value)
	}
	squares := strings.Join(fields[1:len(fields)-1], "")
	colors := map[byte]othello.Color{'-': othello.Empty, '*': othello.Black, 'O': othello.White}
	b, _ := othello.NewBoard(8, 8)
	turn, ok := colors[fields[len(fields)-1][0]]
	if len(squares) != 64 || len(fields[len(fields)-1]) != 1 || !ok || turn == othello.Empty {
		return othello.Board{}, othello.Empty, fmt.Errorf("%w: BO[%s] is not 64 squares and * or O to move", errGGF, value)
	}
	for i := range 64 {
		c, ok := colors[squares[i]]
		if !ok {
			return othello.Board{}, othello.Empty, fmt.Errorf("%w: BO[%s] has a square %q", errGGF, value, squares[i])
		}
		b.Set(othello.Square{Row: i / 8, Col: i % 8}, c)
	}
	return *b, turn, nil
}

// cut returns the start of s, to quote in an error.
func cut(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}
