// Package scenario makes the judge's test cases: a game's setup and the
// lines typed after it (Scenario), what each tests (Category), random
// ones for what the assignment promises or for all that PROTOCOL.md
// allows (Generator, Profile), the assignment's reference games
// (ReferenceGame), and the judge's exact answer to an input (Transcript),
// read from and written to folders in the golden-transcript format of
// testdata/README.md.
package scenario

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
)

// A Scenario is one game to put to a program: the setup and the lines
// typed after it.
type Scenario struct {
	Name          string
	Category      Category
	othello.Setup        // the rules, the starting board, the first player and the win rule
	Start         Start  // how Board was made
	Fault         *Fault // what is wrong with the setup, for a bad one; nil for a valid one
	Lines         []Line // the move lines and bad lines after the setup
}

// A Fault is what makes a setup bad: one of its lines written wrong, or
// the input ending before that line.
type Fault struct {
	Line int    // the setup line, from 0: rows, columns, first player, win rule, then the board's rows
	Text string // what is written there instead
	End  bool   // the input ends before the line instead, with no line after it
}

// A Line is one input line after the setup.
type Line struct {
	Text string   // the line without its newline
	Kind LineKind // what the line is meant to test
	// Square is the square the line names when HasSquare is set: the
	// lines of kind Move, LooseMove, Occupied and Illegal.
	Square    othello.Square
	HasSquare bool
}

// Input returns the scenario as the judge reads it: the setup lines, with
// the fault if there is one, then the lines, each ended by a newline.
func (s *Scenario) Input() []byte {
	var written strings.Builder
	console.WriteSetup(&written, s.Setup)
	setup := strings.Split(strings.TrimSuffix(written.String(), "\n"), "\n")
	lines := s.Lines
	if f := s.Fault; f != nil && f.End {
		setup, lines = setup[:f.Line], nil
	} else if f != nil {
		setup[f.Line] = f.Text
	}
	var b bytes.Buffer
	for _, l := range setup {
		b.WriteString(l + "\n")
	}
	for _, l := range lines {
		b.WriteString(l.Text + "\n")
	}
	return b.Bytes()
}

// Transcript returns what the judge prints for the scenario.
func (s *Scenario) Transcript() Transcript {
	return Judge(s.Name, s.Rules, s.Input())
}

// Size returns how big the scenario is, for comparing two of them: the
// number of squares, of lines after the setup, of discs on the starting
// board, and of input bytes.
func (s *Scenario) Size() [4]int {
	return [4]int{
		s.Board.Rows() * s.Board.Cols(),
		len(s.Lines),
		s.Board.Count(othello.Black) + s.Board.Count(othello.White),
		len(s.Input()),
	}
}

// Clone returns a copy of s that shares nothing with it.
func (s *Scenario) Clone() *Scenario {
	c := *s
	c.Lines = append([]Line(nil), s.Lines...)
	if s.Fault != nil {
		f := *s.Fault
		c.Fault = &f
	}
	return &c
}

// A Start says how a scenario's starting board was made.
type Start uint8

// The kinds of starting board.
const (
	Standard  Start = iota // the four centre discs
	Sparse                 // a few discs anywhere
	Dense                  // most squares taken
	FullBoard              // every square taken: the game is over at once
	Blocked                // the first player has no move and is passed over
	Nobody                 // not full, yet neither player can move
)

// Starts lists every kind of starting board.
var Starts = []Start{Standard, Sparse, Dense, FullBoard, Blocked, Nobody}

var startNames = [...]string{"standard", "sparse", "dense", "full", "blocked first player", "nobody can move"}

// String returns the name of the kind, such as "sparse".
func (s Start) String() string {
	if int(s) < len(startNames) {
		return startNames[s]
	}
	return "Start(" + strconv.Itoa(int(s)) + ")"
}

// A LineKind says what an input line is meant to test.
type LineKind uint8

// The kinds of line. Move and LooseMove are legal moves; the judge answers
// every other kind with INVALID, except AfterEnd, which it does not read.
const (
	Move         LineKind = iota // a legal move, plainly written: "3 4"
	LooseMove                    // a legal move with extra blanks, tabs, signs, zeros or a carriage return
	Occupied                     // a square that is taken
	Illegal                      // an empty square where the move is not legal
	OffBoard                     // a square off the board, in plain digits: "0 3", "9 3" on eight rows
	Negative                     // a negative row or column: "-1 3"
	Blank                        // nothing but blanks
	OneNumber                    // "3"
	ThreeNumbers                 // "3 4 1"
	Letters                      // "d3", "pass"
	Comma                        // "3,4"
	Decimal                      // "3.0 4"
	Huge                         // a number too large for any integer type
	Long                         // a line of thousands of bytes
	AfterEnd                     // any line after the end of the game
)

// InvalidKinds lists the kinds of line, written as the assignment
// promises, that the judge answers with INVALID.
var InvalidKinds = []LineKind{Occupied, Illegal, OffBoard}

// FormatKinds lists the kinds of line that are not two plainly written
// integers, which the judge answers with INVALID.
var FormatKinds = []LineKind{Negative, Blank, OneNumber, ThreeNumbers, Letters, Comma, Decimal, Huge, Long}

var lineKindNames = [...]string{
	"move", "loose move", "occupied", "illegal", "off board", "negative", "blank", "one number",
	"three numbers", "letters", "comma", "decimal", "huge number", "long line", "after the end",
}

// String returns the name of the kind, such as "off board".
func (k LineKind) String() string {
	if int(k) < len(lineKindNames) {
		return lineKindNames[k]
	}
	return "LineKind(" + strconv.Itoa(int(k)) + ")"
}
