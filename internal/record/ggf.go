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
//	    the fewest discs winning; r (a random start), b or w (the
//	    colours chosen), s (a game of a synchro match) and k (a komi
//	    game) change nothing the engine plays, and are kept in Type. The
//	    octagonal board 88 is refused (ErrUnsupported)
//	RU  the rules, full or simple (this package's extension; full if not
//	    given)
//	BO  the starting board: its size as in TY, the cells a row at a
//	    time, - empty, * Black, O White, blanks between them allowed, and
//	    * or O for the player to move. Without BO, the standard start of
//	    TY's size, Black first
//	B W a move of Black, of White: a square such as f5, in either case,
//	    or PA (or pass) for a pass, maybe followed by /EVAL/TIME, kept in
//	    Notes
//	PB PW DT PC  the players, the date and the place
//	RB RW TI TB TW RE  the ratings, the clocks and the result
//
// and it keeps every other property in Props, as written: a komi game's
// KM, KB and KW, comments, and any it does not know. A synchro match of
// GGS is two games played at once from the same start, the colours
// swapped; GGS writes it as two games, each with an s in TY, and each is
// read as a game. A pass may be left out: the game makes it. Each game is
// replayed.
//
// A game that cannot be read, or whose moves its game refuses, is
// skipped, and the others are read. A text without a game is an error
// wrapping ErrNoGame; a text whose games are all skipped is the
// *ParseError of the first, wrapping ErrSyntax, ErrUnsupported, a
// *MoveError or an othello error; and a text of which some games are read
// and some skipped returns those read and a *SkipError that lists the
// others, each its number and its *ParseError.
func ParseGGF(text string) ([]Record, error) {
	p := &ggfParser{text: text, line: 1}
	var games []Record
	var skipped []Skipped
	for n := 1; p.skipTo("(;"); n++ {
		r, err := p.game()
		if err != nil {
			pe := &ParseError{Line: p.line, Msg: reason(err), Err: err}
			errors.As(err, &pe) // every error of game is one
			skipped = append(skipped, Skipped{Number: n, Err: pe})
			continue
		}
		games = append(games, r)
	}
	return collected(games, skipped, "no game in GGF: none starts with (;")
}

