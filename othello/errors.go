package othello

import (
	"errors"
	"fmt"
	"strings"
)

// Errors that the engine returns, always wrapped in a *MoveError or a
// *ValueError that says what was refused. Test for them with errors.Is.
var (
	// ErrOffBoard means a square is not on the board.
	ErrOffBoard = errors.New("othello: square is off the board")
	// ErrOccupied means a move was made on a square that holds a disc.
	ErrOccupied = errors.New("othello: square is occupied")
	// ErrIllegal means a move on an empty square flips no disc under the
	// rules in play.
	ErrIllegal = errors.New("othello: move flips no disc")
	// ErrGameOver means a move or pass was made when neither player can
	// move.
	ErrGameOver = errors.New("othello: game is over")
	// ErrCannotPass means a player tried to pass while having a legal move.
	ErrCannotPass = errors.New("othello: cannot pass with a legal move")

	// ErrSize means a number of rows or columns is not an even number from
	// MinSize to MaxSize.
	ErrSize = errors.New("othello: size must be an even number from 4 to 16")
	// ErrColor means a player is neither Black nor White.
	ErrColor = errors.New("othello: color must be B or W")
	// ErrWinRule means a win rule is neither MostDiscs nor FewestDiscs.
	ErrWinRule = errors.New("othello: win rule must be > or <")
	// ErrShape means a board is missing or its rows differ in length.
	ErrShape = errors.New("othello: board is missing or ragged")
	// ErrCell means a cell is none of B, W and '.'.
	ErrCell = errors.New("othello: cell must be B, W or '.'")
	// ErrRules means a rule set is missing or has an unknown name.
	ErrRules = errors.New("othello: rules must be full or simple")
	// ErrSquare means a text is not a square in algebraic notation.
	ErrSquare = errors.New("othello: square must be a letter and a number, such as d3")
)

// A MoveError records a move, pass or square that the engine refused.
type MoveError struct {
	Player Color  // the player whose move or pass it was, or Empty
	Square Square // the square played; meaningless for a pass
	Pass   bool   // whether it was a pass
	Err    error  // why: ErrOffBoard, ErrOccupied, ErrIllegal, ErrGameOver or ErrCannotPass
}

func (e *MoveError) Error() string {
	if e == nil {
		return "<nil>"
	}
	what := e.Square.String()
	if e.Pass {
		what = "pass"
	}
	if e.Player != Empty {
		what = e.Player.String() + " " + what
	}
	return "othello: " + what + ": " + reason(e.Err)
}

func (e *MoveError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// A ValueError records a setup value that the engine refused.
type ValueError struct {
	Func  string // the function that refused it, such as "NewBoard"
	Value string // the value, as text
	Err   error  // why: ErrSize, ErrColor, ErrWinRule, ErrShape, ErrCell, ErrRules or ErrSquare
}

func (e *ValueError) Error() string {
	if e == nil {
		return "<nil>"
	}
	return fmt.Sprintf("othello: %s %q: %s", e.Func, e.Value, reason(e.Err))
}

func (e *ValueError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// reason returns the text of err without the package prefix, so that an
// error that wraps it says "othello: " only once.
func reason(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), "othello: ")
}
