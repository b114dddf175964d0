package player

import (
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// TestSolverPool checks that the pool lends each search a solver of its
// own, and that searches one after the other take the same one.
func TestSolverPool(t *testing.T) {
	p := NewPool(2)
	a, b := p.get(), p.get()
	if a == b {
		t.Fatalf("got the same solver twice, want two")
	}
	p.put(a)
	p.put(b)
	if got := p.get(); got != b {
		t.Errorf("got another solver than the last given back")
	}
	p.put(b)
	if got := p.get(); got != b {
		t.Errorf("a search after another got another solver, want the same: its table")
	}
}

// TestSearch8WhileAnotherSearches checks that an 8x8 search does not
// wait for another to end (as othello serve's games search at once): it
// searches 3 plies deep on a clock that stands still, while every solver
// of its pool but one is lent to searches that do not end; a CPU with no
// pool of its own takes the default pool's.
func TestSearch8WhileAnotherSearches(t *testing.T) {
	for _, tt := range []struct {
		name string
		pool *Pool
	}{
		{"a pool of its own", NewPool(3)},
		{"the default pool", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := CPU{Depth: 3, Budget: time.Hour, Pool: tt.pool, clock: &fakeClock{}}
			pool := c.pool()
			for range cap(pool.inUse) - 1 {
				s := pool.get()
				defer pool.put(s)
			}
			setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
			g, _ := setup.NewGame()
			done := make(chan Result, 1)
			go func() {
				r, _ := c.Search(g.Position(), othello.MostDiscs)
				done <- r
			}()
			select {
			case r := <-done:
				if r.Depth != 3 {
					t.Errorf("got a search %d plies deep, want 3", r.Depth)
				}
			case <-time.After(time.Minute):
				t.Fatal("the search waited for a solver in use, want one of its own")
			}
		})
	}
}

// TestPoolIsTheCPUs checks that a CPU's 8x8 search takes its solver from
// its own pool, and gives it back: the pool's one solver comes back with
// the search's table in it.
func TestPoolIsTheCPUs(t *testing.T) {
	pool := NewPool(1)
	c := CPU{Depth: 2, Endgame: 2, Budget: NoLimit, Threads: 1, Pool: pool}
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	g, _ := setup.NewGame()
	if _, err := c.Search(g.Position(), othello.MostDiscs); err != nil {
		t.Fatal(err)
	}
	if len(pool.free) != 1 || len(pool.inUse) != 0 {
		t.Fatalf("got %d solvers free and %d lent, want 1 and 0", len(pool.free), len(pool.inUse))
	}
	if s := pool.get(); s.Threads != 1 {
		t.Errorf("the pool's solver searched on %d threads, want the CPU's 1", s.Threads)
	}
}

// TestPrepare checks that Prepare readies a solver of the CPU's pool for
// 8x8 under the full rules, and nothing for another board or rules.
func TestPrepare(t *testing.T) {
	for _, tt := range []struct {
		name       string
		rules      othello.Rules
		rows, cols int
		want       int // solvers made
	}{
		{"8x8 full", othello.Full{}, 8, 8, 1},
		{"8x8 simple", othello.Simple{}, 8, 8, 0},
		{"6x6 full", othello.Full{}, 6, 6, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := othello.NewStartBoard(tt.rows, tt.cols)
			p, err := othello.NewPosition(tt.rules, b, othello.Black)
			if err != nil {
				t.Fatal(err)
			}
			pool := NewPool(1)
			CPU{Pool: pool}.Prepare(p)
			if got := len(pool.free); got != tt.want {
				t.Errorf("solvers in the pool: got %d, want %d", got, tt.want)
			}
			if got := len(pool.inUse); got != 0 {
				t.Errorf("solvers lent: got %d, want 0", got)
			}
		})
	}
}
