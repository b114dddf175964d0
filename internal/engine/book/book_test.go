package book

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// TestSymmetry checks each of the 8 symmetries square by square against
// its definition, and that they are 8 different ones.
func TestSymmetry(t *testing.T) {
	image := func(row, col, i int) (int, int) {
		if i&1 != 0 {
			col = 7 - col
		}
		if i&2 != 0 {
			row = 7 - row
		}
		if i&4 != 0 {
			row, col = col, row
		}
		return row, col
	}
	seen := make(map[uint64]int)
	for i := range 8 {
		for sq := range 64 {
			r, c := image(sq/8, sq%8, i)
			if got, want := symmetry(1<<sq, i), uint64(1)<<(r*8+c); got != want {
				t.Fatalf("symmetry %d of square %d: got %#x, want %#x", i, sq, got, want)
			}
		}
		x := uint64(1)<<1 | 1<<10 | 1<<20 // no symmetry keeps it
		if j, ok := seen[symmetry(x, i)]; ok {
			t.Errorf("symmetries %d and %d are the same", j, i)
		}
		seen[symmetry(x, i)] = i
	}
}

// TestKeySymmetric checks that the positions of a random game have the
// same key in each of their 8 images.
func TestKeySymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	mine, theirs := start()
	for ply := 0; ; ply++ {
		k := keyOf(mine, theirs)
		for i := range 8 {
			if got := keyOf(symmetry(mine, i), symmetry(theirs, i)); got != k {
				t.Fatalf("ply %d, symmetry %d: got key %v, want %v", ply, i, got, k)
			}
		}
		moves := othello.Moves8(mine, theirs)
		if moves == 0 {
			break
		}
		var choice int
		for n := rng.IntN(bits.OnesCount64(moves)); n >= 0; n-- {
			choice = bits.TrailingZeros64(moves)
			moves &= moves - 1
		}
		m, th, _ := play(mine, theirs, choice)
		mine, theirs, _ = next(m, th)
		if othello.Moves8(mine, theirs) == 0 {
			break
		}
	}
}

// games plays move lists from the standard start.
func games(t *testing.T, lists ...string) [][]othello.Square {
	t.Helper()
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	var out [][]othello.Square
	for _, l := range lists {
		r, err := record.ParseMoveList(l, setup)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r.Moves)
	}
	return out
}

// Three games of WTHOR 2000 (28-36, 38-26 and 55-9, for White, Black
// and White again): the first two play the same first 19 moves, the
// third only the first.
const (
	game1 = "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2e1c1c2f7a6a5a4b4g1b3a3b2c8d8c7c6a1b8e8g8a8f8h8f1b1a2g7a7b7h7"
	game2 = "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3f7h7g3c5e2d2c6e1b5h2f2f1b4f8g7c8d8b3c2a4a5b1a3h8g8e8g2b6c7b2a1a2c1d1g1h1b8a8b7a6a7"
	game3 = "f5d6c4d3c5f4d7f6d2c2e2c3b4b5c6b6e6e7a5a3b3c8d8e8a6e3f3c7f2d1g4e1f1g5h5g6g3h6c1a4a2h4f7h3f8g8g2h1b7b8h2g1a7a8h7b1b2a1h8g7"
)

// turned returns the move list with every square turned by the symmetry
// of the start that takes f5 to d3: (row, col) to (7-col, 7-row).
func turned(list string) string {
	var sb strings.Builder
	for i := 0; i < len(list); i += 2 {
		col, row := int(list[i]-'a'), int(list[i+1]-'1')
		sb.WriteString(othello.Square{Row: 7 - col, Col: 7 - row}.String())
	}
	return sb.String()
}

// TestBuilder builds a book of the positions of the first 6 moves that
// 2 games reached, from the three games and the first turned to start
// with d3, and checks it line by line, in whichever order the games come.
func TestBuilder(t *testing.T) {
	all := games(t, game1, game2, game3, turned(game1))
	build := func(order ...int) string {
		b := NewBuilder(6)
		for _, i := range order {
			if err := b.Add(all[i]); err != nil {
				t.Fatal(err)
			}
		}
		return b.Book(2).Format()
	}
	// f5: 4 games, margins for White 8, -12, 46 and 8: 12.5 on average.
	// Then 3 games, -8, 12 and -8 for Black, -1.3 for the player to move
	// after Black's moves and 1.3 after White's.
	want := `f5 4 +12.5
f5f6 3 -1.3
f5f6e6 3 +1.3
f5f6e6f4 3 -1.3
f5f6e6f4g5 3 +1.3
f5f6e6f4g5d6 3 -1.3
`
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}} {
		if got := build(order...); got != want {
			t.Errorf("games in the order %v: got\n%s\nwant\n%s", order, got, want)
		}
	}
}

// TestBuilderRefuses checks the games a Builder does not count.
func TestBuilderRefuses(t *testing.T) {
	full := games(t, game1)[0]
	tests := []struct {
		name  string
		moves []othello.Square
		want  error
	}{
		{"unfinished", full[:59], ErrUnfinished},
		{"illegal", append([]othello.Square{{Row: 0, Col: 0}}, full...), ErrIllegal},
		{"off the board", []othello.Square{{Row: 8, Col: 0}}, ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuilder(10)
			if err := b.Add(tt.moves); !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			if n := b.Book(1).Len(); n != 0 {
				t.Errorf("got %d positions counted, want 0", n)
			}
		})
	}
}
