package check

import (
	"strconv"
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	hostile := "\x1b[2J\r250 passed, 0 failed\x1b[8m\b\x00\x7f\u0085\u202e\u200b\xff\n"
	tests := []struct {
		name, line string
		want       string
	}{
		{"a line", "VALID\n", `"VALID\n"`},
		{"what does not show", hostile, `"\x1b[2J\r250 passed, 0 failed\x1b[8m\b\x00\x7f\u0085\u202e\u200b\xff\n"`},
		{"a long line", strings.Repeat("X", 65000) + "Error: boom\n", `"` + strings.Repeat("X", MaxLine) + `" … 64,852 more bytes`},
		{"escapes count as they show", strings.Repeat("\x1b", 100), `"` + strings.Repeat(`\x1b`, MaxLine/4) + `" … 60 more bytes`},
		{"characters are not split", strings.Repeat("é", 100), `"` + strings.Repeat("é", MaxLine/2) + `" … 40 more bytes`},
		{"a line of U+202E", strings.Repeat("\u202e", 100), `"` + strings.Repeat(`\u202e`, MaxLine/6) + `" … 222 more bytes`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := quote(tt.line); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestQuoteAt checks that a long line is shown around the byte asked
// for, with the column at which that byte shows.
func TestQuoteAt(t *testing.T) {
	line := strings.Repeat("x", 500) + "\n"
	tests := []struct {
		from    int
		want    string
		wantCol int
	}{
		{0, `"` + strings.Repeat("x", MaxLine) + `" … 341 more bytes`, 1},
		{200, `… 160 bytes "` + strings.Repeat("x", MaxLine) + `" … 181 more bytes`, len("… 160 bytes ") - 2 + 1 + 40},
		{495, `… 342 bytes "` + strings.Repeat("x", MaxLine-2) + `\n"`, len("… 342 bytes ") - 2 + 1 + 153},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.from), func(t *testing.T) {
			got, col := quoteAt(line, tt.from)
			if got != tt.want || col != tt.wantCol {
				t.Errorf("got %s at column %d, want %s at column %d", got, col, tt.want, tt.wantCol)
			}
		})
	}
}

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
