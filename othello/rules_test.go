package othello_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// mustParse returns the board written in text, one row a line with the
// leading tabs of a Go raw string ignored.
func mustParse(t *testing.T, text string) *othello.Board {
	t.Helper()
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		rows = append(rows, strings.TrimSpace(line))
	}
	b, err := othello.ParseBoard(strings.Join(rows, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// names returns squares in algebraic notation separated by spaces.
func names(squares []othello.Square) string {
	var s []string
	for _, sq := range squares {
		s = append(s, sq.String())
	}
	return strings.Join(s, " ")
}

// sq returns the square named in algebraic notation, such as "d3".
func sq(name string) othello.Square {
	row, err := strconv.Atoi(name[1:])
	if err != nil {
		panic("bad square name " + name)
	}
	return othello.Square{Row: row - 1, Col: int(name[0] - 'a')}
}

// A flipCase is a move on a board and the discs the rules must flip.
type flipCase struct {
	name   string
	board  string
	player othello.Color
	square string
	want   string // the flipped squares; "" for an illegal move
}

func checkFlips(t *testing.T, rules othello.Rules, tests []flipCase) {
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustParse(t, tt.board)
			if got := names(rules.Flips(b, sq(tt.square), tt.player).Squares()); got != tt.want {
				t.Errorf("%v at %s flips %q, want %q", tt.player, tt.square, got, tt.want)
			}
		})
	}
}

func TestFullFlips(t *testing.T) {
	checkFlips(t, othello.Full{}, []flipCase{
		{"north", `
			. . B . . .
			. . W . . .
			. . . . . .
			. . . . . .`, othello.Black, "c3", "c2"},
		{"south", `
			. . . . . .
			. . . . . .
			. . W . . .
			. . B . . .`, othello.Black, "c2", "c3"},
		{"west", `
			B W W . . .
			. . . . . .
			. . . . . .
			. . . . . .`, othello.Black, "d1", "b1 c1"},
		{"east", `
			. . . W W B
			. . . . . .
			. . . . . .
			. . . . . .`, othello.Black, "c1", "d1 e1"},
		{"north-west", `
			B . . . . .
			. W . . . .
			. . . . . .
			. . . . . .`, othello.Black, "c3", "b2"},
		{"north-east", `
			. . . . B .
			. . . W . .
			. . . . . .
			. . . . . .`, othello.Black, "c3", "d2"},
		{"south-west", `
			. . . . . .
			. . . . . .
			. W . . . .
			B . . . . .`, othello.Black, "c2", "b3"},
		{"south-east", `
			. . . . . .
			. . . . . .
			. . . W . .
			. . . . B .`, othello.Black, "c2", "d3"},
		{"all eight directions at once", `
			B . B . B .
			. W W W . .
			B W . W B .
			. W W W . .
			B . B . B .
			. . . . . .`, othello.Black, "c3", "b2 c2 d2 b3 d3 b4 c4 d4"},
		{"closed in two directions", `
			. W . . . .
			. B . . . .
			. . . . . .
			. B . . . .
			. W . . . .
			. . . . . .`, othello.White, "b3", "b2 b4"},
		{"closed both ways along one line", `
			W B . B B W
			. . . . . .
			. . . . . .
			. . . . . .`, othello.White, "c1", "b1 d1 e1"},
		{"line reaches the edge unclosed", `
			. W W W
			. . . .
			. . . .
			. . . .`, othello.Black, "a1", ""},
		{"line reaches the edge unclosed, down", `
			. . . .
			. W . .
			. W . .
			. W . .`, othello.Black, "b1", ""},
		{"closed by a disc on the last row", `
			. . . .
			. W . .
			. W . .
			. B . .`, othello.Black, "b1", "b2 b3"},
		{"move on the last column closes a line", `
			. . . .
			. . . .
			B W W .
			. . . .`, othello.Black, "d3", "b3 c3"},
		{"move on the last row closes a diagonal", `
			B . . .
			. W . .
			. . W .
			. . . .`, othello.Black, "d4", "b2 c3"},
		{"move in the corner closes a column", `
			. . . .
			. . . W
			. . . W
			. . . B`, othello.Black, "d1", "d2 d3"},
		{"longest line, 16 wide", `
			B W W W W W W W W W W W W W W .
			. . . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . . .`, othello.Black, "p1", "b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1 o1"},
		{"gap breaks the line", `
			B . W . . .
			. . . . . .
			. . . . . .
			. . . . . .`, othello.Black, "d1", ""},
		{"own disc next to it flips nothing", `
			. B B . . .
			. . . . . .
			. . . . . .
			. . . . . .`, othello.Black, "a1", ""},
		{"occupied square", `
			B W . .
			. . . .
			. . . .
			. . . .`, othello.Black, "b1", ""},
		{"empty is no player", `
			B W . .
			. . . .
			. . . .
			. . . .`, othello.Empty, "c1", ""},
		{"off the board", `
			B W . .
			. . . .
			. . . .
			. . . .`, othello.White, "e1", ""},
	})
}

