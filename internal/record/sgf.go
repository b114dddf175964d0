package record

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// ParseSGF reads every game of a text in SGF, the Smart Game Format
// (FF[4], red-bean.com/sgf), as Edax, Cassio and other Othello programs
// write it: game trees "(;" ... ")", each a sequence of nodes ";" with
// properties NAME[value][value]..., values escaped with \. Of a tree it
// reads the main line, the first variation at each branch, and of its
// properties
//
//	GM  the game, which must be 2, Othello, if given
//	SZ  the board's size: 8, or COLS:ROWS as SGF writes a board that is
//	    not square (8 if not given)
//	AB AW AE  discs of Black and White put on the board, and squares
//	    emptied, before the first move. With any of them the board
//	    starts empty and holds those discs; without, it is the standard
//	    start of SZ's size
//	PL  the player to move first, B or W (Black if not given)
//	B W a move of Black, of White: a square as players write it, f5, or
//	    as SGF writes a point, two letters, column then row (fe for f5);
//	    a pass is empty, tt, pa, ps or pass. A player with no move may
//	    leave the pass out: the game makes it
//	PB PW DT PC  the players, the date and the place
//
// and it skips the others, such as comments (C), the result (RE) and
// the program (AP): SGF is read, not written, so they are not kept. The
// rules are the full rules, and the most discs win. Each game is
// replayed. As ParseGGF does, a game that cannot be read or played is
// skipped and the others read, with a *SkipError that lists the games
// skipped; a text whose games all fail is the *ParseError of the first,
// wrapping ErrSyntax, ErrUnsupported (another game, setup after a move),
// a *MoveError or an othello error; a text without a game is an error
// wrapping ErrNoGame.
func ParseSGF(text string) ([]Record, error) {
	p := &sgfParser{text: text, line: 1}
	var games []Record
	var skipped []Skipped
	for n := 1; ; n++ {
		i := strings.Index(p.text[p.at:], "(")
		if i < 0 {
			break
		}
		p.advance(i)
		start := p.line
		var props []property
		if err := p.tree(&props, true); err != nil {
			skipped = append(skipped, Skipped{Number: n, Err: err})
			if !p.skipTree() {
				break
			}
			continue
		}
		r, err := sgfRecord(props, start)
		if err != nil {
			skipped = append(skipped, Skipped{Number: n, Err: err})
			continue
		}
		games = append(games, r)
	}
	return collected(games, skipped, "no game in SGF: none starts with (;")
}

// An sgfParser reads the game trees of a text in SGF.
type sgfParser struct {
	text string
	at   int // the next byte to read
	line int // the line of text[at], from 1
}

// advance reads n bytes, counting the lines.
func (p *sgfParser) advance(n int) {
	p.line += strings.Count(p.text[p.at:p.at+n], "\n")
	p.at += n
}

// skipBlanks reads the blanks at p.at, and reports the byte after them,
// or 0 at the end of the text.
func (p *sgfParser) skipBlanks() byte {
	for p.at < len(p.text) {
		switch c := p.text[p.at]; c {
		case ' ', '\t', '\r', '\n':
			p.advance(1)
		default:
			return c
		}
	}
	return 0
}

// syntax returns a *ParseError wrapping ErrSyntax at the parser's line.
func (p *sgfParser) syntax(format string, a ...any) *ParseError {
	return &ParseError{Line: p.line, Msg: "SGF: " + fmt.Sprintf(format, a...), Err: ErrSyntax}
}

// skipTree reads on past the game tree in which p.at is, after an error
// in it: to the next "(" at the start of a line, which may start the
// next game. It reports whether there is one.
func (p *sgfParser) skipTree() bool {
	i := strings.Index(p.text[p.at:], "\n(")
	if i < 0 {
		p.advance(len(p.text) - p.at)
		return false
	}
	p.advance(i + 1)
	return true
}

// tree reads a game tree, "(" nodes, variations ")", and adds the
// properties of its main line to props when main: its nodes, then those
// of its first variation.
func (p *sgfParser) tree(props *[]property, main bool) *ParseError {
	if p.skipBlanks() != '(' {
		return p.syntax("want ( to start a game tree")
	}
	p.advance(1)
	nodes := 0
	for p.skipBlanks() == ';' {
		p.advance(1)
		nodes++
		if err := p.node(props, main); err != nil {
			return err
		}
	}
	if nodes == 0 {
		return p.syntax("want ; to start a node after (")
	}
	for first := true; p.skipBlanks() == '('; first = false {
		if err := p.tree(props, main && first); err != nil {
			return err
		}
	}
	if c := p.skipBlanks(); c != ')' {
		if c == 0 {
			return p.syntax("the game tree has no end: want )")
		}
		return p.syntax("want a property, ;, ( or ), got %s", quoteStart(p.text[p.at:]))
	}
	p.advance(1)
	return nil
}

