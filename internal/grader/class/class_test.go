package class_test

import (
	"testing"

	"github.com/othello-judge/judge/internal/grader/class"
)

// TestCell checks the cells of the grades that a spreadsheet would
// take for formulas: written as text, after a ', but for numbers.
func TestCell(t *testing.T) {
	tests := []struct {
		cell, want string
	}{
		{"alice", "alice"},
		{"=1+1", "'=1+1"},
		{`=HYPERLINK("http://x.example","click")`, `'=HYPERLINK("http://x.example","click")`},
		{"+1+1", "'+1+1"},
		{"-1+1", "'-1+1"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"a=1", "a=1"},
		{"", ""},
		{"100", "100"},
		{"85.69", "85.69"},
		{"-1.5", "-1.5"},
		{"+2", "+2"},
		{"-Inf", "'-Inf"},
		{"-", "'-"},
	}
	for _, tt := range tests {
		t.Run(tt.cell, func(t *testing.T) {
			if got := class.Cell(tt.cell); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestSameFlags checks what makes a class's earlier grades another run's:
// an AI grade's opponents count as much as their points.
func TestSameFlags(t *testing.T) {
	base := class.Settings{Flags: []string{"-n=4"}, Weights: map[string]float64{"random": 30}, Opponents: []string{"random 20 90% 30"}, Command: []string{"python3", "p.py"}, Seed: 1}
	for _, tt := range []struct {
		name   string
		change func(*class.Settings)
		want   bool
	}{
		{"the same", func(*class.Settings) {}, true},
		{"another seed", func(s *class.Settings) { s.Seed = 2 }, true},
		{"another flag", func(s *class.Settings) { s.Flags = []string{"-n=5"} }, false},
		{"other points", func(s *class.Settings) { s.Weights = map[string]float64{"random": 40} }, false},
		{"other games", func(s *class.Settings) { s.Opponents = []string{"random 10 90% 30"} }, false},
		{"another score", func(s *class.Settings) { s.Opponents = []string{"random 20 80% 30"} }, false},
		{"another command", func(s *class.Settings) { s.Command = []string{"python3", "q.py"} }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			other := base
			tt.change(&other)
			if got := base.SameFlags(other); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
