package record

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// A Known is a move of a position and its exact score, as OBF gives them
// for the FFO test positions: the final margin of discs for the player to
// move when both sides play their best after it.
type Known struct {
	Pass   bool           // whether the move is a pass
	Square othello.Square // the square played, if not a pass
	Score  int
}

// ParseOBF reads the positions of a text in OBF, the Othello board
// format of the FFO test positions, one a line: 64 squares from a1 to h8,
// a row at a time (X black, O white, - empty; also x, * and o, .), a
// blank, the player to move (X or O), and maybe the exact scores of some
// moves, best first: "; G8:+18; H1:+12;", a move a square in either case
// or PA for a pass. Blank lines and lines that start with # are skipped.
// Each position is a record of a game with no moves, its setup the
// position: 8x8 under rules r, won by the most discs, its Known the
// scores given. A line that is not a position is a *ParseError wrapping
// ErrSyntax, and a text without a position one wrapping ErrNoGame.
func ParseOBF(text string, r othello.Rules) ([]Record, error) {
	var records []Record
	for i, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rec, msg := obfPosition(l, r)
		if msg != "" {
			return nil, &ParseError{Line: i + 1, Msg: "not a position in OBF: " + msg, Err: ErrSyntax}
		}
		records = append(records, rec)
	}
	if len(records) == 0 {
		return nil, &ParseError{Line: 1, Msg: "no position in OBF: every line is blank or a comment", Err: ErrNoGame}
	}
	return records, nil
}

// obfPosition returns the position of a line of OBF, without the blanks
// around it, under rules r; or what is wrong with the line, for a person.
func obfPosition(line string, r othello.Rules) (Record, string) {
	fields := strings.Split(line, ";")
	head := strings.Fields(fields[0])
	if len(head) != 2 || len(head[0]) != 64 || len(head[1]) != 1 {
		return Record{}, fmt.Sprintf("want 64 squares, a space and X or O, got %q", fields[0])
	}
	b, _ := othello.NewBoard(8, 8)
	for i, c := range []byte(head[0]) {
		s := othello.Square{Row: i / 8, Col: i % 8}
		color, ok := obfColors[c]
		if !ok {
			return Record{}, fmt.Sprintf("square %s is %q, want X, O or -", s, c)
		}
		b.Set(s, color)
	}
	turn, ok := obfColors[head[1][0]]
	if !ok || turn == othello.Empty {
		return Record{}, fmt.Sprintf("the player to move is %q, want X or O", head[1])
	}
	rec := Record{Setup: othello.Setup{Rules: r, Board: *b, First: turn, Win: othello.MostDiscs}}
	for _, f := range fields[1:] {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		k, ok := obfKnown(b, f)
		if !ok {
			return Record{}, fmt.Sprintf("%q is not MOVE:SCORE", f)
		}
		rec.Known = append(rec.Known, k)
	}
	return rec, ""
}

// obfKnown reads a move of known score, MOVE:SCORE, such as G8:+18 or
// PA:-64, a square of b or a pass; ok is false if f is not one.
func obfKnown(b *othello.Board, f string) (k Known, ok bool) {
	name, score, ok := strings.Cut(f, ":")
	if !ok {
		return Known{}, false
	}
	v, err := strconv.Atoi(score)
	if err != nil {
		return Known{}, false
	}
	if name = strings.ToLower(strings.TrimSpace(name)); name == "pa" || name == "ps" {
		return Known{Pass: true, Score: v}, true
	}
	s, err := othello.ParseSquare(name)
	if err != nil || len(name) != 2 || !b.Contains(s) {
		return Known{}, false
	}
	return Known{Square: s, Score: v}, true
}

// obfColors are the colours of OBF's squares and players to move.
var obfColors = map[byte]othello.Color{'X': othello.Black, 'x': othello.Black, '*': othello.Black,
	'O': othello.White, 'o': othello.White, '-': othello.Empty, '.': othello.Empty}

// isOBF reports whether a line is the start of a text in OBF: a comment,
// starting with #, or a word of OBF's squares (a position, maybe of the
// wrong length).
func isOBF(line string) bool {
	if strings.HasPrefix(line, "#") {
		return true
	}
	words := strings.Fields(line)
	if len(words) == 0 {
		return false
	}
	for i := range len(words[0]) {
		if _, ok := obfColors[words[0][i]]; !ok {
			return false
		}
	}
	return true
}