// node reads the properties of a node, after its ";", each value a
// property of its own, and adds them to props when keep.
func (p *sgfParser) node(props *[]property, keep bool) *ParseError {
	for {
		c := p.skipBlanks()
		if c < 'A' || c > 'Z' && (c < 'a' || c > 'z') {
			return nil
		}
		var name strings.Builder // SGF's capitals; FF[3] allowed small letters between them
		for p.at < len(p.text) && isLetter(p.text[p.at]) {
			if c := p.text[p.at]; c <= 'Z' {
				name.WriteByte(c)
			}
			p.advance(1)
		}
		values := 0
		for p.skipBlanks() == '[' {
			line := p.line
			p.advance(1)
			var v strings.Builder
			for {
				if p.at >= len(p.text) {
					return &ParseError{Line: line, Msg: "SGF: " + name.String() + "[ has no ]", Err: ErrSyntax}
				}
				c := p.text[p.at]
				if c == '\\' && p.at+1 < len(p.text) {
					p.advance(1)
					c = p.text[p.at]
				} else if c == ']' {
					p.advance(1)
					break
				}
				v.WriteByte(c)
				p.advance(1)
			}
			values++
			if keep {
				*props = append(*props, property{name: name.String(), value: v.String(), line: line})
			}
		}
		if values == 0 {
			return p.syntax("the property %s has no value [...]", name.String())
		}
	}
}

// sgfRecord returns the record of the properties of a game's main line;
// start is the line where the game starts.
func sgfRecord(props []property, start int) (Record, *ParseError) {
	var r Record
	rows, cols := 8, 8
	var setup []property // AB, AW, AE in order
	first := othello.Black
	var moves []move
	var lines []int // the line of each move
	for _, prop := range props {
		var err error
		v := strings.TrimSpace(prop.value)
		switch prop.name {
		case "GM":
			if v != "2" {
				err = fmt.Errorf("%w: game %s, not Othello (2)", ErrUnsupported, v)
			}
		case "SZ":
			rows, cols, err = sgfSize(v)
		case "AB", "AW", "AE":
			if len(moves) > 0 {
				err = fmt.Errorf("%w: discs put on the board after a move", ErrUnsupported)
			}
			setup = append(setup, prop)
		case "PL":
			switch strings.ToUpper(v) {
			case "B":
				first = othello.Black
			case "W":
				first = othello.White
			default:
				err = fmt.Errorf("%w: want B or W", ErrSyntax)
			}
		case "B", "W":
			m := move{player: othello.Black}
			if prop.name == "W" {
				m.player = othello.White
			}
			m.square, m.pass, err = sgfPoint(v)
			moves, lines = append(moves, m), append(lines, prop.line)
		case "PB":
			r.Black = prop.value
		case "PW":
			r.White = prop.value
		case "DT":
			r.Date = prop.value
		case "PC":
			r.Place = prop.value
		}
		if err != nil {
			return Record{}, &ParseError{Line: prop.line, Msg: prop.name + "[" + shorten(prop.value) + "]: " + reason(err), Err: err}
		}
	}
	board, _ := othello.NewStartBoard(rows, cols)
	if len(setup) > 0 {
		board, _ = othello.NewBoard(rows, cols)
	}
	for _, prop := range setup {
		s, pass, err := sgfPoint(strings.TrimSpace(prop.value))
		if err == nil && pass {
			err = othello.ErrSquare
		}
		if err == nil {
			err = board.Set(s, map[string]othello.Color{"AB": othello.Black, "AW": othello.White, "AE": othello.Empty}[prop.name])
		}
		if err != nil {
			return Record{}, &ParseError{Line: prop.line, Msg: prop.name + "[" + shorten(prop.value) + "]: " + reason(err), Err: err}
		}
	}
	r.Setup = othello.Setup{Rules: othello.Full{}, Board: *board, First: first, Win: othello.MostDiscs}
	turns, perr := replayText(r.Setup, moves, lines, start)
	if perr != nil {
		return Record{}, perr
	}
	r.Moves = squaresOf(turns)
	r.PassOwed = len(turns) > 0 && turns[len(turns)-1].pass && (len(moves) == 0 || !moves[len(moves)-1].pass)
	return r, nil
}

// sgfSize reads SZ: "8", or "COLS:ROWS".
func sgfSize(v string) (rows, cols int, err error) {
	c, r, rect := strings.Cut(v, ":")
	if !rect {
		r = c
	}
	rows, err1 := strconv.Atoi(strings.TrimSpace(r))
	cols, err2 := strconv.Atoi(strings.TrimSpace(c))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%w: want the board's size, such as 8, or COLS:ROWS", ErrSyntax)
	}
	if _, err := othello.NewBoard(rows, cols); err != nil {
		return 0, 0, err
	}
	return rows, cols, nil
}

// sgfPoint reads the value of a move or a disc put on the board: a square
// such as f5, or SGF's point, two letters, column then row, such as fe;
// or a pass: empty, tt, pa, ps or pass.
func sgfPoint(v string) (s othello.Square, pass bool, err error) {
	switch strings.ToLower(v) {
	case "", "tt", "pa", "ps", "pass":
		return othello.Square{}, true, nil
	}
	if len(v) == 2 && isLetter(v[0]) && isLetter(v[1]) {
		return othello.Square{Row: int(v[1]|0x20) - 'a', Col: int(v[0]|0x20) - 'a'}, false, nil
	}
	s, err = othello.ParseSquare(v)
	return s, false, err
}
