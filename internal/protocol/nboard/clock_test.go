package nboard

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
)

// start is the standard 8x8 start as GGF writes it.
const start = "BO[8 ---------------------------O*------*O--------------------------- *]"

func TestGameClock(t *testing.T) {
	const own = 5 * time.Second
	tests := []struct {
		name     string
		commands []string
		want     time.Duration
	}{
		{"no clock", []string{"set game (;GM[Othello]TY[8]" + start + "B[F5]W[F6];)"}, own},
		{"a second left", []string{"set game (;GM[Othello]TI[0:01]TY[8]" + start + "B[F5]W[F6];)"},
			player.ClockBudget(own, time.Second, player.MovesLeft(58))},
		{"the moves' times", []string{"set game (;GM[Othello]TI[0:01]TY[8]" + start + "B[F5//0.3]W[F6/1.5/0.6];)"},
			player.ClockBudget(own, 700*time.Millisecond, player.MovesLeft(58))},
		{"each player's clock", []string{"set game (;GM[Othello]TI[15:00]TB[1:00//0:30]TW[5]TY[8]" + start + "B[F5]W[F6];)"},
			player.ClockBudget(own, time.Minute, player.MovesLeft(58))},
		{"the moves since", []string{"set game (;GM[Othello]TI[10]TY[8]" + start + "B[F5]W[F6];)", "move E6/0.5/2.5", "move F4//1", "move E3//100"},
			player.ClockBudget(own, 9*time.Second, player.MovesLeft(56))},
		{"a clock that is not a time", []string{"set game (;GM[Othello]TI[soon]TY[8]" + start + "B[F5]W[F6];)"}, own},
		{"a new game", []string{"set game (;GM[Othello]TI[0:01]TY[8]" + start + "B[F5]W[F6];)", "set game (;GM[Othello]TY[8];)"}, own},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errs strings.Builder
			e := newNBoard(io.Discard, &errs, Config{CPU: player.CPU{Budget: own}})
			for _, c := range tt.commands {
				e.run(c)
			}
			if errs.Len() > 0 {
				t.Fatalf("errors: %s", errs.String())
			}
			if got := e.times.budget(own, e.pos.Turn(), &e.pos); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseTime(t *testing.T) {
	tests := []struct {
		text string
		want time.Duration
		ok   bool
	}{
		{"15", 15 * time.Second, true},
		{"0:01", time.Second, true},
		{"15:00", 15 * time.Minute, true},
		{"1:00:00", time.Hour, true},
		{"05:00//02:00", 5 * time.Minute, true},
		{"0.10", 100 * time.Millisecond, true},
		{"", 0, false},
		{"soon", 0, false},
		{"-1", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, ok := parseTime(tt.text)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
