package othello_test

import (
	"errors"
	"math"
	"testing"

	"github.com/othello-judge/judge/othello"
)

func TestNewBoardSizes(t *testing.T) {
	for rows := -2; rows <= 18; rows++ {
		for _, cols := range []int{4, 10, 16} {
			b, err := othello.NewBoard(rows, cols)
			valid := rows >= 4 && rows <= 16 && rows%2 == 0
			if valid && (err != nil || b.Rows() != rows || b.Cols() != cols || b.Count(othello.Empty) != rows*cols) {
				t.Errorf("NewBoard(%d, %d): got %v rows, %v cols, error %v; want an empty board", rows, cols, b.Rows(), b.Cols(), err)
			}
			if !valid && !errors.Is(err, othello.ErrSize) {
				t.Errorf("NewBoard(%d, %d): got error %v, want ErrSize", rows, cols, err)
			}
			// The same size the other way round.
			if _, err := othello.NewBoard(cols, rows); valid != (err == nil) {
				t.Errorf("NewBoard(%d, %d): got error %v, want valid %v", cols, rows, err, valid)
			}
		}
	}
	var ve *othello.ValueError
	if _, err := othello.NewBoard(5, 4); !errors.As(err, &ve) || ve.Value != "5x4" {
		t.Errorf("NewBoard(5, 4): got %#v, want a *ValueError for 5x4", err)
	}
}

func TestNewStartBoard(t *testing.T) {
	tests := []struct {
		rows, cols int
		want       string
	}{
		{4, 4, ". . . .\n. W B .\n. B W .\n. . . .\n"},
		{4, 6, ". . . . . .\n. . W B . .\n. . B W . .\n. . . . . .\n"},
		{6, 4, ". . . .\n. . . .\n. W B .\n. B W .\n. . . .\n. . . .\n"},
	}
	for _, tt := range tests {
		b, err := othello.NewStartBoard(tt.rows, tt.cols)
		if err != nil || b.String() != tt.want {
			t.Errorf("NewStartBoard(%d, %d): got\n%v(error %v), want\n%s", tt.rows, tt.cols, b, err, tt.want)
		}
	}
	if _, err := othello.NewStartBoard(4, 3); !errors.Is(err, othello.ErrSize) {
		t.Errorf("NewStartBoard(4, 3): got error %v, want ErrSize", err)
	}
}

func TestParseBoard(t *testing.T) {
	tests := []struct {
		name string
		text string
		want error // nil when the board must parse and print back as text
	}{
		{"4x4", ". . . .\n. B W .\n. W B .\n. . . .\n", nil},
		{"4x6", "B B B B B B\nW W W W W W\n. . . . . .\nB W . B W .\n", nil},
		{"blanks and tabs", " .\t. . .\n. B  W .\n. W B . \n. . . .", nil},
		{"empty", "", othello.ErrSize},
		{"odd rows", ". . . .\n. . . .\n. . . .\n", othello.ErrSize},
		{"too wide", ". . . . . . . . . . . . . . . . . .\n", othello.ErrSize},
		{"ragged", ". . . .\n. . .\n. . . .\n. . . .\n", othello.ErrShape},
		{"bad cell", ". . . .\n. x . .\n. . . .\n. . . .\n", othello.ErrCell},
		{"lower case", ". . . .\n. b . .\n. . . .\n. . . .\n", othello.ErrCell},
		{"joined cells", ". . . .\n....\n. . . .\n. . . .\n", othello.ErrShape},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := othello.ParseBoard(tt.text)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got error %v, want %v", err, tt.want)
			}
			if err != nil {
				return
			}
			again, err := othello.ParseBoard(b.String())
			if err != nil || !again.Equal(b) {
				t.Errorf("String does not parse back: got %v (error %v), want\n%v", again, err, b)
			}
		})
	}
}

func TestBoardAtSet(t *testing.T) {
	b, _ := othello.NewBoard(4, 6)
	if err := b.Set(othello.Square{Row: 3, Col: 5}, othello.White); err != nil {
		t.Fatal(err)
	}
	if c, err := b.At(othello.Square{Row: 3, Col: 5}); c != othello.White || err != nil {
		t.Errorf("At(f4): got %v, %v, want W", c, err)
	}
	if got := b.Count(othello.White); got != 1 {
		t.Errorf("Count(W): got %d, want 1", got)
	}
	for _, s := range []othello.Square{{Row: -1}, {Col: -1}, {Row: 4}, {Col: 6}, {Row: 1 << 40, Col: 1 << 40}} {
		if _, err := b.At(s); !errors.Is(err, othello.ErrOffBoard) {
			t.Errorf("At(%v): got error %v, want ErrOffBoard", s, err)
		}
		var me *othello.MoveError
		if err := b.Set(s, othello.Black); !errors.As(err, &me) || me.Square != s || !errors.Is(err, othello.ErrOffBoard) {
			t.Errorf("Set(%v): got error %v, want a *MoveError for it wrapping ErrOffBoard", s, err)
		}
	}
	if err := b.Set(othello.Square{}, othello.Color(3)); !errors.Is(err, othello.ErrColor) {
		t.Errorf("Set of Color(3): got error %v, want ErrColor", err)
	}
	clone := b.Clone()
	clone.Set(othello.Square{}, othello.Black)
	if c, _ := b.At(othello.Square{}); c != othello.Empty {
		t.Errorf("setting a clone changed the original: got %v at a1, want .", c)
	}
}

