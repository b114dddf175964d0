package record

import (
	"errors"
	"fmt"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// A move list is the squares of a game in order, each a column letter and
// a row number, as Othello players write a game: f5d6c3d3c4. FormatMoveList
// writes it so, in lower case, without passes, as a pass is made only by
// a player who has no move; ParseMoveList reads it in either case, with
// blanks and line breaks anywhere between the moves, and pa for a pass,
// which may be left out.

// FormatMoveList returns squares as a move list: "f5d6c3d3c4".
func FormatMoveList(squares []othello.Square) string {
	var b strings.Builder
	for _, s := range squares {
		b.WriteString(s.String())
	}
	return b.String()
}

// ParseMoveList reads a move list and replays it from setup, which the
// record then has. A word that is no move is a *ParseError wrapping
// ErrSyntax, and a move the game refuses one wrapping a *MoveError,
// whose Number counts the passes written.
func ParseMoveList(text string, setup othello.Setup) (Record, error) {
	var moves []move
	var lines []int // the line of each move
	line := 1
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		}
		n := 1
		for n < len(text)-i && isDigit(text[i+n]) {
			n++
		}
		word := text[i : i+n]
		var m move
		var err error
		switch {
		case n == 1 && i+1 < len(text) && c|0x20 == 'p' && text[i+1]|0x20 == 'a':
			m.pass, n = true, 2
		case n == 1 || !isLetter(c):
			err = ErrSyntax
		default:
			m.square, err = othello.ParseSquare(word)
		}
		if err != nil {
			rest, _, _ := strings.Cut(strings.TrimSpace(text[i:]), "\n")
			if j := strings.IndexAny(rest, " \t\r"); j >= 0 {
				rest = rest[:j]
			}
			return Record{}, &ParseError{Line: line, Msg: fmt.Sprintf("%s is not a move such as f5, or pa", quoteStart(rest)), Err: err}
		}
		moves, lines = append(moves, m), append(lines, line)
		i += n
	}
	_, turns, err := replay(setup, moves)
	if err != nil {
		var me *MoveError
		if errors.As(err, &me) {
			return Record{}, lineError(lines[me.Number-1], err)
		}
		return Record{}, err
	}
	return Record{Setup: setup, Moves: squaresOf(turns)}, nil
}
