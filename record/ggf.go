package record

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// DateLayout is the layout, for time.Format, of the dates GGS writes in
// DT: "2004.09.18_05:54:38.MDT".
const DateLayout = "2006.01.02_15:04:05.MST"

// ParseGGF reads every game of a text in GGF, the Generic Game Format of
// GGS: each from "(;" to ";)", with properties NAME[value] between, in
// any case, on one line or many. Text outside the games is skipped, such
// as the count of games before a GGS match. Of each game it reads
//
//	GM  the game, which must be Othello if given
//	TY  the type: the board's side (8), or ROWSxCOLS (8x10, this
//	    package's extension for boards that are not square), with a for
//	    the fewest discs winning; r (a random start) and b or w (the
//	    colours chosen) change nothing the record says, and s (synchro),
//	    k (komi) and the octagonal board 88 are refused (ErrUnsupported)
//	RU  the rules, full or simple (this package's extension; full if not
//	    given)
//	BO  the starting board: its size as in TY, the cells a row at a
//	    time, - empty, * Black, O White, blanks between them allowed, and
//	    * or O for the player to move. Without BO, the standard start of
//	    TY's size, Black first
//	B W a move of Black, of White: a square such as f5, in either case,
//	    or PA (or pass) for a pass, maybe followed by /EVAL/TIME, which
//	    are skipped
//	PB PW DT PC  the players, the date and the place, kept as text
//
// and it skips the others: RE, since the moves give the result, the
// ratings RB and RW, the times TI, TB and TW, and any it does not know.
// A pass may be left out: the game makes it. Each game is replayed, and
// a move it refuses is a *ParseError wrapping a *MoveError. A text
// without a game is an error wrapping ErrNoGame.
func ParseGGF(text string) ([]Record, error) {
	p := &ggfParser{text: text, line: 1}
	var games []Record
	for p.skipTo("(;") {
		r, err := p.game()
		if err != nil {
			return nil, err
		}
		games = append(games, r)
	}
	if len(games) == 0 {
		return nil, &ParseError{Line: 1, Msg: "no game in GGF: none starts with (;", Err: ErrNoGame}
	}
	return games, nil
}

// FormatGGF returns the game of r in GGF, on one line, as GGS writes it:
//
//	(;GM[Othello]PC[…]DT[…]PB[…]PW[…]RE[+12.000]TY[8]BO[8 … *]B[f5]W[d6]…;)
//
// PC, DT, PB and PW only when r has them. RE, the result, only once the
// game is over: the margin for Black, positive when Black wins under the
// win rule, with the empty squares going to the winner, as othello solve
// counts a score; a game that goes on has no result yet. TY and BO write
// a board that is not square as ROWSxCOLS, such as 8x10, TY an a when the
// fewest discs win, and RU[simple] the simple rules. Every pass the game
// makes is written, as PA, but one after the last move when r.PassOwed.
// A move the game refuses is a *MoveError, and a
// name, date or place that holds "]" an error wrapping ErrSyntax.
func FormatGGF(r Record) (string, error) {
	g, turns, err := replay(r.Setup, squareMoves(r.Moves))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("(;GM[Othello]")
	for _, p := range []struct{ name, value string }{{"PC", r.Place}, {"DT", r.Date}, {"PB", r.Black}, {"PW", r.White}} {
		if strings.Contains(p.value, "]") {
			return "", fmt.Errorf("%w: %s cannot hold ], got %q", ErrSyntax, p.name, p.value)
		}
		if p.value != "" {
			b.WriteString(p.name + "[" + p.value + "]")
		}
	}
	if g.Over() {
		fmt.Fprintf(&b, "RE[%+d.000]", blackMargin(g))
	}
	size := sizeText(r.Setup.Board.Rows(), r.Setup.Board.Cols())
	b.WriteString("TY[" + size)
	if r.Setup.Win == othello.FewestDiscs {
		b.WriteString("a")
	}
	b.WriteString("]")
	if name := strings.ToLower(r.Setup.Rules.Name()); name != "full" {
		b.WriteString("RU[" + name + "]")
	}
	b.WriteString("BO[" + size)
	for row := range r.Setup.Board.Rows() {
		b.WriteString(" ")
		for col := range r.Setup.Board.Cols() {
			c, _ := r.Setup.Board.At(othello.Square{Row: row, Col: col})
			b.WriteString(ggfCells[c])
		}
	}
	b.WriteString(" " + ggfCells[r.Setup.First] + "]")
	if r.PassOwed && len(turns) > 0 && turns[len(turns)-1].pass {
		turns = turns[:len(turns)-1]
	}
	for _, t := range turns {
		what := "PA"
		if !t.pass {
			what = t.square.String()
		}
		b.WriteString(t.player.String() + "[" + what + "]")
	}
	b.WriteString(";)\n")
	return b.String(), nil
}

