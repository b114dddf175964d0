package terminal

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// config returns a game of a person, Black, against cpu:1 on a rows x
// cols board.
func config(rows, cols int, style Style) Config {
	setup, _ := othello.StandardSetup(othello.Full{}, rows, cols)
	return Config{Setup: setup,
		White: player.CPU{Depth: 1, Budget: time.Hour}, Hint: player.CPU{Depth: 1, Budget: time.Hour}, Style: style}
}

func TestRunEnds(t *testing.T) {
	tests := []struct {
		name        string
		in          string
		interactive bool
		wantErr     error
		wantEnd     string // the end of the output
	}{
		{"quit", "quit\n", false, nil, "Bye.\n"},
		{"quit in capitals", "  QUIT \n", false, nil, "Bye.\n"},
		{"exit", "exit", false, nil, "Bye.\n"},
		{"no input", "", false, ErrUnfinished, "to move: \n"},
		{"ends mid-game", "d3\nc5\n", false, ErrUnfinished, "to move: \n"},
		{"only bad lines", "x\n\n\x00\n", false, ErrUnfinished, "to move: \n"},
		{"no input at a terminal", "", true, nil, "to move: \nBye.\n"},
		{"ends mid-game at a terminal", "d3\nc5\n", true, nil, "to move: \nBye.\n"},
		{"quit at a terminal", "quit\n", true, nil, "to move: Bye.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			c := config(8, 8, Plain)
			c.Interactive = tt.interactive
			err := Run(strings.NewReader(tt.in), &out, c)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Errorf("got error %v, want %v", err, tt.wantErr)
			}
			if !strings.HasSuffix(out.String(), tt.wantEnd) {
				t.Errorf("got output ending %q, want %q", out.String()[max(0, out.Len()-40):], tt.wantEnd)
			}
		})
	}
}

func TestRunBadConfig(t *testing.T) {
	c := config(4, 4, Plain)
	c.Rules = nil
	if err := Run(strings.NewReader("quit\n"), io.Discard, c); !errors.Is(err, othello.ErrRules) {
		t.Errorf("nil rules: got %v, want ErrRules", err)
	}
}

func TestRunIOErrors(t *testing.T) {
	if err := Run(iotest.ErrReader(iotest.ErrTimeout), io.Discard, config(4, 4, XO)); err != iotest.ErrTimeout {
		t.Errorf("read error: got %v, want %v", err, iotest.ErrTimeout)
	}
	if err := Run(strings.NewReader("quit\n"), failingWriter{}, config(4, 4, XO)); err != errWrite {
		t.Errorf("write error: got %v, want %v", err, errWrite)
	}
}

var errWrite = errors.New("write failed")

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }

// TestUndoOverAPass takes back a move after which the computer passed:
// the game goes back to the person's turn before it.
func TestUndoOverAPass(t *testing.T) {
	b, _ := othello.ParseBoard(". . W B\n. . . .\n. . . .\n. . W B")
	c := config(4, 4, Plain)
	c.Board = *b
	var out strings.Builder
	if err := Run(strings.NewReader("b1\nundo\nmoves\nquit\n"), &out, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"White has no legal move and passes.\nBlack (X) to move: ", "Back to Black's move.", "Legal moves: b1 b4\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("got\n%s\nwant it to hold %q", out.String(), want)
		}
	}
}

// TestUndoKeepsTheLastMove takes back a move of a game of people: the
// board after undo marks the last move still played.
func TestUndoKeepsTheLastMove(t *testing.T) {
	c := config(8, 8, Plain)
	c.White = nil
	var out strings.Builder
	if err := Run(strings.NewReader("d3\nc5\nundo\nquit\n"), &out, c); err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(out.String(), "Back to White's move.\n")
	if want := " 3 . . .[X]. . . .\n"; !strings.Contains(after, want) {
		t.Errorf("got, after undo:\n%s\nwant the last move, d3, marked: %q", after, want)
	}
}

// TestHintAndScores asks for a hint and the scores in a 4x4 game that
// the hinter solves: each score is exact.
func TestHintAndScores(t *testing.T) {
	c := config(4, 4, Plain)
	c.Hint = player.CPU{Budget: player.NoLimit}
	var out strings.Builder
	if err := Run(strings.NewReader("hint\nscores\nquit\n"), &out, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`Black \(X\) to move: Hint: ([a-d][1-4]) \([+-]\d+, exact\)\n`,
		`Black \(X\) to move: Scores for Black: ([a-d][1-4] [+-]\d+, ){3}[a-d][1-4] [+-]\d+\.\n`,
	} {
		if !regexp.MustCompile(want).MatchString(out.String()) {
			t.Errorf("got\n%s\nwant a match of %s", out.String(), want)
		}
	}
}

// FuzzRun plays any input against the computer, in every style, with
// marks and colours or not, typed at a terminal or not: Run must end the
// game, quit or say that the input ended, whatever the lines are.
func FuzzRun(f *testing.F) {
	f.Add([]byte("d3\nc5\nhint\nscores\nundo\nmoves\n3 4\nz9\n\n"), uint8(0))
	f.Add([]byte("a1\nb1\n1 1\n4 4\nquit\n"), uint8(1))
	f.Add([]byte(strings.Repeat("h", 5000)+"\r\nd3\n"), uint8(2))
	f.Add([]byte("d3\nundo\nc5\n"), uint8(8+16+32))
	f.Fuzz(func(t *testing.T, in []byte, shape uint8) {
		sizes := [][2]int{{4, 4}, {4, 6}, {6, 4}, {8, 8}}
		c := config(sizes[shape%4][0], sizes[shape%4][1], Style(shape/4%2))
		c.Marks, c.Color, c.Interactive = shape&8 != 0, shape&16 != 0, shape&32 != 0
		err := Run(strings.NewReader(string(in)), io.Discard, c)
		if err != nil && (c.Interactive || !errors.Is(err, ErrUnfinished)) {
			t.Errorf("got %v, want nil, or ErrUnfinished if not interactive", err)
		}
	})
}

