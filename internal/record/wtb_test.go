package record_test

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A wtbGame is a game of a WTHOR file, for wtbFile.
type wtbGame struct {
	tournament, black, white uint16
	score, theoretical       byte
	moves                    string // a move list, such as f5d6c3
}

// wtbFile returns the bytes of a WTHOR game file of games played in
// year, as WTHOR writes them: a header of 16 bytes, then 68 bytes a game,
// each move a byte 10*ROW+COL.
func wtbFile(t *testing.T, year uint16, games ...wtbGame) string {
	t.Helper()
	b := []byte{20, 24, 11, 23, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 22, 0}
	binary.LittleEndian.PutUint32(b[4:], uint32(len(games)))
	binary.LittleEndian.PutUint16(b[10:], year)
	for _, g := range games {
		rec := make([]byte, 68)
		binary.LittleEndian.PutUint16(rec[0:], g.tournament)
		binary.LittleEndian.PutUint16(rec[2:], g.black)
		binary.LittleEndian.PutUint16(rec[4:], g.white)
		rec[6], rec[7] = g.score, g.theoretical
		for i := 0; i < len(g.moves); i += 2 {
			s, err := othello.ParseSquare(g.moves[i : i+2])
			if err != nil {
				t.Fatal(err)
			}
			rec[8+i/2] = byte(10*(s.Row+1) + s.Col + 1)
		}
		b = append(b, rec...)
	}
	return string(b)
}

// Two games of the rules: a whole game of 60 moves that Black wins 43 to
// 21, and one of the shortest, 9 moves after which White has no disc:
// Black's 13 discs and the 51 empty squares, 64 in WTHOR's count, the
// empty squares to the winner.
const (
	whole    = "d3c5b6b5b4f3f6a7e3b3g3g2f4h3a5d6b7c4e6c6c7c2b2b8g5a6d2e7d8f5f7a3a8c8e2e8h1g6g8h6c3g7d7a1h2e1h4c1a4f2f1d1f8g4h8g1a2b1h5h7"
	shortest = "d3c3b3d2e1d6d7e3f4"
)

// TestParseWTB reads WTHOR files made by wtbFile: the games, their
// players, tournament and year; the games whose moves are illegal, or
// whose score the moves do not give, skipped; and files that are not
// WTHOR's.
func TestParseWTB(t *testing.T) {
	good := wtbFile(t, 2024, wtbGame{12, 1234, 56, 43, 44, whole}, wtbGame{3, 7, 8, 64, 64, shortest})
	games, format, err := record.Read(good, othello.Setup{})
	if err != nil || format != record.WTHOR || len(games) != 2 {
		t.Fatalf("got %d games in %v, error %v; want 2 in WTHOR", len(games), format, err)
	}
	tests := []struct {
		r                          record.Record
		moves, black, white, place string
		blackDiscs, whiteDiscs     int
	}{
		{games[0], whole, "#1234", "#56", "#12", 43, 21},
		{games[1], shortest, "#7", "#8", "#3", 13, 0},
	}
	for i, tt := range tests {
		g, err := tt.r.Game()
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		black, white := g.Score()
		if got := record.FormatMoveList(tt.r.Moves); got != tt.moves || !g.Over() || black != tt.blackDiscs || white != tt.whiteDiscs {
			t.Errorf("game %d: got %s, over %v, %d-%d; want %s, over, %d-%d", i+1, got, g.Over(), black, white, tt.moves, tt.blackDiscs, tt.whiteDiscs)
		}
		if tt.r.Black != tt.black || tt.r.White != tt.white || tt.r.Place != tt.place || tt.r.Date != "2024" {
			t.Errorf("game %d: got %q %q %q %q, want %q %q %q 2024", i+1, tt.r.Black, tt.r.White, tt.r.Place, tt.r.Date, tt.black, tt.white, tt.place)
		}
	}

	bad := []struct {
		name string
		game wtbGame
		want error
	}{
		{"illegal move", wtbGame{1, 2, 3, 0, 0, "f5a1"}, othello.ErrIllegal},
		{"wrong score", wtbGame{1, 2, 3, 42, 0, whole}, record.ErrSyntax},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			text := wtbFile(t, 2024, wtbGame{12, 1234, 56, 43, 44, whole}, tt.game)
			games, err := record.ParseWTB(text)
			var se *record.SkipError
			if len(games) != 1 || !errors.As(err, &se) || len(se.Skipped) != 1 || se.Skipped[0].Number != 2 || !errors.Is(se.Skipped[0].Err, tt.want) {
				t.Fatalf("got %d games, error %v; want 1, and game 2 skipped wrapping %v", len(games), err, tt.want)
			}
			if _, err := record.ParseWTB(wtbFile(t, 2024, tt.game)); !errors.Is(err, tt.want) {
				t.Errorf("alone: got %v, want an error wrapping %v", err, tt.want)
			}
		})
	}

	for _, tt := range []struct {
		name, text string
		format     record.Format
	}{
		{"cut short", good[:len(good)-1], record.Unknown},
		{"a byte more", good + "\n", record.Unknown},
		{"count wrong", good[:4] + "\x03" + good[5:], record.Unknown},
		{"no game", wtbFile(t, 2024), record.WTHOR},
	} {
		if got := record.Detect(tt.text); got != tt.format {
			t.Errorf("%s: Detect got %v, want %v", tt.name, got, tt.format)
		}
	}
	if _, err := record.ParseWTB(wtbFile(t, 2024)); !errors.Is(err, record.ErrNoGame) {
		t.Errorf("no game: got %v, want ErrNoGame", err)
	}
	if _, err := record.ParseWTB("hello"); !errors.Is(err, record.ErrSyntax) || !strings.HasPrefix(err.Error(), "record: ") {
		t.Errorf("hello: got %v, want ErrSyntax", err)
	}
}
