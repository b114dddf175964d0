package othello_test

// This file checks the engine against the deliberately simple board of
// package reference, which shares no code with it, on random positions,
// games and game trees; FuzzEngine does on any game. The judge's tests
// check the console against the same board (console/reference_test.go).

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/testkit/reference"
	"github.com/othello-judge/judge/othello"
)

// toRef returns b as the reference draws it.
func toRef(b *othello.Board) reference.Board {
	var rb reference.Board
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		rb = append(rb, []byte(strings.ReplaceAll(line, " ", "")))
	}
	return rb
}

// refName returns the colour of the reference's player p.
func refName(p byte) othello.Color {
	if p == 'B' {
		return othello.Black
	}
	return othello.White
}

// randomBoard returns a board of a random valid size with each square
// filled at random, the share of empty squares itself random.
func randomBoard(rng *rand.Rand) *othello.Board {
	rows, cols := 4+2*rng.Intn(7), 4+2*rng.Intn(7)
	b, _ := othello.NewBoard(rows, cols)
	empty := rng.Float64()
	for r := range rows {
		for c := range cols {
			if rng.Float64() >= empty {
				b.Set(othello.Square{Row: r, Col: c}, othello.Color(1+rng.Intn(2)))
			}
		}
	}
	return b
}

func TestEngineMatchesReferenceOnRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		full := rules.Name() == "FULL"
		for i := range 500 {
			b := randomBoard(rng)
			rb := toRef(b)
			for _, p := range []byte{'B', 'W'} {
				pos, err := othello.NewPosition(rules, b, refName(p))
				if err != nil {
					t.Fatal(err)
				}
				want := map[int]string{}
				for r := range b.Rows() {
					for c := range b.Cols() {
						if f := rb.Flips(full, r, c, p); len(f) > 0 {
							want[r*100+c] = refNames(f)
						}
					}
				}
				got := map[int]string{}
				for _, m := range pos.Moves() {
					var f []int
					for _, s := range m.Flips.Squares() {
						f = append(f, s.Row*100+s.Col)
					}
					got[m.Square.Row*100+m.Square.Col] = refNames(f)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s position %d, %c to move:\n%vgot moves %v\nwant %v", rules.Name(), i, p, b, got, want)
				}
				over := !rb.CanMove(full, p) && !rb.CanMove(full, reference.Opponent(p))
				if !pos.Legal().IsEmpty() != (len(want) > 0) || pos.Over() != over {
					t.Fatalf("%s position %d, %c to move:\n%vgot has moves %v, over %v; want %v, %v",
						rules.Name(), i, p, b, !pos.Legal().IsEmpty(), pos.Over(), len(want) > 0, over)
				}
			}
		}
	}
}

// refNames returns squares given as row*100+col in algebraic notation,
// sorted, so that two lists can be compared.
func refNames(squares []int) string {
	var names []string
	for _, s := range squares {
		names = append(names, othello.Square{Row: s / 100, Col: s % 100}.String())
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

func TestEngineMatchesReferenceOnRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	passes := 0
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		full := rules.Name() == "FULL"
		for i := range 200 {
			var b *othello.Board
			if i%2 == 0 {
				b, _ = othello.NewStartBoard(4+2*rng.Intn(7), 4+2*rng.Intn(7))
			} else {
				b = randomBoard(rng)
			}
			first := byte("BW"[rng.Intn(2)])
			win := othello.WinRule(1 + rng.Intn(2))
			g, err := (othello.Setup{Rules: rules, Board: *b, First: refName(first), Win: win}).NewGame()
			if err != nil {
				t.Fatal(err)
			}
			rb, p := toRef(b), first
			for {
				if !rb.CanMove(full, p) {
					p = reference.Opponent(p)
					if !rb.CanMove(full, p) {
						break
					}
					passes++
				}
				if g.Over() || g.Turn() != refName(p) {
					t.Fatalf("%s game %d: got over %v, turn %v; want %c to move on\n%v", rules.Name(), i, g.Over(), g.Turn(), p, g.Board())
				}
				moves := g.Moves()
				m := moves[rng.Intn(len(moves))]
				flips, err := g.Play(m.Square)
				want := rb.Play(full, m.Square.Row, m.Square.Col, p)
				var got []int
				for _, s := range flips.Squares() {
					got = append(got, s.Row*100+s.Col)
				}
				if err != nil || refNames(got) != refNames(want) {
					t.Fatalf("%s game %d: %c plays %v: got flips %v, error %v, want %v", rules.Name(), i, p, m.Square, refNames(got), err, refNames(want))
				}
				p = reference.Opponent(p)
			}
			black, white := rb.Count('B'), rb.Count('W')
			wantWinner := othello.Empty
			if black != white {
				wantWinner = othello.White
				if (black > white) == (win == othello.MostDiscs) {
					wantWinner = othello.Black
				}
			}
			if gb, gw := g.Score(); !g.Over() || gb != black || gw != white || g.Winner() != wantWinner {
				t.Fatalf("%s game %d: got over %v, B %d W %d, winner %v; want over, B %d W %d, winner %v",
					rules.Name(), i, g.Over(), gb, gw, g.Winner(), black, white, wantWinner)
			}
		}
	}
	if passes == 0 {
		t.Errorf("no random game had a pass: the test does not cover passing")
	}
}

