package main

import (
	"errors"
	"io"
	"runtime"

	"github.com/othello-judge/judge/internal/engine/solve"
)

const solveUsage = `usage: othello solve [flags] FILE

Solves each position of FILE exactly: its best move and the final margin
of discs with best play by both sides.

FILE is one of:
  - positions in OBF, one a line, as the FFO test positions
    (../shared/ffo) are written (a file whose first line that is not
    blank starts with # or with squares): 64 squares from a1 to h8, a row at a
    time (X black, O white, - empty), a space, the player to move (X or
    O), and maybe the known scores of some moves, best first ("; G8:+18;
    H1:+12"). Blank lines and lines that start with # are skipped. OBF
    is 8x8, won by most discs, under the rules of -rules.
  - one setup in the judge's format, as a .in file holds it, of any
    size, read so when its first line that is not blank is a whole
    number (the rows). The setup's first player is to move and its win
    rule counts; the move lines after it, if any, are played first as
    the judge plays them (a line the judge answers INVALID is skipped,
    and a player with no legal move passes).
  - games in GGF, as GGS and NBoard write them (a file that holds "(;"),
    each with its board, rules and win rule: one position a game. A game
    that cannot be played is skipped: its line says why, "#2  skipped:
    line 4: move 3, B a1: move flips no disc", and the others are solved.
  - games in SGF, as Edax writes them (a file that holds "(;" and FF[,
    SZ[ or GM[2]), the main line of each: one position a game.
  - games in PGN, as the WTHOR collections and Edax write them (a file
    whose first line is a tag, [Event "..."], or starts 1.): one
    position a game.
  - a WTHOR game file, .wtb (a header of 16 bytes that counts the games
    of 68 bytes that follow): one position a game, a game that cannot be
    played skipped as in GGF.
  - a move list such as f5d6c3 (a file that starts with a square), from
    the standard 8x8 start.
Of a game, the position at its end is solved. A file of none of these
formats is an error.

Prints a line about FILE and how it is searched, then one line a
position, such as

  #1   empties 14  move g8  score +18  nodes     157354     0.024s  known +18 ok

that is: its number among the positions of FILE, from 1; the empty
squares; the best move (column letter from a, row number from 1: a1 is
the top-left corner), pa if the player to move must pass, -- if the game
is over; the score: the final disc difference for the player to move,
the empty squares going to the winner, as FFO counts (with the win rule
<, the opponent's discs less the mover's); the positions searched; the
seconds it took (wall time); and if FILE knows the best score, it and a
verdict: ok when the score is the same and the move is not known to be
worse, disagree if not ("disagree: g8 is +12" for a worse move). Last, a
summary: the positions, how many agree with a known score (and disagree,
and are not checked, if any), the nodes, the seconds and the nodes a
second of all the searches.

Exit status: 0 no known score disagrees, 1 one disagrees, a game was
skipped, or FILE cannot be read or has a bad line (standard error says
which and why), 2 bad command line.

Flags:
  -depth N
	search N plies deep at most in the midgame; on 8x8 under the full
	rules the end is still solved exactly whenever the time allows
	(without -time, always), other boards stop at N plies
  -time D
	search for at most about D a position, such as 500ms or 2s, solving
	exactly only what is likely solved in that time. With -depth or
	-time, a score that is not exact is an
	estimate in discs, such as ~+3.25, or win or loss when the search
	proved one without counting by how much; a known score beside it is
	shown, not checked ("not checked"), and counts in neither agree nor
	disagree. A search that reaches the end of the game is exact, and
	checked.
  -threads N
	the goroutines searching an 8x8 position (default: the number of
	CPUs)
  -rules full|simple
	the rules of a setup, a move list or positions in OBF (default
	full); GGF says its own
  -all
	after each position, every legal move and its score, best first,
	on a line of its own: "    all: g8 +32, g2 +12, b2 -20 ...",
	exact when solving, estimates (~+3.25) with -depth or -time, whose
	time is then shared by the moves; a move whose known score (OBF)
	differs from an exact one is followed by it, "g2 +10 (known +12)",
	and disagrees. A player who must pass has "pa" and its score, a
	finished game "--"
  -v
	after each position, the principal variation, on a line of its
	own: "    pv: g8 h7 pa a8 ...", each move the best that the same
	search finds after the one before, to the end of the game
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
