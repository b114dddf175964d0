package record_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// randomGame returns a record of a game under rules r on a rows x cols
// board, won by win, played by random legal moves from a start that rng
// chooses: the standard one, or a sparse random board that makes passes
// likely, with either player first. The game is played to its end, or
// cut off mid-game when cut is true.
func randomGame(rng *rand.Rand, r othello.Rules, rows, cols int, win othello.WinRule, cut bool) record.Record {
	setup, _ := othello.StandardSetup(r, rows, cols)
	setup.Win = win
	if rng.IntN(2) == 0 {
		b, _ := othello.NewBoard(rows, cols)
		for range 2 + rng.IntN(rows*cols/4) {
			b.Set(othello.Square{Row: rng.IntN(rows), Col: rng.IntN(cols)}, othello.Color(1+rng.IntN(2)))
		}
		setup.Board = *b
		setup.First = othello.Color(1 + rng.IntN(2))
	}
	g, _ := setup.NewGame()
	stop := rows * cols
	if cut {
		stop = rng.IntN(rows * cols / 2)
	}
	for i := 0; i < stop && !g.Over(); i++ {
		moves := g.Legal().Squares()
		g.Play(moves[rng.IntN(len(moves))])
	}
	return record.Record{Setup: setup, Moves: g.Played(), Black: "cpu", White: "random", Date: "2024.11.23_18:52:00.UTC", Place: "test"}
}

// TestRoundTrip writes games in GGF and reads them back: the same record,
// and the same text written again. It plays games of every size, square
// and not, under both rule sets and both win rules, whole and cut short,
// from the standard start and from sparse boards, and checks that some of
// them have passes and some end with empty squares, so that what the test
// covers does not shrink unseen. The move list of each game is read back
// to the same moves too.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	passes, early := 0, 0
	for _, r := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		for rows := othello.MinSize; rows <= othello.MaxSize; rows += 2 {
			for cols := othello.MinSize; cols <= othello.MaxSize; cols += 2 {
				for _, win := range []othello.WinRule{othello.MostDiscs, othello.FewestDiscs} {
					for _, cut := range []bool{false, true} {
						rec := randomGame(rng, r, rows, cols, win, cut)
						name := fmt.Sprintf("%s %dx%d %v cut %v", r.Name(), rows, cols, win, cut)
						text, err := record.FormatGGF(rec)
						if err != nil {
							t.Fatalf("%s: FormatGGF: %v", name, err)
						}
						passes += strings.Count(text, "[PA]")
						if g, _ := rec.Game(); g.Over() && g.Position().Empties().Len() > 0 {
							early++
						}
						games, err := record.ParseGGF(text)
						if err != nil {
							t.Fatalf("%s: ParseGGF(%q): %v", name, text, err)
						}
						if len(games) != 1 || !reflect.DeepEqual(games[0], rec) {
							t.Fatalf("%s: wrote %+v\nas %s\nread back %+v", name, rec, text, games)
						}
						if again, _ := record.FormatGGF(games[0]); again != text {
							t.Errorf("%s: wrote\n%s\nthen, read back and written again,\n%s", name, text, again)
						}
						list, err := record.ParseMoveList(record.FormatMoveList(rec.Moves), rec.Setup)
						if err != nil || !reflect.DeepEqual(list.Moves, rec.Moves) {
							t.Errorf("%s: move list %q read back as %v, %v; want %v", name, record.FormatMoveList(rec.Moves), list.Moves, err, rec.Moves)
						}
					}
				}
			}
		}
	}
	if passes < 50 || early < 10 {
		t.Errorf("got %d passes and %d games over before the board is full, want 50 and 10 or more", passes, early)
	}
}

// TestGGFResult checks RE: Black's margin under the win rule, the empty
// squares to the winner, for finished games; none for a game that goes
// on.
func TestGGFResult(t *testing.T) {
	// White has no move, and Black's b1 and b4 end the game: 6 black
	// discs, 10 empty squares.
	board, _ := othello.ParseBoard(". . W B\n. . . .\n. . . .\n. . W B\n")
	tests := []struct {
		win   othello.WinRule
		moves string
		want  string
	}{
		{othello.MostDiscs, "b1b4", "RE[+16.000]"},
		{othello.FewestDiscs, "b1b4", "RE[-16.000]"},
		{othello.MostDiscs, "b1", ""},
	}
	for _, tt := range tests {
		setup := othello.Setup{Rules: othello.Full{}, Board: *board, First: othello.Black, Win: tt.win}
		rec, err := record.ParseMoveList(tt.moves, setup)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := record.FormatGGF(rec)
		re := ""
		if i := strings.Index(text, "RE["); i >= 0 {
			re = text[i : i+strings.Index(text[i:], "]")+1]
		}
		if re != tt.want {
			t.Errorf("%v, %s: got %q in %s, want %q", tt.win, tt.moves, re, text, tt.want)
		}
	}
}

