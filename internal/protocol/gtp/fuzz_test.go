package gtp

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/testkit/protocoltest"
)

// fuzzCPU is the CPU of the fuzz target: it thinks for a few
// milliseconds at most.
var fuzzCPU = player.CPU{Depth: 1, Budget: 5 * time.Millisecond, Threads: 1}

// response matches a response of GTP: "=" or "?", maybe an id, a blank
// and the result or error, then an empty line; a result may have more
// lines, none of them empty.
var response = regexp.MustCompile(`^[=?][0-9]* [^\n]*(\n[^\n]+)*\n\n`)

// FuzzRun runs the engine on any input: it must end, answer with
// well-formed responses, no more than there are lines, and answer quit
// last. The commands of the golden sessions are its seeds.
func FuzzRun(f *testing.F) {
	for _, in := range protocoltest.Inputs(f) {
		f.Add(in)
	}
	f.Add("boardsize 16\ngenmove b\ngenmove w\nplay b pass\nundo\nundo\nshowboard\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		if err := Run(strings.NewReader(in), &out, fuzzCPU); err != nil {
			t.Fatalf("got error %v, want none", err)
		}
		rest, n, last := out.String(), 0, ""
		for rest != "" {
			r := response.FindString(rest)
			if r == "" {
				t.Fatalf("after %d responses, %.80q is not one", n, rest)
			}
			rest, n, last = rest[len(r):], n+1, r
		}
		if lines := strings.Count(in, "\n") + 1; n > lines {
			t.Errorf("got %d responses to %d lines", n, lines)
		}
		quit := false
		for _, line := range strings.Split(in, "\n") {
			if _, command, _, _ := parseCommand(strings.TrimSuffix(line, "\r")); command == "quit" && len(line) <= maxLine {
				quit = true
				break
			}
		}
		if quit && !regexp.MustCompile(`^=[0-9]* \n\n$`).MatchString(last) {
			t.Errorf("quit answered %q, want \"= \"", last)
		}
	})
}
