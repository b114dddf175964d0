package diff_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/diff"
)

func TestDiff(t *testing.T) {
	want := "FULL\nB: 2  W: 2\n. . . .\n"
	tests := []struct {
		name, got, wantDiff string
	}{
		{"equal", want, ""},
		{"one space", "FULL\nB: 2 W: 2\n. . . .\n",
			"     1  \"FULL\\n\"\n  want  \"B: 2  W: 2\\n\"\n  got   \"B: 2 W: 2\\n\"\n              ^ line 2, column 6\n"},
		{"trailing blank", "FULL\nB: 2  W: 2\n. . . . \n",
			"     1  \"FULL\\n\"\n     2  \"B: 2  W: 2\\n\"\n  want  \". . . .\\n\"\n  got   \". . . . \\n\"\n                ^ line 3, column 8\n"},
		{"cut short", "FULL\n",
			"     1  \"FULL\\n\"\n  want  \"B: 2  W: 2\\n\"\n  got   (end of output)\n"},
		{"longer", want + "TURN: B\n",
			"     1  \"FULL\\n\"\n     2  \"B: 2  W: 2\\n\"\n     3  \". . . .\\n\"\n  want  (end of output)\n  got   \"TURN: B\\n\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := diff.Diff([]byte(want), []byte(tt.got)); got != tt.wantDiff {
				t.Errorf("got\n%s\nwant\n%s", got, tt.wantDiff)
			}
		})
	}
}

func TestQuote(t *testing.T) {
	hostile := "\x1b[2J\r250 passed, 0 failed\x1b[8m\b\x00\x7f\u0085\u202e\u200b\xff\n"
	tests := []struct {
		name, line string
		want       string
	}{
		{"a line", "VALID\n", `"VALID\n"`},
		{"what does not show", hostile, `"\x1b[2J\r250 passed, 0 failed\x1b[8m\b\x00\x7f\u0085\u202e\u200b\xff\n"`},
		{"a long line", strings.Repeat("X", 65000) + "Error: boom\n", `"` + strings.Repeat("X", diff.MaxLine) + `" … 64,852 more bytes`},
		{"one byte more", strings.Repeat("y", diff.MaxLine+1), `"` + strings.Repeat("y", diff.MaxLine) + `" … 1 more byte`},
		{"escapes count as they show", strings.Repeat("\x1b", 100), `"` + strings.Repeat(`\x1b`, diff.MaxLine/4) + `" … 60 more bytes`},
		{"characters are not split", strings.Repeat("é", 100), `"` + strings.Repeat("é", diff.MaxLine/2) + `" … 40 more bytes`},
		{"a line of U+202E", strings.Repeat("\u202e", 100), `"` + strings.Repeat(`\u202e`, diff.MaxLine/6) + `" … 222 more bytes`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := diff.Quote(tt.line); got != tt.want {
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
		{0, `"` + strings.Repeat("x", diff.MaxLine) + `" … 341 more bytes`, 1},
		{200, `… 160 bytes "` + strings.Repeat("x", diff.MaxLine) + `" … 181 more bytes`, len("… 160 bytes ") - 2 + 1 + 40},
		{495, `… 342 bytes "` + strings.Repeat("x", diff.MaxLine-2) + `\n"`, len("… 342 bytes ") - 2 + 1 + 153},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.from), func(t *testing.T) {
			got, col := diff.QuoteAt(line, tt.from)
			if got != tt.want || col != tt.wantCol {
				t.Errorf("got %s at column %d, want %s at column %d", got, col, tt.want, tt.wantCol)
			}
		})
	}
}
