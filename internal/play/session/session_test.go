package session

import (
	"errors"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// cpu1 searches one move ahead: on the 4x4 start it answers b1 with a1.
var cpu1 = player.CPU{Depth: 1, Budget: time.Hour}

// setup returns the setup of board, a 4x4 board as othello.ParseBoard
// reads it, Black first, or of the 4x4 start if board is "".
func setup(t *testing.T, board string, win othello.WinRule) othello.Setup {
	t.Helper()
	s, _ := othello.StandardSetup(othello.Full{}, 4, 4)
	if board != "" {
		b, err := othello.ParseBoard(board)
		if err != nil {
			t.Fatal(err)
		}
		s.Board = *b
	}
	if win != 0 {
		s.Win = win
	}
	return s
}

// Boards of the tests.
const (
	// passBoard: after Black's b1, White has no legal move and passes.
	passBoard = ". . W B\n. . . .\n. . . .\n. . W B"
	// endBoard: Black's c1 flips the only white disc and ends the game.
	endBoard = "B W . .\n. . . .\n. . . .\n. . . ."
)

// newSession returns a session of c, failing the test if it cannot.
func newSession(t *testing.T, c Config) *Session {
	t.Helper()
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play plays texts, each a person's move or "reply" for the computer's,
// and returns the messages of the last, or its error.
func play(t *testing.T, s *Session, texts []string) ([]string, error) {
	t.Helper()
	var turn Turn
	var err error
	for _, text := range texts {
		if text == "reply" {
			g := s.Game()
			sq, merr := s.Computer().Move(g.Position(), g.WinRule())
			if merr != nil {
				t.Fatal(merr)
			}
			turn, err = s.Reply(sq)
		} else {
			turn, err = s.Move(text)
		}
	}
	return turn.Messages, err
}

func TestMove(t *testing.T) {
	tests := []struct {
		name    string
		board   string
		win     othello.WinRule
		white   player.Player
		texts   []string // the person's moves, or "reply" for the computer's
		want    []string // the messages of the last move
		wantErr error
		wantMsg string // the RefusedError's Msg, if it is one
	}{
		{name: "algebraic", texts: []string{"b1"}, want: []string{"Black plays b1 and flips 1 disc: b2."}},
		{name: "reversed", texts: []string{"1B"}, want: []string{"Black plays b1 and flips 1 disc: b2."}},
		{name: "row and column", texts: []string{" 1 2 "}, want: []string{"Black plays b1 and flips 1 disc: b2."}},
		{name: "then White", texts: []string{"b1", "a1"}, want: []string{"White plays a1 and flips 1 disc: b2."}},
		{name: "flips nothing", texts: []string{"a1"}, wantErr: othello.ErrIllegal, wantMsg: "a1 flips nothing."},
		{name: "not empty", texts: []string{"b2"}, wantErr: othello.ErrOccupied, wantMsg: "b2 is not empty."},
		{name: "off the board", texts: []string{"e1"}, wantErr: othello.ErrOffBoard, wantMsg: "e1 is off the board: columns a to d, rows 1 to 4."},
		{name: "not a move", texts: []string{" hello "}, wantErr: ErrNotAMove, wantMsg: `"hello" is not a move.`},
		{name: "pass", board: passBoard, texts: []string{"b1"},
			want: []string{"Black plays b1 and flips 1 disc: c1.", "White has no legal move and passes."}},
		{name: "end of game", board: endBoard, texts: []string{"c1"},
			want: []string{"Black plays c1 and flips 1 disc: b1.", "Game over: Black 3, White 0. Black wins."}},
		{name: "end, fewest discs", board: endBoard, win: othello.FewestDiscs, texts: []string{"c1"},
			want: []string{"Black plays c1 and flips 1 disc: b1.", "Game over: Black 3, White 0. White wins with fewer discs."}},
		{name: "after the end", board: endBoard, texts: []string{"c1", "d1"}, wantErr: othello.ErrGameOver},
		{name: "the computer's reply", white: cpu1, texts: []string{"b1", "reply"}, want: []string{"White plays a1 and flips 1 disc: b2."}},
		{name: "a person at the computer's turn", white: cpu1, texts: []string{"b1", "a1"}, wantErr: ErrComputersMove},
		{name: "a reply at a person's turn", white: cpu1, texts: []string{"b1", "reply", "reply"}, wantErr: ErrPersonsMove},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, Config{Record: record.Record{Setup: setup(t, tt.board, tt.win)}, White: tt.white})
			if tt.wantErr == ErrPersonsMove {
				// The last reply finds a person to move: play it by hand.
				if _, err := play(t, s, tt.texts[:2]); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Reply(othello.Square{}); !errors.Is(err, ErrPersonsMove) {
					t.Errorf("got %v, want %v", err, ErrPersonsMove)
				}
				return
			}
			got, err := play(t, s, tt.texts)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("got error %v, want %v", err, tt.wantErr)
			}
			var refused *RefusedError
			if tt.wantMsg != "" && (!errors.As(err, &refused) || refused.Msg != tt.wantMsg) {
				t.Errorf("got %v, want a *RefusedError that says %q", err, tt.wantMsg)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got messages %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTurn checks what a Turn says of the move it played.
func TestTurn(t *testing.T) {
	tests := []struct {
		name         string
		board, text  string
		want         othello.Move
		passed, over bool
	}{
		{"a move", "", "b1", othello.Move{Square: sq("b1"), Flips: squares("b2")}, false, false},
		{"a pass", passBoard, "b1", othello.Move{Square: sq("b1"), Flips: squares("c1")}, true, false},
		{"the end", endBoard, "c1", othello.Move{Square: sq("c1"), Flips: squares("b1")}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, Config{Record: record.Record{Setup: setup(t, tt.board, othello.MostDiscs)}})
			turn, err := s.Move(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if turn.Player != othello.Black || turn.Move != tt.want || turn.Passed != tt.passed || turn.Over != tt.over {
				t.Errorf("got %v %+v passed %v over %v, want B %+v passed %v over %v",
					turn.Player, turn.Move, turn.Passed, turn.Over, tt.want, tt.passed, tt.over)
			}
			if last := s.Last(); last == nil || *last != tt.want {
				t.Errorf("got Last %v, want %+v", last, tt.want)
			}
		})
	}
}

// sq returns the square named name.
func sq(name string) othello.Square {
	s, _ := othello.ParseSquare(name)
	return s
}

// squares returns the set of the squares named.
func squares(names ...string) othello.SquareSet {
	var set othello.SquareSet
	for _, n := range names {
		set.Add(sq(n))
	}
	return set
}

func TestUndo(t *testing.T) {
	moves := []othello.Square{sq("b1"), sq("a1")}
	tests := []struct {
		name        string
		board       string
		moves       []othello.Square // the record's moves
		white       player.Player
		texts       []string // played before the undo
		want        string
		undone      bool
		ply, length int // after the undo
		wantRecord  string
	}{
		{name: "at the start", white: cpu1, want: "Nothing to undo.", ply: 0, length: 0},
		{name: "over the computer's reply", white: cpu1, texts: []string{"b1", "reply"},
			want: "Back to Black's move.", undone: true, ply: 0, length: 2},
		{name: "over a pass", board: passBoard, white: cpu1, texts: []string{"b1"},
			want: "Back to Black's move.", undone: true, ply: 0, length: 1},
		{name: "people, one move", texts: []string{"b1", "a1"},
			want: "Back to White's move.", undone: true, ply: 1, length: 2},
		{name: "no further than a loaded game", moves: moves, white: cpu1,
			want: "Nothing to undo.", ply: 2, length: 2},
		{name: "to a loaded game", moves: moves, white: cpu1, texts: []string{"a2", "reply"},
			want: "Back to Black's move.", undone: true, ply: 2, length: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, Config{Record: record.Record{Setup: setup(t, tt.board, othello.MostDiscs), Moves: tt.moves}, White: tt.white})
			if _, err := play(t, s, tt.texts); err != nil {
				t.Fatal(err)
			}
			msg, undone, err := s.Undo()
			if err != nil || msg != tt.want || undone != tt.undone {
				t.Errorf("got %q, %v, %v, want %q, %v, nil", msg, undone, err, tt.want, tt.undone)
			}
			if g := s.Game(); g.Ply() != tt.ply || s.Length() != tt.length {
				t.Errorf("got ply %d of %d, want %d of %d", g.Ply(), s.Length(), tt.ply, tt.length)
			}
		})
	}
}

