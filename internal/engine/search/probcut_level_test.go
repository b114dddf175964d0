package search

import (
	"fmt"
	"testing"
)

// TestProbCutLevels solves FFO positions 1 to 25 (14 to 19 empty
// squares, and #20's 6) after a selective search at each ProbCut level,
// and after all of them, each with the table of the others, and checks
// that the score is still the known one and the move one of that score:
// what a selective search leaves in the table orders the exact search
// but never cuts it.
func TestProbCutLevels(t *testing.T) {
	positions, numbers := readFFO(t, "fforum-1-19.obf", 1)
	more, moreNumbers := readFFO(t, "fforum-20-39.obf", 20)
	positions, numbers = append(positions, more[:6]...), append(numbers, moreNumbers[:6]...)
	schedules := [][]int{{0, 1, 2, 3, 4}}
	for level := range noProbCut {
		schedules = append(schedules, []int{level})
	}
	s := NewSolver(16 << 20)
	for _, levels := range schedules {
		s.presearch = func(int) []int { return levels }
		for i, pos := range positions {
			t.Run(fmt.Sprintf("levels%v/#%d", levels, numbers[i]), func(t *testing.T) {
				checkSolve(t, s, pos)
			})
		}
	}
}
