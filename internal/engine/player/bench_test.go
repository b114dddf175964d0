package player

import (
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// BenchmarkSearch measures a CPU searching 5 plies deep from an 8x8
// position six moves into a game, under each rule set: move generation,
// ordering and evaluation together.
func BenchmarkSearch(b *testing.B) {
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		b.Run(rules.Name(), func(b *testing.B) {
			board, _ := othello.NewStartBoard(8, 8)
			p, _ := othello.NewPosition(rules, board, othello.Black)
			for range 6 {
				if _, err := p.Play(p.Moves()[0].Square); err != nil {
					b.Fatal(err)
				}
			}
			cpu := CPU{Depth: 5, Endgame: 5, Budget: time.Hour}
			b.ReportAllocs()
			var nodes int64
			for range b.N {
				r, err := cpu.Search(p, othello.MostDiscs)
				if err != nil {
					b.Fatal(err)
				}
				nodes = r.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}
