package player

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
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

// TestReviewGame reviews a random 4x4 game and the end of a 6x4 one,
// solved: each move's loss is the whole tree's value less the move's.
func TestReviewGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 7))
	for _, tt := range []struct{ rows, cols, from int }{{4, 4, 2}, {6, 4, 12}} {
		t.Run(fmt.Sprintf("%dx%d", tt.rows, tt.cols), func(t *testing.T) {
			setup, _ := othello.StandardSetup(othello.Full{}, tt.rows, tt.cols)
			g, _ := setup.NewGame()
			var moves []othello.Square
			var positions []*othello.Position
			for !g.Over() {
				legal := g.Legal().Squares()
				sq := legal[rng.IntN(len(legal))]
				positions = append(positions, g.Position())
				moves = append(moves, sq)
				g.Play(sq)
			}
			from := tt.from
			var reviews []MoveReview
			err := CPU{Budget: NoLimit}.ReviewGame(setup, moves, from, func(m MoveReview) bool {
				reviews = append(reviews, m)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(reviews) != len(moves)-from {
				t.Fatalf("got %d reviews, want %d", len(reviews), len(moves)-from)
			}
			for i, m := range reviews {
				p := positions[from+i]
				after := p.Clone()
				after.Play(moves[from+i])
				want := float64(refMargin(p, setup.Win) + refMargin(after, setup.Win))
				if m.Number != from+i+1 || m.Player != p.Turn() || m.Played.Move != moves[from+i] || !m.Exact || m.Loss != want {
					t.Errorf("move %d: got number %d, %v, %v, exact %v, loss %v; want %d, %v, %v, true, %v",
						from+i+1, m.Number, m.Player, m.Played.Move, m.Exact, m.Loss, from+i+1, p.Turn(), moves[from+i], want)
				}
			}
		})
	}
	setup, _ := othello.StandardSetup(othello.Full{}, 4, 4)
	if err := (CPU{}).ReviewGame(setup, []othello.Square{{Row: 0, Col: 0}}, 0, func(MoveReview) bool { return true }); !errors.Is(err, othello.ErrIllegal) {
		t.Errorf("an illegal move: got %v, want ErrIllegal", err)
	}
}

func TestTurningPoints(t *testing.T) {
	exact := func(best, played int) MoveReview {
		return MoveReview{Best: Result{Exact: true, Score: best}, Played: Result{Exact: true, Score: played}, Loss: float64(best - played), Exact: true}
	}
	estimate := func(best, played int) MoveReview { // hundredths
		return MoveReview{Best: Result{Score: best}, Played: Result{Score: played}, Loss: float64(best-played) / 100}
	}
	tests := []struct {
		name    string
		reviews []MoveReview
		worst   []int
		decided int
	}{
		{"no mistake", []MoveReview{exact(4, 4), exact(-4, -4)}, nil, -1},
		{"a win thrown away", []MoveReview{estimate(300, 250), exact(2, -6), exact(6, 6), exact(-2, -2)}, []int{1}, 1},
		{"small losses only", []MoveReview{estimate(80, 20), exact(10, 10)}, nil, -1},
		{"the most first, the last decides", []MoveReview{estimate(500, 100), exact(-2, -10), estimate(300, 0), exact(8, 8)}, []int{1, 0, 2}, 2},
		{"at most n", []MoveReview{exact(10, 8), exact(10, 6), exact(10, 4), exact(10, 2), exact(10, 0)}, []int{4, 3, 2}, 4},
		{"a draw lost", []MoveReview{exact(0, -2), exact(2, 2)}, []int{0}, 0},
		{"estimates within a disc of a draw", []MoveReview{estimate(40, -40)}, nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			worst, decided := TurningPoints(tt.reviews, 3)
			if !slices.Equal(worst, tt.worst) || decided != tt.decided {
				t.Errorf("got %v, %d, want %v, %d", worst, decided, tt.worst, tt.decided)
			}
		})
	}
}
