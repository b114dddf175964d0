package gtp_test

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/protocol/gtp"
	"github.com/othello-judge/judge/internal/testkit/protocoltest"
)

// testCPU is the CPU of every case: it searches 3 plies deep in the
// midgame and solves exactly from 20 empty squares, on one thread,
// however long it takes, so that its moves are always the same.
var testCPU = player.CPU{Depth: 3, Endgame: 20, Budget: player.NoLimit, Threads: 1}

// TestGolden runs each session of testdata, as package protocoltest
// does; with -update it rewrites them.
func TestGolden(t *testing.T) {
	protocoltest.Golden(t, func(in io.Reader, out, _ io.Writer) error { return gtp.Run(in, out, testCPU) }, nil)
}

// A GTP session with a CPU that searches 2 plies deep.
func ExampleRun() {
	commands := "1 name\n2 genmove b\n3 genmove w\n4 play b a1\n5 known_command genmove\nquit\n"
	cpu := player.CPU{Depth: 2, Threads: 1}
	gtp.Run(strings.NewReader(commands), os.Stdout, cpu)
	// Output:
	// =1 othello
	//
	// =2 d3
	//
	// =3 c5
	//
	// ?4 illegal move
	//
	// =5 true
	//
	// =
}