// refPerft counts the leaves of the game tree from board b, p to move,
// depth plies down, square by square: a forced pass is a ply, and a game
// that ends early is one leaf.
func refPerft(b reference.Board, full bool, p byte, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if !b.CanMove(full, p) {
		if !b.CanMove(full, reference.Opponent(p)) {
			return 1
		}
		return refPerft(b, full, reference.Opponent(p), depth-1)
	}
	var n uint64
	for r := range b {
		for c := range b[r] {
			if len(b.Flips(full, r, c, p)) == 0 {
				continue
			}
			child := b.Clone()
			child.Play(full, r, c, p)
			n += refPerft(child, full, reference.Opponent(p), depth-1)
		}
	}
	return n
}

// TestPerftMatchesReference counts game trees with Perft and with the
// reference: from the start of boards of many sizes, both rule sets, and
// from random boards, where passes and ends come at once.
func TestPerftMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var boards []*othello.Board
	for _, size := range [][2]int{{4, 4}, {4, 6}, {6, 4}, {6, 6}, {8, 8}, {4, 16}, {10, 8}, {16, 16}} {
		b, _ := othello.NewStartBoard(size[0], size[1])
		boards = append(boards, b)
	}
	for range 20 {
		boards = append(boards, randomBoard(rng))
	}
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		full := rules.Name() == "FULL"
		for i, b := range boards {
			p, err := othello.NewPosition(rules, b, othello.Black)
			if err != nil {
				t.Fatal(err)
			}
			depth := 4
			if b.Rows()*b.Cols() > 64 || !full {
				depth = 3
			}
			if got, want := p.Perft(depth), refPerft(toRef(b), full, 'B', depth); got != want {
				t.Errorf("%s board %d:\n%vperft %d: got %d, want %d", rules.Name(), i, b, depth, got, want)
			}
		}
	}
}

// TestBits8MatchesReference checks Moves8 and Flips8, the 8x8 functions
// that package search calls directly, on random 8x8 boards.
func TestBits8MatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for i := range 3000 {
		var mine, theirs uint64
		rb := make(reference.Board, 8)
		empty := rng.Float64()
		for r := range 8 {
			rb[r] = []byte("........")
			for c := range 8 {
				switch {
				case rng.Float64() < empty:
				case rng.Intn(2) == 0:
					rb[r][c], mine = 'B', mine|1<<(r*8+c)
				default:
					rb[r][c], theirs = 'W', theirs|1<<(r*8+c)
				}
			}
		}
		var wantMoves uint64
		for r := range 8 {
			for c := range 8 {
				want := rb.Flips(true, r, c, 'B')
				var wantFlips uint64
				for _, s := range want {
					wantFlips |= 1 << (s/100*8 + s%100)
				}
				if len(want) > 0 {
					wantMoves |= 1 << (r*8 + c)
				}
				if rb[r][c] != '.' {
					continue
				}
				if got := othello.Flips8(mine, theirs, r*8+c); got != wantFlips {
					t.Fatalf("board %d: Flips8(%#x, %#x, %d) = %#x, want %#x", i, mine, theirs, r*8+c, got, wantFlips)
				}
			}
		}
		if got := othello.Moves8(mine, theirs); got != wantMoves {
			t.Fatalf("board %d: Moves8(%#x, %#x) = %#x, want %#x", i, mine, theirs, got, wantMoves)
		}
	}
}
