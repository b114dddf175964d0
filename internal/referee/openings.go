package referee

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// Openings are how the pairs of a match begin, before the players move,
// as -openings says (ParseOpenings).
type Openings struct {
	// Random is the plies of each pair's random opening, drawn from the
	// match's seed and played from its setup; 0 for none.
	Random int
	// Lines, if not nil, are the openings of the pairs instead, one
	// after the other and again from the first, such as the book's named
	// openings or the lines of a file.
	Lines [][]othello.Square
	// Shuffle plays Lines in an order drawn from the match's seed: each
	// once before any is played again.
	Shuffle bool
}

// ParseOpenings reads -openings for games from setup:
//
//   - random:N, N plies of random balanced openings from the seed;
//   - book, the named openings of package book one after the other, in
//     the order of its openings.txt; or book:NAME, the one named NAME,
//     such as book:tiger, for every pair (the book's are 8x8's, from the
//     standard start only);
//   - file:PATH, the openings of the file at PATH one after the other, a
//     move list a line, such as f5d6c4d3c2b3b4b5 (as XOT's files hold
//     them): blank lines and lines that start with # are skipped, and
//     each line must be legal from setup;
//   - shuffle:PATH, the same openings in an order drawn from the seed.
//
// PATH is all that follows the first colon, colons included. Anything
// else, and the book's on another setup, is an error wrapping
// ErrOpenings; a file that cannot be read, holds no opening or a line
// that is none is an *OpeningsError, which wraps it too.
func ParseOpenings(s string, setup othello.Setup) (Openings, error) {
	kind, arg, _ := strings.Cut(s, ":")
	switch kind {
	case "random":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || n > 20 {
			break
		}
		return Openings{Random: n}, nil
	case "book":
		standard, err := othello.StandardSetup(othello.Full{}, 8, 8)
		if err != nil || setup.Rules != standard.Rules || setup.First != standard.First || !setup.Board.Equal(&standard.Board) {
			return Openings{}, fmt.Errorf("%w: the book's openings are 8x8's from the standard start, got %q on %dx%d", ErrOpenings, s, setup.Board.Rows(), setup.Board.Cols())
		}
		var lines [][]othello.Square
		for _, l := range book.StandardOpenings().Lines() {
			if arg == "" && s == "book" || strings.EqualFold(l.Name, arg) {
				lines = append(lines, l.Moves)
			}
		}
		if lines != nil {
			return Openings{Lines: lines}, nil
		}
	case "file", "shuffle":
		if arg == "" {
			break
		}
		lines, err := readOpenings(arg, setup)
		if err != nil {
			return Openings{}, err
		}
		return Openings{Lines: lines, Shuffle: kind == "shuffle"}, nil
	}
	return Openings{}, fmt.Errorf("%w, got %q", ErrOpenings, s)
}

// readOpenings reads the file of openings at path, a move list a line,
// each replayed from setup.
func readOpenings(path string, setup othello.Setup) ([][]othello.Square, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is the error's already
		}
		return nil, &OpeningsError{Path: path, Msg: err.Error()}
	}
	var lines [][]othello.Square
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r, err := record.ParseMoveList(line, setup)
		if err != nil {
			msg := err.Error()
			var pe *record.ParseError
			if errors.As(err, &pe) {
				msg = pe.Msg // without its line, always 1
			}
			return nil, &OpeningsError{Path: path, Line: i + 1, Msg: msg}
		}
		lines = append(lines, r.Moves)
	}
	if lines == nil {
		return nil, &OpeningsError{Path: path, Msg: "no opening: a move list a line, such as f5d6c4d3c2b3b4b5"}
	}
	return lines, nil
}

// An OpeningsError is a file of openings that cannot be played: a line
// that is no move list, or one the setup refuses (Line), or a file that
// cannot be read or holds no opening (Line 0). It wraps ErrOpenings.
type OpeningsError struct {
	Path string
	Line int // from 1; 0 for the whole file
	Msg  string
}

// Error says where and what: "referee: openings file xot.txt:3: move
// 6, W a1: move flips no disc".
func (e *OpeningsError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("referee: openings file %s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("referee: openings file %s:%d: %s", e.Path, e.Line, e.Msg)
}

// Unwrap returns ErrOpenings.
func (e *OpeningsError) Unwrap() error { return ErrOpenings }
