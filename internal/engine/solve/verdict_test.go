package solve

import (
	"testing"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// TestJudgeResult checks each verdict of a result against the known
// scores of its position, and its words on the position's line.
func TestJudgeResult(t *testing.T) {
	g8, g2 := othello.Square{Row: 7, Col: 6}, othello.Square{Row: 1, Col: 6}
	known := []record.Known{{Square: g8, Score: 18}, {Square: g2, Score: 12}}
	tests := []struct {
		name  string
		r     player.Result
		known []record.Known
		want  judged
	}{
		{"nothing known", player.Result{Move: g8, Exact: true, Score: 18}, nil, judged{unknown, ""}},
		{"agree", player.Result{Move: g8, Exact: true, Score: 18}, known, judged{agree, "  known +18 ok"}},
		{"another score", player.Result{Move: g8, Exact: true, Score: 16}, known, judged{disagree, "  known +18 disagree"}},
		{"a move known worse", player.Result{Move: g2, Exact: true, Score: 18}, known, judged{disagree, "  known +18 disagree: g2 is +12"}},
		{"a move not known", player.Result{Move: othello.Square{Row: 0, Col: 0}, Exact: true, Score: 18}, known, judged{agree, "  known +18 ok"}},
		{"an estimate", player.Result{Move: g2, Score: 250}, known, judged{notChecked, "  known +18 not checked"}},
		{"a pass", player.Result{Pass: true, Exact: true, Score: -64}, []record.Known{{Pass: true, Score: -64}}, judged{agree, "  known -64 ok"}},
		{"a pass known worse", player.Result{Pass: true, Exact: true, Score: -6},
			[]record.Known{{Square: g8, Score: -6}, {Pass: true, Score: -8}}, judged{disagree, "  known -6 disagree: pa is -8"}},
		{"game over", player.Result{Over: true, Exact: true, Score: 4}, []record.Known{{Score: 4}}, judged{agree, "  known +4 ok"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := judgeResult(tt.r, tt.known); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestMoveName checks the names of a result's move.
func TestMoveName(t *testing.T) {
	tests := []struct {
		r    player.Result
		want string
	}{
		{player.Result{Move: othello.Square{Row: 7, Col: 6}}, "g8"},
		{player.Result{Move: othello.Square{Row: 0, Col: 0}}, "a1"},
		{player.Result{Pass: true}, "pa"},
		{player.Result{Over: true}, "--"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := moveName(tt.r); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
