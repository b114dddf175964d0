package session

import "errors"

var (
	// ErrNotAMove means a text a person typed is not a square at all.
	ErrNotAMove = errors.New("session: not a move")
	// ErrComputersMove means a person asked to move, or for a hint, when
	// a computer player is to move.
	ErrComputersMove = errors.New("session: it is the computer's move")
	// ErrPersonsMove means a computer's reply was played when a person
	// is to move.
	ErrPersonsMove = errors.New("session: it is a person's move")
	// ErrNotReplay means Goto was asked of a game that a computer plays.
	ErrNotReplay = errors.New("session: goto is for games of people only")
	// ErrPly means Goto was asked for a ply outside the line.
	ErrPly = errors.New("session: no such ply in the line")
)

// A RefusedError is a move of a person that a session refuses: the text
// typed, and why, in a sentence for the person.
type RefusedError struct {
	Text string // what the person typed, without the blanks around it
	Msg  string // why, such as "e3 flips nothing."
	// Err is ErrNotAMove, or the game's error, which wraps
	// othello.ErrOffBoard, othello.ErrOccupied or othello.ErrIllegal.
	Err error
}

func (e *RefusedError) Error() string { return "session: " + e.Msg }

func (e *RefusedError) Unwrap() error { return e.Err }

// A ChoiceError is a move that a computer player chose and the game
// refused: a fault of the player.
type ChoiceError struct {
	Player string // the player's name
	Err    error  // the game's error
}

func (e *ChoiceError) Error() string {
	return "session: " + e.Player + " chose a move the game refused: " + e.Err.Error()
}

func (e *ChoiceError) Unwrap() error { return e.Err }