// ggfCells are the cells of GGF's BO, and its players to move.
var ggfCells = map[othello.Color]string{othello.Empty: "-", othello.Black: "*", othello.White: "O"}

// sizeText returns the size of a board as TY and BO write it: "8" for
// 8x8, "8x10" for 8 rows of 10 columns.
func sizeText(rows, cols int) string {
	if rows == cols {
		return strconv.Itoa(rows)
	}
	return strconv.Itoa(rows) + "x" + strconv.Itoa(cols)
}

// blackMargin returns the result of the finished game g for Black: the
// winner's discs less the loser's, the empty squares going to the winner,
// positive when Black wins under the win rule.
func blackMargin(g *othello.Game) int {
	black, white := g.Score()
	m := black - white
	if g.WinRule() == othello.FewestDiscs {
		m = -m
	}
	empty := g.Position().Empties().Len()
	switch {
	case m > 0:
		m += empty
	case m < 0:
		m -= empty
	}
	return m
}

// A ggfParser reads the games of a text in GGF.
type ggfParser struct {
	text string // what is left to read
	line int    // the line at the start of text, from 1
}

// A property is one NAME[value] of a game.
type property struct {
	name  string // in capitals
	value string
	line  int
}

// advance drops the first n bytes of the text, counting its lines.
func (p *ggfParser) advance(n int) {
	p.line += strings.Count(p.text[:n], "\n")
	p.text = p.text[n:]
}

// skipTo drops the text before the next s and s itself, and reports
// whether there was one.
func (p *ggfParser) skipTo(s string) bool {
	i := strings.Index(p.text, s)
	if i < 0 {
		return false
	}
	p.advance(i + len(s))
	return true
}

// game reads a game after its "(;" and returns its record.
func (p *ggfParser) game() (Record, error) {
	start := p.line
	var props []property
	for {
		p.advance(len(p.text) - len(strings.TrimLeft(p.text, " \t\r\n")))
		switch {
		case p.text == "":
			return Record{}, &ParseError{Line: start, Msg: "the game that starts here has no end: want ;)", Err: ErrSyntax}
		case strings.HasPrefix(p.text, ";)"):
			p.advance(2)
			return ggfRecord(props, start)
		}
		n := 0
		for n < len(p.text) && isLetter(p.text[n]) {
			n++
		}
		if n == 0 || n == len(p.text) || p.text[n] != '[' {
			return Record{}, &ParseError{Line: p.line, Msg: fmt.Sprintf("want a property NAME[value] or the end ;), got %s", quoteStart(p.text)), Err: ErrSyntax}
		}
		end := strings.IndexByte(p.text, ']')
		if end < 0 {
			return Record{}, &ParseError{Line: p.line, Msg: fmt.Sprintf("%s has no ]", quoteStart(p.text)), Err: ErrSyntax}
		}
		props = append(props, property{name: strings.ToUpper(p.text[:n]), value: p.text[n+1 : end], line: p.line})
		p.advance(end + 1)
	}
}

// shorten returns a property's value cut short, for an error message.
func shorten(value string) string {
	if len(value) > 24 {
		return value[:20] + "..."
	}
	return value
}

// quoteStart returns the start of text, quoted, for an error message.
func quoteStart(text string) string {
	if len(text) > 20 {
		return fmt.Sprintf("%q...", text[:20])
	}
	return fmt.Sprintf("%q", text)
}

