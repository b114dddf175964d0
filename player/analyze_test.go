package player

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// TestScoreMoves checks every move's score against the whole tree when
// the budget lets each be solved: all the legal moves, each exact, its
// score the margin after it, best first.
func TestScoreMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 6))
	for _, rules := range bothRules {
		for _, win := range bothWinRules {
			for _, size := range [][2]int{{4, 4}, {6, 4}, {8, 8}} {
				t.Run(fmt.Sprintf("%s/%v/%dx%d", rules.Name(), win, size[0], size[1]), func(t *testing.T) {
					for range 8 {
						p := randomEnding(rng, rules, size[0], size[1], 7)
						if p.Legal().IsEmpty() {
							continue
						}
						scores, err := CPU{Budget: NoLimit}.ScoreMoves(p, win)
						if err != nil {
							t.Fatal(err)
						}
						if got, want := len(scores), p.Legal().Len(); got != want {
							t.Fatalf("%v\ngot %d moves, want %d", p.Board(), got, want)
						}
						for i, s := range scores {
							after := p.Clone()
							after.Play(s.Move)
							if want := -refMargin(after, win); !s.Exact || s.Score != want {
								t.Errorf("%v\n%v to move: %v: got exact %v, score %d, want true, %d", p.Board(), p.Turn(), s.Move, s.Exact, s.Score, want)
							}
							if i > 0 && s.Score > scores[i-1].Score {
								t.Errorf("%v\ngot %v %d after %v %d, want the best first", p.Board(), s.Move, s.Score, scores[i-1].Move, scores[i-1].Score)
							}
						}
						if want := refMargin(p, win); scores[0].Score != want {
							t.Errorf("%v\ngot best %d, want %d", p.Board(), scores[0].Score, want)
						}
					}
				})
			}
		}
	}
}

// TestScoreMovesEstimate checks that a search to a depth gives every move
// an estimate, at one ply more than the depth.
func TestScoreMovesEstimate(t *testing.T) {
	b, _ := othello.NewStartBoard(8, 8)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	scores, err := CPU{Depth: 3, Budget: time.Hour}.ScoreMoves(p, othello.MostDiscs)
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != 4 {
		t.Fatalf("got %d moves, want 4", len(scores))
	}
	for _, s := range scores {
		if s.Exact || s.Depth != 4 || s.Score != scores[0].Score {
			t.Errorf("%v: got exact %v, depth %d, score %d, want false, 4, %d (the start is symmetric)", s.Move, s.Exact, s.Depth, s.Score, scores[0].Score)
		}
	}
}

func TestScoreMovesNoMove(t *testing.T) {
	b, _ := othello.NewBoard(4, 4)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	if _, err := (CPU{}).ScoreMoves(p, othello.MostDiscs); !errors.Is(err, ErrNoMove) {
		t.Errorf("got %v, want ErrNoMove", err)
	}
}

func TestScoreText(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Result{Exact: true, Score: 18}, "+18"},
		{Result{Exact: true}, "+0"},
		{Result{Exact: true, Score: -4}, "-4"},
		{Result{Score: 325}, "~+3.25"},
		{Result{Score: -50}, "~-0.50"},
		{Result{Score: Won + 200}, "win"},
		{Result{Score: -Won - 200}, "loss"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.r.ScoreText(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
