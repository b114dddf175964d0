package record

import (
	"errors"
	"fmt"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// PGN, the Portable Game Notation of chess, is how game collections such
// as the WTHOR database's are written for Othello, and one of the formats
// Edax saves games in: each game a header of tag pairs, [Name "value"]
// a line, then its moves, numbered two plies at a time, 1. f5 d6 2. c3 d3,
// on one line or many, ended by the result or by the next game's header:
//
//	[Event "All Japan Championships - 2025"]
//	[Date "2025"]
//	[Black "Ogura Ryutaro"]
//	[White "Takahashi Akihiro"]
//	[Result "31-33"]
//	1. F5 D6
//	2. C5 F4
//	...
//
// Games of PGN are 8x8 from the standard start, Black first, under the
// full rules, most discs winning.

// ParsePGN reads every game of a text in PGN. Of each game's tags it
// keeps Black and White, the players, Date, and Site as the place (or
// Event, the tournament, when Site is missing or "?"), and Termination;
// a tag value "?" is unknown. Result is skipped, since the moves give it (WTHOR's gives
// the discs on the board, the empty squares to nobody), and so is any
// other tag, but a starting position in FEN (ErrUnsupported). In the
// moves it skips the move numbers (1. and 1...), comments ({...}, and ;
// to the end of the line), variations ((...)) and annotations ($1, !, ?),
// and reads a square in either case, such as F5, and pass, pa, ps or --
// for a pass, which may be left out as WTHOR leaves it out; the result
// (33-31, 1-0, 0-1, 1/2-1/2 or *) ends them. Each game is replayed, and
// a move it refuses is a *ParseError wrapping a *MoveError; a word that
// is no move, a tag that is not [Name "value"], or a comment that is not
// closed, one wrapping ErrSyntax. As ParseGGF does, a game that cannot
// be read or played is skipped and the others read, with a *SkipError
// that lists the games skipped; a text whose games all fail is the
// *ParseError of the first; a text without a game is an error wrapping
// ErrNoGame.
func ParsePGN(text string) ([]Record, error) {
	p := &pgnParser{text: text, line: 1}
	var games []Record
	var skipped []Skipped
	for n := 1; ; n++ {
		p.skipBlanks()
		if p.i >= len(p.text) {
			break
		}
		r, err := p.game()
		if err != nil {
			pe := &ParseError{Line: p.line, Msg: reason(err), Err: err}
			errors.As(err, &pe) // every error of game is one
			skipped = append(skipped, Skipped{Number: n, Err: pe})
			p.skipGame()
			continue
		}
		games = append(games, r)
	}
	return collected(games, skipped, "no game in PGN: no tags and no moves")
}

// FormatPGN returns the game of r in PGN, as the WTHOR collections write
// it: the tags Event (r's place), Date, Black and White ("?" for what r
// does not know), Termination when r says why the game ended before its
// end, and Result, Black's discs and White's on the board at the end ("*"
// for a game that goes on; for a game ended before its end, the whole
// board to the winner that GGF's RE names, "64-0" or "0-64"), then the
// moves, two plies a numbered
// line, in lower case, without passes, and the result again. Only games
// from the standard 8x8 start, Black first, under the full rules with the
// most discs winning can be written: another is an error wrapping
// ErrUnsupported. A move the game refuses is a *MoveError, and a name,
// date or place that holds a line break an error wrapping ErrSyntax.
func FormatPGN(r Record) (string, error) {
	if !isPGNSetup(r.Setup) {
		return "", fmt.Errorf("%w: PGN holds games from the standard 8x8 start only, Black first, under the full rules, most discs winning", ErrUnsupported)
	}
	g, err := r.Game()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, t := range []struct{ name, value string }{{"Event", r.Place}, {"Date", r.Date}, {"Black", r.Black}, {"White", r.White}, {"Termination", r.Termination}} {
		if t.name == "Termination" && t.value == "" {
			continue
		}
		if strings.ContainsAny(t.value, "\r\n") {
			return "", fmt.Errorf("%w: the %s tag cannot hold a line break, got %q", ErrSyntax, t.name, t.value)
		}
		value := t.value
		if value == "" {
			value = "?"
		}
		fmt.Fprintf(&b, "[%s %s]\n", t.name, pgnQuote(value))
	}
	result := "*"
	board := g.Position().Board()
	switch {
	case g.Over():
		result = fmt.Sprintf("%d-%d", board.Count(othello.Black), board.Count(othello.White))
	case r.Termination != "" && strings.HasPrefix(r.Result, "+") && r.Result != "+0.000":
		result = fmt.Sprintf("%d-0", board.Rows()*board.Cols()) // the whole board to the winner, as GGS scores a forfeit
	case r.Termination != "" && strings.HasPrefix(r.Result, "-"):
		result = fmt.Sprintf("0-%d", board.Rows()*board.Cols())
	}
	fmt.Fprintf(&b, "[Result %q]\n", result)
	for i, s := range r.Moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. %s", i/2+1, s)
		} else {
			fmt.Fprintf(&b, " %s\n", s)
		}
	}
	if len(r.Moves)%2 == 1 {
		b.WriteString("\n")
	}
	b.WriteString(result + "\n\n")
	return b.String(), nil
}

