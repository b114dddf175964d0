package console

import (
	"errors"
	"strconv"
)

// Errors for input that ends too soon, wrapped in an *InputError.
var (
	// ErrMissingLine means the input ended before the setup was complete.
	ErrMissingLine = errors.New("console: input ended during the setup")
	// ErrUnfinished means the input ended before the game was over.
	ErrUnfinished = errors.New("console: input ended mid-game")
)

// An InputError reports the input line that stopped the judge: a bad or
// missing setup line, the end of the input in mid-game, or a read error.
type InputError struct {
	Line int    // the line, from 1; one past the last line when the input ended
	Msg  string // what is wrong, for a person: `first player must be B or W, got "X"`
	Err  error  // ErrMissingLine, ErrUnfinished, the read error, or an othello error such as othello.ErrColor
}

func (e *InputError) Error() string {
	return "console: line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

func (e *InputError) Unwrap() error { return e.Err }
