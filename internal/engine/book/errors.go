package book

import (
	"errors"
	"fmt"
)

var (
	// ErrSyntax means a line of a book or of the openings' names is not
	// in their format.
	ErrSyntax = errors.New("book: syntax error")
	// ErrIllegal means a line's moves are not legal from the start.
	ErrIllegal = errors.New("book: illegal move")
	// ErrTwice means a book gives a position twice, or the openings a
	// name or a position twice (through symmetry too).
	ErrTwice = errors.New("book: given twice")
)

// A ParseError is a line of a book or of the openings' names that cannot
// be read: its number, from 1, and why, wrapping ErrSyntax, ErrIllegal or
// ErrTwice.
type ParseError struct {
	Line int
	Msg  string
	Err  error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("book: line %d: %s", e.Line, e.Msg)
}

func (e *ParseError) Unwrap() error { return e.Err }

// ErrUnfinished means a game given to a Builder stops before its end.
var ErrUnfinished = errors.New("book: game not played to its end")
