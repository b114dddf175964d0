package nboard

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/testkit/protocoltest"
)

// fuzzConfig is the config of the fuzz target: a CPU that thinks for a
// few milliseconds at most, however deep "set depth" asks for.
var fuzzConfig = Config{CPU: player.CPU{Depth: 1, Budget: 5 * time.Millisecond, Threads: 1}}

// answerLine matches every line the engine may answer.
var answerLine = regexp.MustCompile(`^(set myname othello|pong -?[0-9]+|learned|status( thinking)?|nodestats [0-9]+ [0-9]+\.[0-9]{2}|=== ([A-P](1[0-6]|[1-9])|PA)/-?[0-9]+\.[0-9]{2}/[0-9]+\.[0-9]{2}|search ([A-P](1[0-6]|[1-9])|PA)+ -?[0-9]+\.[0-9]{2} 0 ([0-9]+|100%W?)|analysis [0-9]+ -?[0-9]+\.[0-9]{2})$`)

// FuzzRun runs the engine on any input: it must end, and answer only
// with the lines of the protocol, and tell errors on their own lines of
// errs. The commands of the golden sessions are its seeds.
func FuzzRun(f *testing.F) {
	for _, in := range protocoltest.Inputs(f) {
		f.Add(in)
	}
	f.Add("nboard 2\nset depth 60\ngo\nhint 60\nmove PA\nmove A1\nset game (;BO[8 " + strings.Repeat("-", 64) + " O];)\ngo\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out, errs strings.Builder
		if err := Run(strings.NewReader(in), &out, &errs, fuzzConfig); err != nil {
			t.Fatalf("got error %v, want none", err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if out.Len() > 0 && !answerLine.MatchString(line) {
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
