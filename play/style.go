package play

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// A Style is how a game looks on the terminal.
type Style int

// The styles.
const (
	// Plain draws X for Black and O for White on a board of '.', with
	// the columns lettered above and the rows numbered on the left, and
	// the count of each colour after each board. The prompt says whose
	// move it is, and a refused move is told why.
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
	// board draws the board and, in Plain, the counts.
	board(w *bufio.Writer, g *othello.Game)
	// prompt asks the player to move for a move.
	prompt(w *bufio.Writer, player othello.Color)
	// played tells that player played s, flipping flips discs; typed
	// says whether a person typed it after a prompt.
	played(w *bufio.Writer, player othello.Color, s othello.Square, flips int, typed bool)
	// passed tells that player has no move and passes.
	passed(w *bufio.Writer, player othello.Color)
	// refused tells why the line text is not a move it can play; why is
	// an othello error, or nil for a line that is no move at all.
	refused(w *bufio.Writer, text string, why error, g *othello.Game)
	// say writes a reply to a command.
	say(w *bufio.Writer, text string)
	// end tells the result of the finished game.
	end(w *bufio.Writer, g *othello.Game)
}

// newView returns the view of style s.
func newView(s Style) view {
	if s == XO {
		return xoView{}
	}
	return plainView{}
}

// symbol returns the letter of c in both styles: X for Black, O for White.
func symbol(c othello.Color) string {
	if c == othello.White {
		return "O"
	}
	return "X"
}

// colorName returns "Black" or "White".
func colorName(c othello.Color) string {
	if c == othello.White {
		return "White"
	}
	return "Black"
}

// columns returns the letters of the columns of b, from "a".
func columns(b *othello.Board) string {
	return "abcdefghijklmnop"[:b.Cols()]
}

// cells returns the cells of row of b, each as empty, X or O, joined by
// sep.
func cells(b *othello.Board, row int, empty, sep string) string {
	out := make([]string, b.Cols())
	for col := range out {
		switch c, _ := b.At(othello.Square{Row: row, Col: col}); c {
		case othello.Empty:
			out[col] = empty
		default:
			out[col] = symbol(c)
		}
	}
	return strings.Join(out, sep)
}

// plainView is the Plain style.
type plainView struct{}

func (plainView) intro(w *bufio.Writer, black, white string, human bool) {
	fmt.Fprintf(w, "Black (X) is %s, White (O) is %s.", black, white)
	if human {
		w.WriteString(" Type a move such as d3, or h for help.")
	}
	w.WriteString("\n")
}

func (plainView) board(w *bufio.Writer, g *othello.Game) {
	b := g.Board()
	w.WriteString("\n   " + strings.Join(strings.Split(columns(b), ""), " ") + "\n")
	for row := range b.Rows() {
		fmt.Fprintf(w, "%2d %s\n", row+1, cells(b, row, ".", " "))
	}
	black, white := g.Score()
	fmt.Fprintf(w, "X Black %d, O White %d\n", black, white)
}

func (plainView) prompt(w *bufio.Writer, player othello.Color) {
	fmt.Fprintf(w, "%s (%s) to move: ", colorName(player), symbol(player))
}

func (plainView) played(w *bufio.Writer, player othello.Color, s othello.Square, flips int, _ bool) {
	discs := "discs"
	if flips == 1 {
		discs = "disc"
	}
	fmt.Fprintf(w, "%s plays %v and flips %d %s.\n", colorName(player), s, flips, discs)
}

func (plainView) passed(w *bufio.Writer, player othello.Color) {
	fmt.Fprintf(w, "%s has no legal move and passes.\n", colorName(player))
}

func (plainView) refused(w *bufio.Writer, text string, why error, g *othello.Game) {
	text = strings.TrimSpace(text)
	b := g.Board()
	switch why {
	case othello.ErrOffBoard:
		fmt.Fprintf(w, "%s is off the board: columns a to %c, rows 1 to %d.\n", text, 'a'+b.Cols()-1, b.Rows())
	case othello.ErrOccupied:
		fmt.Fprintf(w, "%s is not empty.\n", text)
	case othello.ErrIllegal:
		fmt.Fprintf(w, "%s flips nothing. Type moves to list the legal ones.\n", text)
	default:
		fmt.Fprintf(w, "%q is not a move. Type h for help.\n", text)
	}
}

func (plainView) say(w *bufio.Writer, text string) { w.WriteString(text + "\n") }

func (plainView) end(w *bufio.Writer, g *othello.Game) {
	black, white := g.Score()
	fmt.Fprintf(w, "Game over: Black %d, White %d. ", black, white)
	switch winner := g.Winner(); {
	case winner == othello.Empty:
		w.WriteString("A draw.\n")
	case g.WinRule() == othello.FewestDiscs:
		fmt.Fprintf(w, "%s wins with fewer discs.\n", colorName(winner))
	default:
		fmt.Fprintf(w, "%s wins.\n", colorName(winner))
	}
}

// xoView is the XO style: every message is followed by a blank line, as
// each board is.
type xoView struct{}

func (xoView) intro(*bufio.Writer, string, string, bool) {}

func (xoView) board(w *bufio.Writer, g *othello.Game) {
	b := g.Board()
	width := len(fmt.Sprint(b.Rows()))
	for row := range b.Rows() {
		fmt.Fprintf(w, "%*d %s\n", width, row+1, cells(b, row, "-", ""))
	}
	w.WriteString(strings.Repeat(" ", width+1) + columns(b) + "\n\n")
}

func (xoView) prompt(w *bufio.Writer, player othello.Color) {
	fmt.Fprintf(w, "Player '%s' move: ", symbol(player))
}

func (v xoView) played(w *bufio.Writer, player othello.Color, s othello.Square, _ int, typed bool) {
	if !typed { // as if typed
		v.prompt(w, player)
		w.WriteString(s.String() + "\n")
	}
}

func (xoView) passed(w *bufio.Writer, player othello.Color) {
	fmt.Fprintf(w, "Player '%s' has no valid move and passes.\n\n", symbol(player))
}

func (xoView) refused(w *bufio.Writer, _ string, _ error, _ *othello.Game) {
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
