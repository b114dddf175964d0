package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/grader/sandbox"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/othello"
)

const matchUsage = `usage: othello match [flags] PLAYER1 PLAYER2

Plays pairs of games of 8x8 Othello between two players, each opening
once with each colour, under a clock the referee keeps, and prints each
game's result, then player 1's wins, draws, losses, score, discs and
Elo difference with its 95% interval. A player that plays an illegal
move, passes with a move, runs out of time, exits or answers with no
move loses that game, and the match goes on.

A PLAYER is level:N (1 to 10), cpu:DEPTH, greedy, random, or
prog:COMMAND, a program and its arguments separated by spaces, run in
the sandbox for the whole of each game and speaking the plain protocol
of doc/grading.md, such as 'prog:python3 player.py'.

Flags:
  -games N
	pairs of games (default 1)
  -openings random:N
	each pair's opening: N random plies from the seed, as even as a
	shallow search finds them (default random:4)
  -seed N
	the openings' and the engines' seed (default: from the clock;
	always reported)
  -tc TOTAL+INCREMENT
	each player's clock, in seconds (default 10+0.1)
  -st SECONDS
	a fixed time a move instead of -tc
  -sprt ELO0,ELO1,ALPHA,BETA
	stop as soon as the SPRT decides between an Elo difference of ELO0
	and of ELO1 (logistic Elo, on the pairs), as fastchess does, such as
	0,100,0.05,0.05; -games is then the most pairs
  -j N
	games at once (default: the number of CPUs)
  -ggf FILE, -pgn FILE
	write every game there, GGF with each move's time
  -sandbox=false, -memory SIZE, -procs N, -bind PATH, -env NAME=VALUE
	the programs' sandbox, as othello check -h says
`

// runMatch runs othello match.
func runMatch(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("match", stderr)
	pairs := flags.Int("games", 1, "")
	openings := flags.String("openings", "random:4", "")
	seed := flags.Uint64("seed", 0, "")
	tc := flags.String("tc", "10+0.1", "")
	st := flags.String("st", "", "")
	jobs := flags.Int("j", runtime.NumCPU(), "")
	ggfPath := flags.String("ggf", "", "")
	pgnPath := flags.String("pgn", "", "")
	sprt := flags.String("sprt", "", "")
	isolated := flags.Bool("sandbox", true, "")
	lim := sandbox.DefaultLimits
	lim.CPU = 0 // the clocks bound a game
	var sb sandbox.Config
	flags.Func("memory", "", func(s string) (err error) { lim.Memory, err = sandbox.ParseBytes(s); return err })
	flags.IntVar(&lim.Processes, "procs", lim.Processes, "")
	flags.Func("bind", "", func(path string) error {
		abs, err := filepath.Abs(path)
		if err == nil {
			_, err = os.Stat(abs)
		}
		sb.Bind = append(sb.Bind, abs)
		return err
	})
	flags.Func("env", "", func(kv string) error { sb.Env = append(sb.Env, kv); return sandbox.CheckEnv(kv) })
	if status, ok := parseFlags(flags, args, matchUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "match", matchUsage, format, a...) }
	if flags.NArg() != 2 {
		return usageError("want two players, got %d arguments", flags.NArg())
	}
	m := referee.Match{Pairs: *pairs, Seed: *seed, Jobs: *jobs}
	for i := range m.Players {
		s, err := referee.ParseSpec(flags.Arg(i))
		if err != nil {
			return usageError("%s", trimPkg(err, "referee"))
		}
		m.Players[i] = s
	}
	if *pairs < 1 || *jobs < 1 {
		return usageError("-games and -j must be 1 or more, got %d and %d", *pairs, *jobs)
	}
	var err error
	if m.Opening, err = referee.ParseOpenings(*openings); err != nil {
		return usageError("%s", trimPkg(err, "referee"))
	}
	if *st != "" {
		m.Clock, err = referee.ParsePerMove(*st)
	} else {
		m.Clock, err = referee.ParseTimeControl(*tc)
	}
	if err != nil {
		return usageError("%s", trimPkg(err, "referee"))
	}
	if *sprt != "" {
		t, err := rating.ParseSPRT(*sprt)
		if err != nil {
			return usageError("%s", trimPkg(err, "rating"))
		}
		m.SPRT = &t
	}
	if !isSet(flags, "seed") {
		m.Seed = clockSeed()
	}
	sb.Mode, sb.Limits = sandbox.Isolated, lim
	if !*isolated {
		sb.Mode = sandbox.Limited
	}
	m.Sandbox = sb
	if err := m.Unwalled(); err != nil {
		fmt.Fprintf(stderr, "othello match: %v: refusing to run its programs.\n%s", err, class.NoWallHelp)
		return 1
	}
	if m.Setup, err = othello.StandardSetup(othello.Full{}, 8, 8); err != nil {
		return failed(stderr, "match", err)
	}

	fmt.Fprintf(stdout, "match %s vs %s: %d games, %s, openings %s, seed %d\n", m.Players[0].Name, m.Players[1].Name, 2**pairs, m.Clock, *openings, m.Seed)
	results, err := m.Run(func(r referee.Result) { fmt.Fprintln(stdout, r.Line()) })
	if err != nil {
		return failed(stderr, "match", err)
	}
	if err := referee.WriteSummary(stdout, m, results); err != nil {
		return failed(stderr, "match", err)
	}
	for _, f := range []struct {
		path   string
		format record.Format
	}{{*ggfPath, record.GGF}, {*pgnPath, record.PGN}} {
		if f.path == "" {
			continue
		}
		if err := record.ReplaceFile(f.path, func(w io.Writer) error { return referee.WriteRecords(w, results, f.format) }); err != nil {
			return failed(stderr, "match", err, "referee")
		}
	}
	return 0
}
