package solve

import (
	"testing"
	"time"
)

// TestSummaryString checks the summary line: the verdicts only when
// something is known, each count of disagreement only when there are
// some, and the rate.
func TestSummaryString(t *testing.T) {
	tests := []struct {
		name string
		s    Summary
		want string
	}{
		{"nothing known", Summary{Positions: 4, Nodes: 2_000_000, Time: time.Second},
			"4 positions, 2000000 nodes, 1.000s, 2.0 M nodes/s"},
		{"one", Summary{Positions: 1, Nodes: 1, Time: 0},
			"1 position, 1 node, 0.000s, 0.0 M nodes/s"},
		{"all agree", Summary{Positions: 19, Known: true, Agree: 19, Nodes: 2_345_678, Time: 210 * time.Millisecond},
			"19 positions, 19 agree, 2345678 nodes, 0.210s, 11.2 M nodes/s"},
		{"some disagree", Summary{Positions: 3, Known: true, Agree: 1, Disagree: 1, NotChecked: 1, MovesDisagree: 1, Nodes: 10, Time: time.Second},
			"3 positions, 1 agree, 1 disagree, 1 not checked, 1 move disagrees, 10 nodes, 1.000s, 0.0 M nodes/s"},
		{"moves disagree", Summary{Positions: 2, Known: true, MovesDisagree: 3, Nodes: 10, Time: time.Second},
			"2 positions, 0 agree, 3 moves disagree, 10 nodes, 1.000s, 0.0 M nodes/s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestDisagrees checks when a summary says that a known score
// disagrees.
func TestDisagrees(t *testing.T) {
	tests := []struct {
		name string
		s    Summary
		want bool
	}{
		{"none", Summary{Positions: 2, Known: true, Agree: 1, NotChecked: 1}, false},
		{"a position", Summary{Positions: 2, Known: true, Agree: 1, Disagree: 1}, true},
		{"a move", Summary{Positions: 2, Known: true, Agree: 2, MovesDisagree: 1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.Disagrees(); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