// isPGNSetup reports whether s is the setup of every game of PGN.
func isPGNSetup(s othello.Setup) bool {
	standard, err := othello.StandardSetup(othello.Full{}, 8, 8)
	return err == nil && s.Rules == standard.Rules && s.First == standard.First &&
		s.Win == standard.Win && s.Board.Equal(&standard.Board)
}

// pgnQuote returns s as a tag's value: between double quotes, each quote
// and backslash after a backslash.
func pgnQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// A pgnParser reads a text in PGN, a game at a time.
type pgnParser struct {
	text  string
	i     int  // where it reads
	line  int  // the line of text[i], from 1
	moves bool // whether the game being read is at its moves, past its tags
}

// skipGame moves past the rest of a game that cannot be read: to the
// next line that starts with a tag once the game's moves have begun.
func (p *pgnParser) skipGame() {
	for p.i < len(p.text) {
		line, _, _ := strings.Cut(p.text[p.i:], "\n")
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "[") && p.moves {
			return
		}
		if trimmed != "" && !strings.HasPrefix(trimmed, "[") {
			p.moves = true
		}
		p.i += len(line)
		if p.i < len(p.text) {
			p.i++ // the line break
			p.line++
		}
	}
}

// skipBlanks moves past blanks and line breaks.
func (p *pgnParser) skipBlanks() {
	for p.i < len(p.text) && strings.IndexByte(" \t\r\n", p.text[p.i]) >= 0 {
		if p.text[p.i] == '\n' {
			p.line++
		}
		p.i++
	}
}

// skipPast moves past the first end at or after i, counting lines, and
// reports whether there is one.
func (p *pgnParser) skipPast(end byte) bool {
	j := strings.IndexByte(p.text[p.i:], end)
	if j < 0 {
		return false
	}
	p.line += strings.Count(p.text[p.i:p.i+j+1], "\n")
	p.i += j + 1
	return true
}

// game reads the game that starts at p.i: its tags, then its moves.
func (p *pgnParser) game() (Record, error) {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	r := Record{Setup: setup}
	start := p.line
	p.moves = false
	var site, event string
	for p.skipBlanks(); p.i < len(p.text) && p.text[p.i] == '['; p.skipBlanks() {
		name, value, err := p.tag()
		if err != nil {
			return Record{}, err
		}
		if value == "?" {
			value = ""
		}
		switch name {
		case "Black":
			r.Black = value
		case "White":
			r.White = value
		case "Date":
			r.Date = value
		case "Site":
			site = value
		case "Event":
			event = value
		case "Termination":
			r.Termination = value
		case "FEN":
			return Record{}, &ParseError{Line: p.line, Msg: "a starting position in FEN is not read: PGN games start from the standard start here", Err: ErrUnsupported}
		}
	}
	r.Place = site
	if r.Place == "" {
		r.Place = event
	}
	p.moves = true
	moves, lines, err := p.readMoves()
	if err != nil {
		return Record{}, err
	}
	turns, perr := replayText(r.Setup, moves, lines, start)
	if perr != nil {
		return Record{}, perr
	}
	r.Moves = squaresOf(turns)
	return r, nil
}