// TestParseErrors checks the type of each error: the sentinel it wraps,
// the line of the *ParseError, and the number of the move of a
// *MoveError.
func TestParseErrors(t *testing.T) {
	const start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
	tests := []struct {
		name   string
		text   string
		want   error
		line   int
		number int // of the *MoveError; 0 for none
	}{
		{"blank", " \n\t\n", record.ErrNoGame, 1, 0},
		{"no GGF game", "(;", record.ErrSyntax, 1, 0},
		{"unknown", "hello", record.ErrFormat, 1, 0},
		{"octagon", "(;\nTY[88];)", record.ErrUnsupported, 2, 0},
		{"chess", "(;GM[chess];)", record.ErrUnsupported, 1, 0},
		{"type letter", "(;TY[8z];)", record.ErrSyntax, 1, 0},
		{"type without size", "(;TY[a];)", record.ErrSyntax, 1, 0},
		{"odd size", "(;TY[7];)", othello.ErrSize, 1, 0},
		{"big size", "(;TY[8x18];)", othello.ErrSize, 1, 0},
		{"rules", "(;RU[japanese];)", othello.ErrRules, 1, 0},
		{"board cell", "(;BO[4 ---- -OX- -*O- ---- *];)", record.ErrSyntax, 1, 0},
		{"board cells", "(;BO[4 ---- -O*- -*O- --- *];)", record.ErrSyntax, 1, 0},
		{"board turn", "(;BO[4 ---- -O*- -*O- ---- B];)", record.ErrSyntax, 1, 0},
		{"board short", "(;BO[4 *];)", record.ErrSyntax, 1, 0},
		{"board size", "(;BO[4x5 ---- -O*- -*O- ---- *];)", othello.ErrSize, 1, 0},
		{"sizes differ", "(;TY[6]\n" + start + ";)", record.ErrSyntax, 1, 0},
		{"no ]", "(;GM[Othello\n;)", record.ErrSyntax, 1, 0},
		{"no property", "(;\n\n[f5];)", record.ErrSyntax, 3, 0},
		{"not closed", "\n(;GM[Othello]", record.ErrSyntax, 2, 0},
		{"bad square", "(;" + start + "\nB[f]W[d6];)", othello.ErrSquare, 2, 0},
		{"illegal", "(;" + start + "\nB[f5]\nW[a1];)", othello.ErrIllegal, 3, 2},
		{"occupied", "(;" + start + "B[f5]W[f5];)", othello.ErrOccupied, 1, 2},
		{"off the board", "(;" + start + "B[i9];)", othello.ErrOffBoard, 1, 1},
		{"wrong turn", "(;" + start + "W[f5];)", record.ErrTurn, 1, 1},
		{"pass with a move", "(;" + start + "B[PA];)", othello.ErrCannotPass, 1, 1},
		{"pass of the wrong player", "(;" + start + "W[PA];)", record.ErrTurn, 1, 1},
		{"pass after the end", "(;BO[4 --O* ---- ---- --O* *]B[b1]B[b4]W[pa];)", othello.ErrGameOver, 1, 3},
		{"move after the end", "(;BO[4 --O* ---- ---- --O* *]B[b1]B[b4]B[a1];)", othello.ErrGameOver, 1, 3},
		{"move list word", "f5\nd6 c3\n  foo", record.ErrSyntax, 3, 0},
		{"move list number", "f5 5f", record.ErrSyntax, 1, 0},
		{"move list illegal", "f5 d6\nc3 a1", othello.ErrIllegal, 2, 4},
		{"move list pass", "f5 pa", othello.ErrCannotPass, 1, 2},
		{"judge's setup", "4\n4\nB\n=\n", othello.ErrWinRule, 4, 0},
		{"judge's setup cut short", "4\n4\nB\n", console.ErrMissingLine, 4, 0},
	}
	base, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := record.Parse(tt.text, base)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want an error wrapping %v", err, tt.want)
			}
			var pe *record.ParseError
			if !errors.As(err, &pe) || pe.Line != tt.line {
				t.Errorf("got %#v, want a *record.ParseError at line %d", err, tt.line)
			}
			var me *record.MoveError
			if errors.As(err, &me) != (tt.number > 0) || (me != nil && me.Number != tt.number) {
				t.Errorf("got %v, want a *record.MoveError of move %d (0: none)", err, tt.number)
			}
			if text := err.Error(); !strings.HasPrefix(text, "record: ") || strings.Count(text, "record:") != 1 || strings.Contains(text, "othello:") {
				t.Errorf("%q: want the prefix \"record: \" once and no other", text)
			}
		})
	}
}

