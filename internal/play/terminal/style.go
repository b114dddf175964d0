package terminal

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/othello"
)

// A Style is how a game looks on the terminal.
type Style int

// The styles.
const (
	// Plain draws X for Black and O for White on a board of '.', with
	// the columns lettered above and the rows numbered on the left, the
	// last move between brackets, and the count of each colour and whose
	// turn it is after each board; with Config.Marks the legal moves of
	// the player to move show as '*', and with Config.Color the board is
	// in colour. A move is told with the discs it flipped, the prompt
	// says whose move it is, and a refused move is told why.
	Plain Style = iota
	// XO is the classic text game: X for Black and O for White on a board
	// of '-', the rows numbered on the left and the columns lettered
	// below; the prompt "Player 'X' move: "; "Invalid move. Please try
	// again." for any refused move; and at the end "No further moves
	// available" and "Player 'X' wins ( 55 vs 9 )".
	XO
)

// ParseStyle returns the style named s: "plain" or "xo".
func ParseStyle(s string) (Style, error) {
	switch strings.ToLower(s) {
	case "plain":
		return Plain, nil
	case "xo":
		return XO, nil
	}
	return 0, fmt.Errorf("%w, got %q", ErrStyle, s)
}

// String returns "plain" or "xo".
func (s Style) String() string {
	if s == XO {
		return "xo"
	}
	return "plain"
}

// A view writes what a session shows, in one style.
type view interface {
	// intro says who plays what, before the first board.
	intro(w *bufio.Writer, black, white string, human bool)
	// board draws the board and, in Plain, the counts and whose turn it
	// is. last is the move just played, or after undo the last move
	// still played; nil at the start.
	board(w *bufio.Writer, g *othello.Game, last *othello.Move)
	// prompt asks the player to move for a move.
	prompt(w *bufio.Writer, player othello.Color)
	// played tells that player played m; typed says whether a person
	// typed it after a prompt.
	played(w *bufio.Writer, player othello.Color, m othello.Move, typed bool)
	// passed tells that player has no move and passes.
	passed(w *bufio.Writer, player othello.Color)
	// refused tells why the session refused a line.
	refused(w *bufio.Writer, e *session.RefusedError)
	// say writes a reply to a command.
	say(w *bufio.Writer, text string)
	// end tells the result of the finished game.
	end(w *bufio.Writer, g *othello.Game)
}

// newView returns the view that c asks for.
func newView(c Config) view {
	if c.Style == XO {
		return xoView{}
	}
	return plainView{marks: c.Marks, color: c.Color}
}

// symbol returns the letter of c in both styles: X for Black, O for White.
func symbol(c othello.Color) string {
	if c == othello.White {
		return "O"
	}
	return "X"
}

// columns returns the letters of the columns of b, from "a".
func columns(b *othello.Board) string {
	return "abcdefghijklmnop"[:b.Cols()]
}

// plainView is the Plain style: marks says whether the legal moves of
// the player to move show as '*', and color whether the board is drawn
// in colour.
type plainView struct {
	marks, color bool
}

func (plainView) intro(w *bufio.Writer, black, white string, human bool) {
	fmt.Fprintf(w, "Black (X) is %s, White (O) is %s.", black, white)
	if human {
		w.WriteString(" Type a move such as d3, or h for help.")
	}
	w.WriteString("\n")
}

// The colours of the Plain board, as the parameters of ANSI's Select
// Graphic Rendition: each starts from the default (0) on a green board
// (42), so that black (30) and white (97) discs read the same on dark and
// light terminals. Legal moves are bright yellow, the brackets around
// the last move bright red, and the discs it flipped are underlined.
const (
	sgrBoard   = "0;42"
	sgrBlack   = "0;42;1;30"
	sgrWhite   = "0;42;1;97"
	sgrMark    = "0;42;1;93"
	sgrLast    = "0;42;1;91"
	sgrFlipped = ";4"
	sgrReset   = "0"
)