// FormatGGF returns the game of r in GGF, on one line, as GGS writes it:
//
//	(;GM[Othello]PC[…]DT[…]PB[…]PW[…]RB[…]RW[…]TI[…]TY[8]RE[+12.000]BO[8 … *]B[f5]W[d6/-1.50/0.25]…;)
//
// PC, DT, PB, PW, the ratings RB and RW, the clocks TI, TB and TW only
// when r has them. TY is r.Type when it says r's board size and win
// rule, and otherwise the size, written ROWSxCOLS, such as 8x10, for a
// board that is not square, with an a when the fewest discs win.
// RU[simple] says the simple rules. Then r.Props, in order, and RE, the
// result: r.Result when r has it; otherwise, once the game is over, the
// margin for Black, positive when Black wins under the win rule, with the
// empty squares going to the winner, as othello solve counts a score; a
// game that goes on has no result yet. Then BO and the turns, each with
// its note (r.Notes). Every pass the game makes is written, as PA, but
// one after the last move when r.PassOwed. Squares are written in lower
// case. A move the game refuses is a *MoveError, and a value that holds
// "]" an error wrapping ErrSyntax.
func FormatGGF(r Record) (string, error) {
	g, turns, err := replay(r.Setup, squareMoves(r.Moves))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("(;GM[Othello]")
	put := func(name, value string, always bool) error {
		if strings.Contains(value, "]") {
			return fmt.Errorf("%w: %s cannot hold ], got %q", ErrSyntax, name, value)
		}
		if value != "" || always {
			b.WriteString(name + "[" + value + "]")
		}
		return nil
	}
	size := sizeText(r.Setup.Board.Rows(), r.Setup.Board.Cols())
	ty := ggfType(r.Setup)
	if rows, cols, fewest, err := parseType(r.Type); err == nil && rows == r.Setup.Board.Rows() && cols == r.Setup.Board.Cols() && fewest == (r.Setup.Win == othello.FewestDiscs) {
		ty = r.Type
	}
	rules := ""
	if name := strings.ToLower(r.Setup.Rules.Name()); name != "full" {
		rules = name
	}
	props := []Property{{"PC", r.Place}, {"DT", r.Date}, {"PB", r.Black}, {"PW", r.White},
		{"RB", r.BlackRating}, {"RW", r.WhiteRating}, {"TI", r.Clock}, {"TB", r.BlackClock}, {"TW", r.WhiteClock},
		{"TY", ty}, {"RU", rules}}
	result := r.Result
	if result == "" && g.Over() {
		result = ggfResult(g)
	}
	for _, p := range props {
		if err := put(p.Name, p.Value, false); err != nil {
			return "", err
		}
	}
	for _, p := range r.Props {
		if err := put(p.Name, p.Value, true); err != nil {
			return "", err
		}
	}
	if err := put("RE", result, false); err != nil {
		return "", err
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
	for i, t := range turns {
		what := "PA"
		if !t.pass {
			what = t.square.String()
		}
		if i < len(r.Notes) {
			switch n := r.Notes[i]; {
			case n.Time != "":
				what += "/" + n.Eval + "/" + n.Time
			case n.Eval != "":
				what += "/" + n.Eval
			}
		}
		if err := put(t.player.String(), what, true); err != nil {
			return "", err
		}
	}
	b.WriteString(";)\n")
	return b.String(), nil
}

// ggfType returns the type, TY, of a game from setup: its size, and a
// when the fewest discs win.
func ggfType(setup othello.Setup) string {
	ty := sizeText(setup.Board.Rows(), setup.Board.Cols())
	if setup.Win == othello.FewestDiscs {
		ty += "a"
	}
	return ty
}

// ggfResult returns the result, RE, of the finished game g: the margin
// for Black, such as "+12.000" (blackMargin).
func ggfResult(g *othello.Game) string {
	return fmt.Sprintf("%+d.000", blackMargin(g))
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
	var notes []Note // the note of each move
	var lines []int  // the line of each move
	kept := map[string]*string{"PB": &r.Black, "PW": &r.White, "DT": &r.Date, "PC": &r.Place,
		"RB": &r.BlackRating, "RW": &r.WhiteRating, "TI": &r.Clock, "TB": &r.BlackClock, "TW": &r.WhiteClock, "RE": &r.Result}
	for _, prop := range props {
		var err error
		switch prop.name {
		case "GM":
			if !strings.EqualFold(strings.TrimSpace(prop.value), "othello") {
				err = ErrUnsupported
			}
		case "TY":
			rows, cols, fewest, err = parseType(prop.value)
			ty, r.Type = prop.line, prop.value
		case "RU":
			rules, err = othello.ParseRules(strings.TrimSpace(prop.value))
		case "BO":
			board, first, err = parseBoard(prop.value)
		case "B", "W":
			var m move
			var n Note
			m, n, err = parseMove(prop.value)
			m.player = othello.Black
			if prop.name == "W" {
				m.player = othello.White
			}
			moves, notes, lines = append(moves, m), append(notes, n), append(lines, prop.line)
		default:
			if v, ok := kept[prop.name]; ok {
				*v = prop.value
			} else {
				r.Props = append(r.Props, Property{Name: prop.name, Value: prop.value})
			}
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
	turns, perr := replayText(r.Setup, moves, lines, start)
	if perr != nil {
		return Record{}, perr
	}
	r.Moves = squaresOf(turns)
	r.PassOwed = len(turns) > 0 && turns[len(turns)-1].pass && (len(moves) == 0 || !moves[len(moves)-1].pass)
	r.Notes = turnNotes(turns, moves, notes)
	if r.Type == ggfType(r.Setup) {
		r.Type = "" // it says no more than the setup
	}
	if g, _ := r.Game(); g.Over() && r.Result == ggfResult(g) {
		r.Result = "" // it says no more than the moves
	}
	return r, nil
}

// turnNotes returns the notes of the turns of a game, from the notes of
// the moves written, which replay made into turns: a written move is a
// turn, and a turn that is a pass not written has no note. Notes missing
// at the end are left out, and no note at all is nil.
func turnNotes(turns, written []move, notes []Note) []Note {
	var out []Note
	last := -1 // the last turn with a note
	j := 0     // the next written move
	for i, t := range turns {
		var n Note
		if j < len(written) && (!t.pass || written[j].pass) {
			n = notes[j]
			j++
		}
		if n != (Note{}) {
			last = i
		}
		out = append(out, n)
	}
	if last < 0 {
		return nil
	}
	return out[: last+1 : last+1]
}

// parseType reads TY: the size of the board, and whether the fewest discs
// win. The letters that change nothing the engine plays are skipped: r
// and its count of random discs, b, w, s (synchro) and k (komi).
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
		case c == 'b' || c == 'w' || c == 's' || c == 'k':
			s = s[1:]
		default:
			return 0, 0, false, fmt.Errorf("%w: want the board's size, such as 8 or 8x10, and the letters a, r, b, w, s or k", ErrSyntax)
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
// evaluation and a time after slashes, its note.
func parseMove(value string) (move, Note, error) {
	what, rest, _ := strings.Cut(value, "/")
	var n Note
	n.Eval, n.Time, _ = strings.Cut(rest, "/")
	what = strings.TrimSpace(what)
	if strings.EqualFold(what, "pa") || strings.EqualFold(what, "pass") {
		return move{pass: true}, n, nil
	}
	s, err := othello.ParseSquare(what)
	return move{square: s}, n, err
}
