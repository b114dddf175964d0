package record

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// The sizes of WTHOR's game files (.wtb): a header, then the games.
const (
	wtbHeader = 16
	wtbGame   = 68
)

// isWTB reports whether text is a WTHOR game file: a header of 16 bytes
// that counts the games, then 68 bytes a game, and the size of an 8x8
// board (8, or 0 in the older files) and the type of a game file (0, not
// the 1 of solitaires) in the header.
func isWTB(text string) bool {
	if len(text) < wtbHeader || (len(text)-wtbHeader)%wtbGame != 0 {
		return false
	}
	n := binary.LittleEndian.Uint32([]byte(text[4:8]))
	return int64(n) == int64((len(text)-wtbHeader)/wtbGame) && (text[12] == 0 || text[12] == 8) && text[13] == 0
}

// ParseWTB reads the games of a WTHOR game file (.wtb), the binary
// format of the French federation's database of tournament games, in
// which Othello programs such as NBoard and Edax read it. It is, in
// little-endian order:
//
//	header, 16 bytes: the day the file was made (century, year, month,
//	    day), the count of games (4 bytes), 2 bytes of no use in a game
//	    file, the year of the games (2 bytes), the board's size (8, or 0
//	    for 8), the file's type (0: games), the depth of the theoretical
//	    scores, and a byte of no use
//	a game, 68 bytes: the tournament's number (2 bytes), Black's and
//	    White's numbers (2 bytes each), Black's discs at the end, Black's
//	    discs with perfect play from some depth (the theoretical score),
//	    and 60 moves, each a byte 10*ROW+COL from 1 (f5 is 56), 0 for
//	    none after the last
//
// Each game is a record from the standard 8x8 start under the full
// rules, Black first, the most discs winning; the passes are not written,
// and the game makes them. WTHOR keeps the names in other files
// (WTHOR.JOU, WTHOR.TRN), so the record names the players by their
// numbers, Black "#1234", the place by the tournament's, "#12", and the
// date by the games' year. A game is checked against the rules: its moves
// must be legal, and a game over must end with the count of Black's
// discs written, the empty squares going to the winner (halved in a
// draw), as WTHOR counts them. As ParseGGF does, a game that fails is
// skipped and the others are read, with a *SkipError, its *ParseError's
// Line the game's number in the file; a file whose games all fail is the
// error of the first; a file of no game wraps ErrNoGame, and a text that
// is not a game file ErrSyntax.
func ParseWTB(text string) ([]Record, error) {
	if !isWTB(text) {
		return nil, &ParseError{Line: 1, Msg: "not a WTHOR game file: want a header of 16 bytes and 68 bytes a game", Err: ErrSyntax}
	}
	year := int(binary.LittleEndian.Uint16([]byte(text[10:12])))
	var games []Record
	var skipped []Skipped
	for n := 1; wtbHeader+n*wtbGame <= len(text); n++ {
		g := []byte(text[wtbHeader+(n-1)*wtbGame : wtbHeader+n*wtbGame])
		r, err := wtbRecord(g, year)
		if err != nil {
			skipped = append(skipped, Skipped{Number: n, Err: &ParseError{Line: n, Msg: "game " + strconv.Itoa(n) + ": " + strings.TrimPrefix(err.Error(), "record: "), Err: err}})
			continue
		}
		games = append(games, r)
	}
	return collected(games, skipped, "no game in the WTHOR file")
}

// wtbRecord returns the record of a game of 68 bytes of a WTHOR file of
// the games of year.
func wtbRecord(g []byte, year int) (Record, error) {
	number := func(i int) string { return "#" + strconv.Itoa(int(binary.LittleEndian.Uint16(g[i:i+2]))) }
	r := Record{Place: number(0), Black: number(2), White: number(4)}
	if year > 0 {
		r.Date = strconv.Itoa(year)
	}
	r.Setup, _ = othello.StandardSetup(othello.Full{}, 8, 8)
	var moves []move
	for _, b := range g[8:] {
		if b == 0 {
			break
		}
		row, col := int(b/10), int(b%10)
		if row < 1 || row > 8 || col < 1 || col > 8 {
			return Record{}, fmt.Errorf("%w: move %d is the byte %d, want 10*ROW+COL, each from 1 to 8", ErrSyntax, len(moves)+1, b)
		}
		moves = append(moves, move{square: othello.Square{Row: row - 1, Col: col - 1}})
	}
	game, turns, err := replay(r.Setup, moves)
	if err != nil {
		return Record{}, err
	}
	r.Moves = squaresOf(turns)
	if game.Over() {
		black, white := game.Score()
		empty := game.Position().Empties().Len()
		switch {
		case black > white:
			black += empty
		case black == white:
			black += empty / 2
		}
		if int(g[6]) != black {
			return Record{}, fmt.Errorf("%w: Black's score is %d, but the moves give %d", ErrSyntax, g[6], black)
		}
	}
	return r, nil
}
