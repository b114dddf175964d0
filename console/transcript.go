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

// The lines of the judge's output, and the starts of those that say more,
// as PROTOCOL.md gives them. The judge writes them with the write
// functions below, and ReadOutput, KindOf and ReadBoard read them back.
const (
	scorePrefix  = "B: "
	scoreWhite   = "  W: "
	turnPrefix   = "TURN: "
	winnerPrefix = "WINNER: "
	validLine    = "VALID\n"
	invalidLine  = "INVALID\n"
	noWinner     = "NONE"
)

// writePosition writes the score line and the board.
func writePosition(w *bufio.Writer, black, white int, b *othello.Board) {
	var n [20]byte
	w.WriteString(scorePrefix)
	w.Write(strconv.AppendInt(n[:0], int64(black), 10))
	w.WriteString(scoreWhite)
	w.Write(strconv.AppendInt(n[:0], int64(white), 10))
	w.WriteByte('\n')
	w.WriteString(b.String())
}

// writeTurn writes the TURN line of player c.
func writeTurn(w *bufio.Writer, c othello.Color) {
	w.WriteString(turnPrefix + c.String() + "\n")
}

// writeAnswer writes VALID or INVALID.
func writeAnswer(w *bufio.Writer, valid bool) {
	if valid {
		w.WriteString(validLine)
	} else {
		w.WriteString(invalidLine)
	}
}

// writeWinner writes the WINNER line: c, or NONE for othello.Empty.
func writeWinner(w *bufio.Writer, c othello.Color) {
	name := noWinner
	if c != othello.Empty {
		name = c.String()
	}
	w.WriteString(winnerPrefix + name + "\n")
}

// An Output is the judge's standard output read back by ReadOutput: the
// name of its rules, then each position it showed.
type Output struct {
	Rules     string     // "FULL" or "SIMPLE"
	Positions []Position // none for a bad setup
}

// A Position is one score line and board of the judge's output and what
// follows them: the player to move and the answers to the move lines,
// or, once the game is over, the winner.
type Position struct {
	Black, White int
	Board        *othello.Board
	Over         bool
	Turn         othello.Color // the player to move, while the game is not over
	Winner       othello.Color // once it is over: othello.Empty for a draw
	// Answers are the answers to the move lines read for Turn, true for
	// VALID: INVALID for each line that is no legal move, then VALID,
	// unless the input ended first.
	Answers []bool
}

// WriteOutput writes o as the judge writes it: what ReadOutput read
// comes back byte for byte.
func WriteOutput(w io.Writer, o *Output) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(o.Rules + "\n")
	for _, p := range o.Positions {
		writePosition(bw, p.Black, p.White, p.Board)
		if p.Over {
			writeWinner(bw, p.Winner)
			continue
		}
		writeTurn(bw, p.Turn)
		for _, valid := range p.Answers {
			writeAnswer(bw, valid)
		}
	}
	return bw.Flush()
}

// ErrOutput means a text is not the judge's output: ReadOutput's errors
// wrap it and name the line.
var ErrOutput = errors.New("console: not the judge's output")

// ReadOutput reads the judge's standard output out, as the judge writes
// it and nothing else. A text that is not the judge's output gives an
// error that wraps ErrOutput, with the positions read before it.
func ReadOutput(out []byte) (*Output, error) {
	lines := Lines(out)
	o := &Output{}
	bad := func(i int, want string) (*Output, error) {
		got := "the end of the output"
		if i < len(lines) {
			got = strconv.Quote(lines[i])
		}
		return o, fmt.Errorf("%w: line %d: want %s, got %s", ErrOutput, i+1, want, got)
	}
	if len(lines) == 0 || KindOf(lines[0]) != RulesLine || !strings.HasSuffix(lines[0], "\n") {
		return bad(0, "FULL or SIMPLE")
	}
	o.Rules = strings.TrimSuffix(lines[0], "\n")
	for i := 1; i < len(lines); {
		var p Position
		var ok bool
		if p.Black, p.White, ok = readScore(lines[i]); !ok {
			return bad(i, "a score line")
		}
		from := i + 1
		for i = from; i < len(lines) && KindOf(lines[i]) == BoardLine; i++ {
		}
		b, err := othello.ParseBoard(strings.Join(lines[from:i], ""))
		if err != nil {
			return bad(from, "a board")
		}
		p.Board = b
		if i == len(lines) {
			return bad(i, "a TURN or WINNER line")
		}
		if name, ok := strings.CutPrefix(lines[i], winnerPrefix); ok {
			p.Over = true
			if name != noWinner+"\n" {
				if p.Winner, ok = readColor(name); !ok {
					return bad(i, "a WINNER line")
				}
			}
			o.Positions = append(o.Positions, p)
			if i++; i < len(lines) {
				return bad(i, "the end of the output")
			}
			break
		}
		name, isTurn := strings.CutPrefix(lines[i], turnPrefix)
		if p.Turn, ok = readColor(name); !isTurn || !ok {
			return bad(i, "a TURN or WINNER line")
		}
		for i++; i < len(lines) && (lines[i] == validLine || lines[i] == invalidLine); i++ {
			p.Answers = append(p.Answers, lines[i] == validLine)
			if lines[i] == validLine {
				i++
				break
			}
		}
		o.Positions = append(o.Positions, p)
	}
	return o, nil
}

