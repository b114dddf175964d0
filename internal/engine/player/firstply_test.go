package player

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// onePly returns the CPU whose results the first ply of every search must
// give: a search one ply deep, never stopped, with a pool of its own.
func onePly() CPU {
	return CPU{Depth: 1, Endgame: 1, Budget: NoLimit, Threads: 1, Pool: NewPool(1)}
}

// firstPlyPositions returns n positions of random games from the start
// of a rows x cols board under rules, with empties empty squares, whose
// best move by a search of one ply (ref) is not their first legal move,
// so that a move never searched cannot pass for the searched one.
func firstPlyPositions(t *testing.T, rng *rand.Rand, ref CPU, rules othello.Rules, rows, cols, empties, n int) []*othello.Position {
	t.Helper()
	var found []*othello.Position
	for range 100 {
		b, _ := othello.NewStartBoard(rows, cols)
		p, _ := othello.NewPosition(rules, b, othello.Black)
		for p.Empties().Len() > empties && !p.Over() {
			legal := p.Legal().Squares()
			if len(legal) == 0 {
				p.Pass()
				continue
			}
			p.Play(legal[rng.IntN(len(legal))])
		}
		legal := p.Legal()
		first, _ := legal.Pop()
		if p.Over() || p.Legal().Len() < 2 {
			continue
		}
		r, err := ref.Search(p, othello.MostDiscs)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move != first {
			found = append(found, p)
		}
		if len(found) == n {
			return found
		}
	}
	t.Fatalf("found %d positions, want %d", len(found), n)
	return nil
}

// TestFirstPlyAlways checks that a search whose time is spent before it
// starts, or that is stopped before it starts, still searches every
// legal move one ply deep, and returns that search's move and score: on
// a clock on which every look finds the budget spent, with a budget of a
// nanosecond, and with Stop closed (with no limit of time, 8x8 is
// solved exactly, and Stop ends the solve); for Search, Analyze and ScoreMoves
// (othello review and solve -all; not with a nanosecond, as ScoreMoves
// gives each move a millisecond at least), on 8x8 under the full rules
// (package search) and on boards that alphaBeta searches.
func TestFirstPlyAlways(t *testing.T) {
	closed := make(chan struct{})
	close(closed)
	stops := []struct {
		name       string
		cpu        func() CPU
		scoreMoves bool // whether to check ScoreMoves
	}{
		{"budget spent", func() CPU { return CPU{Budget: time.Millisecond, clock: &fakeClock{step: time.Hour}} }, true},
		{"a nanosecond", func() CPU { return CPU{Budget: time.Nanosecond} }, false},
		{"stopped", func() CPU { return CPU{Budget: time.Hour, Stop: closed} }, true},
		{"stopped with no limit", func() CPU { return CPU{Budget: NoLimit, Stop: closed} }, true}, // 8x8: the solve stopped
	}
	boards := []struct {
		rules               othello.Rules
		rows, cols, empties int
	}{
		{othello.Full{}, 8, 8, 40},
		{othello.Simple{}, 8, 8, 40},
		{othello.Full{}, 10, 10, 70},
	}
	rng := rand.New(rand.NewPCG(38, 1))
	for _, bd := range boards {
		ref := onePly()
		positions := firstPlyPositions(t, rng, ref, bd.rules, bd.rows, bd.cols, bd.empties, 2)
		for _, st := range stops {
			t.Run(fmt.Sprintf("%s/%dx%d/%s", bd.rules.Name(), bd.rows, bd.cols, st.name), func(t *testing.T) {
				c := st.cpu()
				c.Threads, c.Pool = 1, NewPool(1)
				for _, p := range positions {
					want, _ := ref.Search(p, othello.MostDiscs)
					for name, search := range map[string]func(*othello.Position, othello.WinRule) (Result, error){"Search": c.Search, "Analyze": c.Analyze} {
						r, err := search(p, othello.MostDiscs)
						if err != nil {
							t.Fatal(err)
						}
						if r.Move != want.Move || r.Score != want.Score || r.Depth != 1 || r.Nodes <= 0 {
							t.Errorf("%s:\n%v\ngot move %v, score %d, depth %d, %d nodes; want %v, %d, depth 1, some nodes",
								name, p.Board(), r.Move, r.Score, r.Depth, r.Nodes, want.Move, want.Score)
						}
					}
					if !st.scoreMoves {
						continue
					}
					wantAll, _ := ref.ScoreMoves(p, othello.MostDiscs)
					all, err := c.ScoreMoves(p, othello.MostDiscs)
					if err != nil {
						t.Fatal(err)
					}
					for i, r := range all {
						if w := wantAll[i]; r.Move != w.Move || r.Score != w.Score || r.Depth != w.Depth || r.Nodes <= 0 {
							t.Errorf("ScoreMoves:\n%v\nmove %d: got %v, score %d, depth %d, %d nodes; want %v, %d, depth %d, some nodes",
								p.Board(), i+1, r.Move, r.Score, r.Depth, r.Nodes, w.Move, w.Score, w.Depth)
						}
					}
				}
			})
		}
	}
}