func TestMatch(t *testing.T) {
	c := config(6, 6, Plain)
	rng := rand.New(rand.NewPCG(6, 7))
	c.Black, c.White = player.CPU{Depth: 3, Budget: time.Hour}, player.Random{Rand: rng}
	tally, err := Match(c, 5)
	if err != nil {
		t.Fatal(err)
	}
	if tally.Won+tally.Lost+tally.Drawn != 5 || tally.Won < 4 {
		t.Errorf("cpu:3 against random, 5 games: got %v, want 5 games, 4 won at least", tally)
	}
	if got, want := tally.String(), "cpu:3 vs random: "; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want it to start %q", got, want)
	}
	// cpu:3 played Black in games 1, 3 and 5, White in 2 and 4.
	s := tally.AStats
	if s.Moves == 0 || s.Searched > s.Moves || s.MaxDepth > 3 || s.MinDepth < 1 || s.Exact == 0 || s.MeanDepth() != 3 {
		t.Errorf("cpu:3: got stats %+v, mean depth %v, want searches 3 plies deep, some to the end", s, s.MeanDepth())
	}
	if tally.BStats != (Stats{}) {
		t.Errorf("random: got stats %+v, want none", tally.BStats)
	}

	c.White = nil
	if _, err := Match(c, 1); !errors.Is(err, ErrNotComputer) {
		t.Errorf("a person in a match: got %v, want ErrNotComputer", err)
	}
}

// TestStatsAdd checks how each kind of search result is counted: a forced
// move is not a search, and a search that the budget cut short before it
// finished one ply is a search of depth 0.
func TestStatsAdd(t *testing.T) {
	var s Stats
	s.add(player.Result{Forced: true, Time: time.Millisecond})
	s.add(player.Result{Depth: 0, Nodes: 5000, Time: 3 * time.Millisecond})
	s.add(player.Result{Depth: 4, Nodes: 9000, Time: 2 * time.Millisecond})
	s.add(player.Result{Depth: 6, Exact: true, Time: time.Millisecond})
	want := Stats{Moves: 4, Searched: 3, Exact: 1, MinDepth: 0, MaxDepth: 6, Depths: 4, Longest: 3 * time.Millisecond, Total: 7 * time.Millisecond}
	if s != want {
		t.Errorf("got %+v, want %+v", s, want)
	}
}

// TestRecordCommand asks for the moves so far at the start, after moves
// and after a pass.
func TestRecordCommand(t *testing.T) {
	b, _ := othello.ParseBoard(". . W B\n. . . .\n. . . .\n. . W B")
	c := config(4, 4, Plain)
	c.Board = *b
	c.Black, c.White = nil, nil
	var out strings.Builder
	if err := Run(strings.NewReader("record\nb1\nRECORD\nquit\n"), &out, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Black (X) to move: Record: no moves yet\n", "Black (X) to move: Record: b1\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("got\n%s\nwant it to hold %q", out.String(), want)
		}
	}
}

// TestSave checks that Save is given the game at the start, after every
// move, a person's and the computer's, and after undo, and that its error
// ends the game.
func TestSave(t *testing.T) {
	c := config(4, 4, Plain)
	var saved []string
	c.Save = func(g *othello.Game) error {
		saved = append(saved, fmt.Sprint(g.Played()))
		return nil
	}
	if err := Run(strings.NewReader("b1\nundo\nquit\n"), io.Discard, c); err != nil {
		t.Fatal(err)
	}
	// cpu:1 answers b1 with a1 on this board.
	if got, want := strings.Join(saved, " "), "[] [b1] [b1 a1] []"; got != want {
		t.Errorf("saved %s, want %s", got, want)
	}

	errSave := errors.New("disk full")
	calls := 0
	c.Save = func(*othello.Game) error {
		if calls++; calls == 2 {
			return errSave
		}
		return nil
	}
	if err := Run(strings.NewReader("b1\nquit\n"), io.Discard, c); err != errSave {
		t.Errorf("a Save that fails after the first move: got %v, want %v", err, errSave)
	}
}

// TestRunMoves starts a game after the moves of a loaded record, and
// refuses moves that cannot be played.
func TestRunMoves(t *testing.T) {
	c := config(4, 4, Plain)
	c.Black, c.White = nil, nil
	c.Moves = []othello.Square{{Row: 0, Col: 1}, {Row: 0, Col: 0}}
	var out strings.Builder
	if err := Run(strings.NewReader("record\nquit\n"), &out, c); err != nil {
		t.Fatal(err)
	}
	if want := "Black (X) to move: Record: b1a1\n"; !strings.Contains(out.String(), want) {
		t.Errorf("got\n%s\nwant it to hold %q", out.String(), want)
	}
	c.Moves = append(c.Moves, othello.Square{Row: 3, Col: 3})
	var me *record.MoveError
	if err := Run(strings.NewReader("quit\n"), io.Discard, c); !errors.As(err, &me) || me.Number != 3 {
		t.Errorf("b1 a1 d4: got %v, want a *record.MoveError of move 3", err)
	}
}
