package player

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// TestStop checks that a search of an hour with no limit of depth
// returns once its Stop is closed, with the move of
// the last depth it told its Progress, that depth's principal variation
// starting with that move (and on 8x8 longer than it: the table holds
// the replies but for the last ply); on an 8x8 board, searched by package search,
// and on a 6x6 one, by alphaBeta.
func TestStop(t *testing.T) {
	for _, size := range []int{8, 6} {
		t.Run(fmt.Sprintf("%dx%d", size, size), func(t *testing.T) {
			setup, _ := othello.StandardSetup(othello.Full{}, size, size)
			g, _ := setup.NewGame()
			stop := make(chan struct{})
			var once sync.Once
			var mu sync.Mutex
			var told []Result
			c := CPU{Budget: time.Hour, Threads: 1, Pool: NewPool(1), Stop: stop, Progress: func(r Result) {
				mu.Lock()
				told = append(told, r)
				mu.Unlock()
				if r.Depth >= 3 {
					once.Do(func() { close(stop) })
				}
			}}
			r, err := c.Search(g.Position(), othello.MostDiscs)
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(told) < 3 {
				t.Fatalf("got %d depths told, want 3 at least", len(told))
			}
			for _, p := range told {
				if len(p.PV) == 0 || p.PV[0].Pass || p.PV[0].Square != p.Move {
					t.Errorf("depth %d: got PV %v, want it to start with %v", p.Depth, p.PV, p.Move)
				}
			}
			if r.Exact || r.Depth < 3 {
				t.Errorf("got depth %d, exact %v; want 3 or more, not exact", r.Depth, r.Exact)
			}
			if size == 8 && len(told[2].PV) < 2 {
				t.Errorf("depth 3: got PV %v, want 2 moves at least", told[2].PV)
			}
		})
	}
}
