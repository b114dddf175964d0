package player

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestLevels checks the table of levels: what each name and number
// gives, and that every level is found again from its CPU.
func TestLevels(t *testing.T) {
	tests := []struct {
		name   string
		level  Level
		depth  int
		budget time.Duration
		desc   string // the CPU's String
	}{
		{"1", 1, 1, 500 * time.Millisecond, "cpu at level 1 (depth 1, 500ms a move)"},
		{"2", 2, 2, 500 * time.Millisecond, "cpu at level 2 (depth 2, 500ms a move)"},
		{"easy", 2, 2, 500 * time.Millisecond, "cpu at level 2 (depth 2, 500ms a move)"},
		{"3", 3, 3, 500 * time.Millisecond, "cpu at level 3 (depth 3, 500ms a move)"},
		{"4", 4, 4, 500 * time.Millisecond, "cpu at level 4 (depth 4, 500ms a move)"},
		{"5", 5, 6, 500 * time.Millisecond, "cpu at level 5 (depth 6, 500ms a move)"},
		{"Medium", 5, 6, 500 * time.Millisecond, "cpu at level 5 (depth 6, 500ms a move)"},
		{"6", 6, 8, 500 * time.Millisecond, "cpu at level 6 (depth 8, 500ms a move)"},
		{"7", 7, 0, 250 * time.Millisecond, "cpu at level 7 (250ms a move)"},
		{"8", 8, 0, 500 * time.Millisecond, "cpu at level 8 (500ms a move)"},
		{"HARD", 8, 0, 500 * time.Millisecond, "cpu at level 8 (500ms a move)"},
		{"9", 9, 0, 2 * time.Second, "cpu at level 9 (2s a move)"},
		{"10", 10, 0, 5 * time.Second, "cpu at level 10 (5s a move)"},
		{"perfect", 10, 0, 5 * time.Second, "cpu at level 10 (5s a move)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseLevel(tt.name)
			if err != nil || l != tt.level {
				t.Fatalf("got %v, %v; want level %d", l, err, tt.level)
			}
			cpu := l.CPU()
			if cpu.Depth != tt.depth || cpu.Budget != tt.budget {
				t.Errorf("got depth %d, budget %v; want %d, %v", cpu.Depth, cpu.Budget, tt.depth, tt.budget)
			}
			if got, ok := cpu.Level(); !ok || got != l {
				t.Errorf("the CPU's level: got %v, %v; want %d, true", got, ok, l)
			}
			if got := cpu.String(); got != tt.desc {
				t.Errorf("got %q, want %q", got, tt.desc)
			}
		})
	}
	for _, bad := range []string{"0", "11", "-1", "", "5.0", "expert", " 5"} {
		if l, err := ParseLevel(bad); !errors.Is(err, ErrLevel) || err.Error() != fmt.Sprintf("%v, got %q", ErrLevel, bad) {
			t.Errorf("%q: got %v, %v; want an error wrapping ErrLevel that quotes it", bad, l, err)
		}
	}
}

// TestLevelsGrow checks that each level plays at least as well as the
// one below: deeper, or as deep as the budget allows with more time.
func TestLevelsGrow(t *testing.T) {
	for l := Level(2); l <= Perfect; l++ {
		below, this := (l - 1).CPU(), l.CPU()
		deeper := below.Depth > 0 && (this.Depth == 0 || this.Depth > below.Depth)
		longer := below.Depth == 0 && this.Depth == 0 && this.Budget > below.Budget
		if !deeper && !longer {
			t.Errorf("level %d (%v) is not above level %d (%v)", l, this, l-1, below)
		}
	}
}

// TestCPUString checks how CPUs of no level describe themselves.
func TestCPUString(t *testing.T) {
	for _, tt := range []struct {
		cpu  CPU
		want string
	}{
		{CPU{}, "cpu at level 8 (500ms a move)"},
		{CPU{Budget: 300 * time.Millisecond}, "cpu (300ms a move)"},
		{CPU{Depth: 6, Budget: 2 * time.Second}, "cpu:6 (2s a move)"},
		{CPU{Depth: 5}, "cpu:5 (500ms a move)"},
		{CPU{Budget: NoLimit}, "cpu (no time limit)"},
	} {
		if got := tt.cpu.String(); got != tt.want {
			t.Errorf("%+v: got %q, want %q", tt.cpu, got, tt.want)
		}
	}
}
