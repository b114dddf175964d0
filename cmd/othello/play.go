package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/play"
	"github.com/othello-judge/judge/player"
)

const playUsage = `usage: othello play [flags]

Plays Othello at the terminal, you (Black, X) against the computer (White,
O) unless the flags say otherwise. Type a move as d3, 3d or 3 4 (row and
column from 1), in any case; h lists the commands: moves, hint, undo,
quit. Output is flushed before each read, so piped input plays as typed
input does. Exit status: 0 game over or quit, 1 input ended mid-game, a
bad -board file or an I/O error, 2 bad command line.

Flags:
  -black human|cpu|cpu:LEVEL|greedy|random
	who plays Black (default human). cpu searches as deep as -time
	allows, cpu:LEVEL no deeper than LEVEL moves ahead; greedy flips the
	most discs; random plays any legal move
  -white PLAYER
	who plays White (default cpu)
  -rules full|simple
	the rule set (default full)
  -size RxC
	the board, each side even from 4 to 16 (default 8x8)
  -first B|W
	who moves first (default B)
  -win >|<
	most discs wins (>, the default) or fewest discs wins (<)
  -board FILE
	the starting board, first player and win rule, from a file in the
	judge's setup format; not with -size, -first or -win
  -time D
	the most time a computer move may take (default 500ms)
  -games N
	with two computer players: play N games, colours changing each
	game, and print one line: "cpu vs greedy: 93 won, 5 lost, 2 drawn"
	for the -black player (default 1: play one game and show it)
  -stats
	print the -games line, even for one game, then how deep each CPU
	searched and how long its moves took
  -seed N
	the seed of greedy and random (default: from the clock)
  -style plain|xo
	plain (the default) or xo, the classic text game: X and O on a
	board of '-', "Player 'X' move: "
`

// runPlay runs "othello play".
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("play", stderr)
	blackName := flags.String("black", "human", "")
	whiteName := flags.String("white", "cpu", "")
	rulesName := flags.String("rules", "full", "")
	size := flags.String("size", "8x8", "")
	firstName := flags.String("first", "B", "")
	winName := flags.String("win", ">", "")
	boardFile := flags.String("board", "", "")
	budget := flags.Duration("time", player.DefaultBudget, "")
	games := flags.Int("games", 1, "")
	stats := flags.Bool("stats", false, "")
	seed := flags.Uint64("seed", 0, "")
	styleName := flags.String("style", "plain", "")
	if status, ok := parseFlags(flags, args, playUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "play", playUsage, format, a...) }
	if flags.NArg() > 0 {
		return usageError("unexpected argument %q", flags.Arg(0))
	}
	if !isSet(flags, "seed") {
		*seed = clockSeed()
	}
	if *budget <= 0 || *games < 1 {
		return usageError("-time must be positive and -games 1 or more")
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	var c play.Config
	var err error
	if c.Black, err = parsePlayer(*blackName, *budget, rng); err != nil {
		return usageError("-black: %v", err)
	}
	if c.White, err = parsePlayer(*whiteName, *budget, rng); err != nil {
		return usageError("-white: %v", err)
	}
	c.Hint = hinter(c.Black, c.White, *budget)
	rules, err := parseRules(*rulesName)
	if err != nil {
		return usageError("%v", err)
	}
	if c.Style, err = play.ParseStyle(*styleName); err != nil {
		return usageError("-style must be plain or xo, got %q", *styleName)
	}
	if (*games > 1 || *stats) && (c.Black == nil || c.White == nil) {
		return usageError("-games and -stats need two computer players, -black and -white")
	}
	if *boardFile != "" {
		for _, name := range []string{"size", "first", "win"} {
			if isSet(flags, name) {
				return usageError("-board sets the size, the first player and the win rule: drop -%s", name)
			}
		}
		if c.Setup, err = readSetupFile(*boardFile, rules); err != nil {
			return playFailed(stderr, err)
		}
	} else {
		rows, cols, err := parseSize(*size)
		if err != nil {
			return usageError("-size must be ROWSxCOLS, each even from 4 to 16, got %q", *size)
		}
		c.Setup, _ = othello.StandardSetup(rules, rows, cols)
		if c.First, err = othello.ParseColor(strings.ToUpper(*firstName)); err != nil {
			return usageError("-first must be B or W, got %q", *firstName)
		}
		if c.Win, err = othello.ParseWinRule(*winName); err != nil {
			return usageError("-win must be > or <, got %q", *winName)
		}
	}

	if *games > 1 || *stats {
		return runMatch(c, *games, *stats, stdout, stderr)
	}
	if err := play.Run(stdin, stdout, c); err != nil {
		return playFailed(stderr, err)
	}
	return 0
}

// playFailed writes err on stderr as one line and returns exit status 1.
func playFailed(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "othello play: %s\n", strings.TrimPrefix(err.Error(), "play: "))
	return 1
}

// parsePlayer returns the player named name: nil for "human".
func parsePlayer(name string, budget time.Duration, rng *rand.Rand) (player.Player, error) {
	if strings.EqualFold(name, "human") {
		return nil, nil
	}
	return player.Parse(name, budget, rng)
}

// hinter returns the player who gives hints: a CPU of the game, White's
// first, so that hints are as good as the opponent; or a CPU with the
// budget.
func hinter(black, white player.Player, budget time.Duration) player.Player {
	for _, p := range []player.Player{white, black} {
		if cpu, ok := p.(player.CPU); ok {
			return cpu
		}
	}
	return player.CPU{Budget: budget}
}

// readSetupFile reads the setup of the judge's protocol from the file at
// path, for a game under rules r.
func readSetupFile(path string, r othello.Rules) (othello.Setup, error) {
	f, err := os.Open(path)
	if err != nil {
		return othello.Setup{}, err
	}
	defer f.Close()
	setup, err := console.ReadSetup(f, r)
	var ie *console.InputError
	if errors.As(err, &ie) {
		return othello.Setup{}, fmt.Errorf("%s: line %d: %s", path, ie.Line, ie.Msg)
	}
	return setup, err
}

// runMatch plays the match and prints its tally, and with stats how each
// CPU searched.
func runMatch(c play.Config, games int, stats bool, stdout, stderr io.Writer) int {
	t, err := play.Match(c, games)
	if err != nil {
		return playFailed(stderr, err)
	}
	fmt.Fprintln(stdout, t)
	if !stats {
		return 0
	}
	for _, p := range []struct {
		name  string
		stats play.Stats
	}{{t.A, t.AStats}, {t.B, t.BStats}} {
		s := p.stats
		if s.Moves == 0 {
			continue
		}
		fmt.Fprintf(stdout, "%s: %d moves, %d searched: depth %d to %d, mean %.1f before the end, %d solved to the end; longest move %v, mean %v\n",
			p.name, s.Moves, s.Searched, s.MinDepth, s.MaxDepth, s.MeanDepth(), s.Exact,
			s.Longest.Round(time.Millisecond), (s.Total / time.Duration(s.Moves)).Round(time.Millisecond))
	}
	return 0
}