func TestSimpleFlips(t *testing.T) {
	checkFlips(t, othello.Simple{}, []flipCase{
		{"every touching disc, nothing further", `
			W W W W W W
			W W W W W W
			W W . W W W
			W W W W W W
			W W W W W W
			W W W W W W`, othello.Black, "c3", "b2 c2 d2 b3 d3 b4 c4 d4"},
		{"own discs stay", `
			. . . . . .
			. B W B . .
			. W . W . .
			. B W B . .
			. . . . . .
			. . . . . .`, othello.Black, "c3", "c2 b3 d3 c4"},
		{"one touching disc is enough", `
			. . . .
			. W . .
			. . . .
			. . . .`, othello.Black, "a1", "b2"},
		{"corner touches three", `
			. W . .
			W W . .
			. . . .
			. . . .`, othello.Black, "a1", "b1 a2 b2"},
		{"last row and column", `
			. . . .
			. . . .
			. . W W
			. . W .`, othello.Black, "d4", "c3 d3 c4"},
		{"a disc two away is not touching", `
			W . . .
			. . . .
			. . . .
			. . . .`, othello.Black, "c3", ""},
		{"no line needed", `
			. . . .
			. W W .
			. . . .
			. . . .`, othello.Black, "d2", "c2"},
		{"touching only own discs", `
			B . . .
			. . . .
			. . . .
			. . . .`, othello.Black, "b2", ""},
		{"occupied square", `
			B W . .
			. . . .
			. . . .
			. . . .`, othello.Black, "a1", ""},
		{"off the board", `
			B W . .
			. . . .
			. . . .
			. . . .`, othello.Black, "a5", ""},
	})
}

func TestFlipsNilBoard(t *testing.T) {
	for _, r := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		if got := r.Flips(nil, othello.Square{}, othello.Black); !got.IsEmpty() {
			t.Errorf("%s: flips on a nil board: got %v, want nil", r.Name(), got)
		}
		if got := r.Flips(&othello.Board{}, othello.Square{}, othello.Black); !got.IsEmpty() {
			t.Errorf("%s: flips on a zero board: got %v, want nil", r.Name(), got)
		}
	}
}

func TestParseRules(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"full", "FULL"},
		{"simple", "SIMPLE"},
		{"SIMPLE", "SIMPLE"},
		{"Full", "FULL"},
	}
	for _, tt := range tests {
		r, err := othello.ParseRules(tt.in)
		if err != nil || r.Name() != tt.want {
			t.Errorf("ParseRules(%q): got %v, %v, want %s", tt.in, r, err, tt.want)
		}
	}
	for _, in := range []string{"", "standard", "fullx"} {
		_, err := othello.ParseRules(in)
		if !errors.Is(err, othello.ErrRules) {
			t.Errorf("ParseRules(%q): got error %v, want ErrRules", in, err)
		}
	}
}
