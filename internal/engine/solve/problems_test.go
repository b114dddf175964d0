package solve

import (
	"path/filepath"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// TestReadProblems reads a file of each format and checks what the
// header says of it, its positions, the games skipped and whether some
// score is known.
func TestReadProblems(t *testing.T) {
	tests := []struct {
		file      string
		rules     othello.Rules
		about     string
		positions int  // the problems, the games skipped among them
		skipped   int  // the number, from 1, of the problem skipped; 0 for none
		anyKnown  bool // whether some score is known
	}{
		{"ffo.obf", othello.Full{}, "2 positions in OBF, 8x8 under the FULL rules, won by >", 2, 0, true},
		{"ffo.obf", othello.Simple{}, "2 positions in OBF, 8x8 under the SIMPLE rules, won by >", 2, 0, false},
		{"ends.obf", othello.Full{}, "3 positions in OBF, 8x8 under the FULL rules, won by >", 3, 0, true},
		{"start-4x4.in", othello.Full{}, "the judge's setup, 4x4 under the FULL rules, won by >, B to move", 1, 0, false},
		{"moves.in", othello.Full{}, "the judge's setup, 4x4 under the FULL rules, won by >, B to move after 2 moves", 1, 0, false},
		{"over.in", othello.Simple{}, "the judge's setup, 4x4 under the SIMPLE rules, won by <, W to move", 1, 0, false},
		{"games.ggf", othello.Full{}, "4 games in GGF", 4, 0, false},
		{"some-bad.ggf", othello.Full{}, "3 games in GGF, 1 skipped", 3, 2, false},
		{"edax.sgf", othello.Full{}, "a game in SGF, 8x8 under the FULL rules, won by >, B to move after 46 moves", 1, 0, false},
		{"endgame.pgn", othello.Full{}, "a game in PGN, 8x8 under the FULL rules, won by >, B to move after 46 moves", 1, 0, false},
		{"games.wtb", othello.Full{}, "2 games in WTHOR", 2, 0, false},
		{"endgame.txt", othello.Full{}, "a move list, 8x8 under the FULL rules, won by >, B to move after 46 moves", 1, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.rules.Name(), func(t *testing.T) {
			f, err := readProblems(filepath.Join(solveDir, tt.file), tt.rules)
			if err != nil {
				t.Fatal(err)
			}
			if f.about != tt.about {
				t.Errorf("got %q, want %q", f.about, tt.about)
			}
			if len(f.problems) != tt.positions {
				t.Errorf("got %d problems, want %d", len(f.problems), tt.positions)
			}
			for i, p := range f.problems {
				if skipped := i+1 == tt.skipped; (p.skipped != nil) != skipped || (p.pos == nil) != skipped {
					t.Errorf("#%d: got skipped %v, position %v; want skipped %v", i+1, p.skipped, p.pos, skipped)
				}
			}
			if (f.skipped != nil) != (tt.skipped > 0) {
				t.Errorf("got the games skipped %v, want some %v", f.skipped, tt.skipped > 0)
			}
			if f.anyKnown != tt.anyKnown {
				t.Errorf("got anyKnown %v, want %v", f.anyKnown, tt.anyKnown)
			}
		})
	}
}

// TestEndPosition checks the position to solve at the end of a game:
// the position itself, or, when the game has just passed for a player
// with no legal move, that player to move, to pass.
func TestEndPosition(t *testing.T) {
	tests := []struct {
		file string
		want []othello.Color // the player to move in each position
		pass []bool          // whether that player has no legal move but the game goes on
	}{
		{"games.ggf", []othello.Color{othello.Black, othello.Black, othello.White, othello.White}, []bool{false, false, false, true}},
		{"pass.in", []othello.Color{othello.Black}, []bool{true}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := readProblems(filepath.Join(solveDir, tt.file), othello.Full{})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range f.problems {
				pass := p.pos.Legal().IsEmpty() && !p.pos.Over()
				if p.pos.Turn() != tt.want[i] || pass != tt.pass[i] {
					t.Errorf("#%d: got %v to move, passing %v; want %v, %v", i+1, p.pos.Turn(), pass, tt.want[i], tt.pass[i])
				}
			}
		})
	}
}
