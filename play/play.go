package play

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/othello-judge/judge/internal/lines"
	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/player"
	"github.com/othello-judge/judge/record"
)

// A Config says what game to play and how it looks.
type Config struct {
	othello.Setup // the rules, the starting board, who moves first and how the game is won
	// Moves are played from the Setup before the game goes on, as when a
	// saved game is loaded.
	Moves []othello.Square
	// Save, if not nil, is given the game at the start and after every
	// move and undo, to keep a record of it; an error it returns ends
	// the game.
	Save func(*othello.Game) error
	// Black and White play those colours: a computer player, or nil for
	// a person who types moves.
	Black, White player.Player
	// Hint suggests moves when a person asks; nil for player.CPU{}.
	Hint  player.Player
	Style Style
	// Marks shows the legal moves of the player to move on the Plain
	// board, and Color draws it in colour with ANSI escape codes, for a
	// terminal. XO has neither.
	Marks, Color bool
	// Interactive says that a person types the moves at a terminal: the
	// end of the input (Ctrl-D at the prompt) is then quit, not an error.
	Interactive bool
}

// helpText is the reply to h, in every style.
const helpText = `Type a move as a column letter and a row number, in either order (d3 or 3d),
or as row and column numbers (3 4). Commands:
  moves   list your legal moves
  hint    the computer's suggestion
  record  the moves so far, such as f5d6c3
  undo    take back moves, to your previous turn
  quit    end the game
  h or ?  this help
A player with no legal move passes; the game says so.`

