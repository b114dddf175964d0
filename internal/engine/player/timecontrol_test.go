package player

import (
	"fmt"
	"testing"
	"time"
)

// TestMovesLeft checks the moves that share the clock: half the empty
// squares above 14, and 2 for the 14 (1 for the last 2).
func TestMovesLeft(t *testing.T) {
	for _, tt := range []struct{ empties, want int }{
		{60, 25}, {52, 21}, {20, 5}, {16, 3}, {15, 3}, {14, 2}, {3, 2}, {2, 1}, {1, 1},
	} {
		if got := MovesLeft(tt.empties); got != tt.want {
			t.Errorf("MovesLeft(%d): got %d, want %d", tt.empties, got, tt.want)
		}
	}
}

func TestClockBudget(t *testing.T) {
	tests := []struct {
		budget, left time.Duration
		empties      int
		margin       time.Duration // ClockBudgetWithin's; 0 for ClockBudget
		want         time.Duration
	}{
		{time.Second, time.Hour, 60, 0, time.Second},                   // plenty left: the CPU's own
		{0, time.Hour, 60, 0, DefaultBudget},                           // no budget: the default
		{NoLimit, 15 * time.Minute, 60, 0, 32*time.Second + 398000000}, // (900s - 90s - 50ms) / 25
		{5 * time.Second, time.Second, 60, 0, 34 * time.Millisecond},   // 1s left at the start: (1s - 100ms - 50ms) / 25
		{5 * time.Second, time.Second, 1, 0, 850 * time.Millisecond},   // the last move
		{5 * time.Second, 40 * time.Millisecond, 20, 0, time.Millisecond},
		{5 * time.Second, 0, 20, 0, time.Millisecond},
		{5 * time.Second, 50 * time.Millisecond, 1, 0, time.Millisecond},                         // 50ms: no time for a GUI's margin
		{5 * time.Second, 50 * time.Millisecond, 1, 5 * time.Millisecond, 40 * time.Millisecond}, // in-process: 50ms - 5ms - 5ms
		{100 * time.Millisecond, time.Second, 1, 5 * time.Millisecond, 100 * time.Millisecond},   // in-process, its own budget less
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%v/%d/%v", tt.budget, tt.left, tt.empties, tt.margin), func(t *testing.T) {
			got := ClockBudget(tt.budget, tt.left, MovesLeft(tt.empties))
			if tt.margin > 0 {
				got = ClockBudgetWithin(tt.budget, tt.left, MovesLeft(tt.empties), tt.margin)
			}
			if got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
			if tt.left > 0 && got > tt.left {
				t.Errorf("got %v, more than the %v left", got, tt.left)
			}
		})
	}
}

// TestLevelClockBudget checks a level's part of its clock in a match:
// its own time where the clock allows every level its own, and under a
// short clock half of the level above's, so that the levels that search
// to a depth, and those that search for a time, keep their order under
// every clock.
func TestLevelClockBudget(t *testing.T) {
	tests := []struct {
		level Level
		left  time.Duration
		moves int
		want  time.Duration
	}{
		{10, time.Hour, 30, 5 * time.Second},                   // plenty: its own
		{7, time.Hour, 30, 250 * time.Millisecond},             // plenty: its own
		{10, 50 * time.Millisecond, 1, 40 * time.Millisecond},  // -st 0.05: 50ms - 5ms - 5ms
		{9, 50 * time.Millisecond, 1, 20 * time.Millisecond},   // half
		{7, 50 * time.Millisecond, 1, 5 * time.Millisecond},    // an eighth
		{6, 50 * time.Millisecond, 1, 2500 * time.Microsecond}, // a sixteenth, and its depth
		{1, 50 * time.Millisecond, 1, time.Millisecond},        // at least a millisecond
		{8, 60 * time.Second, 30, 450 * time.Millisecond},      // (60s - 6s - 5ms) / 30 / 4
		{9, 60 * time.Second, 30, 900 * time.Millisecond},      // half of 1.8s
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%v/%d", tt.level, tt.left, tt.moves), func(t *testing.T) {
			got := LevelClockBudget(tt.level, tt.left, tt.moves, 5*time.Millisecond)
			if got.Round(time.Millisecond/2) != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	for _, left := range []time.Duration{0, 20 * time.Millisecond, time.Second, 10 * time.Second, time.Minute, time.Hour} {
		for l := Level(1); l < Perfect; l++ {
			if l == 6 {
				continue // level 6 searches to its depth within DefaultBudget, level 7 as deep as 250ms allow
			}
			if lo, hi := LevelClockBudget(l, left, 20, 5*time.Millisecond), LevelClockBudget(l+1, left, 20, 5*time.Millisecond); lo > hi {
				t.Errorf("%v left: level %d got %v, more than level %d's %v", left, l, lo, l+1, hi)
			}
		}
	}
}
