package play

import (
	"errors"
	"fmt"
	"strings"
)

var (
	// ErrStyle means a style is neither plain nor xo.
	ErrStyle = errors.New("play: style must be plain or xo")
	// ErrUnfinished means the input ended before the game was over.
	ErrUnfinished = errors.New("play: input ended before the game was over")
	// ErrNotComputer means a match was asked of a person.
	ErrNotComputer = errors.New("play: a match needs two computer players")
)

// A StyleError records a style name that ParseStyle refused.
type StyleError struct {
	Name string // the name as given
	Err  error  // ErrStyle
}

func (e *StyleError) Error() string {
	if e == nil {
		return "<nil>"
	}
	return fmt.Sprintf("play: %q: %s", e.Name, strings.TrimPrefix(e.Err.Error(), "play: "))
}

func (e *StyleError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}
