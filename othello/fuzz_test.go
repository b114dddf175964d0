package othello_test

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/testkit/reference"
	"github.com/othello-judge/judge/othello"
)

// An engine script is a game for FuzzEngine, as bytes:
//
//	flags: 1 simple rules, 2 white first, 4 fewest discs wins, 8 board given
//	rows, columns: 4 + 2*(b%7)
//	the board, if given: four squares a byte from the top-left, two bits
//	  each, 1 black, 2 white, else empty; missing bytes are empty squares
//	then moves, two bytes each: a, b with a < 128 play row a%20-1 and
//	  column b%20-1, counted from 1, so -1 to 18; with a >= 128 they play
//	  legal move b%n of the n the reference finds, if any
//
// With no board given the game starts from the standard four discs.
const (
	scriptSimple = 1 << iota
	scriptWhite
	scriptFewest
	scriptBoard
)

// engineSeeds are games in the judge's input format that FuzzEngine
// starts from: a whole 4x4 game with refused moves, a pass, a first player
// with no move under either rule set, nobody able to move, a full board
// with the fewest discs winning, and a 6x10 game under the simple rules
// with White first and moves off the board.
var engineSeeds = []struct {
	simple bool
	in     string
}{
	{false, "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\n2 4\n1 2\n1 4\n1 1\n1 4\n1 3\n3 4\n4 2\n2 1\n4 4\n4 1\n3 1\n4 3\n"},
	{false, "4\n4\nB\n>\n. . W B\n. . . .\n. . . .\n. . W B\n1 2\n4 2\n"},
	{false, "4\n4\nW\n>\n. . W B\n. . . .\n. . . .\n. . W B\n1 2\n4 2\n"},
	{true, "4\n4\nW\n>\nB W . .\nW W . .\n. . . .\n. . . .\n2 3\n1 3\n2 4\n1 4\n3 4\n4 3\n3 2\n4 4\n3 3\n4 2\n3 1\n4 1\n"},
	{false, "4\n4\nB\n>\nB B . .\n. . . .\n. . . .\n. . . W\n"},
	{false, "4\n4\nB\n<\nB B B B\nW W W W\nB W B W\nB B W B\n"},
	{true, "6\n10\nW\n<\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . W B . . . .\n. . . . B W . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n3 7\n0 0\n7 1\n2 4\n3 4\n5 6\n1 11\n"},
}

// engineScript writes the setup and moves of a judge input as an engine
// script, dropping lines that are not two numbers from -1 to 18.
func engineScript(in []byte, simple bool) ([]byte, bool) {
	var lines [][]string
	for _, l := range strings.Split(string(in), "\n") {
		lines = append(lines, strings.Fields(l))
	}
	if len(lines) < 4 {
		return nil, false
	}
	var rows, cols int
	fmt.Sscan(strings.Join(lines[0], ""), &rows)
	fmt.Sscan(strings.Join(lines[1], ""), &cols)
	if othello.CheckSize(rows) != nil || othello.CheckSize(cols) != nil || len(lines) < 4+rows {
		return nil, false
	}
	flags := byte(scriptBoard)
	if simple {
		flags |= scriptSimple
	}
	if strings.Join(lines[2], "") == "W" {
		flags |= scriptWhite
	}
	if strings.Join(lines[3], "") == "<" {
		flags |= scriptFewest
	}
	script := []byte{flags, byte(rows-4) / 2, byte(cols-4) / 2}
	board := make([]byte, (rows*cols+3)/4)
	for r, line := range lines[4 : 4+rows] {
		for c, cell := range line {
			i := r*cols + c
			if i < rows*cols && (cell == "B" || cell == "W") {
				board[i/4] |= byte(1+strings.Index("BW", cell)) << (2 * (i % 4))
			}
		}
	}
	script = append(script, board...)
	for _, line := range lines[4+rows:] {
		if len(line) != 2 {
			continue
		}
		r, err1 := strconv.Atoi(line[0])
		c, err2 := strconv.Atoi(line[1])
		if err1 == nil && err2 == nil && -1 <= r && r <= 18 && -1 <= c && c <= 18 {
			script = append(script, byte(r+1), byte(c+1))
		}
	}
	return script, true
}

