package nboard

import (
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/engine/player"
)

// TestBookHint checks the "book" lines that answer a hint in the book's
// positions, best first, and the search out of it.
func TestBookHint(t *testing.T) {
	in := "hint 2\nmove f5\nhint 3\n"
	// 30 moves of a WTHOR game: past the book's 20.
	past := "f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2"
	for i := 0; i < len(past); i += 2 {
		in += "move " + past[i:i+2] + "\n"
	}
	in += "hint 1\n"
	var out, errs strings.Builder
	c := Config{CPU: player.CPU{Depth: 1, Threads: 1}, Clock: func() time.Time { return time.Time{} }, Book: book.Standard()}
	if err := Run(strings.NewReader(in), &out, &errs, c); err != nil {
		t.Fatal(err)
	}
	// The start: the four first moves are one by symmetry, d3 the first
	// in the board's order. After f5, d6 played by 88,517 games of 135,642
	// with White 0.8 discs ahead on average at the end, f6 -0.4 and f4
	// (f5f4, the parallel opening) -12.7.
	want := `book D3 -0.20 135642 0
book C4 -0.20 135642 0
status
book D6 0.80 88517 0
book F6 -0.40 45488 0
book F4 -12.70 1637 0
status
status thinking
search `
	if got := out.String(); !strings.HasPrefix(got, want) || errs.Len() > 0 {
		t.Errorf("got\n%s\nerrors %q, want it to start\n%s", got, errs.String(), want)
	}
}
