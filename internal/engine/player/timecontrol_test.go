package player

import (
	"fmt"
	"testing"
	"time"
)

func TestClockBudget(t *testing.T) {
	tests := []struct {
		budget, left time.Duration
		empties      int
		margin       time.Duration // ClockBudgetWithin's; 0 for ClockBudget
		want         time.Duration
	}{
		{time.Second, time.Hour, 60, 0, time.Second},                   // plenty left: the CPU's own
		{0, time.Hour, 60, 0, DefaultBudget},                           // no budget: the default
		{NoLimit, 15 * time.Minute, 60, 0, 26*time.Second + 998333333}, // (900s - 90s - 50ms) / 30
		{5 * time.Second, time.Second, 60, 0, 28333333},                // 1s left at the start: (1s - 100ms - 50ms) / 30
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
