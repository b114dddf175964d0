package search_test

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/engine/train"
	"github.com/othello-judge/judge/othello"
)

func TestExactRoundTrip(t *testing.T) {
	start := train.Position{P: 0x0000000810000000, O: 0x0000001008000000, Black: true}
	white := train.Position{P: 0x00000000000000ff, O: 0xff00000000000000, Black: false}
	tests := []struct {
		name string
		seed uint64
		xs   []exactPosition
	}{
		{"none", 1, nil},
		{"black to move", 7, []exactPosition{{start, 0, "wthor"}}},
		{"white to move", 1, []exactPosition{{white, -64, "selfplay"}}},
		{"both", 1 << 40, []exactPosition{{start, 12, "selfplay"}, {white, 64, "wthor"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := formatExact(tc.seed, tc.xs)
			seed, xs, err := parseExact(text)
			if err != nil {
				t.Fatalf("parseExact: %v\n%s", err, text)
			}
			if seed != tc.seed {
				t.Errorf("seed: got %d, want %d", seed, tc.seed)
			}
			if !slices.Equal(xs, tc.xs) {
				t.Errorf("positions: got %v, want %v", xs, tc.xs)
			}
		})
	}
}

func TestParseExactErrors(t *testing.T) {
	board := strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27)
	tests := []struct {
		name, text, want string
	}{
		{"no seed", board + " X 0 wthor\n", "no line seed N"},
		{"two seeds", "seed 1\nseed 2\n", "line 2: want one line seed N"},
		{"bad seed", "seed x\n", "line 1: seed"},
		{"fields", "seed 1\n" + board + " X 0\n", "line 2: want board, side, score and source, got 3 fields"},
		{"short board", "seed 1\n" + board[1:] + " X 0 wthor\n", "line 2: board of 63 squares, want 64"},
		{"square", "seed 1\n" + "x" + board[1:] + " X 0 wthor\n", "line 2: square 'x', want X, O or -"},
		{"side", "seed 1\n" + board + " B 0 wthor\n", `line 2: side to move "B", want X or O`},
		{"score", "seed 1\n" + board + " X 65 wthor\n", `line 2: score "65", want -64 to 64`},
		{"source", "seed 1\n" + board + " X 0 ffo\n", `line 2: source "ffo", want wthor or selfplay`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := parseExact(tc.text)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s", err, tc.want)
			}
		})
	}
}

// TestExactFile checks every position of the cache of make evalerror:
// each line parses, and its position has 20 to 30 empty squares, no
// disc on two sides, and a move for the player to move.
func TestExactFile(t *testing.T) {
	_, xs, err := readExact()
	if err != nil {
		t.Fatal(err)
	}
	if len(xs) == 0 {
		t.Fatalf("%s: no positions", exactFile)
	}
	for i, x := range xs {
		if e := x.Empties(); e < 20 || e > 30 {
			t.Errorf("position %d: got %d empties, want 20 to 30", i+1, e)
		}
		if x.P&x.O != 0 {
			t.Errorf("position %d: got discs of both sides on %x", i+1, x.P&x.O)
		}
		if othello.Moves8(x.P, x.O) == 0 {
			t.Errorf("position %d: got no move for the player to move", i+1)
		}
	}
}

// TestCanonical checks that every image of a position under the board's
// 8 symmetries has the same canonical form, and that an asymmetric
// position has 8 images.
func TestCanonical(t *testing.T) {
	tests := []struct {
		name string
		p, o uint64
	}{
		{"start", 0x0000000810000000, 0x0000001008000000},
		{"corner and edge", 1 | 1<<9 | 1<<17, 1<<2 | 1<<40},
		{"asymmetric", 0x00000000000f0301, 0x0000000030000100 &^ 0x00000000000f0301},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := canonical(tc.p, tc.o)
			images := map[[2]uint64]bool{}
			p, o := tc.p, tc.o
			for range 4 { // the rotations by a quarter turn, and their mirror images
				p, o = bits.ReverseBytes64(transposeBits(p)), bits.ReverseBytes64(transposeBits(o))
				for _, x := range [][2]uint64{{p, o}, {bits.ReverseBytes64(p), bits.ReverseBytes64(o)}} {
					images[x] = true
					if got := canonical(x[0], x[1]); got != want {
						t.Errorf("canonical(%x, %x): got %x, want %x", x[0], x[1], got, want)
					}
				}
			}
			if tc.name == "asymmetric" && len(images) != 8 {
				t.Errorf("got %d images, want 8", len(images))
			}
		})
	}
}

// transposeBits returns b mirrored about the diagonal a1-h8, square by
// square: the test's own, not the book's.
func transposeBits(b uint64) uint64 {
	var out uint64
	for x := range 64 {
		if b&(1<<x) != 0 {
			out |= 1 << (x%8*8 + x/8)
		}
	}
	return out
}
