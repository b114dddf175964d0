package terminal

import "errors"

var (
	// ErrStyle means a style is neither plain nor xo.
	ErrStyle = errors.New("terminal: style must be plain or xo")
	// ErrUnfinished means the input ended before the game was over.
	ErrUnfinished = errors.New("terminal: input ended before the game was over")
	// ErrNotComputer means a match was asked of a person.
	ErrNotComputer = errors.New("terminal: a match needs two computer players")
)
