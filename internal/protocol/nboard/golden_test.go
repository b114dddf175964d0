package nboard_test

import (
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/protocol/nboard"
	"github.com/othello-judge/judge/internal/testkit/protocoltest"
)

// testConfig returns the config of every case: a CPU that searches 3
// plies deep in the midgame and solves exactly from 20 empty squares, on
// one thread, however long it takes, with a pool of its own (so that no
// table of another session changes which of two equal moves a depth
// finds), so that its moves, scores and principal variations are always
// the same; searches one after the other; and a clock that moves on by a
// quarter of a second each time it is read.
func testConfig() nboard.Config {
	var now time.Time
	return nboard.Config{
		CPU:    player.CPU{Depth: 3, Endgame: 20, Budget: player.NoLimit, Threads: 1, Pool: player.NewPool(1)},
		Serial: true,
		Clock: func() time.Time {
			now = now.Add(250 * time.Millisecond)
			return now
		},
	}
}

// nodeCounts matches the node count of nodestats.
var nodeCounts = regexp.MustCompile(`(?m)^nodestats [0-9]+ `)

// anyNodes returns out with the node count of each nodestats line
// replaced by "N": the table of package search, which the CPUs share
// and which outlives a search, changes how many positions a search
// visits, though not what it finds.
func anyNodes(out string) string {
	return nodeCounts.ReplaceAllString(out, "nodestats N ")
}

// TestGolden runs each session of testdata, as package protocoltest
// does; with -update it rewrites them.
func TestGolden(t *testing.T) {
	protocoltest.Golden(t, func(in io.Reader, out, errs io.Writer) error {
		return nboard.Run(in, out, errs, testConfig())
	}, anyNodes)
}

// An NBoard session with a CPU that searches 1 ply deep, and a clock
// that stands still.
func ExampleRun() {
	commands := "nboard 2\nset depth 1\nping 1\ngo\nmove F5\nhint 2\nquit\n"
	c := nboard.Config{CPU: player.CPU{Threads: 1}, Clock: func() time.Time { return time.Time{} }, Serial: true}
	nboard.Run(strings.NewReader(commands), os.Stdout, os.Stderr, c)
	// Output:
	// set myname othello
	// pong 1
	// status thinking
	// search D3 1.11 0 1
	// nodestats 5 0.00
	// === D3/1.11/0.00
	// status thinking
	// search D6C3 -1.64 0 2
	// search F6E6 -2.20 0 2
	// nodestats 21 0.00
	// status
}
