package othello_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/othello-judge/judge/othello"
)

func mustGame(t *testing.T, r othello.Rules, board string, first othello.Color, win othello.WinRule) *othello.Game {
	t.Helper()
	g, err := (othello.Setup{Rules: r, Board: *mustParse(t, board), First: first, Win: win}).NewGame()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// blockedWhite is a full-rules board on which White has no move: each
// white disc has a black one beyond it only at the edge. Black can play b1
// and b4.
const blockedWhite = `
	. . W B
	. . . .
	. . . .
	. . W B`

func TestGamePassesMidGame(t *testing.T) {
	g := mustGame(t, othello.Full{}, blockedWhite, othello.Black, othello.MostDiscs)
	if got := g.Turn(); got != othello.Black {
		t.Fatalf("turn: got %v, want B", got)
	}
	if _, err := g.Play(sq("b1")); err != nil {
		t.Fatal(err)
	}
	if got := g.Turn(); got != othello.Black {
		t.Errorf("after b1, White has no move: got turn %v, want B again", got)
	}
	if _, err := g.Play(sq("b4")); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Turn() != othello.Empty || g.Moves() != nil {
		t.Errorf("after a wipe-out: got over %v, turn %v, moves %v; want over, ., none", g.Over(), g.Turn(), g.Moves())
	}
	if b, w := g.Score(); b != 6 || w != 0 || g.Winner() != othello.Black {
		t.Errorf("score: got B %d W %d winner %v, want B 6 W 0 winner B", b, w, g.Winner())
	}
}

// TestGameHistory plays a game with a pass in it, checking Passed and Ply
// after each move, then takes every move back with Undo, checking that
// each position comes back as it was.
func TestGameHistory(t *testing.T) {
	g := mustGame(t, othello.Full{}, blockedWhite, othello.Black, othello.MostDiscs)
	start := g.Position()
	if g.Passed() || g.Ply() != 0 {
		t.Fatalf("at the start: got passed %v, ply %d; want false, 0", g.Passed(), g.Ply())
	}
	if _, err := g.Play(sq("b1")); err != nil {
		t.Fatal(err)
	}
	afterB1 := g.Position()
	if !g.Passed() || g.Ply() != 1 {
		t.Errorf("after b1, White has no move: got passed %v, ply %d; want true, 1", g.Passed(), g.Ply())
	}
	if _, err := g.Play(sq("c1")); err == nil {
		t.Fatal("c1: got no error, want the move refused")
	}
	if g.Ply() != 1 {
		t.Errorf("after a refused move: got ply %d, want 1", g.Ply())
	}
	if _, err := g.Play(sq("b4")); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Passed() || g.Ply() != 2 {
		t.Errorf("at the end: got over %v, passed %v, ply %d; want true, false, 2", g.Over(), g.Passed(), g.Ply())
	}
	for _, want := range []*othello.Position{afterB1, start} {
		if !g.Undo() {
			t.Fatal("Undo: got false, want a move taken back")
		}
		if got := g.Position(); !got.Board().Equal(want.Board()) || got.Turn() != want.Turn() {
			t.Errorf("after Undo: got %v to move on\n%swant %v on\n%s", got.Turn(), got.Board(), want.Turn(), want.Board())
		}
	}
	if g.Undo() || g.Ply() != 0 {
		t.Errorf("Undo at the start: got true or ply %d, want false and 0", g.Ply())
	}
	if s := g.Setup(); s.First != othello.Black || !s.Board.Equal(start.Board()) {
		t.Errorf("Setup: got %+v, want the setup the game was made from", s)
	}
}

// TestGamePlayed checks that Played gives the squares played, without the
// passes the game made, after moves and after Undo, and that replaying
// them from the setup makes the same game, passes and all: on a board
// where White passes, and on whole games of every size under both rule
// sets, each move the first legal one.
func TestGamePlayed(t *testing.T) {
	g := mustGame(t, othello.Full{}, blockedWhite, othello.Black, othello.MostDiscs)
	if got := g.Played(); len(got) != 0 {
		t.Errorf("at the start: got %v, want no square", got)
	}
	for _, s := range []string{"b1", "b4"} {
		if _, err := g.Play(sq(s)); err != nil {
			t.Fatal(err)
		}
	}
	if got := names(g.Played()); got != "b1 b4" {
		t.Errorf("after b1, a pass of White's and b4: got %q, want \"b1 b4\"", got)
	}
	g.Undo()
	if got := names(g.Played()); got != "b1" {
		t.Errorf("after Undo: got %q, want \"b1\"", got)
	}

	for _, r := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		for _, size := range [][2]int{{4, 4}, {6, 8}, {8, 8}, {16, 10}, {16, 16}} {
			setup, _ := othello.StandardSetup(r, size[0], size[1])
			g, _ := setup.NewGame()
			var want []othello.Square
			for i := 0; !g.Over(); i++ {
				moves := g.Legal().Squares()
				s := moves[i%len(moves)]
				g.Play(s)
				want = append(want, s)
			}
			got := g.Played()
			if names(got) != names(want) {
				t.Fatalf("%s %dx%d: got %s, want %s", r.Name(), size[0], size[1], names(got), names(want))
			}
			replay, _ := setup.NewGame()
			for _, s := range got {
				if _, err := replay.Play(s); err != nil {
					t.Fatalf("%s %dx%d: replaying %v: %v", r.Name(), size[0], size[1], s, err)
				}
			}
			if !replay.Over() || !replay.Board().Equal(g.Board()) {
				t.Errorf("%s %dx%d: the replay ends on\n%swant\n%s", r.Name(), size[0], size[1], replay.Board(), g.Board())
			}
		}
	}
}

