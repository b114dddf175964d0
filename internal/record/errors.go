package record

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// Errors for texts that are not records of a game this package can read,
// wrapped in a *ParseError that names the line, and for moves that are
// not the turn of the player a text names, wrapped in a *MoveError. Test
// for them with errors.Is.
var (
	// ErrSyntax means a text does not follow its format: a GGF property
	// that is not NAME[value], a game that is not closed by ";)", a board
	// or game type that GGF cannot mean, a word in a move list that is no
	// move, a line of OBF that is no position.
	ErrSyntax = errors.New("record: syntax error")
	// ErrUnsupported means a GGF game that is not the Othello this
	// engine plays: another game, or the octagonal board.
	ErrUnsupported = errors.New("record: not a game this engine plays")
	// ErrNoGame means a text holds no game at all, nor a position.
	ErrNoGame = errors.New("record: no game in the text")
	// ErrFormat means Read cannot tell a text's format: it is not GGF,
	// SGF, PGN, a WTHOR file, a judge's setup, a move list or OBF; or
	// that Parse is given positions in OBF, not games.
	ErrFormat = errors.New("record: not a game in GGF, SGF, PGN, WTHOR, a judge's setup or a move list, nor a position in OBF")
	// ErrTurn means a text names the player of a move or a pass, and it
	// is the other player's turn.
	ErrTurn = errors.New("record: not the player's turn")
	// ErrSkipped means some games of a text were read and others
	// skipped, as a *SkipError lists them.
	ErrSkipped = errors.New("record: games skipped")
)

// A SkipError reports the games of a text that were skipped, as they
// could not be read or played, when others were read: the reader returns
// those it read and this error, which wraps ErrSkipped.
type SkipError struct {
	Read    int       // how many games were read
	Skipped []Skipped // the games skipped, in the text's order
}

// A Skipped is a game of a text that was skipped: its number among the
// text's games, from 1, and why.
type Skipped struct {
	Number int
	Err    *ParseError
}

func (e *SkipError) Error() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "record: %d of %d games skipped", len(e.Skipped), e.Read+len(e.Skipped))
	for i, s := range e.Skipped {
		sep := "; "
		if i == 0 {
			sep = ": "
		}
		fmt.Fprintf(&b, "%sgame %d, line %d: %s", sep, s.Number, s.Err.Line, s.Err.Msg)
	}
	return b.String()
}

func (e *SkipError) Unwrap() error {
	if e == nil {
		return nil
	}
	return ErrSkipped
}

// collected returns what a reader of many games returns for the games it
// read and those it skipped: the games, and a *SkipError when it skipped
// some; the first skipped game's *ParseError when it read none; and an
// error wrapping ErrNoGame, saying noGame, when the text holds none.
func collected(games []Record, skipped []Skipped, noGame string) ([]Record, error) {
	switch {
	case len(games) == 0 && len(skipped) == 0:
		return nil, &ParseError{Line: 1, Msg: noGame, Err: ErrNoGame}
	case len(games) == 0:
		return nil, skipped[0].Err
	case len(skipped) > 0:
		return games, &SkipError{Read: len(games), Skipped: skipped}
	}
	return games, nil
}

// A ParseError reports the line of a text that is not a record, or whose
// game cannot be replayed.
type ParseError struct {
	Line int    // the line of the text, from 1
	Msg  string // what is wrong, for a person
	Err  error  // ErrSyntax, ErrUnsupported, ErrNoGame or ErrFormat, a *MoveError, a *console.InputError, or an othello error such as othello.ErrSquare
}

func (e *ParseError) Error() string {
	if e == nil {
		return "<nil>"
	}
	return "record: line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

func (e *ParseError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// A MoveError reports a move of a record that its game refuses.
type MoveError struct {
	Number int           // the move's number, from 1; in a text, the passes it writes count
	Player othello.Color // the player of the move, or Empty once the game is over
	Square othello.Square
	Pass   bool  // whether the move is a pass
	Err    error // ErrTurn, othello.ErrCannotPass, othello.ErrGameOver, or the *othello.MoveError of a square the game refused
}

func (e *MoveError) Error() string {
	if e == nil {
		return "<nil>"
	}
	what := e.Square.String()
	if e.Pass {
		what = "pass"
	}
	if e.Player != othello.Empty {
		what = e.Player.String() + " " + what
	}
	return "record: move " + strconv.Itoa(e.Number) + ", " + what + ": " + reason(e.Err)
}

func (e *MoveError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// reason returns the text of err without a package prefix, and for an
// *othello.MoveError or *othello.ValueError only why, since the message
// that holds it names the move or value itself.
func reason(err error) string {
	var me *othello.MoveError
	var ve *othello.ValueError
	switch {
	case errors.As(err, &me) && me.Err != nil:
		err = me.Err
	case errors.As(err, &ve) && ve.Err != nil:
		err = ve.Err
	}
	if err == nil {
		return "<nil>"
	}
	text := strings.TrimPrefix(err.Error(), "othello: ")
	return strings.TrimPrefix(text, "record: ")
}

// lineError returns err, from a text's line, as a *ParseError.
func lineError(line int, err error) *ParseError {
	return &ParseError{Line: line, Msg: strings.TrimPrefix(err.Error(), "record: "), Err: err}
}
