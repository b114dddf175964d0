package terminal

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// ggsGame is a game of GGS's, its players named and rated, four moves
// played, each with its evaluation and time.
const ggsGame = "(;GM[Othello]PC[GGS/os]DT[2005.01.02_03:04:05.EST]PB[hercule]PW[scorp+]RB[2350.10]RW[2401.77]TI[15:00//02:00]TY[8]KM[0]" +
	"BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1.03]W[d6/-1.20/0.50]B[c3/2.10/2.22]W[d3/-3.40/0.10];)\n"

// badGame is a game whose first move flips no disc.
const badGame = "(;GM[Othello]TY[8]\nB[a1];)\n"

// writeFile writes text to the file name in dir, and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSaveBase checks what the record of a saved game keeps of the file
// it comes from: a game loaded keeps all it says, its players' names and
// ratings but for a colour whose computer player was given by name; a
// file whose board the game starts on keeps only its date and place; a
// new game names its players.
func TestSaveBase(t *testing.T) {
	games, _, err := record.Read(ggsGame, othello.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	ggs := &File{Path: "ggs.ggf", Record: games[0], Format: record.GGF}
	setup, _ := othello.StandardSetup(othello.Full{}, 6, 6)
	cpu := player.CPU{Depth: 3}
	tests := []struct {
		name          string
		black, white  player.Player
		from          *File
		loaded        bool
		given         Seats
		wantBlack     string // the name, then the rating
		wantWhite     string
		wantDate      string // "" for now
		wantPlace     string
		wantMovesKept bool // the loaded game's moves and notes
	}{
		{name: "loaded, two people", from: ggs, loaded: true,
			wantBlack: "hercule 2350.10", wantWhite: "scorp+ 2401.77", wantDate: "2005.01.02_03:04:05.EST", wantPlace: "GGS/os", wantMovesKept: true},
		{name: "loaded, two people given", from: ggs, loaded: true, given: Seats{Black: true, White: true},
			wantBlack: "hercule 2350.10", wantWhite: "scorp+ 2401.77", wantDate: "2005.01.02_03:04:05.EST", wantPlace: "GGS/os", wantMovesKept: true},
		{name: "loaded, a computer given", white: player.Greedy{}, from: ggs, loaded: true, given: Seats{White: true},
			wantBlack: "hercule 2350.10", wantWhite: "greedy ", wantDate: "2005.01.02_03:04:05.EST", wantPlace: "GGS/os", wantMovesKept: true},
		{name: "loaded, two computers given", black: cpu, white: player.Greedy{}, from: ggs, loaded: true, given: Seats{Black: true, White: true},
			wantBlack: "cpu:3 ", wantWhite: "greedy ", wantDate: "2005.01.02_03:04:05.EST", wantPlace: "GGS/os", wantMovesKept: true},
		{name: "loaded, a computer by default", white: cpu, from: ggs, loaded: true,
			wantBlack: "hercule 2350.10", wantWhite: "scorp+ 2401.77", wantDate: "2005.01.02_03:04:05.EST", wantPlace: "GGS/os", wantMovesKept: true},
		{name: "its board", white: cpu, from: ggs,
			wantBlack: "human ", wantWhite: "cpu:3 ", wantDate: "2005.01.02_03:04:05.EST", wantPlace: "GGS/os"},
		{name: "a new game", white: cpu, given: Seats{White: true},
			wantBlack: "human ", wantWhite: "cpu:3 ", wantPlace: "othello"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Config{Setup: setup, Black: tt.black, White: tt.white}
			if tt.loaded {
				c.Setup, c.Moves = tt.from.Record.Setup, tt.from.Record.Moves
			}
			before := time.Now()
			got := SaveBase(c, tt.from, tt.loaded, tt.given)
			after := time.Now()
			if black := got.Black + " " + got.BlackRating; black != tt.wantBlack {
				t.Errorf("Black: got %q, want %q", black, tt.wantBlack)
			}
			if white := got.White + " " + got.WhiteRating; white != tt.wantWhite {
				t.Errorf("White: got %q, want %q", white, tt.wantWhite)
			}
			if tt.wantDate != "" && got.Date != tt.wantDate {
				t.Errorf("date: got %q, want %q", got.Date, tt.wantDate)
			}
			if tt.wantDate == "" && got.Date != before.Format(record.DateLayout) && got.Date != after.Format(record.DateLayout) {
				t.Errorf("date: got %q, want now, %q", got.Date, after.Format(record.DateLayout))
			}
			if got.Place != tt.wantPlace {
				t.Errorf("place: got %q, want %q", got.Place, tt.wantPlace)
			}
			if kept := len(got.Moves) == 4 && len(got.Notes) == 4 && got.Clock != ""; kept != tt.wantMovesKept {
				t.Errorf("got the moves %v, notes %v and clocks %q; want the loaded game's %v", got.Moves, got.Notes, got.Clock, tt.wantMovesKept)
			}
			if got.Setup.Board.String() != c.Setup.Board.String() {
				t.Errorf("got the board\n%s, want the game's\n%s", got.Setup.Board.String(), c.Setup.Board.String())
			}
		})
	}
}

