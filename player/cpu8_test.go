package player

import (
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// TestSolverPool checks that the pool lends each search a solver of its
// own, and that searches one after the other take the same one.
func TestSolverPool(t *testing.T) {
	p := newSolverPool(2)
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
// but one is lent to searches that do not end.
func TestSearch8WhileAnotherSearches(t *testing.T) {
	for range Searches8 - 1 {
		s := solvers8.get()
		defer solvers8.put(s)
	}
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	g, _ := setup.NewGame()
	done := make(chan Result, 1)
	go func() {
		c := CPU{Depth: 3, Budget: time.Hour, clock: &fakeClock{}}
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
}
