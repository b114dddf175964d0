package session

import (
	"fmt"
	"slices"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A Config says what game a session plays and who plays it.
type Config struct {
	// Record is the game: its setup, and the moves known, as when a
	// saved game is loaded.
	Record record.Record
	// Replay starts the game at the setup, its moves to be replayed with
	// Goto or played again. Otherwise the game goes on after them, and
	// undo goes back no further.
	Replay bool
	// Black and White play those colours: a computer player, or nil for
	// a person.
	Black, White player.Player
	// Hint suggests moves when a person asks, and scores them; the zero
	// CPU is player.CPU{}.
	Hint player.CPU
}

// A Session is one game being played. It is not safe for use by more
// than one goroutine at once.
type Session struct {
	g            *othello.Game
	black, white player.Player
	hint         player.CPU
	// line is the moves known from the setup: the game's Played, and
	// after them the moves undone or not replayed yet.
	line  []othello.Square
	last  *othello.Move // the move just played, nil at the start
	start int           // the ply undo goes back no further than
}

// A Turn is a move played in a session, and what followed it.
type Turn struct {
	Player othello.Color // who played it
	Move   othello.Move  // the square and the discs it flipped
	// Passed says that the opponent then had no legal move and passed,
	// and Over that the move ended the game.
	Passed, Over bool
	// Messages tell the move, then the pass or the result, for people.
	Messages []string
}

// New returns the session of c. A move of c.Record that the game refuses
// is the *record.MoveError of record.Record.Game.
func New(c Config) (*Session, error) {
	g, err := c.Record.Game()
	if err != nil {
		return nil, err
	}
	s := &Session{g: g, black: c.Black, white: c.White, hint: c.Hint, line: g.Played(), start: g.Ply()}
	if c.Replay {
		s.start = 0
		return s, s.rewind(0)
	}
	return s, nil
}

// Game returns the game as it is now, to look at: the caller must not
// change it. Undo and Goto replace it with another.
func (s *Session) Game() *othello.Game { return s.g }

// Player returns the computer player of color, nil for a person.
func (s *Session) Player(color othello.Color) player.Player {
	if color == othello.White {
		return s.white
	}
	return s.black
}

// People reports whether people play both colours.
func (s *Session) People() bool { return s.black == nil && s.white == nil }

// Computer returns the computer player to move, or nil if a person is to
// move or the game is over.
func (s *Session) Computer() player.Player {
	if s.g.Over() {
		return nil
	}
	return s.Player(s.g.Turn())
}

// Hints returns the CPU who suggests moves to a person and scores them,
// with player.CPU.ScoreMoves.
func (s *Session) Hints() player.CPU { return s.hint }

// Last returns the move just played, nil at the start and after a Goto
// to it.
func (s *Session) Last() *othello.Move { return s.last }

// Line returns the moves of the line known, from the setup: the moves
// played, then those undone or not replayed yet.
func (s *Session) Line() []othello.Square { return slices.Clone(s.line) }

// Length returns the number of moves of the line known, which Goto may
// go to.
func (s *Session) Length() int { return len(s.line) }

// PersonToMove returns nil if a person is to move, an error wrapping
// othello.ErrGameOver if the game is over, and ErrComputersMove if a
// computer player is to move.
func (s *Session) PersonToMove() error {
	switch {
	case s.g.Over():
		return fmt.Errorf("session: %w", othello.ErrGameOver)
	case s.Computer() != nil:
		return ErrComputersMove
	}
	return nil
}

// Move plays text, a square as people type it (ParseSquare), for the
// person to move. A text that is no square, or a square the game
// refuses, is a *RefusedError; it is PersonToMove's error if no person
// is to move.
func (s *Session) Move(text string) (Turn, error) {
	if err := s.PersonToMove(); err != nil {
		return Turn{}, err
	}
	sq, ok := ParseSquare(text)
	if !ok {
		return Turn{}, NotAMove(text)
	}
	t, err := s.play(sq)
	if err != nil {
		return Turn{}, refusal(text, err, s.g.Board())
	}
	return t, nil
}

// Reply plays sq, the move that the computer player to move chose. A
// move the game refuses is a *ChoiceError; it is an error wrapping
// othello.ErrGameOver if the game is over, and ErrPersonsMove if a
// person is to move.
func (s *Session) Reply(sq othello.Square) (Turn, error) {
	p := s.Computer()
	switch {
	case s.g.Over():
		return Turn{}, fmt.Errorf("session: %w", othello.ErrGameOver)
	case p == nil:
		return Turn{}, ErrPersonsMove
	}
	t, err := s.play(sq)
	if err != nil {
		return Turn{}, &ChoiceError{Player: p.Name(), Err: err}
	}
	return t, nil
}

// play plays square sq for the player to move and returns its Turn. A
// move that is not the next one of the line replaces the line from
// there on. A move the game refuses is its error.
func (s *Session) play(sq othello.Square) (Turn, error) {
	mover := s.g.Turn()
	ply := s.g.Ply()
	flips, err := s.g.Play(sq)
	if err != nil {
		return Turn{}, err
	}
	if ply >= len(s.line) || s.line[ply] != sq {
		s.line = append(s.line[:ply], sq)
	}
	m := othello.Move{Square: sq, Flips: flips}
	s.last = &m
	t := Turn{Player: mover, Move: m, Passed: s.g.Passed(), Over: s.g.Over()}
	t.Messages = append([]string{Played(mover, m)}, s.After()...)
	return t, nil
}

// After returns the messages of the position reached: the pass that
// gave the player to move the turn, or the result of a game over.
func (s *Session) After() []string {
	switch {
	case s.g.Over():
		return []string{Result(s.g)}
	case s.g.Passed():
		return []string{Passes(s.g.Turn().Opponent())}
	}
	return nil
}

// Status returns the score and whose move it is, such as "Black 2,
// White 2, Black to move.", or the Result once the game is over.
func (s *Session) Status() string {
	if s.g.Over() {
		return Result(s.g)
	}
	black, white := s.g.Score()
	return fmt.Sprintf("Black %d, White %d, %s to move.", black, white, ColorName(s.g.Turn()))
}

// Undo takes the game back to the previous turn of a person, keeping the
// line, and returns what to tell: "Back to Black's move.", or, with
// undone false and the game as it was, "Nothing to undo." when no person
// was to move before since the session began.
func (s *Session) Undo() (msg string, undone bool, err error) {
	target := s.undoTarget()
	if target < 0 {
		return nothingToUndo, false, nil
	}
	if err := s.rewind(target); err != nil {
		return "", false, err
	}
	return backTo(s.g.Turn()), true, nil
}

// undoTarget returns the ply that undo goes back to: the last before the
// present, and not before the start, at which a person was to move; -1
// if there is none.
func (s *Session) undoTarget() int {
	g, _ := s.g.Setup().NewGame() // the setup made s.g: NewGame takes it again
	target := -1
	for i, sq := range s.line[:s.g.Ply()] {
		if i >= s.start && s.Player(g.Turn()) == nil {
			target = i
		}
		g.Play(sq)
	}
	return target
}

// Goto takes a game of people to the position after the first ply moves
// of its line, to replay it move by move, and returns the messages that
// tell that position: the last move, and a pass or the result. It is
// ErrNotReplay if a computer plays, and an error wrapping ErrPly if ply
// is not from 0 to Length.
func (s *Session) Goto(ply int) ([]string, error) {
	switch {
	case !s.People():
		return nil, ErrNotReplay
	case ply < 0 || ply > len(s.line):
		return nil, fmt.Errorf("%w: ply must be from 0 to %d, got %d", ErrPly, len(s.line), ply)
	}
	if err := s.rewind(ply); err != nil {
		return nil, err
	}
	var msgs []string
	if s.last != nil {
		mover, _ := s.g.Board().At(s.last.Square)
		msgs = append(msgs, Played(mover, *s.last))
	}
	return append(msgs, s.After()...), nil
}

// rewind takes the game to the position after the first ply moves of
// its line, replayed from the setup, and keeps the line.
func (s *Session) rewind(ply int) error {
	g, err := s.g.Setup().NewGame()
	if err != nil {
		return err
	}
	s.last = nil
	for _, sq := range s.line[:ply] {
		flips, err := g.Play(sq)
		if err != nil {
			return err
		}
		s.last = &othello.Move{Square: sq, Flips: flips}
	}
	s.g = g
	return nil
}
