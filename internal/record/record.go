package record

import (
	"errors"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// A Record is a game as it was played: how it started, the squares
// played in order, and what is known of it besides. Its result is not
// kept: replayed, the moves give it (Game).
type Record struct {
	Setup othello.Setup
	// Moves are the squares played, in order. Passes are not among them:
	// a player passes exactly when they have no legal move, so the moves
	// make the same passes whenever they are replayed (othello.Game
	// makes them on its own).
	Moves        []othello.Square
	Black, White string // the players' names; "" when not known
	Date         string // when it was played, as text, such as "2004.09.18_05:54:38.MDT" (DateLayout)
	Place        string // where, such as "GGS/os"
	// Termination is why a game ended before its end, as PGN's
	// Termination tag says it: "time forfeit" or "rules infraction"; ""
	// for a game played to its end, or when not known.
	Termination string
	// PassOwed says that the text read ends where the player to move has
	// no legal move, before the pass is written: as NBoard sends a game
	// when it asks that player for its move, which is the pass. Game
	// makes the pass all the same; FormatGGF leaves it unwritten.
	PassOwed bool
	// Known are the exact scores of some moves of the setup's position,
	// the best first, as OBF gives them for the FFO test positions
	// (ParseOBF); nil when none is known. FormatGGF does not write them.
	Known []Known

	// What a GGF text says besides, kept as written so that FormatGGF
	// writes it back; "" or nil when the text does not say it.

	// BlackRating and WhiteRating are the players' ratings, GGF's RB
	// and RW, such as "2196.37".
	BlackRating, WhiteRating string
	// Clock is the time both players have, GGF's TI, such as
	// "05:00//02:00"; BlackClock and WhiteClock each player's when
	// they differ, TB and TW.
	Clock, BlackClock, WhiteClock string
	// Type is the game's type, GGF's TY, such as "8", "s8r20" (a game
	// of a synchro match from 20 random discs) or "8kr20" (a komi
	// game); "" when it says no more than Setup, which holds what the
	// engine plays of it, the board's size and the win rule. FormatGGF
	// writes Type back when it says the same size and win rule as Setup,
	// and its own TY otherwise.
	Type string
	// Result is the result as the text gives it, GGF's RE, such as
	// "+0.000", "-22.87" (a komi game's) or "+64.000:t" (a time-out).
	// It is kept, not read: the moves give the result (Game); "" when it
	// is the one FormatGGF writes for the moves. FormatGGF
	// writes it back, and the result of the moves only when it is "";
	// Continue drops it once the moves are no longer the text's.
	Result string
	// Notes are what the text says of each turn beside its move, the
	// evaluation and the time, such as B[c5/-18.40/0.10]: one for each
	// turn of the game in order, the passes the game makes counted, as
	// FormatGGF writes the turns; shorter when the last turns have none,
	// such as the moves played after a game was loaded.
	Notes []Note
	// Props are the text's other properties, in order, written back
	// verbatim by FormatGGF: a komi game's komi (KM) and its komi moves
	// (KB, KW), comments (CO), and any this package does not know.
	Props []Property
}

// A Note is what a GGF text says of a move beside its square: the
// evaluation and the time spent, each as written, "" when not given, as
// in B[d3//0.01] (no evaluation) or W[c5/-18.40/0.10].
type Note struct {
	Eval, Time string
}

// A Property is a property of a GGF text, NAME[Value], that a Record
// keeps verbatim, its name in capitals.
type Property struct {
	Name, Value string
}

// Continue returns r with moves in place of its moves: the record of the
// game of r gone on, or taken back, from the same setup. What r says of
// the moves that moves no longer has is dropped: the notes of the turns
// past the squares the two share, and the result unless moves are r's.
// The names, ratings, clocks, type and other properties are kept.
func (r Record) Continue(moves []othello.Square) Record {
	same := 0
	for same < len(moves) && same < len(r.Moves) && moves[same] == r.Moves[same] {
		same++
	}
	if same < len(r.Moves) || same < len(moves) {
		r.Result = ""
	}
	_, turns, err := replay(r.Setup, squareMoves(moves[:same]))
	if err != nil {
		turns = nil
	}
	switch {
	case len(turns) == 0:
		r.Notes = nil
	case len(r.Notes) > len(turns):
		r.Notes = r.Notes[:len(turns):len(turns)]
	}
	r.Moves = moves
	r.PassOwed = false
	return r
}

// Game replays the moves of r from its setup and returns the game at
// their end. A move the game refuses is a *MoveError that names its
// number, from 1, its player and square, and wraps the
// *othello.MoveError of the refusal; a setup that NewGame refuses is its
// error.
func (r Record) Game() (*othello.Game, error) {
	g, _, err := replay(r.Setup, squareMoves(r.Moves))
	return g, err
}

// A move is a turn of a game, or a text's move: a pass or a square, and
// who played it, Empty when a text does not say.
type move struct {
	player othello.Color
	pass   bool
	square othello.Square
}

// squareMoves returns squares as moves whose player is not said.
func squareMoves(squares []othello.Square) []move {
	moves := make([]move, len(squares))
	for i, s := range squares {
		moves[i] = move{square: s}
	}
	return moves
}

// squaresOf returns the squares of moves, passes left out.
func squaresOf(moves []move) []othello.Square {
	squares := make([]othello.Square, 0, len(moves))
	for _, m := range moves {
		if !m.pass {
			squares = append(squares, m.square)
		}
	}
	return squares
}

// replayText replays the moves of a text, as replay does, each written
// on its line of lines: a move refused is a *ParseError at its line, and
// a setup refused one at start, the game's first line.
func replayText(setup othello.Setup, written []move, lines []int, start int) ([]move, *ParseError) {
	_, turns, err := replay(setup, written)
	if err != nil {
		var me *MoveError
		if errors.As(err, &me) {
			return nil, lineError(lines[me.Number-1], err)
		}
		return nil, lineError(start, err)
	}
	return turns, nil
}

// replay plays the written moves from setup and returns the game at their
// end and every turn of it, each with its player and each pass the game
// made. A written pass must be one the game made; the game's passes that
// are not written are taken as left out. A written player must be the
// player to move. A refused move is a *MoveError whose Number is its
// index in written, from 1.
func replay(setup othello.Setup, written []move) (*othello.Game, []move, error) {
	g, err := setup.NewGame()
	if err != nil {
		return nil, nil, err
	}
	var turns []move
	// owed is whether the last turn is a pass that the game made and the
	// text has not written yet.
	owed := false
	passes := func() {
		if owed = g.Passed(); owed {
			turns = append(turns, move{player: g.Turn().Opponent(), pass: true})
		}
	}
	passes()
	for i, m := range written {
		fail := func(player othello.Color, err error) error {
			return &MoveError{Number: i + 1, Player: player, Square: m.square, Pass: m.pass, Err: err}
		}
		if m.pass {
			switch {
			case owed && (m.player == othello.Empty || m.player == turns[len(turns)-1].player):
				owed = false
				continue
			case g.Over():
				return nil, nil, fail(m.player, othello.ErrGameOver)
			case m.player != othello.Empty && m.player != g.Turn():
				return nil, nil, fail(m.player, ErrTurn)
			}
			return nil, nil, fail(g.Turn(), othello.ErrCannotPass)
		}
		player := g.Turn()
		if m.player != othello.Empty && player != othello.Empty && m.player != player {
			return nil, nil, fail(m.player, ErrTurn)
		}
		if _, err := g.Play(m.square); err != nil {
			return nil, nil, fail(player, err)
		}
		turns = append(turns, move{player: player, square: m.square})
		passes()
	}
	return g, turns, nil
}

// A Format is a way of writing games or positions that Read reads.
type Format int

// The formats.
const (
	Unknown  Format = iota
	GGF             // the Generic Game Format of GGS and NBoard (ggf.go)
	Judge           // the judge's setup and move lines, as a .in file holds them (judge.go)
	MoveList        // the squares played, such as f5d6c3d3c4 (movelist.go)
	OBF             // positions, one a line, as the FFO test positions are written (obf.go)
	SGF             // the Smart Game Format, as Edax writes it (sgf.go)
	PGN             // the Portable Game Notation of the WTHOR collections and Edax (pgn.go)
	WTHOR           // WTHOR's binary game files, .wtb (wtb.go)
)

// String returns the format's name for a person: "GGF", "the judge's
// setup", "a move list", "OBF", "SGF", "PGN", "WTHOR" or "unknown".
func (f Format) String() string {
	switch f {
	case GGF:
		return "GGF"
	case Judge:
		return "the judge's setup"
	case MoveList:
		return "a move list"
	case OBF:
		return "OBF"
	case SGF:
		return "SGF"
	case PGN:
		return "PGN"
	case WTHOR:
		return "WTHOR"
	}
	return "unknown"
}

// Detect tells the format of text by its content: WTHOR if it is a
// WTHOR game file, a header that counts the games of 68 bytes that follow
// (isWTB); else from its first line that is not blank: Judge if that line is a whole number (the rows of
// the setup); PGN if it is a tag pair, such as [Event "..."], or starts
// with a move number, such as 1. f5; SGF if the text holds "(;", a game's
// start, and a property only SGF has, FF[, SZ[ or GM[2]; GGF if it holds
// "(;"; MoveList if the
// line starts as a move does, with a letter and a digit or with pa; OBF
// if it is a comment, starting with #, or starts with a word of OBF's
// squares, such as a position; and Unknown if none of these.
func Detect(text string) Format {
	first, _ := firstLine(text)
	switch {
	case isWTB(text):
		return WTHOR
	case first == "":
		return Unknown
	case isNumber(first):
		return Judge
	case isPGNStart(first):
		return PGN
	case strings.Contains(text, "(;") && (strings.Contains(text, "FF[") || strings.Contains(text, "SZ[") || strings.Contains(text, "GM[2]")):
		return SGF
	case strings.Contains(text, "(;"):
		return GGF
	}
	if w := strings.ToLower(first); len(w) >= 2 && isLetter(w[0]) && (isDigit(w[1]) || w[:2] == "pa") {
		return MoveList
	}
	if isOBF(first) {
		return OBF
	}
	return Unknown
}

// Read reads what text holds, in the format Detect tells, which it
// returns too: every game of a GGF, SGF or PGN text or of a WTHOR file,
// the one game of a judge's setup (under base's rules) or of a move list
// (from base), or every position of a text in OBF (under base's rules)
// as a game with no moves. A text
// of another format is an error wrapping ErrFormat, and a blank one
// ErrNoGame. A text of many games of which some cannot be read or played
// gives the games read and a *SkipError that lists the others.
func Read(text string, base othello.Setup) ([]Record, Format, error) {
	format := Detect(text)
	var records []Record
	var err error
	switch format {
	case GGF:
		records, err = ParseGGF(text)
	case SGF:
		records, err = ParseSGF(text)
	case PGN:
		records, err = ParsePGN(text)
	case WTHOR:
		records, err = ParseWTB(text)
	case Judge:
		records, err = one(ParseJudge(text, base.Rules))
	case MoveList:
		records, err = one(ParseMoveList(text, base))
	case OBF:
		records, err = ParseOBF(text, base.Rules)
	default:
		first, line := firstLine(text)
		if first == "" {
			return nil, format, &ParseError{Line: 1, Msg: "no game: the text is blank", Err: ErrNoGame}
		}
		return nil, format, &ParseError{Line: line, Msg: "not a game in GGF, SGF, PGN, WTHOR, a judge's setup or a move list, nor a position in OBF", Err: ErrFormat}
	}
	return records, format, err
}

// one returns the record of a text of one game, as the records of the
// text.
func one(r Record, err error) ([]Record, error) {
	if err != nil {
		return nil, err
	}
	return []Record{r}, nil
}

// Parse reads the games of text, as Read does, but refuses a text of
// positions in OBF, which holds no game played: an error wrapping
// ErrFormat.
func Parse(text string, base othello.Setup) ([]Record, error) {
	records, format, err := Read(text, base)
	if format == OBF {
		_, line := firstLine(text)
		return nil, &ParseError{Line: line, Msg: "not a game in GGF, SGF, PGN, WTHOR, a judge's setup or a move list", Err: ErrFormat}
	}
	return records, err
}

// firstLine returns the first line of text that is not blank, without the
// blanks around it, and its number from 1; "" if there is none.
func firstLine(text string) (string, int) {
	for i, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l, i + 1
		}
	}
	return "", 0
}

// isPGNStart reports whether line starts a text in PGN: a tag pair, such
// as [Event "..."], or a move number, such as 1. or 1.f5 (not 4.0, a
// number).
func isPGNStart(line string) bool {
	if strings.HasPrefix(line, "[") {
		return strings.HasSuffix(line, "]") && strings.Contains(line, `"`)
	}
	dot := strings.TrimLeft(line, "0123456789")
	after := strings.TrimLeft(dot, ".")
	return len(dot) < len(line) && len(after) < len(dot) &&
		(after == "" || after[0] == ' ' || after[0] == '\t' || isLetter(after[0]))
}

// isNumber reports whether s is a whole number, as the judge's setup
// starts.
func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