// FuzzEngine plays any engine script through othello.Game and the
// reference board of package reference side by side: after every move the board,
// the score, whose turn it is, the legal moves with what each flips, the
// end and the winner must be the same, and every move must be accepted
// with the same flips, or refused with the right error.
func FuzzEngine(f *testing.F) {
	for _, seed := range engineSeeds {
		script, ok := engineScript([]byte(seed.in), seed.simple)
		if !ok {
			f.Fatalf("seed %q is not an engine script", seed.in)
		}
		f.Add(script)
	}
	f.Add([]byte{0, 2, 2, 128, 0, 128, 1, 128, 2, 128, 3, 128, 4, 128, 5, 128, 6, 128, 7})
	f.Add([]byte{scriptSimple | scriptWhite | scriptFewest, 0, 6, 128, 9, 128, 9, 128, 9, 128, 9, 128, 9})
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) < 3 {
			return
		}
		var rules othello.Rules = othello.Full{}
		if script[0]&scriptSimple != 0 {
			rules = othello.Simple{}
		}
		full := rules == othello.Full{}
		first, win := othello.Black, othello.MostDiscs
		if script[0]&scriptWhite != 0 {
			first = othello.White
		}
		if script[0]&scriptFewest != 0 {
			win = othello.FewestDiscs
		}
		rows, cols := 4+2*int(script[1]%7), 4+2*int(script[2]%7)
		moves := script[3:]
		var b *othello.Board
		if script[0]&scriptBoard != 0 {
			b, _ = othello.NewBoard(rows, cols)
			for i := range rows * cols {
				var cell byte
				if i/4 < len(moves) {
					cell = moves[i/4] >> (2 * (i % 4)) & 3
				}
				if cell == 1 || cell == 2 {
					b.Set(othello.Square{Row: i / cols, Col: i % cols}, othello.Color(cell))
				}
			}
			moves = moves[min(len(moves), (rows*cols+3)/4):]
		} else {
			b, _ = othello.NewStartBoard(rows, cols)
		}

		g, err := (othello.Setup{Rules: rules, Board: *b, First: first, Win: win}).NewGame()
		if err != nil {
			t.Fatal(err)
		}
		ref := &refGame{b: toRef(b), full: full, p: first.String()[0]}
		ref.passIfBlocked()
		for i := 0; ; i += 2 {
			if err := ref.compare(g, win); err != nil {
				t.Fatalf("%s game from\n%vafter %d moves: %v", rules.Name(), b, i/2, err)
			}
			if i+1 >= len(moves) {
				return
			}
			s := othello.Square{Row: int(moves[i]%20) - 2, Col: int(moves[i+1]%20) - 2}
			if legal := ref.moves(); moves[i] >= 128 && len(legal) > 0 {
				s = legal[int(moves[i+1])%len(legal)]
			}
			if err := ref.play(g, s); err != nil {
				t.Fatalf("%s game from\n%vmove %d, %v: %v", rules.Name(), b, i/2+1, s, err)
			}
		}
	})
}

// A refGame is a game as the reference plays it.
type refGame struct {
	b    reference.Board
	full bool
	p    byte // the player to move; the last one to move once it is over
}

func (r *refGame) over() bool {
	return !r.b.CanMove(r.full, r.p) && !r.b.CanMove(r.full, reference.Opponent(r.p))
}

// passIfBlocked gives the turn to the other player if the player to move
// has no move and the other has.
func (r *refGame) passIfBlocked() {
	if !r.b.CanMove(r.full, r.p) && r.b.CanMove(r.full, reference.Opponent(r.p)) {
		r.p = reference.Opponent(r.p)
	}
}

