package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/player"
)

// fuzzConfig is the config of the fuzz targets: a CPU that thinks for a
// few milliseconds at most, however deep "set depth" asks for.
var fuzzConfig = Config{CPU: player.CPU{Depth: 1, Budget: 5 * time.Millisecond, Threads: 1}}

// addSeeds adds the commands of each transcript of testdata/dir to the
// seed corpus of f.
func addSeeds(f *testing.F, dir string) {
	paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no transcripts in testdata/%s: %v", dir, err)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		var in strings.Builder
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if typed, ok := strings.CutPrefix(line, "> "); ok {
				in.WriteString(strings.TrimSuffix(strings.TrimSuffix(typed, "\n"), "$") + "\n")
			}
		}
		f.Add(in.String())
	}
}

// nboardLine matches every line NBoard may answer.
var nboardLine = regexp.MustCompile(`^(set myname othello|pong -?[0-9]+|learned|status( thinking)?|nodestats [0-9]+ [0-9]+\.[0-9]{2}|=== ([A-H][1-8]|PA)/-?[0-9]+\.[0-9]{2}/[0-9]+\.[0-9]{2}|search ([A-H][1-8]|PA) -?[0-9]+\.[0-9]{2} 0 ([0-9]+|100%W?))$`)

// FuzzNBoard runs NBoard on any input: it must end, and answer only with
// the lines of the protocol, and tell errors on their own lines of errs.
func FuzzNBoard(f *testing.F) {
	addSeeds(f, "nboard")
	f.Add("nboard 2\nset depth 60\ngo\nhint 60\nmove PA\nmove A1\nset game (;BO[8 " + strings.Repeat("-", 64) + " O];)\ngo\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out, errs strings.Builder
		if err := NBoard(strings.NewReader(in), &out, &errs, fuzzConfig); err != nil {
			t.Fatalf("got error %v, want none", err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if out.Len() > 0 && !nboardLine.MatchString(line) {
				t.Errorf("answered %q, not a line of the protocol", line)
			}
		}
		for _, line := range strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n") {
			if errs.Len() > 0 && !strings.HasPrefix(line, "nboard: line ") {
				t.Errorf("wrote %q on errs, want \"nboard: line N: ...\"", line)
			}
		}
	})
}

// gtpResponse matches a response of GTP: "=" or "?", maybe an id, a blank
// and the result or error, then an empty line; a result may have more
// lines, none of them empty.
var gtpResponse = regexp.MustCompile(`^[=?][0-9]* [^\n]*(\n[^\n]+)*\n\n`)

// FuzzGTP runs GTP on any input: it must end, answer with well-formed
// responses, no more than there are lines, and answer quit last.
func FuzzGTP(f *testing.F) {
	addSeeds(f, "gtp")
	f.Add("boardsize 16\ngenmove b\ngenmove w\nplay b pass\nundo\nundo\nshowboard\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		if err := GTP(strings.NewReader(in), &out, fuzzConfig); err != nil {
			t.Fatalf("got error %v, want none", err)
		}
		rest, n, last := out.String(), 0, ""
		for rest != "" {
			r := gtpResponse.FindString(rest)
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