// tag reads a tag pair, [Name "value"], at p.i. The value ends at the
// first double quote that a ] follows, then nothing but blanks or the
// next tag on the line: real collections hold values such as "Parties du
// "Coq" - 1988", with quotes that are not escaped.
func (p *pgnParser) tag() (name, value string, err error) {
	rest, _, _ := strings.Cut(p.text[p.i:], "\n")
	bad := &ParseError{Line: p.line, Msg: fmt.Sprintf(`%s is not a tag such as [Event "name"]`, quoteStart(strings.TrimSpace(rest))), Err: ErrSyntax}
	j := 1
	for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
		j++
	}
	k := j
	for k < len(rest) && (isLetter(rest[k]) || isDigit(rest[k]) || rest[k] == '_') {
		k++
	}
	name = rest[j:k]
	quoted := strings.TrimLeft(rest[k:], " \t")
	if name == "" || !strings.HasPrefix(quoted, `"`) {
		return "", "", bad
	}
	var v strings.Builder
	for i := 1; i < len(quoted); i++ {
		c := quoted[i]
		if c == '\\' && i+1 < len(quoted) && (quoted[i+1] == '"' || quoted[i+1] == '\\') {
			i++
			v.WriteByte(quoted[i])
			continue
		}
		if c == '"' {
			after := strings.TrimLeft(quoted[i+1:], " \t")
			if next := strings.TrimLeft(strings.TrimPrefix(after, "]"), " \t\r"); strings.HasPrefix(after, "]") && (next == "" || next[0] == '[') {
				p.i += len(rest) - len(next)
				return name, v.String(), nil
			}
		}
		v.WriteByte(c)
	}
	return "", "", bad
}

// rest returns what is left of the line at p.i.
func (p *pgnParser) rest() string {
	rest, _, _ := strings.Cut(p.text[p.i:], "\n")
	return strings.TrimSpace(rest)
}

// readMoves reads the moves of a game, up to its result, the next game's
// tags or the end of the text, and the line of each.
func (p *pgnParser) readMoves() ([]move, []int, error) {
	var moves []move
	var lines []int
	for p.skipBlanks(); p.i < len(p.text); p.skipBlanks() {
		switch c := p.text[p.i]; c {
		case '[':
			return moves, lines, nil // the next game
		case '{', '(':
			line := p.line
			if !p.skipComment() {
				return nil, nil, &ParseError{Line: line, Msg: fmt.Sprintf("a comment or variation %c is not closed", c), Err: ErrSyntax}
			}
			continue
		case ';':
			if !p.skipPast('\n') {
				p.i = len(p.text) // a comment to the end of the text
			}
			continue
		case ')', '}':
			return nil, nil, &ParseError{Line: p.line, Msg: fmt.Sprintf("%c closes no comment or variation", c), Err: ErrSyntax}
		}
		j := p.i
		for j < len(p.text) && strings.IndexByte(" \t\r\n{}();[", p.text[j]) < 0 {
			j++
		}
		word := p.text[p.i:j]
		p.i = j
		// A move number, such as 12. or 12..., maybe glued to the move.
		k := 0
		for k < len(word) && isDigit(word[k]) {
			k++
		}
		if k > 0 && k < len(word) && word[k] == '.' {
			word = strings.TrimLeft(word[k:], ".")
		}
		word = strings.TrimRight(word, "!?")
		if isPGNResult(word) {
			return moves, lines, nil
		}
		var m move
		switch w := strings.ToLower(word); {
		case w == "" || w[0] == '$':
			continue
		case w == "pass" || w == "pa" || w == "ps" || w == "--":
			m.pass = true
		default:
			s, err := othello.ParseSquare(w)
			if err != nil || len(w) < 2 || !isLetter(w[0]) {
				if err == nil {
					err = ErrSyntax
				}
				return nil, nil, &ParseError{Line: p.line, Msg: fmt.Sprintf("%s is not a move such as f5, or pass", quoteStart(word)), Err: err}
			}
			m.square = s
		}
		moves, lines = append(moves, m), append(lines, p.line)
	}
	return moves, lines, nil
}

// skipComment moves past a comment, {...}, or a variation, (...), which
// may hold variations of its own, at p.i, and reports whether it is
// closed.
func (p *pgnParser) skipComment() bool {
	if p.text[p.i] == '{' {
		return p.skipPast('}')
	}
	depth := 0
	for ; p.i < len(p.text); p.i++ {
		switch p.text[p.i] {
		case '\n':
			p.line++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				p.i++
				return true
			}
		case '{':
			if !p.skipPast('}') {
				return false
			}
			p.i--
		}
	}
	return false
}

// isPGNResult reports whether word ends a game's moves: the discs of each
// player, such as 33-31, or chess's 1-0, 0-1, 1/2-1/2 or *.
func isPGNResult(word string) bool {
	if word == "*" || word == "1/2-1/2" {
		return true
	}
	a, b, ok := strings.Cut(word, "-")
	return ok && a != "" && b != "" && strings.Trim(a, "0123456789") == "" && strings.Trim(b, "0123456789") == ""
}
