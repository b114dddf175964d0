package check

import (
	"reflect"
	"strings"
	"testing"

	"github.com/othello-judge/judge/console"
)

func TestCrash(t *testing.T) {
	tests := []struct {
		name, stderr string
		want         string
		wantExcerpt  []string
	}{
		{"python",
			"Traceback (most recent call last):\n  File \"othello.py\", line 40, in <module>\n    main()\n  File \"othello.py\", line 12, in main\n    board[r][c] = 'B'\nIndexError: list index out of range\n",
			"IndexError",
			[]string{"...", "    main()", `  File "othello.py", line 12, in main`, "    board[r][c] = 'B'", "IndexError: list index out of range"}},
		{"java",
			"Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 4 out of bounds for length 4\n\tat Board.get(Board.java:12)\n\tat Game.play(Game.java:40)\n\tat Main.main(Main.java:9)\n\tat Main.run(Main.java:3)\n\tat Main.x(Main.java:3)\n",
			"java.lang.ArrayIndexOutOfBoundsException",
			[]string{"Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 4 out of bounds for length 4", "\tat Board.get(Board.java:12)", "\tat Game.play(Game.java:40)", "\tat Main.main(Main.java:9)", "..."}},
		{"go", "panic: runtime error: index out of range [4] with length 4\n\ngoroutine 1 [running]:\nmain.main()\n\t/x/main.go:9 +0x1d\nexit status 2\n",
			"panic: runtime error: index out of range",
			[]string{"panic: runtime error: index out of range [4] with length 4", "goroutine 1 [running]:", "main.main()", "\t/x/main.go:9 +0x1d", "..."}},
		{"c++", "terminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check\n",
			"std::out_of_range",
			[]string{"terminate called after throwing an instance of 'std::out_of_range'", "  what():  vector::_M_range_check"}},
		{"a message", "othello: line 14: input ended mid-game\n", "", []string{"othello: line 14: input ended mid-game"}},
		{"nothing", "", "", nil},
		{"a long line", strings.Repeat("x", 500) + "\n", "", []string{`"` + strings.Repeat("x", 160) + `" … 340 more bytes`}},
		{"a control character", "bad \x1b[31m colour\n", "", []string{`"bad \x1b[31m colour"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, got := crash(console.Lines([]byte(tt.stderr))); got != tt.want {
				t.Errorf("crash: got %q, want %q", got, tt.want)
			}
			if got := stderrExcerpt([]byte(tt.stderr)); !reflect.DeepEqual(got, tt.wantExcerpt) {
				t.Errorf("excerpt: got %q, want %q", got, tt.wantExcerpt)
			}
		})
	}
}
