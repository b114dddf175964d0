package console

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/othello-judge/judge/othello"
)

// The setup is the judge's first input: the number of rows, the number of
// columns, the first player (B or W), the win rule (> or <), then the
// board one line a row, cells B, W or . separated by blanks. ReadSetup
// reads it and WriteSetup writes it; the rules are not part of it, as the
// judge announces them on its first output line instead.

// ReadSetup reads the setup lines of the protocol from in, as the judge
// does, for a game under rules r. A bad or missing line is an
// *InputError, as from Judge. It may read beyond the setup.
func ReadSetup(in io.Reader, r othello.Rules) (othello.Setup, error) {
	return (&reader{scanner: newScanner(in)}).readSetup(r)
}

// WriteSetup writes the setup lines of s to w, as ReadSetup reads them and
// the golden transcripts write them: cells separated by single spaces,
// each line ended by a newline.
func WriteSetup(w io.Writer, s othello.Setup) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(strconv.Itoa(s.Board.Rows()) + "\n" + strconv.Itoa(s.Board.Cols()) + "\n")
	bw.WriteString(s.First.String() + "\n" + s.Win.String() + "\n")
	bw.WriteString(s.Board.String())
	return bw.Flush()
}

// readSetup reads the setup lines, for a game under rules r.
func (in *reader) readSetup(r othello.Rules) (othello.Setup, error) {
	rows, err := in.readSize("number of rows")
	if err != nil {
		return othello.Setup{}, err
	}
	cols, err := in.readSize("number of columns")
	if err != nil {
		return othello.Setup{}, err
	}
	if err := in.setupLine("the first player"); err != nil {
		return othello.Setup{}, err
	}
	first, err := othello.ParseColor(in.char())
	if err != nil {
		return othello.Setup{}, in.bad(err, "first player must be B or W, got %s", in.quoted())
	}
	if err := in.setupLine("the win rule"); err != nil {
		return othello.Setup{}, err
	}
	win, err := othello.ParseWinRule(in.char())
	if err != nil {
		return othello.Setup{}, in.bad(err, "win rule must be > or <, got %s", in.quoted())
	}
	board, err := othello.NewBoard(rows, cols)
	if err != nil {
		return othello.Setup{}, err
	}
	for row := range rows {
		if err := in.readRow(board, row); err != nil {
			return othello.Setup{}, err
		}
	}
	return othello.Setup{Rules: r, Board: *board, First: first, Win: win}, nil
}

// setupLine reads the line that should hold what, such as "the win rule";
// its absence is an error.
func (in *reader) setupLine(what string) error {
	ok, err := in.next()
	if err != nil {
		return err
	}
	if !ok {
		return &InputError{Line: in.line + 1, Msg: "input ended before " + what, Err: ErrMissingLine}
	}
	return nil
}

// bad returns the error for the setup line just read.
func (in *reader) bad(err error, format string, args ...any) error {
	return &InputError{Line: in.line, Msg: fmt.Sprintf(format, args...), Err: err}
}

// char returns the line just read if it is one character long, and ""
// if not.
func (in *reader) char() string {
	if c, ok := in.field(0).char(); ok && in.nfields == 1 {
		return string(c)
	}
	return ""
}

// readSize reads a line holding a number of rows or columns.
func (in *reader) readSize(what string) (int, error) {
	if err := in.setupLine("the " + what); err != nil {
		return 0, err
	}
	n, ok := in.field(0).int()
	if !ok || in.nfields != 1 || othello.CheckSize(n) != nil {
		return 0, in.bad(othello.ErrSize, "%s must be an even integer from %d to %d, got %s",
			what, othello.MinSize, othello.MaxSize, in.quoted())
	}
	return n, nil
}

// readRow reads the line holding row of the board and sets its cells.
func (in *reader) readRow(b *othello.Board, row int) error {
	what := fmt.Sprintf("board row %d", row+1)
	if err := in.setupLine(what); err != nil {
		return err
	}
	if in.nfields != b.Cols() {
		cells := "cells"
		if in.nfields == 1 {
			cells = "cell"
		}
		return in.bad(othello.ErrShape, "%s has %d %s, want %d", what, in.nfields, cells, b.Cols())
	}
	for col := range b.Cols() {
		c, ok := in.field(col).char()
		cell, err := othello.ParseCell(string(c))
		if !ok || err != nil {
			return in.bad(othello.ErrCell, "%s, cell %d must be B, W or ., got row %s", what, col+1, in.quoted())
		}
		if err := b.Set(othello.Square{Row: row, Col: col}, cell); err != nil {
			return err
		}
	}
	return nil
}