func TestNilBoard(t *testing.T) {
	var b *othello.Board
	if b.Rows() != 0 || b.Cols() != 0 || b.Count(othello.Empty) != 0 || b.String() != "" || b.Clone() != nil {
		t.Errorf("nil board: got %d rows, %d cols, %q, want none", b.Rows(), b.Cols(), b.String())
	}
	if _, err := b.At(othello.Square{}); !errors.Is(err, othello.ErrOffBoard) {
		t.Errorf("At on a nil board: got %v, want ErrOffBoard", err)
	}
	if err := b.Set(othello.Square{}, othello.Black); !errors.Is(err, othello.ErrOffBoard) {
		t.Errorf("Set on a nil board: got %v, want ErrOffBoard", err)
	}
}

func TestParseColorCell(t *testing.T) {
	tests := []struct {
		in         string
		color      othello.Color
		colorErr   error
		cellErr    error
		wantString string
	}{
		{"B", othello.Black, nil, nil, "B"},
		{"W", othello.White, nil, nil, "W"},
		{".", othello.Empty, othello.ErrColor, nil, "."},
		{"b", othello.Empty, othello.ErrColor, othello.ErrCell, "."},
		{"", othello.Empty, othello.ErrColor, othello.ErrCell, "."},
		{"BW", othello.Empty, othello.ErrColor, othello.ErrCell, "."},
	}
	for _, tt := range tests {
		c, err := othello.ParseColor(tt.in)
		if !errors.Is(err, tt.colorErr) || (err == nil && c != tt.color) {
			t.Errorf("ParseColor(%q): got %v, %v, want %v, %v", tt.in, c, err, tt.color, tt.colorErr)
		}
		c, err = othello.ParseCell(tt.in)
		if !errors.Is(err, tt.cellErr) || c.String() != tt.wantString {
			t.Errorf("ParseCell(%q): got %v, %v, want %s, %v", tt.in, c, err, tt.wantString, tt.cellErr)
		}
	}
	if got := othello.Color(9).String(); got != "Color(9)" {
		t.Errorf("Color(9).String(): got %q, want %q", got, "Color(9)")
	}
	for c, want := range map[othello.Color]othello.Color{othello.Black: othello.White, othello.White: othello.Black, othello.Empty: othello.Empty} {
		if got := c.Opponent(); got != want {
			t.Errorf("%v.Opponent(): got %v, want %v", c, got, want)
		}
	}
}

func TestSquareString(t *testing.T) {
	tests := []struct {
		s    othello.Square
		want string
	}{
		{othello.Square{Row: 0, Col: 0}, "a1"},
		{othello.Square{Row: 2, Col: 3}, "d3"},
		{othello.Square{Row: 15, Col: 15}, "p16"},
		{othello.Square{Row: -1, Col: 2}, "(-1,2)"},
		{othello.Square{Row: 0, Col: 26}, "(0,26)"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%#v.String(): got %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestParseSquare checks that ParseSquare reads what Square.String writes
// for every square of the largest board, and the other ways of writing a
// square that it takes or refuses.
func TestParseSquare(t *testing.T) {
	for row := range othello.MaxSize {
		for col := range othello.MaxSize {
			s := othello.Square{Row: row, Col: col}
			if got, err := othello.ParseSquare(s.String()); err != nil || got != s {
				t.Errorf("ParseSquare(%q): got %v, %v; want %v", s.String(), got, err, s)
			}
		}
	}
	tests := []struct {
		text string
		want othello.Square
		err  error
	}{
		{"F5", othello.Square{Row: 4, Col: 5}, nil},
		{"p16", othello.Square{Row: 15, Col: 15}, nil},
		{"d03", othello.Square{Row: 2, Col: 3}, nil},
		{"z99", othello.Square{Row: 98, Col: 25}, nil}, // off any board, but a square
		{"a0", othello.Square{Row: -1, Col: 0}, nil},
		{"a99999999999999999999", othello.Square{Row: math.MaxInt - 1, Col: 0}, nil},
		{"", othello.Square{}, othello.ErrSquare},
		{"d", othello.Square{}, othello.ErrSquare},
		{"3d", othello.Square{}, othello.ErrSquare},
		{"d3 ", othello.Square{}, othello.ErrSquare},
		{"d-3", othello.Square{}, othello.ErrSquare},
		{"pa", othello.Square{}, othello.ErrSquare},
	}
	for _, tt := range tests {
		got, err := othello.ParseSquare(tt.text)
		if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("ParseSquare(%q): got %v, %v; want %v, %v", tt.text, got, err, tt.want, tt.err)
		}
	}
}