// moves returns the legal moves, row by row.
func (r *refGame) moves() []othello.Square {
	var moves []othello.Square
	for row := range r.b {
		for col := range r.b[row] {
			if len(r.b.Flips(r.full, row, col, r.p)) > 0 {
				moves = append(moves, othello.Square{Row: row, Col: col})
			}
		}
	}
	return moves
}

// flips returns what playing s flips, row by row.
func (r *refGame) flips(s othello.Square) []othello.Square {
	f := r.b.Flips(r.full, s.Row, s.Col, r.p)
	slices.Sort(f)
	var squares []othello.Square
	for _, x := range f {
		squares = append(squares, othello.Square{Row: x / 100, Col: x % 100})
	}
	return squares
}

// compare returns how g differs from the reference game.
func (r *refGame) compare(g *othello.Game, win othello.WinRule) error {
	over := r.over()
	wantTurn := othello.Empty
	if !over {
		wantTurn = refName(r.p)
	}
	if g.Over() != over || g.Turn() != wantTurn {
		return fmt.Errorf("got over %v, turn %v; want %v, %v", g.Over(), g.Turn(), over, wantTurn)
	}
	if got, want := toRef(g.Board()), r.b; fmt.Sprint(got) != fmt.Sprint(want) {
		return fmt.Errorf("got board\n%vwant %q", g.Board(), want)
	}
	black, white := r.b.Count('B'), r.b.Count('W')
	if gb, gw := g.Score(); gb != black || gw != white {
		return fmt.Errorf("got score B %d W %d, want B %d W %d", gb, gw, black, white)
	}
	var want []string
	if !over {
		for _, s := range r.moves() {
			want = append(want, fmt.Sprint(s, r.flips(s)))
		}
	}
	var got []string
	for _, m := range g.Moves() {
		got = append(got, fmt.Sprint(m.Square, m.Flips.Squares()))
	}
	if gotLegal := g.Legal().Squares(); !over && !slices.Equal(gotLegal, r.moves()) {
		return fmt.Errorf("got legal squares %v, want %v", gotLegal, r.moves())
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("got moves %q, want %q", got, want)
	}
	wantWinner := othello.Empty
	if black != white {
		wantWinner = othello.White
		if (black > white) == (win == othello.MostDiscs) {
			wantWinner = othello.Black
		}
	}
	if over && g.Winner() != wantWinner {
		return fmt.Errorf("got winner %v, want %v", g.Winner(), wantWinner)
	}
	var wantPass error = othello.ErrCannotPass
	if over {
		wantPass = othello.ErrGameOver
	}
	if err := g.Position().Pass(); !errors.Is(err, wantPass) {
		return fmt.Errorf("passing: got %v, want %v", err, wantPass)
	}
	return nil
}

// play plays s in g and in the reference game, and returns how the two
// differ.
func (r *refGame) play(g *othello.Game, s othello.Square) error {
	flips, err := g.Play(s)
	var want error
	switch {
	case r.over():
		want = othello.ErrGameOver
	case !r.b.On(s.Row, s.Col):
		want = othello.ErrOffBoard
	case r.b[s.Row][s.Col] != '.':
		want = othello.ErrOccupied
	case len(r.flips(s)) == 0:
		want = othello.ErrIllegal
	}
	if want != nil {
		var me *othello.MoveError
		if !errors.Is(err, want) || !errors.As(err, &me) || me.Square != s || !flips.IsEmpty() {
			return fmt.Errorf("got flips %v, error %v; want a *MoveError at %v wrapping %v", flips, err, s, want)
		}
		return nil
	}
	wantFlips := r.flips(s)
	if err != nil || !slices.Equal(flips.Squares(), wantFlips) {
		return fmt.Errorf("got flips %v, error %v; want flips %v", flips, err, wantFlips)
	}
	r.b.Play(r.full, s.Row, s.Col, r.p)
	r.p = reference.Opponent(r.p)
	r.passIfBlocked()
	return nil
}
