package referee

import (
	"errors"
	"fmt"
)

// Errors for the ways a player loses a game before its end, each wrapped
// in a *ForfeitError that says who and what it did; and for what a match
// cannot be asked to do. Test for them with errors.Is.
var (
	// ErrIllegal means a player played a square where it may not.
	ErrIllegal = errors.New("referee: illegal move")
	// ErrPassed means a player passed while it had a legal move.
	ErrPassed = errors.New("referee: passed with a legal move")
	// ErrTime means a player's clock ran out before it answered: it was
	// slow, or it never answered at all.
	ErrTime = errors.New("referee: lost on time")
	// ErrCrashed means a player's program exited, or could not be
	// started, during its game.
	ErrCrashed = errors.New("referee: the program exited")
	// ErrGarbage means a player answered with a line that is no move, or
	// an engine broke its protocol (refused a move, resigned).
	ErrGarbage = errors.New("referee: the answer is no move")

	// ErrSpec means a player's spec on the command line is none of
	// level:N, cpu:DEPTH, greedy, random, prog:COMMAND, nboard:COMMAND
	// and gtp:COMMAND.
	ErrSpec = errors.New("referee: a player is level:N, cpu:DEPTH, greedy, random, prog:COMMAND, nboard:COMMAND or gtp:COMMAND")
	// ErrTimeControl means a time control is not TOTAL+INCREMENT in
	// seconds, or a positive time a move, or A/B, two of them (Clocks).
	ErrTimeControl = errors.New("referee: a time control is TOTAL+INCREMENT in seconds, such as 10+0.1")
	// ErrOpenings means -openings is not random:N, book, book:NAME,
	// file:PATH or shuffle:PATH, or the book's or a file's where they
	// cannot be played (an *OpeningsError for a file).
	ErrOpenings = errors.New("referee: openings are random:N (N from 0 to 20), book, book:NAME (a name of the book's), file:PATH or shuffle:PATH (a file of move lists)")
	// ErrPlayers means a tournament has fewer than two players, or two
	// of the same name.
	ErrPlayers = errors.New("referee: a tournament needs two players or more, each named once")
	// ErrAnchor means a tournament's anchor is no name, or none of its
	// players.
	ErrAnchor = errors.New("referee: the anchor must be one of the players, NAME or NAME=ELO")
)

// A ForfeitError is a player that lost its game before its end: the
// colour it played, and what it did, its own bytes quoted (Detail). It
// wraps ErrIllegal, ErrPassed, ErrTime, ErrCrashed or ErrGarbage.
type ForfeitError struct {
	Player string // "B" or "W"
	Detail string // what it did, its output quoted, such as `answered "9 9"`
	Err    error
}

// Error says who lost and why: "referee: W: lost on time: no answer in 500ms".
func (e *ForfeitError) Error() string {
	return fmt.Sprintf("referee: %s: %s: %s", e.Player, reason(e.Err), e.Detail)
}

// Unwrap returns the reason, such as ErrTime.
func (e *ForfeitError) Unwrap() error { return e.Err }

// reason returns the words of a forfeit's sentinel error, such as "lost
// on time", without the package's prefix.
func reason(err error) string {
	const prefix = "referee: "
	s := err.Error()
	if len(s) > len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):]
	}
	return s
}
