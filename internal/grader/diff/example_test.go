package diff_test

import (
	"fmt"

	"github.com/othello-judge/judge/internal/grader/diff"
)

// Diff shows the line before the first difference, the two lines that
// differ, and a caret under the first byte that differs.
func ExampleDiff() {
	fmt.Print(diff.Diff([]byte("FULL\nTURN: B\n"), []byte("FULL\nTURN: W\n")))
	// Output:
	//      1  "FULL\n"
	//   want  "TURN: B\n"
	//   got   "TURN: W\n"
	//                ^ line 2, column 7
}
