package player

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// A fakeClock is a clock that moves on step each time it is read, and by
// as much as a test says with advance; its timers fire as it passes
// them. No test that uses it times anything real.
type fakeClock struct {
	mu     sync.Mutex
	t      time.Time
	step   time.Duration
	timers []fakeTimer
	set    chan struct{} // if not nil, told of each timer set
}

// A fakeTimer fires at at, on c.
type fakeTimer struct {
	at time.Time
	c  chan time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(c.step)
	c.fire()
	return c.t
}

// advance moves the clock on by d.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	c.fire()
}

func (c *fakeClock) after(d time.Duration) (<-chan time.Time, func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := fakeTimer{at: c.t.Add(d), c: make(chan time.Time, 1)}
	c.timers = append(c.timers, t)
	c.fire()
	if c.set != nil {
		c.set <- struct{}{}
	}
	stop := func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for i, u := range c.timers {
			if u.c == t.c {
				c.timers = append(c.timers[:i], c.timers[i+1:]...)
				return true
			}
		}
		return false
	}
	return t.c, stop
}

// fire sends the time to the timers whose time has come, and forgets
// them. The lock must be held.
func (c *fakeClock) fire() {
	kept := c.timers[:0]
	for _, t := range c.timers {
		if t.at.After(c.t) {
			kept = append(kept, t)
			continue
		}
		t.c <- c.t
	}
	c.timers = kept
}

// TestSearchKeepsItsBudget runs searches on a clock that moves on 10µs
// each time it is read: each must end within its budget by that clock,
// and still return a legal move.
func TestSearchKeepsItsBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2))
	for _, budget := range []time.Duration{100 * time.Microsecond, time.Millisecond, 10 * time.Millisecond} {
		for _, size := range [][2]int{{8, 8}, {16, 16}, {4, 16}} {
			t.Run(fmt.Sprintf("%v/%dx%d", budget, size[0], size[1]), func(t *testing.T) {
				cpu := CPU{Budget: budget, clock: &fakeClock{step: 10 * time.Microsecond}}
				p := randomEnding(rng, othello.Full{}, size[0], size[1], size[0]*size[1]-12)
				if p.Legal().IsEmpty() {
					t.Skip("no move")
				}
				r, err := cpu.Search(p, othello.MostDiscs)
				if err != nil {
					t.Fatal(err)
				}
				if r.Time > budget {
					t.Errorf("got %v, want at most the budget, %v", r.Time, budget)
				}
				if !p.Legal().Has(r.Move) {
					t.Errorf("got move %v, want one of %v", r.Move, p.Legal())
				}
			})
		}
	}
}

// TestSearchReturnsAtItsBudget runs searches that would go on for hours
// on a clock that stands still until the test moves it on by the budget:
// Search must then return at once (its first ply, which is never cut
// short, is quickly searched), at the budget by that clock, with a legal
// move, however far the search has got and whatever its threads are
// doing.
func TestSearchReturnsAtItsBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 4))
	for _, size := range [][2]int{{8, 8}, {16, 16}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			clock := &fakeClock{set: make(chan struct{}, 1)}
			cpu := CPU{Budget: time.Hour, clock: clock}
			p := randomEnding(rng, othello.Full{}, size[0], size[1], size[0]*size[1]-8)
			if p.Legal().Len() < 2 {
				t.Skip("nothing to search")
			}
			results := make(chan Result)
			go func() {
				r, err := cpu.Search(p, othello.MostDiscs)
				if err != nil {
					t.Error(err)
				}
				results <- r
			}()
			<-clock.set // the budget's timer: the search is under way
			clock.advance(time.Hour)
			r := <-results
			if r.Time != time.Hour {
				t.Errorf("got %v, want the budget, %v", r.Time, time.Hour)
			}
			if !p.Legal().Has(r.Move) {
				t.Errorf("got move %v, want one of %v", r.Move, p.Legal())
			}
		})
	}
}