func TestStandardSetup(t *testing.T) {
	s, err := othello.StandardSetup(othello.Simple{}, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := othello.NewStartBoard(6, 4)
	if s.Rules != (othello.Simple{}) || !s.Board.Equal(start) || s.First != othello.Black || s.Win != othello.MostDiscs {
		t.Errorf("got %+v, want Simple, the start board, Black first, MostDiscs", s)
	}
}

func TestGameFirstPlayerBlocked(t *testing.T) {
	tests := []struct {
		name  string
		rules othello.Rules
		board string
	}{
		{"full", othello.Full{}, blockedWhite},
		// Under the simple rules White needs an empty square touching a
		// black disc; the only one is walled in.
		{"simple", othello.Simple{}, `
			B W . .
			W W . .
			. . . .
			. . . .`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustGame(t, tt.rules, tt.board, othello.White, othello.MostDiscs)
			if got := g.Turn(); got != othello.Black || !g.Passed() {
				t.Errorf("White cannot move at the start: got turn %v, passed %v; want B, true", got, g.Passed())
			}
		})
	}
}

func TestGameOverAtStart(t *testing.T) {
	tests := []struct {
		name       string
		rules      othello.Rules
		board      string
		win        othello.WinRule
		wantWinner othello.Color
	}{
		{"full board", othello.Full{}, `
			B B B B
			W W W W
			B B B B
			W W W B`, othello.MostDiscs, othello.Black},
		{"full board, fewest wins", othello.Simple{}, `
			B B B B
			W W W W
			B B B B
			W W W B`, othello.FewestDiscs, othello.White},
		{"no disc can be flipped", othello.Full{}, `
			B . . W
			. . . .
			. . . .
			W . . B`, othello.MostDiscs, othello.Empty},
		{"only one color", othello.Full{}, `
			. . . .
			. B B .
			. . . .
			. . . .`, othello.FewestDiscs, othello.White},
		{"empty board", othello.Simple{}, `
			. . . .
			. . . .
			. . . .
			. . . .`, othello.MostDiscs, othello.Empty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustGame(t, tt.rules, tt.board, othello.Black, tt.win)
			if !g.Over() || g.Turn() != othello.Empty {
				t.Fatalf("got over %v, turn %v; want over", g.Over(), g.Turn())
			}
			if got := g.Winner(); got != tt.wantWinner {
				t.Errorf("winner: got %v, want %v", got, tt.wantWinner)
			}
			_, err := g.Play(sq("b2"))
			var me *othello.MoveError
			if !errors.Is(err, othello.ErrGameOver) || !errors.As(err, &me) || me.Square != sq("b2") {
				t.Errorf("a move after the end: got %v, want a *MoveError wrapping ErrGameOver", err)
			}
		})
	}
}

func TestPlayErrors(t *testing.T) {
	start := `
		. . . .
		. B W .
		. W B .
		. . . .`
	tests := []struct {
		name  string
		rules othello.Rules
		s     othello.Square
		want  error
	}{
		{"row above", othello.Full{}, othello.Square{Row: -1, Col: 1}, othello.ErrOffBoard},
		{"column left", othello.Full{}, othello.Square{Row: 1, Col: -1}, othello.ErrOffBoard},
		{"row below", othello.Full{}, othello.Square{Row: 4, Col: 0}, othello.ErrOffBoard},
		{"column right", othello.Simple{}, othello.Square{Row: 0, Col: 4}, othello.ErrOffBoard},
		{"occupied", othello.Full{}, sq("b2"), othello.ErrOccupied},
		{"occupied, simple", othello.Simple{}, sq("c2"), othello.ErrOccupied},
		{"flips nothing", othello.Full{}, sq("a1"), othello.ErrIllegal},
		{"touches only own discs", othello.Simple{}, sq("a1"), othello.ErrIllegal},
		{"legal under simple, not full", othello.Full{}, sq("d1"), othello.ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustGame(t, tt.rules, start, othello.Black, othello.MostDiscs)
			before := g.Board()
			_, err := g.Play(tt.s)
			var me *othello.MoveError
			if !errors.Is(err, tt.want) || !errors.As(err, &me) || me.Square != tt.s || me.Player != othello.Black {
				t.Fatalf("got %v, want a *MoveError by B at %v wrapping %v", err, tt.s, tt.want)
			}
			if !g.Board().Equal(before) || g.Turn() != othello.Black {
				t.Errorf("a refused move changed the game: got\n%vturn %v", g.Board(), g.Turn())
			}
		})
	}
}

