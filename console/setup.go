package console

import (
	"bufio"
	"fmt"
	"io"

	"github.com/othello-judge/judge/othello"
)

// A Setup is what the setup lines of the protocol say: the starting board,
// who moves first and how the game is won.
type Setup struct {
	Board *othello.Board
	First othello.Color
	Win   othello.WinRule
}

// Game returns the game the setup starts under rules r.
func (s *Setup) Game(r othello.Rules) (*othello.Game, error) {
	return othello.NewGame(r, s.Board, s.First, s.Win)
}

// ReadSetup reads the setup lines of the protocol from in, as the judge
// does, for programs that start a game from a file in the judge's format.
// A bad or missing line is an *InputError, as from Play. It may read
// beyond the setup.
func ReadSetup(in io.Reader) (*Setup, error) {
	j := &judge{in: newScanner(in), out: bufio.NewWriter(io.Discard)}
	return j.readSetup()
}

// readSetup reads the setup lines.
func (j *judge) readSetup() (*Setup, error) {
	rows, err := j.readSize("number of rows")
	if err != nil {
		return nil, err
	}
	cols, err := j.readSize("number of columns")
	if err != nil {
		return nil, err
	}
	if err := j.setupLine("the first player"); err != nil {
		return nil, err
	}
	first, err := othello.ParseColor(j.char())
	if err != nil {
		return nil, j.bad(err, "first player must be B or W, got %s", j.in.quoted())
	}
	if err := j.setupLine("the win rule"); err != nil {
		return nil, err
	}
	win, err := othello.ParseWinRule(j.char())
	if err != nil {
		return nil, j.bad(err, "win rule must be > or <, got %s", j.in.quoted())
	}
	board, err := othello.NewBoard(rows, cols)
	if err != nil {
		return nil, err
	}
	for row := range rows {
		if err := j.readRow(board, row); err != nil {
			return nil, err
		}
	}
	return &Setup{Board: board, First: first, Win: win}, nil
}

// setupLine reads the line that should hold what, such as "the win rule";
// its absence is an error.
func (j *judge) setupLine(what string) error {
	ok, err := j.next()
	if err != nil {
		return err
	}
	if !ok {
		return &InputError{Line: j.in.line + 1, Msg: "input ended before " + what, Err: ErrMissingLine}
	}
	return nil
}

// bad returns the error for the setup line just read.
func (j *judge) bad(err error, format string, args ...any) error {
	return &InputError{Line: j.in.line, Msg: fmt.Sprintf(format, args...), Err: err}
}

// char returns the line just read if it is one character long, and ""
// if not.
func (j *judge) char() string {
	if c, ok := j.in.field(0).char(); ok && j.in.nfields == 1 {
		return string(c)
	}
	return ""
}

// readSize reads a line holding a number of rows or columns.
func (j *judge) readSize(what string) (int, error) {
	if err := j.setupLine("the " + what); err != nil {
		return 0, err
	}
	n, ok := j.in.field(0).int()
	if !ok || j.in.nfields != 1 || othello.CheckSize(n) != nil {
		return 0, j.bad(othello.ErrSize, "%s must be an even integer from %d to %d, got %s",
			what, othello.MinSize, othello.MaxSize, j.in.quoted())
	}
	return n, nil
}

// readRow reads the line holding row of the board and sets its cells.
func (j *judge) readRow(b *othello.Board, row int) error {
	what := fmt.Sprintf("board row %d", row+1)
	if err := j.setupLine(what); err != nil {
		return err
	}
	if j.in.nfields != b.Cols() {
		cells := "cells"
		if j.in.nfields == 1 {
			cells = "cell"
		}
		return j.bad(othello.ErrShape, "%s has %d %s, want %d", what, j.in.nfields, cells, b.Cols())
	}
	for col := range b.Cols() {
		c, ok := j.in.field(col).char()
		cell, err := othello.ParseCell(string(c))
		if !ok || err != nil {
			return j.bad(othello.ErrCell, "%s, cell %d must be B, W or ., got row %s", what, col+1, j.in.quoted())
		}
		if err := b.Set(othello.Square{Row: row, Col: col}, cell); err != nil {
			return err
		}
	}
	return nil
}
