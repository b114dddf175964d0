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
		want         time.Duration
	}{
		{time.Second, time.Hour, 60, time.Second},                   // plenty left: the CPU's own
		{0, time.Hour, 60, DefaultBudget},                           // no budget: the default
		{NoLimit, 15 * time.Minute, 60, 26*time.Second + 998333333}, // (900s - 90s - 50ms) / 30
		{5 * time.Second, time.Second, 60, 28333333},                // 1s left at the start: (1s - 100ms - 50ms) / 30
		{5 * time.Second, time.Second, 1, 850 * time.Millisecond},   // the last move
		{5 * time.Second, 40 * time.Millisecond, 20, time.Millisecond},
		{5 * time.Second, 0, 20, time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%v/%d", tt.budget, tt.left, tt.empties), func(t *testing.T) {
			got := ClockBudget(tt.budget, tt.left, MovesLeft(tt.empties))
			if got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
			if tt.left > 0 && got > tt.left {
				t.Errorf("got %v, more than the %v left", got, tt.left)
			}
		})
	}
}
