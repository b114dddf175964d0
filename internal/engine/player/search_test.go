package player

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// refMargin returns the final margin of discs of p for the player to move
// under win, both sides playing their best, the empty squares going to the
// winner, by walking the whole tree.
func refMargin(p *othello.Position, win othello.WinRule) int {
	legal := p.Legal()
	if legal.IsEmpty() {
		me := p.Turn()
		if p.LegalFor(me.Opponent()).IsEmpty() {
			m := p.Discs(me).Len() - p.Discs(me.Opponent()).Len()
			if win == othello.FewestDiscs {
				m = -m
			}
			switch { // the empty squares go to the winner
			case m > 0:
				return m + p.Empties().Len()
			case m < 0:
				return m - p.Empties().Len()
			}
			return 0
		}
		passed := *p
		passed.Pass()
		return -refMargin(&passed, win)
	}
	best := -1 << 30
	for _, s := range legal.Squares() {
		after := *p
		after.Play(s)
		best = max(best, -refMargin(&after, win))
	}
	return best
}

// randomEnding returns a position of a rows x cols board under rules with
// at most empties empty squares: half of them from random games from the
// start, half random boards.
func randomEnding(rng *rand.Rand, rules othello.Rules, rows, cols, empties int) *othello.Position {
	b, _ := othello.NewStartBoard(rows, cols)
	if rng.IntN(2) == 0 {
		p, _ := othello.NewPosition(rules, b, othello.Black)
		for p.Empties().Len() > empties && !p.Over() {
			legal := p.Legal().Squares()
			if len(legal) == 0 {
				p.Pass()
				continue
			}
			p.Play(legal[rng.IntN(len(legal))])
		}
		return p
	}
	n := 0
	for r := range rows {
		for c := range cols {
			color := othello.Color(1 + rng.IntN(2))
			if n < empties && rng.IntN(rows*cols) < 2*empties {
				color, n = othello.Empty, n+1
			}
			b.Set(othello.Square{Row: r, Col: c}, color)
		}
	}
	p, _ := othello.NewPosition(rules, b, othello.Color(1+rng.IntN(2)))
	return p
}

var (
	bothRules    = []othello.Rules{othello.Full{}, othello.Simple{}}
	bothWinRules = []othello.WinRule{othello.MostDiscs, othello.FewestDiscs}
)

// TestExactSolve checks the endgame solve against the whole tree: the
// margin it reports is the best either side can get, and the move it
// chooses gets it.
func TestExactSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for _, rules := range bothRules {
		for _, win := range bothWinRules {
			for _, size := range [][2]int{{4, 4}, {4, 6}, {6, 4}, {6, 6}, {8, 8}} {
				t.Run(fmt.Sprintf("%s/%v/%dx%d", rules.Name(), win, size[0], size[1]), func(t *testing.T) {
					for range 25 {
						p := randomEnding(rng, rules, size[0], size[1], 8)
						if p.Legal().IsEmpty() {
							continue
						}
						r, err := CPU{Budget: time.Hour}.Search(p, win)
						if err != nil {
							t.Fatal(err)
						}
						want := refMargin(p, win)
						after := *p
						if _, err := after.Play(r.Move); err != nil {
							t.Fatalf("%v\n%v to move: move %v: %v", p.Board(), p.Turn(), r.Move, err)
						}
						if got := -refMargin(&after, win); got != want {
							t.Errorf("%v\n%v to move: move %v gets %d, want the best, %d", p.Board(), p.Turn(), r.Move, got, want)
						}
						if p.Legal().Len() > 1 && (!r.Exact || r.Score != want) {
							t.Errorf("%v\n%v to move: got exact %v, score %d, want true, %d", p.Board(), p.Turn(), r.Exact, r.Score, want)
						}
					}
				})
			}
		}
	}
}