// TestReadFile reads files of games for -load and -board: the first game
// that can be played, the games skipped before it and their lines, and
// the board a game starts on.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name      string
		text      string
		format    record.Format
		moves     int      // of the game read
		skipped   []string // SkippedLines, less the path
		board     string   // the position Board starts from: the discs of each colour and who is first
		wantErr   error
		wantBoard error
	}{
		{name: "a game", text: ggsGame, format: record.GGF, moves: 4, board: "B 4, W 4, B first"},
		{name: "a bad game first", text: badGame + ggsGame + badGame, format: record.GGF, moves: 4,
			skipped: []string{":2: game 1 skipped: move 1, B a1: move flips no disc"}, board: "B 4, W 4, B first"},
		{name: "a setup and its moves", text: "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\n2 4\n", format: record.Judge, moves: 1,
			board: "B 2, W 2, B first"},
		{name: "a move list", text: "f5d6c3\n", format: record.MoveList, moves: 3, board: "B 5, W 2, W first"},
		{name: "no game", text: "hello\n", wantErr: record.ErrFormat},
		{name: "only bad games", text: badGame, wantErr: othello.ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, dir, strings.ReplaceAll(tt.name, " ", "-")+".txt", tt.text)
			f, err := ReadFile(path, othello.Full{})
			if tt.wantErr != nil || err != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Errorf("got the error %v, want %v", err, tt.wantErr)
				}
				return
			}
			if f.Path != path || f.Format != tt.format || len(f.Record.Moves) != tt.moves {
				t.Errorf("got %s, %v, %d moves; want %s, %v, %d moves", f.Path, f.Format, len(f.Record.Moves), path, tt.format, tt.moves)
			}
			var skipped []string
			for _, line := range f.SkippedLines() {
				skipped = append(skipped, strings.TrimPrefix(line, path))
			}
			if !slices.Equal(skipped, tt.skipped) {
				t.Errorf("got the games skipped %q, want %q", skipped, tt.skipped)
			}
			s, err := f.Board()
			if err != nil {
				t.Fatal(err)
			}
			if got := describeStart(s); got != tt.board {
				t.Errorf("got the board %q, want %q", got, tt.board)
			}
		})
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.ggf"), othello.Full{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: got %v, want %v", err, fs.ErrNotExist)
	}
}

// describeStart returns the discs of each colour of s and who is first:
// "B 2, W 2, B first".
func describeStart(s othello.Setup) string {
	return fmt.Sprintf("B %d, W %d, %v first", s.Board.Count(othello.Black), s.Board.Count(othello.White), s.First)
}

// TestSaver saves a loaded game as it goes on: what its file says is
// kept, the moves played since have no evaluation or time, the file is
// replaced whole with nothing left beside it, and a file that cannot be
// written is a *SaveError.
func TestSaver(t *testing.T) {
	games, _, err := record.Read(ggsGame, othello.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	base := games[0]
	dir := t.TempDir()
	tests := []struct {
		name  string
		path  string
		moves []string // played after the loaded game's
		want  string   // the file saved
	}{
		{"as it was", filepath.Join(dir, "copy.ggf"), nil, ggsGame},
		{"a move played", filepath.Join(dir, "copy.ggf"), []string{"c4"}, strings.Replace(ggsGame, ";)", "B[c4];)", 1)},
		{"nowhere", filepath.Join(dir, "missing", "x.ggf"), nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := base.Game()
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range tt.moves {
				sq, err := othello.ParseSquare(m)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Play(sq); err != nil {
					t.Fatal(err)
				}
			}
			err = Saver(tt.path, base)(g)
			if tt.want == "" {
				var se *SaveError
				if !errors.As(err, &se) || se.Path != tt.path || !errors.Is(err, fs.ErrNotExist) ||
					!strings.HasPrefix(err.Error(), "terminal: save "+tt.path+": open ") {
					t.Errorf("got %v, want a *SaveError of %s that wraps %v", err, tt.path, fs.ErrNotExist)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			saved, err := os.ReadFile(tt.path)
			if err != nil || string(saved) != tt.want {
				t.Errorf("saved\n%s(error %v), want\n%s", saved, err, tt.want)
			}
			if files, _ := os.ReadDir(dir); len(files) != 1 {
				t.Errorf("got %d files in the folder, want the game alone", len(files))
			}
		})
	}
}

// TestPlayerName checks the names of the players in a saved game.
func TestPlayerName(t *testing.T) {
	tests := []struct {
		p    player.Player
		want string
	}{
		{nil, "human"},
		{player.CPU{Depth: 3}, "cpu:3"},
		{player.Greedy{}, "greedy"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := PlayerName(tt.p); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