// Run plays one game as c says, reading what people type from in and
// writing the game to out. Output goes through one buffer, flushed before
// every read and after every computer move. A line that is neither a
// playable move nor a command is answered and asked again.
//
// Run returns nil when the game is over or a person quits, an error
// wrapping ErrUnfinished if the input ends first (unless c.Interactive,
// when that is quitting), a *record.MoveError if c.Moves cannot be
// played, and a read, write or Save error as it is.
func Run(in io.Reader, out io.Writer, c Config) error {
	g, err := record.Record{Setup: c.Setup, Moves: c.Moves}.Game()
	if err != nil {
		return err
	}
	s := &session{
		c:    c,
		g:    g,
		view: newView(c),
		in:   lines.NewReader(bufio.NewReader(in), maxLine),
		out:  bufio.NewWriter(out),
	}
	if s.c.Hint == nil {
		s.c.Hint = player.CPU{}
	}
	err = s.run()
	if errors.Is(err, errQuit) {
		err = nil
	}
	if ferr := s.out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// A session is one game being played.
type session struct {
	c    Config
	g    *othello.Game
	view view
	in   *lines.Reader
	out  *bufio.Writer
	// turns holds the ply of the game at each turn of a person so far,
	// the present one last, for undo.
	turns []int
}

func (s *session) run() error {
	s.view.intro(s.out, Describe(s.c.Black), Describe(s.c.White), s.c.Black == nil || s.c.White == nil)
	s.view.board(s.out, s.g, nil)
	if s.g.Passed() {
		s.view.passed(s.out, s.g.Turn().Opponent())
	}
	if err := s.save(); err != nil {
		return err
	}
	for !s.g.Over() {
		mover := s.g.Turn()
		var err error
		if p := s.player(mover); p != nil {
			err = s.computerMove(p)
		} else {
			err = s.personMove()
		}
		if err == nil {
			err = s.save()
		}
		if err != nil {
			return err
		}
		if s.g.Passed() {
			s.view.passed(s.out, mover.Opponent())
		}
	}
	s.view.end(s.out, s.g)
	return nil
}

// save gives the game to c.Save, if there is one.
func (s *session) save() error {
	if s.c.Save == nil {
		return nil
	}
	return s.c.Save(s.g)
}

// errQuit ends a session when a person quits.
var errQuit = errors.New("play: quit")

// player returns the computer player of color, nil for a person.
func (s *session) player(color othello.Color) player.Player {
	if color == othello.White {
		return s.c.White
	}
	return s.c.Black
}

// Describe returns how the greeting names p: "human" for a person, a
// CPU with its level, and another player by its name.
func Describe(p player.Player) string {
	switch p := p.(type) {
	case nil:
		return "human"
	case player.CPU:
		return p.String()
	}
	return p.Name()
}

// computerMove plays the move of computer player p and shows it.
func (s *session) computerMove(p player.Player) error {
	mover := s.g.Turn()
	sq, err := p.Move(s.g.Position(), s.g.WinRule())
	if err != nil {
		return err
	}
	flips, err := s.g.Play(sq)
	if err != nil {
		return fmt.Errorf("play: %s chose a move the game refused: %w", p.Name(), err)
	}
	m := othello.Move{Square: sq, Flips: flips}
	s.view.played(s.out, mover, m, false)
	s.view.board(s.out, s.g, &m)
	return s.out.Flush()
}

// personMove reads lines until the person to move plays a legal move,
// answering commands and refused moves on the way.
func (s *session) personMove() error {
	s.turns = append(s.turns, s.g.Ply())
	for {
		mover := s.g.Turn()
		s.view.prompt(s.out, mover)
		line, err := s.readLine()
		if err != nil {
			return err
		}
		text := strings.TrimSpace(line.Text)
		if text == "" && !line.Long {
			continue
		}
		if cmd := commands[strings.ToLower(text)]; cmd != noCommand && !line.Long {
			if err := s.command(cmd); err != nil {
				return err
			}
			continue
		}
		sq, ok := ParseSquare(text)
		if !ok || line.Long {
			s.view.refused(s.out, text, nil, s.g)
			continue
		}
		flips, err := s.g.Play(sq)
		if err != nil {
			s.view.refused(s.out, text, err, s.g)
			continue
		}
		m := othello.Move{Square: sq, Flips: flips}
		s.view.played(s.out, mover, m, true)
		s.view.board(s.out, s.g, &m)
		return nil
	}
}

// readLine flushes the output and reads the next line. The end of the
// input ends the prompt with a newline; it is then quit if a person at a
// terminal typed it, and otherwise an error wrapping ErrUnfinished.
func (s *session) readLine() (lines.Line, error) {
	if err := s.out.Flush(); err != nil {
		return lines.Line{}, err
	}
	l, ok, err := s.in.Next()
	if err == nil && !ok {
		s.out.WriteString("\n")
		if s.c.Interactive {
			return l, s.command(quit)
		}
		err = fmt.Errorf("%w, %s to move", ErrUnfinished, colorName(s.g.Turn()))
	}
	return l, err
}

// command carries out cmd for the person to move; errQuit ends the game.
func (s *session) command(cmd command) error {
	switch cmd {
	case help:
		s.view.say(s.out, helpText)
	case listMoves:
		s.view.say(s.out, "Legal moves: "+s.g.Legal().String())
	case hint:
		sq, err := s.c.Hint.Move(s.g.Position(), s.g.WinRule())
		if err != nil {
			return err
		}
		s.view.say(s.out, "Hint: "+sq.String())
	case showRecord:
		moves := record.FormatMoveList(s.g.Played())
		if moves == "" {
			moves = "no moves yet"
		}
		s.view.say(s.out, "Record: "+moves)
	case undo:
		if s.undo() {
			return s.save()
		}
	case quit:
		s.view.say(s.out, "Bye.")
		return errQuit
	}
	return nil
}

// undo takes the game back to the previous turn of a person, if there is
// one, shows it, and reports whether it did.
func (s *session) undo() bool {
	if len(s.turns) < 2 {
		s.view.say(s.out, "Nothing to undo.")
		return false
	}
	s.turns = s.turns[:len(s.turns)-1]
	for s.g.Ply() > s.turns[len(s.turns)-1] {
		s.g.Undo()
	}
	s.view.say(s.out, "Back to "+colorName(s.g.Turn())+"'s move.")
	s.view.board(s.out, s.g, nil)
	return true
}