func TestSearchDepth(t *testing.T) {
	b, _ := othello.NewStartBoard(8, 8)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	for _, depth := range []int{1, 2, 3, 5} {
		t.Run(fmt.Sprint(depth), func(t *testing.T) {
			r, err := CPU{Depth: depth, Budget: time.Hour}.Search(p, othello.MostDiscs)
			if err != nil {
				t.Fatal(err)
			}
			if r.Depth != depth || r.Exact {
				t.Errorf("got depth %d, exact %v, want %d, false", r.Depth, r.Exact, depth)
			}
		})
	}
	// The last empty squares are searched to the end, whatever the level.
	p = randomEnding(rand.New(rand.NewPCG(6, 3)), othello.Full{}, 8, 8, 4)
	if r, _ := (CPU{Depth: 60, Budget: time.Hour}).Search(p, othello.MostDiscs); p.Legal().Len() > 1 && (!r.Exact || r.Depth > 4) {
		t.Errorf("4 empty squares: got depth %d, exact %v, want at most 4, true", r.Depth, r.Exact)
	}
}

// depthTrap is a position of a WTHOR game (World Championship 1977) at
// 18 empty squares, Black to move, where a search to a depth goes wrong:
// the best moves lose by 30 discs, and a search 16 plies deep chooses
// b3, which loses by 46.
const depthTrap = "f5f4f3f6d6g4h3e6g3f2e1h5g5g6e2h6d7h4h7e7f8c8f7d8c7b6e3f1g1c5c6e8a6g8d3c2b5a4b4a3d2c4"

// TestExactWhateverTheDepth checks that a CPU given a depth solves the
// end of an 8x8 game exactly when its budget allows, as one given none
// does: its depth limits the midgame search only.
func TestExactWhateverTheDepth(t *testing.T) {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	rec, err := record.ParseMoveList(depthTrap, setup)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if n := p.Empties().Len(); n != 18 {
		t.Fatalf("got %d empty squares, want 18", n)
	}
	const best = -30
	for _, depth := range []int{0, 1, 3, 10, 17, 18, 30, 60} {
		t.Run(fmt.Sprint(depth), func(t *testing.T) {
			r, err := CPU{Depth: depth, Budget: NoLimit, Threads: 1}.Search(p, othello.MostDiscs)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Exact || r.Score != best {
				t.Fatalf("got %v, exact %v, score %d; want exact, %d", r.Move, r.Exact, r.Score, best)
			}
			after := *p
			if _, err := after.Play(r.Move); err != nil {
				t.Fatal(err)
			}
			reply, _ := CPU{Budget: NoLimit, Threads: 1}.Analyze(&after, othello.MostDiscs)
			if got := -reply.Score; got != best {
				t.Errorf("%v scores %d, want %d", r.Move, got, best)
			}
		})
	}
}

// TestEndgameLimit checks that a CPU with an Endgame solves no position
// with more empty squares than it: the position of depthTrap is searched
// 3 plies deep, as the CPU's Depth says.
func TestEndgameLimit(t *testing.T) {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	rec, _ := record.ParseMoveList(depthTrap, setup)
	g, _ := rec.Game()
	for _, tt := range []struct {
		endgame   int
		wantExact bool
	}{{17, false}, {18, true}} {
		t.Run(fmt.Sprint(tt.endgame), func(t *testing.T) {
			r, err := CPU{Depth: 3, Endgame: tt.endgame, Budget: time.Hour, Threads: 1}.Search(g.Position(), othello.MostDiscs)
			if err != nil {
				t.Fatal(err)
			}
			if r.Exact != tt.wantExact || (!r.Exact && r.Depth != 3) {
				t.Errorf("got exact %v, depth %d; want exact %v", r.Exact, r.Depth, tt.wantExact)
			}
		})
	}
}

func TestNoMove(t *testing.T) {
	b, _ := othello.NewBoard(4, 4)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	for _, player := range []Player{CPU{}, Greedy{}, Random{}} {
		if _, err := player.Move(p, othello.MostDiscs); err != ErrNoMove {
			t.Errorf("%s on an empty board: got %v, want ErrNoMove", player.Name(), err)
		}
	}
}