// ggfRecord returns the record of a game's properties; start is the line
// where the game starts.
func ggfRecord(props []property, start int) (Record, error) {
	var r Record
	rows, cols, ty := 8, 8, 0 // the size, and the line of TY
	fewest := false
	rules := othello.Rules(othello.Full{})
	var board *othello.Board
	first := othello.Black
	var moves []move
	var lines []int // the line of each move
	for _, prop := range props {
		var err error
		switch prop.name {
		case "GM":
			if !strings.EqualFold(strings.TrimSpace(prop.value), "othello") {
				err = ErrUnsupported
			}
		case "TY":
			rows, cols, fewest, err = parseType(prop.value)
			ty = prop.line
		case "RU":
			rules, err = othello.ParseRules(strings.TrimSpace(prop.value))
		case "BO":
			board, first, err = parseBoard(prop.value)
		case "B", "W":
			var m move
			m, err = parseMove(prop.value)
			m.player = othello.Black
			if prop.name == "W" {
				m.player = othello.White
			}
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
	if board == nil {
		board, _ = othello.NewStartBoard(rows, cols)
	} else if ty > 0 && (board.Rows() != rows || board.Cols() != cols) {
		return Record{}, &ParseError{Line: ty, Msg: fmt.Sprintf("TY is %s but BO %s", sizeText(rows, cols), sizeText(board.Rows(), board.Cols())), Err: ErrSyntax}
	}
	r.Setup = othello.Setup{Rules: rules, Board: *board, First: first, Win: othello.MostDiscs}
	if fewest {
		r.Setup.Win = othello.FewestDiscs
	}
	_, turns, err := replay(r.Setup, moves)
	if err != nil {
		var me *MoveError
		if errors.As(err, &me) {
			return Record{}, lineError(lines[me.Number-1], err)
		}
		return Record{}, lineError(start, err)
	}
	r.Moves = squaresOf(turns)
	r.PassOwed = len(turns) > 0 && turns[len(turns)-1].pass && (len(moves) == 0 || !moves[len(moves)-1].pass)
	return r, nil
}

// parseType reads TY: the size of the board, and whether the fewest discs
// win.
func parseType(ty string) (rows, cols int, fewest bool, err error) {
	s := strings.ToLower(strings.TrimSpace(ty))
	sized := false
	for s != "" {
		switch c := s[0]; {
		case isDigit(c) && !sized:
			var size string
			size, s = leadingDigits(s)
			if strings.HasPrefix(s, "x") && s != "x" && isDigit(s[1]) {
				var more string
				more, s = leadingDigits(s[1:])
				size += "x" + more
			}
			if size == "88" {
				return 0, 0, false, fmt.Errorf("%w: the octagonal board", ErrUnsupported)
			}
			if rows, cols, err = parseSize(size); err != nil {
				return 0, 0, false, err
			}
			sized = true
		case c == 'a':
			fewest, s = true, s[1:]
		case c == 'r':
			_, s = leadingDigits(s[1:])
		case c == 'b' || c == 'w':
			s = s[1:]
		case c == 's':
			return 0, 0, false, fmt.Errorf("%w: a synchro game", ErrUnsupported)
		case c == 'k':
			return 0, 0, false, fmt.Errorf("%w: a komi game", ErrUnsupported)
		default:
			return 0, 0, false, fmt.Errorf("%w: want the board's size, such as 8 or 8x10, and the letters a, r, b or w", ErrSyntax)
		}
	}
	if !sized {
		return 0, 0, false, fmt.Errorf("%w: no size", ErrSyntax)
	}
	return rows, cols, fewest, nil
}

// leadingDigits splits s after its leading digits.
func leadingDigits(s string) (digits, rest string) {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return s[:n], s[n:]
}

// parseSize reads a board's size as TY and BO write it: "8" or "8x10".
// A size othello.CheckSize refuses is an error wrapping othello.ErrSize.
func parseSize(s string) (rows, cols int, err error) {
	r, c, square := strings.Cut(s, "x")
	if !square {
		c = r
	}
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%w: the board's size must be a number, such as 8, or ROWSxCOLS, such as 8x10, got %q", ErrSyntax, s)
	}
	if _, err := othello.NewBoard(rows, cols); err != nil {
		return 0, 0, err
	}
	return rows, cols, nil
}

// parseBoard reads BO: the board and the player to move.
func parseBoard(bo string) (*othello.Board, othello.Color, error) {
	fields := strings.Fields(bo)
	if len(fields) < 3 {
		return nil, othello.Empty, fmt.Errorf("%w: want the size, the cells and * or O to move", ErrSyntax)
	}
	rows, cols, err := parseSize(fields[0])
	if err != nil {
		return nil, othello.Empty, err
	}
	var turn othello.Color
	switch fields[len(fields)-1] {
	case "*":
		turn = othello.Black
	case "O":
		turn = othello.White
	default:
		return nil, othello.Empty, fmt.Errorf("%w: ends with %q, want * or O to move", ErrSyntax, fields[len(fields)-1])
	}
	cells := strings.Join(fields[1:len(fields)-1], "")
	if len(cells) != rows*cols {
		return nil, othello.Empty, fmt.Errorf("%w: %d cells, want %d for %s", ErrSyntax, len(cells), rows*cols, sizeText(rows, cols))
	}
	b, _ := othello.NewBoard(rows, cols)
	for i := range len(cells) {
		var c othello.Color
		switch cells[i] {
		case '-':
		case '*':
			c = othello.Black
		case 'O':
			c = othello.White
		default:
			return nil, othello.Empty, fmt.Errorf("%w: cell %d is %q, want -, * or O", ErrSyntax, i+1, cells[i])
		}
		b.Set(othello.Square{Row: i / cols, Col: i % cols}, c)
	}
	return b, turn, nil
}

// parseMove reads the value of B or W: a square or a pass, and maybe an
// evaluation and a time after slashes.
func parseMove(value string) (move, error) {
	what, _, _ := strings.Cut(value, "/")
	what = strings.TrimSpace(what)
	if strings.EqualFold(what, "pa") || strings.EqualFold(what, "pass") {
		return move{pass: true}, nil
	}
	s, err := othello.ParseSquare(what)
	return move{square: s}, err
}
