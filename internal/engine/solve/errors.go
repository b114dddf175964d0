package solve

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/othello-judge/judge/internal/record"
)

var (
	// ErrSkipped means that games of a file were skipped, as they cannot
	// be played; the others were solved.
	ErrSkipped = errors.New("solve: games skipped")
	// ErrSearch means that the search of a position failed.
	ErrSearch = errors.New("solve: search failed")
)

// A SkippedError is a file of which Report skipped games, as they cannot
// be played, and solved the others. It wraps ErrSkipped and the
// *record.SkipError that says why each game was skipped.
type SkippedError struct {
	Path  string
	Games int // how many games were skipped
	Err   *record.SkipError
}

// Error says the file and how many games were skipped: "solve: a.ggf:
// 1 game skipped, as it cannot be played".
func (e *SkippedError) Error() string {
	they := "they"
	if e.Games == 1 {
		they = "it"
	}
	return fmt.Sprintf("solve: %s: %s skipped, as %s cannot be played", e.Path, plural(e.Games, "game", "games"), they)
}

// Unwrap returns ErrSkipped and the record's *record.SkipError.
func (e *SkippedError) Unwrap() []error { return []error{ErrSkipped, e.Err} }

// A PositionError is a position of a file whose search failed: its
// number among the file's positions, from 1, what was searched ("" for
// the position's best move, "principal variation", "scores of the
// moves"), and the search's error. It wraps ErrSearch and that error.
type PositionError struct {
	Path   string
	Number int
	What   string
	Err    error
}

// Error says the file, the position, what was searched and why it
// failed: "solve: a.obf: #4: principal variation: ...".
func (e *PositionError) Error() string {
	msg := "solve: " + e.Path + ": #" + strconv.Itoa(e.Number) + ": "
	if e.What != "" {
		msg += e.What + ": "
	}
	return msg + e.Err.Error()
}

// Unwrap returns ErrSearch and the search's error.
func (e *PositionError) Unwrap() []error { return []error{ErrSearch, e.Err} }