func TestPositionPass(t *testing.T) {
	full := othello.Full{}
	// White to move on blockedWhite has no move, Black has.
	p, err := othello.NewPosition(full, mustParse(t, blockedWhite), othello.White)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Legal().IsEmpty() || p.Over() {
		t.Fatalf("White blocked: got has moves %v, over %v, want false, false", !p.Legal().IsEmpty(), p.Over())
	}
	if err := p.Pass(); err != nil {
		t.Fatalf("White passes: got %v, want nil", err)
	}
	err = p.Pass()
	var me *othello.MoveError
	if !errors.Is(err, othello.ErrCannotPass) || !errors.As(err, &me) || !me.Pass || me.Player != othello.Black {
		t.Errorf("Black passes with a move: got %v, want a *MoveError wrapping ErrCannotPass", err)
	}
	// A position does not pass on its own: after b1 White is to move,
	// though it cannot.
	if _, err := p.Play(sq("b1")); err != nil {
		t.Fatal(err)
	}
	if p.Turn() != othello.White || !p.Legal().IsEmpty() {
		t.Errorf("after b1: got turn %v, has moves %v, want W, false", p.Turn(), !p.Legal().IsEmpty())
	}
	p.Pass()
	p.Play(sq("b4"))
	if err := p.Pass(); !errors.Is(err, othello.ErrGameOver) {
		t.Errorf("pass when nobody can move: got %v, want ErrGameOver", err)
	}
}

func TestPositionDiscsAndLegalFor(t *testing.T) {
	board := mustParse(t, blockedWhite)
	p, err := othello.NewPosition(othello.Full{}, board, othello.White)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []othello.Color{othello.Black, othello.White, othello.Empty} {
		var want othello.SquareSet
		for row := range board.Rows() {
			for col := range board.Cols() {
				s := othello.Square{Row: row, Col: col}
				if at, _ := board.At(s); at == c {
					want.Add(s)
				}
			}
		}
		got := p.Discs(c)
		if c == othello.Empty {
			got = p.Empties()
		}
		if got != want {
			t.Errorf("Discs(%v) or Empties: got %v, want %v", c, got, want)
		}
	}
	if got := p.Discs(othello.Color(7)); !got.IsEmpty() {
		t.Errorf("Discs(Color(7)): got %v, want none", got)
	}
	// White is to move and has no move; Black has.
	if got, want := p.LegalFor(othello.White), p.Legal(); got != want || !got.IsEmpty() {
		t.Errorf("LegalFor(W): got %v, want Legal() = %v, empty", got, want)
	}
	black, _ := othello.NewPosition(othello.Full{}, board, othello.Black)
	if got, want := p.LegalFor(othello.Black), black.Legal(); got != want || got.IsEmpty() {
		t.Errorf("LegalFor(B) with White to move: got %v, want %v", got, want)
	}
}

func TestNewGameErrors(t *testing.T) {
	board, _ := othello.NewStartBoard(8, 8)
	tests := []struct {
		name  string
		rules othello.Rules
		board *othello.Board
		first othello.Color
		win   othello.WinRule
		want  error
	}{
		{"nil rules", nil, board, othello.Black, othello.MostDiscs, othello.ErrRules},
		{"zero board", othello.Full{}, &othello.Board{}, othello.Black, othello.MostDiscs, othello.ErrShape},
		{"empty first", othello.Full{}, board, othello.Empty, othello.MostDiscs, othello.ErrColor},
		{"no such color", othello.Full{}, board, othello.Color(3), othello.MostDiscs, othello.ErrColor},
		{"zero win rule", othello.Full{}, board, othello.Black, 0, othello.ErrWinRule},
		{"no such win rule", othello.Full{}, board, othello.Black, othello.WinRule(7), othello.ErrWinRule},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := (othello.Setup{Rules: tt.rules, Board: *tt.board, First: tt.first, Win: tt.win}).NewGame()
			var ve *othello.ValueError
			if g != nil || !errors.Is(err, tt.want) || !errors.As(err, &ve) {
				t.Errorf("got %v, %v, want a *ValueError wrapping %v", g, err, tt.want)
			}
		})
	}
}

