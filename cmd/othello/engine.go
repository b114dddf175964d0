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
output: 8x8 Othello under the full rules, or the game that set game gives
in GGF (other sizes, the simple rules and the fewest discs winning too).
In NBoard, add it as an engine with the command line "othello nboard"
(the full path of othello, and any flags). Errors, such as an illegal
move or an unknown command, are written on standard error and change
nothing.

Commands: nboard 2 (answered "set myname othello"), set depth N (the
midgame at most N plies deep; the end is solved exactly as soon as -time
allows, whatever N), set game GGF (a pass after its last move that it does
not write is owed: go answers PA), set contempt N (ignored), move F5/EVAL/TIME (PA for a pass), go
(answered "nodestats NODES SECONDS" and "=== F5/EVAL/TIME"), hint N
(answered "search PV EVAL 0 DEPTH" for the best N moves, such as "search
F5D6C3 -1.00 0 12", DEPTH 100% when solved exactly; in the opening book
"book F5 EVAL GAMES 0"; go writes a search line after each depth too),
analyze (answered "analysis N EVAL" for each position of the game, from
its end), ping N (stops the search under way and is answered "pong N"),
learn (answered "learned"; nothing is learnt), quit. EVAL is in discs
for the player to move. A search runs while the next commands are read:
ping and quit stop it, others wait for it.

Exit status: 0 after quit or at the end of standard input, 1 if standard
input or output fails, 2 bad command line.

Flags:
  -depth N
	search the midgame N plies deep at most, until the GUI's "set depth"
	(default 0: as deep as -time allows); on 8x8 the end is solved
	exactly as soon as -time allows, whatever N
  -time D
	the most time a move may take, such as 500ms or 2s; a hint shares it
	among the moves (default 500ms)
  -threads N
	the goroutines searching (default: the number of CPUs)
`

const gtpUsage = `usage: othello gtp [flags]

Runs the computer player as an engine that speaks the Go Text Protocol
(version 2) on standard input and output, as Othello engines do, for
GoGui and other GTP controllers: Othello under the full rules, on an 8x8
board until boardsize says otherwise (4 to 16, even), Black first.

Commands: protocol_version, name, version, known_command, list_commands,
quit, boardsize N, clear_board, komi K (kept, changes nothing), play
COLOR VERTEX, genmove COLOR, undo, showboard, time_settings MAIN BYO
STONES and time_left COLOR TIME STONES (a move then takes a share of the
time left at most), final_score (B+12, W+4 or 0). A colour is b, w, black or white; a vertex is a column letter
and a row number, such as f5, or pass, in either case: a1 is the
top-left corner, and the letter i is not used (j is the ninth column).
Each answer is "= RESULT" or "? ERROR", then an empty line. A player with
no legal move passes.

Exit status: 0 after quit or at the end of standard input, 1 if standard
input or output fails, 2 bad command line.

Flags:
  -depth N
	search the midgame N plies deep at most (default 0: as deep as -time
	allows); on 8x8 the end is solved exactly as soon as -time allows,
	whatever N
  -time D
	the most time a move may take, such as 500ms or 2s (default 500ms)
  -threads N
	the goroutines searching an 8x8 board (default: the number of CPUs)
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