// board draws the column letters, then each row: its number, and its
// cells one column apart, the last move between brackets in the place of
// the blanks beside it. In colour the board has a margin of one column on
// the right, painted as its squares are.
func (v plainView) board(w *bufio.Writer, g *othello.Game, last *othello.Move) {
	b := g.Board()
	var marks othello.SquareSet
	if v.marks {
		marks = g.Legal()
	}
	isLast := func(s othello.Square) bool { return last != nil && last.Square == s }
	w.WriteString("\n   " + strings.Join(strings.Split(columns(b), ""), " ") + "\n")
	for row := range b.Rows() {
		fmt.Fprintf(w, "%2d", row+1)
		p := painter{w: w, color: v.color}
		for col := 0; col <= b.Cols(); col++ {
			s := othello.Square{Row: row, Col: col}
			switch {
			case isLast(s):
				p.paint(sgrLast, "[")
			case isLast(othello.Square{Row: row, Col: col - 1}):
				p.paint(sgrLast, "]")
			case col < b.Cols() || v.color:
				p.paint(sgrBoard, " ")
			}
			if col == b.Cols() {
				break
			}
			sgr, text := sgrBoard, "."
			switch c, _ := b.At(s); {
			case c == othello.Black:
				sgr, text = sgrBlack, "X"
			case c == othello.White:
				sgr, text = sgrWhite, "O"
			case marks.Has(s):
				sgr, text = sgrMark, "*"
			}
			if last != nil && last.Flips.Has(s) {
				sgr += sgrFlipped
			}
			p.paint(sgr, text)
		}
		p.paint(sgrReset, "\n")
	}
	black, white := g.Score()
	fmt.Fprintf(w, "X Black %d, O White %d", black, white)
	if turn := g.Turn(); turn != othello.Empty {
		fmt.Fprintf(w, ", %s to move", session.ColorName(turn))
	}
	w.WriteString("\n")
}

// A painter writes text in colours, if color is set: it changes the
// colour only when it differs from the one in use.
type painter struct {
	w     *bufio.Writer
	color bool
	sgr   string // the colour in use, "" for the terminal's own
}

// paint writes text in the colour sgr. Painting in sgrReset when no other
// colour is in use writes nothing but text.
func (p *painter) paint(sgr, text string) {
	if p.color && sgr != p.sgr && (sgr != sgrReset || p.sgr != "") {
		p.w.WriteString("\x1b[" + sgr + "m")
		p.sgr = sgr
	}
	p.w.WriteString(text)
}

func (plainView) prompt(w *bufio.Writer, player othello.Color) {
	fmt.Fprintf(w, "%s (%s) to move: ", session.ColorName(player), symbol(player))
}

func (plainView) played(w *bufio.Writer, player othello.Color, m othello.Move, _ bool) {
	w.WriteString(session.Played(player, m) + "\n")
}

func (plainView) passed(w *bufio.Writer, player othello.Color) {
	w.WriteString(session.Passes(player) + "\n")
}

func (plainView) refused(w *bufio.Writer, e *session.RefusedError) {
	w.WriteString(e.Msg)
	switch {
	case errors.Is(e, othello.ErrIllegal):
		w.WriteString(" Type moves to list the legal ones.")
	case errors.Is(e, othello.ErrOffBoard), errors.Is(e, othello.ErrOccupied):
	default:
		w.WriteString(" Type h for help.")
	}
	w.WriteString("\n")
}

func (plainView) say(w *bufio.Writer, text string) { w.WriteString(text + "\n") }

func (plainView) end(w *bufio.Writer, g *othello.Game) { w.WriteString(session.Result(g) + "\n") }

// xoView is the XO style: every message is followed by a blank line, as
// each board is.
type xoView struct{}

func (xoView) intro(*bufio.Writer, string, string, bool) {}

func (xoView) board(w *bufio.Writer, g *othello.Game, _ *othello.Move) {
	b := g.Board()
	width := len(fmt.Sprint(b.Rows()))
	for row := range b.Rows() {
		fmt.Fprintf(w, "%*d ", width, row+1)
		for col := range b.Cols() {
			switch c, _ := b.At(othello.Square{Row: row, Col: col}); c {
			case othello.Empty:
				w.WriteString("-")
			default:
				w.WriteString(symbol(c))
			}
		}
		w.WriteString("\n")
	}
	w.WriteString(strings.Repeat(" ", width+1) + columns(b) + "\n\n")
}

func (xoView) prompt(w *bufio.Writer, player othello.Color) {
	fmt.Fprintf(w, "Player '%s' move: ", symbol(player))
}

func (v xoView) played(w *bufio.Writer, player othello.Color, m othello.Move, typed bool) {
	if !typed { // as if typed
		v.prompt(w, player)
		w.WriteString(m.Square.String() + "\n")
	}
}

func (xoView) passed(w *bufio.Writer, player othello.Color) {
	fmt.Fprintf(w, "Player '%s' has no valid move and passes.\n\n", symbol(player))
}

func (xoView) refused(w *bufio.Writer, _ *session.RefusedError) {
	w.WriteString("Invalid move. Please try again.\n\n")
}

func (xoView) say(w *bufio.Writer, text string) { w.WriteString(text + "\n\n") }

func (xoView) end(w *bufio.Writer, g *othello.Game) {
	w.WriteString("No further moves available\n")
	black, white := g.Score()
	switch winner := g.Winner(); winner {
	case othello.Empty:
		fmt.Fprintf(w, "It's a draw ( %d vs %d )\n", black, white)
	default:
		mine, theirs := black, white
		if winner == othello.White {
			mine, theirs = white, black
		}
		fmt.Fprintf(w, "Player '%s' wins ( %d vs %d )\n", symbol(winner), mine, theirs)
	}
}