func TestGameKeepsItsOwnBoard(t *testing.T) {
	board, _ := othello.NewStartBoard(4, 4)
	g, _ := (othello.Setup{Rules: othello.Full{}, Board: *board, First: othello.Black, Win: othello.MostDiscs}).NewGame()
	board.Set(sq("a1"), othello.White)
	g.Board().Set(sq("a2"), othello.White)
	if got := g.Board().Count(othello.White); got != 2 {
		t.Errorf("changing boards outside the game changed it: got %d white discs, want 2", got)
	}
}

func TestWinner(t *testing.T) {
	tests := []struct {
		rule         othello.WinRule
		black, white int
		want         othello.Color
	}{
		{othello.MostDiscs, 10, 6, othello.Black},
		{othello.MostDiscs, 6, 10, othello.White},
		{othello.MostDiscs, 8, 8, othello.Empty},
		{othello.FewestDiscs, 10, 6, othello.White},
		{othello.FewestDiscs, 6, 10, othello.Black},
		{othello.FewestDiscs, 8, 8, othello.Empty},
		{othello.FewestDiscs, 0, 16, othello.Black},
		{othello.WinRule(0), 10, 6, othello.Empty},
	}
	for _, tt := range tests {
		if got := tt.rule.Winner(tt.black, tt.white); got != tt.want {
			t.Errorf("%v.Winner(%d, %d): got %v, want %v", tt.rule, tt.black, tt.white, got, tt.want)
		}
	}
	for in, want := range map[string]othello.WinRule{">": othello.MostDiscs, "<": othello.FewestDiscs} {
		if got, err := othello.ParseWinRule(in); got != want || err != nil || got.String() != in {
			t.Errorf("ParseWinRule(%q): got %v, %v, want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "=", ">>", "<>", "MOST"} {
		if _, err := othello.ParseWinRule(in); !errors.Is(err, othello.ErrWinRule) {
			t.Errorf("ParseWinRule(%q): got %v, want ErrWinRule", in, err)
		}
	}
}

// TestErrorText checks the form of every kind of error text, not its
// words: the package name once, at the start, and one line with no final
// punctuation.
func TestErrorText(t *testing.T) {
	errs := []error{
		&othello.MoveError{Player: othello.Black, Square: sq("d3"), Err: othello.ErrOccupied},
		&othello.MoveError{Player: othello.White, Pass: true, Err: othello.ErrCannotPass},
		&othello.MoveError{Square: othello.Square{Row: -1}, Err: othello.ErrOffBoard},
		&othello.ValueError{Func: "ParseColor", Value: "X", Err: othello.ErrColor},
		othello.ErrIllegal, othello.ErrGameOver, othello.ErrSize, othello.ErrWinRule,
		othello.ErrShape, othello.ErrCell, othello.ErrRules, othello.ErrSquare,
	}
	for _, err := range errs {
		text := err.Error()
		if !strings.HasPrefix(text, "othello: ") || strings.Count(text, "othello:") != 1 {
			t.Errorf("%q: want the prefix \"othello: \" once", text)
		}
		if strings.ContainsAny(text, "\n") || strings.HasSuffix(text, ".") {
			t.Errorf("%q: want one line with no final period", text)
		}
	}
}

// TestZeroValues checks that a nil or zero Position or Game, not made by
// its constructor, behaves as a finished game with no board.
func TestZeroValues(t *testing.T) {
	for _, p := range []*othello.Position{nil, {}} {
		_, playErr := p.Play(othello.Square{})
		if p.Rules() != nil || p.Turn() != othello.Empty || p.Board().Rows() != 0 || p.Moves() != nil ||
			!p.Legal().IsEmpty() || !p.Over() || !errors.Is(playErr, othello.ErrGameOver) ||
			!errors.Is(p.Pass(), othello.ErrGameOver) || (p == nil) != (p.Clone() == nil) {
			t.Errorf("%#v: does not behave as a finished game with no board", p)
		}
	}
	for _, g := range []*othello.Game{nil, {}} {
		_, playErr := g.Play(othello.Square{})
		b, w := g.Score()
		if g.Rules() != nil || g.WinRule() != 0 || g.Position().Turn() != othello.Empty || g.Board() != nil ||
			g.Turn() != othello.Empty || g.Moves() != nil || !g.Over() || !errors.Is(playErr, othello.ErrGameOver) ||
			b != 0 || w != 0 || g.Winner() != othello.Empty || len(g.Played()) != 0 {
			t.Errorf("%#v: does not behave as a finished game with no board", g)
		}
	}
}