// readScore reads a score line, "B: 2  W: 2" and its newline.
func readScore(line string) (black, white int, ok bool) {
	rest, ok := strings.CutPrefix(line, scorePrefix)
	b, w, ok2 := strings.Cut(strings.TrimSuffix(rest, "\n"), scoreWhite)
	black, err1 := strconv.Atoi(b)
	white, err2 := strconv.Atoi(w)
	return black, white, ok && ok2 && err1 == nil && err2 == nil && strings.HasSuffix(line, "\n")
}

// readColor reads the name of a player, B or W, and its newline.
func readColor(name string) (othello.Color, bool) {
	c, err := othello.ParseColor(strings.TrimSuffix(name, "\n"))
	return c, err == nil && c != othello.Empty && strings.HasSuffix(name, "\n")
}

// AnswerSizes returns, for each of n input lines, how many lines of the
// judge's output out answer it: the whole first position for the last
// setup line, INVALID for a bad move line, VALID and the next position
// for a legal one, and nothing for the other setup lines or lines after
// the end.
func AnswerSizes(out []byte, n int) []int {
	sizes := make([]int, n)
	o, _ := ReadOutput(out)
	if len(o.Positions) == 0 {
		return sizes // a bad setup: nothing but the FULL or SIMPLE line
	}
	rows := o.Positions[0].Board.Rows()
	position := rows + 2 // a score line, the board, and TURN or WINNER
	setup := 4 + rows
	if setup > n {
		return sizes
	}
	sizes[setup-1] = position
	i := setup
	for _, p := range o.Positions {
		for _, valid := range p.Answers {
			if i == n {
				return sizes
			}
			sizes[i] = 1
			if valid {
				sizes[i] += position
			}
			i++
		}
	}
	return sizes
}

// A LineKind is what a line of output is, as KindOf tells it.
type LineKind uint8

// The kinds of line.
const (
	NoLine      LineKind = iota // no line at all, or a blank one
	RulesLine                   // FULL or SIMPLE
	ScoreLine                   // starts with "B:"
	BoardLine                   // only B, W, dots and blanks
	TurnLine                    // starts with TURN
	ValidLine                   // VALID
	InvalidLine                 // INVALID
	WinnerLine                  // starts with WINNER
	OtherLine                   // anything else
)

// KindOf tells what line is by how it starts, as a person reading a
// program's output would: a line the judge writes is of its kind, and a
// program's line that is wrong is of the kind it looks like. A newline at
// its end is left out.
func KindOf(line string) LineKind {
	line = strings.TrimSuffix(line, "\n")
	switch {
	case line == "":
		return NoLine
	case line == "FULL" || line == "SIMPLE":
		return RulesLine
	case strings.HasPrefix(line, "WINNER"):
		return WinnerLine
	case strings.HasPrefix(line, "B:"):
		return ScoreLine
	case strings.HasPrefix(line, "TURN"):
		return TurnLine
	case line == "VALID":
		return ValidLine
	case line == "INVALID":
		return InvalidLine
	case strings.Trim(line, "BW. ") == "":
		return BoardLine
	}
	return OtherLine
}

// ReadBoard reads the board in lines of an answer, which may be a
// program's rather than the judge's, as loosely as a person would: the
// lines after its first score line up to a TURN or WINNER line, and the
// player to move that the TURN line names. It returns nil if there is
// none, or the lines are not a board.
func ReadBoard(lines []string) (*othello.Board, othello.Color) {
	for i, l := range lines {
		if KindOf(l) != ScoreLine {
			continue
		}
		var rows strings.Builder
		turn := othello.Empty
		for _, row := range lines[i+1:] {
			if name, ok := strings.CutPrefix(strings.TrimSpace(row), strings.TrimSpace(turnPrefix)); ok {
				turn, _ = othello.ParseColor(strings.TrimSpace(name))
				break
			}
			if KindOf(row) == WinnerLine {
				break
			}
			rows.WriteString(row)
		}
		b, err := othello.ParseBoard(rows.String())
		if err != nil {
			return nil, othello.Empty
		}
		return b, turn
	}
	return nil, othello.Empty
}

// ReadMove returns the square that a move line names, "3 4" for row 3,
// column 4, read as the judge reads it; the square may be off the board.
// It returns false for a line that is no move.
func ReadMove(line string) (othello.Square, bool) {
	s := newScanner(strings.NewReader(line))
	if !s.scan() {
		return othello.Square{}, false
	}
	if sq, ok := s.move(); ok {
		return sq, true
	}
	return othello.Square{}, false
}

// Lines splits b after each newline; a last line without one is kept.
func Lines(b []byte) []string {
	s := string(b)
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, s[:i])
		s = s[i:]
	}
	return lines
}
