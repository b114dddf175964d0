package player

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		want string // the Name of the player, or "" for an error
	}{
		{"cpu", "cpu"},
		{"CPU", "cpu"},
		{"cpu:1", "cpu:1"},
		{"cpu:12", "cpu:12"},
		{"Greedy", "greedy"},
		{"random", "random"},
		{"cpu:0", ""},
		{"cpu:-3", ""},
		{"cpu:", ""},
		{"cpu:x", ""},
		{"cpu4", ""},
		{"human", ""},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.name, time.Second, nil)
			if tt.want == "" {
				if !errors.Is(err, ErrName) || !strings.HasSuffix(err.Error(), fmt.Sprintf("got %q", tt.name)) {
					t.Errorf("got %v, %v; want an error wrapping ErrName that quotes the name", p, err)
				}
				return
			}
			if err != nil || p.Name() != tt.want {
				t.Errorf("got %v, %v; want %s", p, err, tt.want)
			}
		})
	}
	if p, _ := Parse("cpu:7", 3*time.Second, nil); p.(CPU).Depth != 7 || p.(CPU).Budget != 3*time.Second {
		t.Errorf("cpu:7 with 3s: got %+v, want depth 7, budget 3s", p)
	}
}

func TestGreedy(t *testing.T) {
	// Black's moves: a1 flips 2, d4 flips 1, a4 flips 1.
	b, err := othello.ParseBoard(`
		. W B .
		W W . .
		B . W .
		. W B .`[1:])
	if err != nil {
		t.Fatal(err)
	}
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	for seed := range uint64(20) {
		s, err := Greedy{Rand: rand.New(rand.NewPCG(seed, 0))}.Move(p, othello.FewestDiscs)
		if err != nil || s.String() != "a1" {
			t.Fatalf("got %v, %v; want a1", s, err)
		}
	}
}

func TestRandom(t *testing.T) {
	b, _ := othello.NewStartBoard(8, 8)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	seen := map[othello.Square]int{}
	rng := rand.New(rand.NewPCG(6, 6))
	for range 400 {
		s, err := Random{Rand: rng}.Move(p, othello.MostDiscs)
		if err != nil || !p.Legal().Has(s) {
			t.Fatalf("got %v, %v; want one of %v", s, err, p.Legal())
		}
		seen[s]++
	}
	if len(seen) != p.Legal().Len() {
		t.Errorf("in 400 moves: got %v, want each of %v", seen, p.Legal())
	}
}

func TestNameErrorText(t *testing.T) {
	_, err := Parse("Bob", 0, nil)
	if got, want := err.Error(), `player: must be cpu, cpu:DEPTH (DEPTH from 1), greedy or random, got "Bob"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestResultDiscs(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		want float64
	}{
		{"exact", Result{Exact: true, Score: -6, Depth: 12}, -6},
		{"exact win", Result{Exact: true, Score: 40}, 40},
		{"a win proved", Result{Score: Won + 300, Depth: 9}, 3},
		{"a loss proved", Result{Score: -Won - 200, Depth: 9}, -2},
		{"an estimate", Result{Score: 250, Depth: 4}, 2.5},
		{"a small estimate", Result{Score: -75, Depth: 1}, -0.75},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Discs(); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