// TestRecordGame replays records made by hand: a move the game refuses is
// a *MoveError with its number, from 1 among the squares, its player and
// square, wrapping the *othello.MoveError.
func TestRecordGame(t *testing.T) {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	f5, d6, a1 := othello.Square{Row: 4, Col: 5}, othello.Square{Row: 5, Col: 3}, othello.Square{}
	g, err := record.Record{Setup: setup, Moves: []othello.Square{f5, d6}}.Game()
	if err != nil || g.Ply() != 2 || g.Turn() != othello.Black {
		t.Errorf("f5 d6: got ply %d, %v to move, error %v; want 2, B and none", g.Ply(), g.Turn(), err)
	}
	_, err = record.Record{Setup: setup, Moves: []othello.Square{f5, d6, a1}}.Game()
	var me *record.MoveError
	var ome *othello.MoveError
	if !errors.As(err, &me) || me.Number != 3 || me.Player != othello.Black || me.Square != a1 ||
		!errors.As(err, &ome) || !errors.Is(err, othello.ErrIllegal) {
		t.Errorf("f5 d6 a1: got %#v, want a *record.MoveError of move 3, B a1, wrapping othello's ErrIllegal", err)
	}
	if got, want := err.Error(), "record: move 3, B a1: move flips no disc"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := (record.Record{}).Game(); !errors.Is(err, othello.ErrWinRule) {
		t.Errorf("the zero Record: got %v, want the error of NewGame", err)
	}
	if _, err := record.FormatGGF(record.Record{Setup: setup, Moves: []othello.Square{a1}}); !errors.As(err, &me) {
		t.Errorf("FormatGGF of a1: got %v, want a *record.MoveError", err)
	}
	if _, err := record.FormatGGF(record.Record{Setup: setup, Black: "a]b"}); !errors.Is(err, record.ErrSyntax) {
		t.Errorf("FormatGGF of the name a]b: got %v, want ErrSyntax", err)
	}
}

// TestDetect checks how Read tells a format.
func TestDetect(t *testing.T) {
	tests := []struct {
		text string
		want record.Format
	}{
		{"(;GM[Othello];)", record.GGF},
		{"1 (;GM[Othello];)(;GM[Othello];)", record.GGF},
		{"(;GM[2]PC[Edax]SZ[8]\n;B[f5];W[d6])", record.SGF},
		{"(;FF[4]\n;B[fe])", record.SGF},
		{"(;SZ[8];B[f5])", record.SGF},
		{"\n  8\n8\nB\n>\n", record.Judge},
		{"f5d6", record.MoveList},
		{" F5 D6", record.MoveList},
		{"pa f5", record.MoveList},
		{"---------------------------O*------*O--------------------------- X", record.OBF},
		{"\n# FFO #1\n--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;", record.OBF},
		{"-OOO X", record.OBF},
		{"xo", record.OBF},
		{"Othello", record.Unknown},
		{"hello", record.Unknown},
		{"", record.Unknown},
		{" \n", record.Unknown},
	}
	for _, tt := range tests {
		if got := record.Detect(tt.text); got != tt.want {
			t.Errorf("Detect(%q): got %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestParseJudgeAsTheJudge reads the judge's golden transcripts with
// ParseJudge and checks that the record's game ends on the last board the
// judge printed, with the same player to move.
func TestParseJudgeAsTheJudge(t *testing.T) {
	checked := 0
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		dir := "../../testdata/" + strings.ToLower(rules.Name())
		for _, c := range judgeCases(t, dir) {
			rec, err := record.ParseJudge(c.in, rules)
			if c.badSetup {
				if err == nil {
					t.Errorf("%s: got no error, want the judge's setup error", c.name)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			g, err := rec.Game()
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			turn := g.Turn().String()
			if g.Over() {
				turn = "over"
			}
			if got := g.Board().String(); got != c.board || turn != c.turn {
				t.Errorf("%s: got\n%s%s to move; the judge's last board is\n%s%s to move", c.name, got, turn, c.board, c.turn)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Errorf("checked %d transcripts, want 40 or more", checked)
	}
}
