package main

import (
	"errors"
	"io"
	"runtime"

	"github.com/othello-judge/judge/internal/engine/solve"
)

const solveUsage = `usage: othello solve [flags] FILE

Solves each position of FILE exactly: its best move and the final margin
of discs with best play by both sides. FILE holds positions in OBF (as
the FFO test positions), a judge's setup and move lines, games in GGF,
SGF, PGN or WTHOR (.wtb), or a move list such as f5d6c3; of a game, the
position at its end is solved. Prints a line about FILE, then one line a
position: its number, the empty squares, the best move, the score, the
nodes, the seconds and, if FILE knows the score, ok or disagree; then a
summary. Exit status: 0 no known score disagrees, 1 one disagrees, a
game was skipped, or FILE cannot be read, 2 bad command line.

Flags:
  -depth N
	search N plies deep at most in the midgame; 8x8 under the full rules
	still solves the end exactly when the time allows
  -time D
	search about D a position; a score not exact is then an estimate
  -threads N
	the goroutines searching an 8x8 position (default: the number of CPUs)
  -rules full|simple
	the rules of a setup, a move list or OBF (default full); GGF says its
	own
  -all
	after each position, every legal move and its score, best first
  -v
	after each position, the principal variation

See doc/engine.md.
`

// runSolve runs "othello solve".
func runSolve(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("solve", stderr)
	depth := flags.Int("depth", 0, "")
	budget := flags.Duration("time", 0, "")
	threads := flags.Int("threads", runtime.NumCPU(), "")
	rulesName := flags.String("rules", "full", "")
	verbose := flags.Bool("v", false, "")
	all := flags.Bool("all", false, "")
	if status, ok := parseFlags(flags, args, solveUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "solve", solveUsage, format, a...) }
	switch {
	case flags.NArg() == 0:
		return usageError("FILE is required")
	case flags.NArg() > 1:
		return usageError("unexpected argument %q", flags.Arg(1))
	}
	if *depth < 0 || (isSet(flags, "depth") && *depth == 0) {
		return usageError("-depth must be a whole number from 1, got %d", *depth)
	}
	if isSet(flags, "time") && *budget <= 0 {
		return usageError("-time must be positive, got %v", *budget)
	}
	if *threads < 1 {
		return usageError("-threads must be 1 or more, got %d", *threads)
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		return usageError("%v", err)
	}

	c := solve.Config{Depth: *depth, Budget: *budget, Threads: *threads, Rules: rules, PV: *verbose, All: *all}
	sum, err := solve.Report(stdout, flags.Arg(0), c)
	switch {
	case errors.Is(err, solve.ErrSkipped) || errors.Is(err, solve.ErrSearch):
		return failed(stderr, "solve", err, "solve") // its own errors: othello solve, not solve, says them
	case err != nil:
		return failed(stderr, "solve", err) // the file's, or standard output's
	case sum.Disagrees():
		return 1
	}
	return 0
}
