package main

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/othello-judge/judge/othello"
)

const perftUsage = `usage: othello perft [-rules full|simple] [-size RxC] DEPTH

Counts the leaves of the game tree from the standard start, DEPTH plies
down, as the published perft tables of Othello count them: a forced pass
is a ply, and a game that ends before DEPTH is one leaf. Prints one line a
depth, from 1 to DEPTH: the depth, the count and the seconds it took.

Flags:
  -rules full|simple
	the rule set (default full)
  -size RxC
	the board, each side even from 4 to 16 (default 8x8)

See doc/engine.md.
`

// runPerft runs "othello perft".
func runPerft(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("perft", stderr)
	rulesName := flags.String("rules", "full", "")
	size := flags.String("size", "8x8", "")
	if status, ok := parseFlags(flags, args, perftUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "perft", perftUsage, format, a...) }
	switch {
	case flags.NArg() == 0:
		return usageError("DEPTH is required")
	case flags.NArg() > 1:
		return usageError("unexpected argument %q", flags.Arg(1))
	}
	depth, err := strconv.Atoi(flags.Arg(0))
	if err != nil || depth < 1 {
		return usageError("DEPTH must be a whole number from 1, got %q", flags.Arg(0))
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		return usageError("%v", err)
	}
	rows, cols, err := othello.ParseSize(*size)
	if err != nil {
		return usageError("-size must be ROWSxCOLS, each even from 4 to 16, got %q", *size)
	}
	board, _ := othello.NewStartBoard(rows, cols)
	start, _ := othello.NewPosition(rules, board, othello.Black)
	for d := 1; d <= depth; d++ {
		began := time.Now()
		leaves := start.Perft(d)
		fmt.Fprintf(stdout, "%d %d %.3f\n", d, leaves, time.Since(began).Seconds())
	}
	return 0
}
