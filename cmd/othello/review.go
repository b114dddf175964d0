package main

import (
	"io"
	"runtime"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/terminal"
)

const reviewUsage = `usage: othello review [flags] FILE

Reviews the game of FILE move by move: each move's score and, when it is
not the best, the best move's score and the discs it lost; then the
turning points of the game, and its result. FILE is a game as othello
solve and othello play -load read it. Exit status: 0 the game was
reviewed, 1 FILE cannot be read or has a bad line, 2 bad command line.

Flags:
  -time D
	the time of each move's review (default 500ms)
  -depth N
	search N plies deep at most after each move (default: as deep as
	the time allows)
  -from N
	review from move N on (default 1)
  -threads N
	the goroutines searching an 8x8 position (default: the number of CPUs)
  -rules full|simple
	the rules of a judge's setup or a move list (default full); GGF says
	its own

See doc/playing.md.
`

// runReview runs "othello review".
func runReview(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("review", stderr)
	budget := flags.Duration("time", player.DefaultBudget, "")
	depth := flags.Int("depth", 0, "")
	from := flags.Int("from", 1, "")
	threads := flags.Int("threads", runtime.NumCPU(), "")
	rulesName := flags.String("rules", "full", "")
	if status, ok := parseFlags(flags, args, reviewUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "review", reviewUsage, format, a...) }
	switch {
	case flags.NArg() == 0:
		return usageError("FILE is required")
	case flags.NArg() > 1:
		return usageError("unexpected argument %q", flags.Arg(1))
	case *budget <= 0:
		return usageError("-time must be positive, got %v", *budget)
	case *depth < 0:
		return usageError("-depth must be a whole number from 1, got %d", *depth)
	case *from < 1:
		return usageError("-from must be a move number from 1, got %d", *from)
	case *threads < 1:
		return usageError("-threads must be 1 or more, got %d", *threads)
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		return usageError("%v", err)
	}
	cpu := player.CPU{Depth: *depth, Budget: *budget, Threads: *threads}
	if err := terminal.Review(stdout, flags.Arg(0), terminal.ReviewConfig{CPU: cpu, From: *from, Rules: rules}); err != nil {
		return failed(stderr, "review", err)
	}
	return 0
}
