package console

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/othello-judge/judge/othello"
)

// Play runs the judge on in and out under rules r: it writes the name of
// the rules, reads the setup, then plays the game move by move until it is
// over, as PROTOCOL.md says. It reads no line after the end of the game.
//
// Output is buffered and flushed whenever the next line of input is not
// already read in, so that a caller who writes one line and waits for the
// answer gets it, and again before Play returns. Lines of any length are
// read in bounded memory.
//
// Play returns nil once the game is over. A bad or missing setup line, the
// end of the input before the game is over, and a read error come back as
// an *InputError; a write error is returned as it is.
func Play(in io.Reader, out io.Writer, r othello.Rules) error {
	if r == nil {
		return fmt.Errorf("console: no rules: %w", othello.ErrRules)
	}
	w := bufio.NewWriter(out)
	j := &judge{in: &reader{scanner: newScanner(in), out: w}, out: w}
	j.out.WriteString(r.Name() + "\n")
	err := j.run(r)
	if ferr := j.out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// Run plays one game like Play and returns the exit status PROTOCOL.md
// gives for it: 0 when the game was played to its end, and otherwise 1,
// after writing one line to errOut that names the input line and what is
// wrong, such as `othello: line 3: first player must be B or W, got "X"`.
func Run(in io.Reader, out, errOut io.Writer, r othello.Rules) int {
	err := Play(in, out, r)
	var inputErr *InputError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &inputErr):
		fmt.Fprintf(errOut, "othello: line %d: %s\n", inputErr.Line, inputErr.Msg)
	default:
		fmt.Fprintf(errOut, "othello: %v\n", err)
	}
	return 1
}

// A judge holds the input and output of one game.
type judge struct {
	in  *reader // flushes out before a read that may block
	out *bufio.Writer
}

func (j *judge) run(r othello.Rules) error {
	setup, err := j.in.readSetup(r)
	if err != nil {
		return err
	}
	g, err := setup.NewGame()
	if err != nil {
		return err
	}
	for !g.Over() {
		j.writeState(g)
		j.out.WriteString("TURN: " + g.Turn().String() + "\n")
		if err := j.readMove(g); err != nil {
			return err
		}
	}
	j.writeState(g)
	winner := "NONE"
	if w := g.Winner(); w != othello.Empty {
		winner = w.String()
	}
	j.out.WriteString("WINNER: " + winner + "\n")
	return nil
}

// readMove reads move lines until one is legal and plays it, answering
// each line with VALID or INVALID.
func (j *judge) readMove(g *othello.Game) error {
	for {
		ok, err := j.in.next()
		if err != nil {
			return err
		}
		if !ok {
			return &InputError{
				Line: j.in.line + 1,
				Msg:  fmt.Sprintf("input ended mid-game, %v to move", g.Turn()),
				Err:  ErrUnfinished,
			}
		}
		if s, ok := j.move(); ok {
			if _, err := g.Play(s); err == nil {
				j.out.WriteString("VALID\n")
				return nil
			}
		}
		j.out.WriteString("INVALID\n")
	}
}

// move returns the square of the line just read if it is a move line: two
// integers, row then column, counted from 1. The square may be off the
// board.
func (j *judge) move() (othello.Square, bool) {
	if j.in.nfields != 2 {
		return othello.Square{}, false
	}
	row, ok1 := j.in.field(0).int()
	col, ok2 := j.in.field(1).int()
	return othello.Square{Row: row - 1, Col: col - 1}, ok1 && ok2
}

// writeState writes the score line and the board.
func (j *judge) writeState(g *othello.Game) {
	black, white := g.Score()
	j.out.WriteString("B: " + strconv.Itoa(black) + "  W: " + strconv.Itoa(white) + "\n")
	j.out.WriteString(g.Board().String())
}
