package othello_test

import (
	"fmt"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// sizes are the boards the benchmarks play on: 8x8, on one uint64 a
// colour, and 16x16, the largest.
var sizes = []int{8, 16}

// midgame returns the position after 20 plies from the standard start
// of an n x n board, each the middle legal move.
func midgame(b *testing.B, rules othello.Rules, n int) *othello.Position {
	board, _ := othello.NewStartBoard(n, n)
	g, _ := (othello.Setup{Rules: rules, Board: *board, First: othello.Black, Win: othello.MostDiscs}).NewGame()
	for range 20 {
		moves := g.Legal().Squares()
		if _, err := g.Play(moves[len(moves)/2]); err != nil {
			b.Fatal(err)
		}
	}
	return g.Position()
}

func BenchmarkLegal(b *testing.B) {
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		for _, n := range sizes {
			p := midgame(b, rules, n)
			b.Run(fmt.Sprintf("%s/%dx%d", rules.Name(), n, n), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					p.Legal()
				}
			})
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		for _, n := range sizes {
			p := midgame(b, rules, n)
			moves := p.Legal().Squares()
			var q othello.Position
			b.Run(fmt.Sprintf("%s/%dx%d", rules.Name(), n, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := range b.N {
					q = *p
					if _, err := q.Play(moves[i%len(moves)]); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkGame plays a whole game from the standard start, each move the
// first legal one, through Game as the judge does.
func BenchmarkGame(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				board, _ := othello.NewStartBoard(n, n)
				g, _ := (othello.Setup{Rules: othello.Full{}, Board: *board, First: othello.Black, Win: othello.MostDiscs}).NewGame()
				for !g.Over() {
					if _, err := g.Play(g.Legal().Squares()[0]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
