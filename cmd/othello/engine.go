package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/protocol/gtp"
	"github.com/othello-judge/judge/internal/protocol/nboard"
)

const nboardUsage = `usage: othello nboard [flags]

Runs the computer player as an engine for the NBoard GUI, or any program
that speaks the NBoard protocol (version 2), on standard input and
output; in NBoard, add it as an engine with the command line "othello
nboard". Errors are written on standard error and change nothing. Exit
status: 0 after quit or at the end of standard input, 1 if standard
input or output fails, 2 bad command line.

Flags:
  -depth N
	search the midgame N plies deep at most, until the GUI's "set depth"
	(default 0: as deep as -time allows)
  -time D
	the most time a move may take, such as 500ms or 2s (default 500ms)
  -threads N
	the goroutines searching (default: the number of CPUs)

See doc/playing.md.
`

const gtpUsage = `usage: othello gtp [flags]

Runs the computer player as an engine that speaks the Go Text Protocol
(version 2) on standard input and output, for GoGui and other GTP
controllers: Othello under the full rules, 8x8 until boardsize says
otherwise. Exit status: 0 after quit or at the end of standard input, 1
if standard input or output fails, 2 bad command line.

Flags:
  -depth N
	search the midgame N plies deep at most (default 0: as deep as -time
	allows)
  -time D
	the most time a move may take, such as 500ms or 2s (default 500ms)
  -threads N
	the goroutines searching an 8x8 board (default: the number of CPUs)

See doc/playing.md.
`

// runNBoard runs "othello nboard".
func runNBoard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cpu, status, ok := engineCPU("nboard", nboardUsage, args, stdout, stderr)
	if !ok {
		return status
	}
	return engineFailed(stderr, "nboard", nboard.Run(stdin, stdout, stderr, nboard.Config{CPU: cpu, Book: book.Standard()}))
}

// runGTP runs "othello gtp".
func runGTP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cpu, status, ok := engineCPU("gtp", gtpUsage, args, stdout, stderr)
	if !ok {
		return status
	}
	return engineFailed(stderr, "gtp", gtp.Run(stdin, stdout, cpu))
}

// engineCPU reads the flags of the engine subcommand sub, and returns the
// CPU they ask for; ok false means exit with status.
func engineCPU(sub, usage string, args []string, stdout, stderr io.Writer) (cpu player.CPU, status int, ok bool) {
	flags := newFlagSet(sub, stderr)
	depth := flags.Int("depth", 0, "")
	budget := flags.Duration("time", player.DefaultBudget, "")
	threads := flags.Int("threads", runtime.NumCPU(), "")
	if status, ok := parseFlags(flags, args, usage, stdout, stderr); !ok {
		return cpu, status, false
	}
	if flags.NArg() > 0 {
		return cpu, badUsage(stderr, sub, usage, "unexpected argument %q", flags.Arg(0)), false
	}
	cpu = player.CPU{Depth: *depth, Budget: *budget, Threads: *threads}
	if err := cpu.Check(); err != nil {
		return cpu, badUsage(stderr, sub, usage, "%s", trimPkg(err, "player")), false
	}
	return cpu, 0, true
}

// engineFailed returns the exit status of an engine that ended with err,
// and writes err on stderr.
func engineFailed(stderr io.Writer, sub string, err error) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "othello %s: %v\n", sub, err)
	return 1
}
