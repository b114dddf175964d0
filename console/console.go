package console

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// Judge runs the judge on in and out under rules r: it writes the name of
// the rules, reads the setup, then plays the game move by move until it is
// over, as PROTOCOL.md says. It reads no line after the end of the game.
//
// Output is buffered and flushed whenever the next line of input is not
// already read in, so that a caller who writes one line and waits for the
// answer gets it, and again before Judge returns. Lines of any length are
// read in bounded memory.
//
// Judge returns nil once the game is over. A bad or missing setup line, the
// end of the input before the game is over, and a read error come back as
// an *InputError; a write error is returned as it is.
func Judge(in io.Reader, out io.Writer, r othello.Rules) error {
	return judgeWith(in, out, nil, r)
}

// judgeWith is Judge that also writes to explain, if it is not nil, why each
// line answered INVALID is not a legal move.
func judgeWith(in io.Reader, out, explain io.Writer, r othello.Rules) error {
	if r == nil {
		return fmt.Errorf("console: no rules: %w", othello.ErrRules)
	}
	w := bufio.NewWriter(out)
	j := &judge{in: &reader{scanner: newScanner(in), out: w}, out: w}
	if explain != nil {
		j.explain = bufio.NewWriter(explain)
	}
	j.out.WriteString(r.Name() + "\n")
	err := j.run(r)
	if ferr := j.out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// Run plays one game like Judge and returns the exit status PROTOCOL.md
// gives for it: 0 when the game was played to its end, and otherwise 1,
// after writing one line to errOut that names the input line and what is
// wrong, such as `othello: line 3: first player must be B or W, got "X"`.
func Run(in io.Reader, out, errOut io.Writer, r othello.Rules) int {
	return status(Judge(in, out, r), errOut)
}

// RunExplained is Run for a person who types the move lines: after each
// INVALID answer it also writes to errOut one line that says why the line
// is not a legal move, such as `othello: line 7: "d3": a move is two
// whole numbers, row then column`. What it writes to out is what Run
// writes, byte for byte. An explanation that cannot be written is
// dropped.
func RunExplained(in io.Reader, out, errOut io.Writer, r othello.Rules) int {
	return status(judgeWith(in, out, errOut, r), errOut)
}

// status returns the exit status of a game that ended with err, writing
// err to errOut as one line if it is not nil.
func status(err error, errOut io.Writer) int {
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
	// explain is where to say why a line is INVALID, nil for nowhere. It
	// is a *bufio.Writer, flushed after each line, rather than the
	// io.Writer it wraps, so that the judge's other parts stay off the
	// heap: a call through an interface would make them escape.
	explain *bufio.Writer
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
		j.writePosition(g)
		writeTurn(j.out, g.Turn())
		if err := j.readMove(g); err != nil {
			return err
		}
	}
	j.writePosition(g)
	writeWinner(j.out, g.Winner())
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
		s, isMove := j.in.move()
		var refused error // why the engine refused the move; nil for a line that is no move
		if isMove {
			if _, refused = g.Play(s); refused == nil {
				writeAnswer(j.out, true)
				return nil
			}
		}
		writeAnswer(j.out, false)
		if j.explain != nil {
			if err := j.explainInvalid(g, s, refused); err != nil {
				return err
			}
		}
	}
}

// explainInvalid writes to j.explain why the line just read is INVALID:
// refused is the engine's error for the move to s it refused, nil for a
// line that is no move at all. It flushes the output first, so that on a
// terminal the explanation comes after its INVALID; an error is the
// flush's.
func (j *judge) explainInvalid(g *othello.Game, s othello.Square, refused error) error {
	if err := j.out.Flush(); err != nil {
		return err
	}
	const twoNumbers = "a move is two whole numbers, row then column"
	line := j.in.quoted()
	var why string
	switch b := g.Board(); {
	case refused == nil && j.in.nfields == 0:
		why = "a blank line: " + twoNumbers
	case refused == nil:
		why = line + ": " + twoNumbers
	case errors.Is(refused, othello.ErrOffBoard):
		why = fmt.Sprintf("%s: off the board: rows 1 to %d, columns 1 to %d", line, b.Rows(), b.Cols())
	case errors.Is(refused, othello.ErrOccupied):
		c, _ := b.At(s)
		why = fmt.Sprintf("%s: that square is taken by %v", line, c)
	case errors.Is(refused, othello.ErrIllegal):
		why = fmt.Sprintf("%s: flips nothing: %v can play %s", line, g.Turn(), judgeSquares(g.Legal()))
	default:
		why = line + ": " + refused.Error()
	}
	j.explain.WriteString("othello: line " + strconv.Itoa(j.in.line) + ": " + why + "\n")
	j.explain.Flush() // an explanation that cannot be written is dropped
	return nil
}

// judgeSquares returns the squares of s as move lines write them, row
// then column from 1: "3 4, 4 3, 5 6 or 6 5".
func judgeSquares(s othello.SquareSet) string {
	var b strings.Builder
	squares := s.Squares()
	for i, sq := range squares {
		switch {
		case i == 0:
		case i == len(squares)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d %d", sq.Row+1, sq.Col+1)
	}
	return b.String()
}

// writePosition writes the score line and the board.
func (j *judge) writePosition(g *othello.Game) {
	black, white := g.Score()
	writePosition(j.out, black, white, g.Board())
}
