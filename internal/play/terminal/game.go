package terminal

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/lines"
	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
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
	// Hint suggests moves and scores them when a person asks; the zero
	// CPU is player.CPU{}.
	Hint  player.CPU
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
  hint    the computer's suggestion, with its score
  scores  every legal move's score: the final margin of discs for you
          with best play (~ an estimate when not solved to the end)
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
	s, err := session.New(session.Config{Record: record.Record{Setup: c.Setup, Moves: c.Moves}, Black: c.Black, White: c.White, Hint: c.Hint})
	if err != nil {
		return err
	}
	g := &game{
		c:    c,
		s:    s,
		view: newView(c),
		in:   lines.NewReader(bufio.NewReader(in), maxLine),
		out:  bufio.NewWriter(out),
	}
	err = g.run()
	if errors.Is(err, errQuit) {
		err = nil
	}
	if ferr := g.out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// A game is one game being played at the terminal: the session, and how
// it reads and shows it.
type game struct {
	c    Config
	s    *session.Session
	view view
	in   *lines.Reader
	out  *bufio.Writer
	// named is the name of the opening last told (opening.go).
	named string
}

func (g *game) run() error {
	g.view.intro(g.out, session.Describe(g.c.Black), session.Describe(g.c.White), g.c.Black == nil || g.c.White == nil)
	g.view.board(g.out, g.s.Game(), nil)
	g.opening()
	if g.s.Game().Passed() {
		g.view.passed(g.out, g.s.Game().Turn().Opponent())
	}
	if err := g.save(); err != nil {
		return err
	}
	for !g.s.Game().Over() {
		var t session.Turn
		var err error
		if p := g.s.Computer(); p != nil {
			t, err = g.computerMove(p)
		} else {
			t, err = g.personMove()
		}
		if err == nil {
			err = g.save()
		}
		if err != nil {
			return err
		}
		if t.Passed {
			g.view.passed(g.out, t.Player.Opponent())
		}
	}
	g.view.end(g.out, g.s.Game())
	return nil
}

// save gives the game to c.Save, if there is one.
func (g *game) save() error {
	if g.c.Save == nil {
		return nil
	}
	return g.c.Save(g.s.Game())
}

// errQuit ends a game when a person quits.
var errQuit = errors.New("terminal: quit")

// computerMove plays the move of computer player p and shows it.
func (g *game) computerMove(p player.Player) (session.Turn, error) {
	sq, err := p.Move(g.s.Game().Position(), g.s.Game().WinRule())
	if err != nil {
		return session.Turn{}, err
	}
	t, err := g.s.Reply(sq)
	if err != nil {
		return t, err
	}
	g.show(t, false)
	return t, g.out.Flush()
}

// show tells the move of t and draws the board after it; typed says
// whether a person typed it after a prompt.
func (g *game) show(t session.Turn, typed bool) {
	g.view.played(g.out, t.Player, t.Move, typed)
	g.view.board(g.out, g.s.Game(), &t.Move)
	g.opening()
}

// personMove reads lines until the person to move plays a legal move,
// answering commands and refused moves on the way.
func (g *game) personMove() (session.Turn, error) {
	for {
		g.view.prompt(g.out, g.s.Game().Turn())
		line, err := g.readLine()
		if err != nil {
			return session.Turn{}, err
		}
		text := strings.TrimSpace(line.Text)
		if text == "" && !line.Long {
			continue
		}
		if line.Long {
			g.view.refused(g.out, session.NotAMove(text))
			continue
		}
		if cmd := commands[strings.ToLower(text)]; cmd != noCommand {
			if err := g.command(cmd); err != nil {
				return session.Turn{}, err
			}
			continue
		}
		t, err := g.s.Move(text)
		var refused *session.RefusedError
		if errors.As(err, &refused) {
			g.view.refused(g.out, refused)
			continue
		}
		if err != nil {
			return t, err
		}
		g.show(t, true)
		return t, nil
	}
}

// readLine flushes the output and reads the next line. The end of the
// input ends the prompt with a newline; it is then quit if a person at a
// terminal typed it, and otherwise an error wrapping ErrUnfinished.
func (g *game) readLine() (lines.Line, error) {
	if err := g.out.Flush(); err != nil {
		return lines.Line{}, err
	}
	l, ok, err := g.in.Next()
	if err == nil && !ok {
		g.out.WriteString("\n")
		if g.c.Interactive {
			return l, g.command(quit)
		}
		err = fmt.Errorf("%w, %s to move", ErrUnfinished, session.ColorName(g.s.Game().Turn()))
	}
	return l, err
}

// command carries out cmd for the person to move; errQuit ends the game.
func (g *game) command(cmd command) error {
	switch cmd {
	case help:
		g.view.say(g.out, helpText)
	case listMoves:
		g.view.say(g.out, "Legal moves: "+g.s.Game().Legal().String())
	case hint, listScores:
		scores, err := g.s.Hints().ScoreMoves(g.s.Game().Position(), g.s.Game().WinRule())
		if err != nil {
			return err
		}
		if cmd == hint {
			g.view.say(g.out, session.Hinted(scores[0]))
		} else {
			g.view.say(g.out, session.Scored(g.s.Game().Turn(), scores))
		}
	case showRecord:
		moves := record.FormatMoveList(g.s.Game().Played())
		if moves == "" {
			moves = "no moves yet"
		}
		g.view.say(g.out, "Record: "+moves)
	case undo:
		msg, undone, err := g.s.Undo()
		if err != nil {
			return err
		}
		g.view.say(g.out, msg)
		if undone {
			g.view.board(g.out, g.s.Game(), g.s.Last())
			return g.save()
		}
	case quit:
		g.view.say(g.out, "Bye.")
		return errQuit
	}
	return nil
}