// TestUndoThenPlay plays another move after an undo: it replaces the
// line from there on.
func TestUndoThenPlay(t *testing.T) {
	s := newSession(t, Config{Record: record.Record{Setup: setup(t, "", othello.MostDiscs)}})
	if _, err := play(t, s, []string{"b1", "a1", "d3"}); err != nil {
		t.Fatal(err)
	}
	s.Undo()
	s.Undo()
	if _, err := s.Move("c1"); err != nil {
		t.Fatal(err)
	}
	if got, want := record.FormatMoveList(s.Game().Played()), "b1c1"; got != want || s.Length() != 2 {
		t.Errorf("got %s, line of %d, want %s, line of 2", got, s.Length(), want)
	}
}

func TestHints(t *testing.T) {
	tests := []struct {
		name         string
		black, white player.Player
		hint         player.CPU
		want         string // the hinter's name
	}{
		{"the default", nil, nil, player.CPU{}, player.CPU{}.Name()},
		{"given", nil, cpu1, player.CPU{Depth: 2}, "cpu:2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, Config{Record: record.Record{Setup: setup(t, "", othello.MostDiscs)}, Black: tt.black, White: tt.white, Hint: tt.hint})
			if got := s.Hints().Name(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestHinted(t *testing.T) {
	tests := []struct {
		best player.Result
		want string
	}{
		{player.Result{Move: sq("f6"), Exact: true, Score: 4, Depth: 12}, "Hint: f6 (+4, exact)"},
		{player.Result{Move: sq("d3"), Score: 25, Depth: 6}, "Hint: d3 (~+0.25, estimated 6 plies deep)"},
		{player.Result{Move: sq("a1"), Score: -300, Depth: 1}, "Hint: a1 (~-3.00, estimated 1 ply deep)"},
		{player.Result{Move: sq("a1")}, "Hint: a1 (~+0.00, estimated)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := Hinted(tt.best); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestScored scores the moves of a 4x4 ending, solved, and tells them.
func TestScored(t *testing.T) {
	s := newSession(t, Config{Record: record.Record{Setup: setup(t, "", othello.MostDiscs), Moves: []othello.Square{sq("b1"), sq("a1")}}})
	scores, err := player.CPU{Budget: player.NoLimit}.ScoreMoves(s.Game().Position(), s.Game().WinRule())
	if err != nil {
		t.Fatal(err)
	}
	got := Scored(s.Game().Turn(), scores)
	if want := regexp.MustCompile(`^Scores for Black: ([a-d][1-4] [+-]\d+, )*[a-d][1-4] [+-]\d+\.$`); !want.MatchString(got) {
		t.Errorf("got %q, want a match of %s", got, want)
	}
	exact := []player.Result{{Move: sq("c1"), Exact: true, Score: 6}, {Move: sq("d4"), Score: -150}}
	if got, want := Scored(othello.White, exact), "Scores for White: c1 +6, d4 ~-1.50."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestHinter(t *testing.T) {
	fallback := player.Level(2).CPU()
	tests := []struct {
		name         string
		black, white player.Player
		want         string
	}{
		{"people", nil, nil, fallback.Name()},
		{"White's CPU", nil, cpu1, "cpu:1"},
		{"Black's CPU", player.CPU{Depth: 3}, nil, "cpu:3"},
		{"White's first", player.CPU{Depth: 3}, cpu1, "cpu:1"},
		{"not greedy", player.Greedy{}, nil, fallback.Name()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Hinter(tt.black, tt.white, fallback).Name(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestPersonToMove(t *testing.T) {
	tests := []struct {
		name  string
		board string
		white player.Player
		texts []string
		want  error
	}{
		{"a person", "", cpu1, nil, nil},
		{"the computer", "", cpu1, []string{"b1"}, ErrComputersMove},
		{"game over", endBoard, nil, []string{"c1"}, othello.ErrGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, Config{Record: record.Record{Setup: setup(t, tt.board, othello.MostDiscs)}, White: tt.white})
			if _, err := play(t, s, tt.texts); err != nil {
				t.Fatal(err)
			}
			if err := s.PersonToMove(); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
			if got, want := s.Computer() != nil, tt.want == ErrComputersMove; got != want {
				t.Errorf("got a computer to move %v, want %v", got, want)
			}
		})
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		name  string
		board string
		texts []string
		want  string
	}{
		{"the start", "", nil, "Black 2, White 2, Black to move."},
		{"a move", "", []string{"b1"}, "Black 4, White 1, White to move."},
		{"the end", endBoard, []string{"c1"}, "Game over: Black 3, White 0. Black wins."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, Config{Record: record.Record{Setup: setup(t, tt.board, othello.MostDiscs)}})
			if _, err := play(t, s, tt.texts); err != nil {
				t.Fatal(err)
			}
			if got := s.Status(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestGoto(t *testing.T) {
	moves := []othello.Square{sq("b1"), sq("a1"), sq("d3")}
	tests := []struct {
		name    string
		board   string
		moves   []othello.Square
		white   player.Player
		ply     int
		want    []string
		wantErr error
	}{
		{name: "the start", moves: moves, ply: 0},
		{name: "a move", moves: moves, ply: 2, want: []string{"White plays a1 and flips 1 disc: b2."}},
		{name: "the end of the line", moves: moves, ply: 3, want: []string{"Black plays d3 and flips 1 disc: c3."}},
		{name: "a pass", board: passBoard, moves: moves[:1], ply: 1,
			want: []string{"Black plays b1 and flips 1 disc: c1.", "White has no legal move and passes."}},
		{name: "past the line", moves: moves, ply: 4, wantErr: ErrPly},
		{name: "before the start", moves: moves, ply: -1, wantErr: ErrPly},
		{name: "a computer's game", moves: moves, white: cpu1, ply: 0, wantErr: ErrNotReplay},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, Config{Record: record.Record{Setup: setup(t, tt.board, othello.MostDiscs), Moves: tt.moves}, Replay: true, White: tt.white})
			if s.Game().Ply() != 0 || s.Length() != len(tt.moves) {
				t.Fatalf("replay: got ply %d of %d, want 0 of %d", s.Game().Ply(), s.Length(), len(tt.moves))
			}
			got, err := s.Goto(tt.ply)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("got error %v, want %v", err, tt.wantErr)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got messages %q, want %q", got, tt.want)
			}
			if err == nil && s.Game().Ply() != tt.ply {
				t.Errorf("got ply %d, want %d", s.Game().Ply(), tt.ply)
			}
		})
	}
}

func TestNew(t *testing.T) {
	bad := []othello.Square{sq("b1"), sq("b1")}
	_, err := New(Config{Record: record.Record{Setup: setup(t, "", othello.MostDiscs), Moves: bad}})
	var me *record.MoveError
	if !errors.As(err, &me) || me.Number != 2 {
		t.Errorf("b1 b1: got %v, want a *record.MoveError of move 2", err)
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		p    player.Player
		want string
	}{
		{nil, "human"},
		{player.Greedy{}, "greedy"},
		{cpu1, "cpu:1 (1h0m0s a move)"},
	}
	for _, tt := range tests {
		if got := Describe(tt.p); got != tt.want {
			t.Errorf("Describe(%v): got %q, want %q", tt.p, got, tt.want)
		}
	}
}

// TestChoiceError replies with a move the game refuses.
func TestChoiceError(t *testing.T) {
	s := newSession(t, Config{Record: record.Record{Setup: setup(t, "", othello.MostDiscs)}, Black: cpu1})
	_, err := s.Reply(sq("a1"))
	var ce *ChoiceError
	if !errors.As(err, &ce) || ce.Player != "cpu:1" || !errors.Is(err, othello.ErrIllegal) {
		t.Errorf("got %v, want a *ChoiceError of cpu:1 wrapping ErrIllegal", err)
	}
}
