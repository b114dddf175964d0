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
