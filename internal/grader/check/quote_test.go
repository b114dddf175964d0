package check

import (
	"strings"
	"testing"
)

func TestPlain(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"python", `  File "othello.py", line 12, in main`, `  File "othello.py", line 12, in main`},
		{"java", "\tat Board.get(Board.java:12)", "\tat Board.get(Board.java:12)"},
		{"escape", "250 passed, 0 failed\x1b[8m", `"250 passed, 0 failed\x1b[8m"`},
		{"right to left", "abc\u202edef", `"abc\u202edef"`},
		{"zero width", "zero\u200bwidth", `"zero\u200bwidth"`},
		{"not UTF-8", "\xffbad", `"\xffbad"`},
		{"long", strings.Repeat("y", MaxLine+1), `"` + strings.Repeat("y", MaxLine) + `" … 1 more byte`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := plain(tt.text); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
