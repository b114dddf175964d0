package referee_test

import (
	"errors"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/referee"
)

// TestParseClocks reads -tc and -st: one time control for both players,
// or A/B, player 1's and player 2's (time odds).
func TestParseClocks(t *testing.T) {
	tc := func(total, inc float64) referee.TimeControl {
		return referee.TimeControl{Total: time.Duration(total * float64(time.Second)), Increment: time.Duration(inc * float64(time.Second))}
	}
	st := func(s float64) referee.TimeControl {
		return referee.TimeControl{PerMove: time.Duration(s * float64(time.Second))}
	}
	tests := []struct {
		s       string
		perMove bool // -st, not -tc
		want    referee.Clocks
		text    string // the clocks' String
		ok      bool
	}{
		{"10+0.1", false, referee.Clocks{tc(10, 0.1), tc(10, 0.1)}, "10+0.1", true},
		{"60", false, referee.Clocks{tc(60, 0), tc(60, 0)}, "60+0", true},
		{"1.5/60", false, referee.Clocks{tc(1.5, 0), tc(60, 0)}, "1.5+0 / 60+0", true},
		{"10+0.1/60+1", false, referee.Clocks{tc(10, 0.1), tc(60, 1)}, "10+0.1 / 60+1", true},
		{"5/5+0", false, referee.Clocks{tc(5, 0), tc(5, 0)}, "5+0", true},
		{"0.5", true, referee.Clocks{st(0.5), st(0.5)}, "0.5s a move", true},
		{"0.1/1", true, referee.Clocks{st(0.1), st(1)}, "0.1s a move / 1s a move", true},
		{"1/2/3", false, referee.Clocks{}, "", false},
		{"1/", false, referee.Clocks{}, "", false},
		{"/60", false, referee.Clocks{}, "", false},
		{"fast/60", false, referee.Clocks{}, "", false},
		{"10+1/-1", false, referee.Clocks{}, "", false},
		{"0.1/1+1", true, referee.Clocks{}, "", false},
		{"0/1", true, referee.Clocks{}, "", false},
		{"", false, referee.Clocks{}, "", false},
	}
	for _, tt := range tests {
		name := "-tc " + tt.s
		parse := referee.ParseTimeControl
		if tt.perMove {
			name, parse = "-st "+tt.s, referee.ParsePerMove
		}
		t.Run(name, func(t *testing.T) {
			got, err := referee.ParseClocks(tt.s, parse)
			if !tt.ok {
				if !errors.Is(err, referee.ErrTimeControl) {
					t.Errorf("got %v, error %v; want ErrTimeControl", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %v, error %v; want %v", got, err, tt.want)
			}
			if got.String() != tt.text {
				t.Errorf("got %q, want %q", got.String(), tt.text)
			}
			if odds := tt.want[0] != tt.want[1]; got.Odds() != odds {
				t.Errorf("got odds %v, want %v", got.Odds(), odds)
			}
		})
	}
}
