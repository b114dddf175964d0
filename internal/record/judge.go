package record

import (
	"errors"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
)

// ParseJudge reads a game as the judge's input writes it, as a .in file
// holds it: the setup, read by console.ReadSetup for a game under rules
// r, then move lines, each a row and a column from 1, played as the judge
// plays them. A line the judge answers INVALID is skipped, a player with
// no legal move passes, and the lines after the end of the game are not
// read; the record's moves are the lines the judge answered VALID. A bad
// setup is a *ParseError wrapping the *console.InputError.
func ParseJudge(text string, r othello.Rules) (Record, error) {
	setup, err := console.ReadSetup(strings.NewReader(text), r)
	if err != nil {
		var ie *console.InputError
		if errors.As(err, &ie) {
			return Record{}, &ParseError{Line: ie.Line, Msg: ie.Msg, Err: err}
		}
		return Record{}, err
	}
	g, err := setup.NewGame()
	if err != nil {
		return Record{}, err
	}
	lines := strings.Split(text, "\n")
	for _, l := range lines[min(len(lines), 4+setup.Board.Rows()):] { // after the setup's lines
		if g.Over() {
			break
		}
		fields := strings.FieldsFunc(strings.TrimSuffix(l, "\r"), func(r rune) bool { return r == ' ' || r == '\t' })
		if len(fields) != 2 {
			continue
		}
		row, err1 := strconv.Atoi(fields[0])
		col, err2 := strconv.Atoi(fields[1])
		if err1 == nil && err2 == nil {
			g.Play(othello.Square{Row: row - 1, Col: col - 1})
		}
	}
	return Record{Setup: setup, Moves: g.Played()}, nil
}
