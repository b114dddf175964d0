package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"

	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

const matchUsage = `usage: othello match [flags] PLAYER1 PLAYER2

Plays pairs of games of Othello, 8x8 unless -size says otherwise,
between two players, each opening once with each colour, under a clock
the referee keeps, and prints each game's result, then player 1's wins,
draws, losses, score, discs and Elo difference with its 95% interval.
A player that plays an illegal move, passes with a move, runs out of
time, exits or answers with no move loses that game, and the match goes
on. Interrupted (Ctrl-C), it ends the games under way and reports
those played, with exit status 3; a second Ctrl-C stops at once.

A PLAYER is level:N (1 to 10), cpu:DEPTH, greedy, random, or a program
and its arguments separated by spaces, run in the sandbox for the whole
of each game: prog:COMMAND speaks the plain protocol of doc/grading.md,
such as 'prog:python3 player.py'; nboard:COMMAND and gtp:COMMAND are
engines that speak NBoard or GTP (square boards only), such as Edax
('nboard:lEdax -nboard -l 10', its files shown with -bind) or
'gtp:othello gtp'. A program runs in its own folder, that of the first
of its words that names a file or folder (alice in 'prog:python3
alice/player.py' or 'prog:java -cp alice Main'), and sees that folder,
not the other player's. An engine has 10 seconds, off its clock, to
start; it searches as deep as its own command line says, and is told its
time left. Our engines search on one thread each, so that -j games at once
share the CPUs evenly. Under the clock, level:N takes 2^(N-10) of its
share of the time left (level 10 all of it, 9 half, 7 an eighth),
never more than its own time a move: levels keep their order at every
time control.

Flags:
  -games N
	pairs of games (default 1)
  -openings random:N|book|book:NAME|file:PATH|shuffle:PATH
	each pair's opening: N random plies from the seed, as even as a
	shallow search finds them (default random:4); the named openings of
	the book (Tiger, Rose, Buffalo, ...) one after the other, in the
	order of internal/engine/book/openings.txt; the one named NAME; the
	lines of the file PATH one after the other, each a move list such as
	f5d6c4d3c2b3b4b5 (XOT's openings.txt), # starting a comment line;
	or those lines in an order drawn from the seed, each once before
	any again
  -size RxC
	the board, each even from 4 to 16, from its standard start (default
	8x8); a program is told it in each turn, an engine by GTP's
	boardsize or NBoard's GGF
  -seed N
	the openings' and the engines' seed (default: from the clock;
	always reported)
  -tc TOTAL+INCREMENT
	each player's clock, in seconds (default 10+0.1); A/B gives player
	1 the clock A and player 2 the clock B whichever colour each plays
	(time odds), such as 1.5/60 or 10+0.1/60+1
  -st SECONDS
	a fixed time a move instead of -tc; A/B for time odds, such as 0.1/1
  -sprt ELO0,ELO1,ALPHA,BETA
	stop as soon as the SPRT decides between an Elo difference of ELO0
	and of ELO1 (logistic Elo, on the pairs), as fastchess does, such as
	0,100,0.05,0.05; -games is then the most pairs
  -j N
	games at once (default: the number of CPUs)
  -ggf FILE, -pgn FILE
	write every game there, GGF with each move's time; PGN holds 8x8
	games only, a forfeit's with its Termination tag
  -sandbox=false, -memory SIZE, -file-size SIZE, -procs N,
  -open-files N, -bind PATH, -env NAME=VALUE
	the programs' sandbox, as othello check -h says
  -cpu D
	CPU time of each program in a game (default 0: the clocks bound it)
`

// runMatch runs othello match.
func runMatch(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("match", stderr)
	mf := addMatchFlags(flags)
	sprt := flags.String("sprt", "", "")
	if status, ok := parseFlags(flags, args, matchUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "match", matchUsage, format, a...) }
	if flags.NArg() != 2 {
		return usageError("want two players, got %d arguments", flags.NArg())
	}
	m, err := mf.match(flags)
	if err != nil {
		return usageError("%s", err)
	}
	for i := range m.Players {
		s, err := referee.ParseSpec(flags.Arg(i))
		if err != nil {
			return usageError("%s", trimPkg(err, "referee"))
		}
		m.Players[i] = s
	}
	referee.OwnFolders(m.Players[:], &m.Sandbox)
	if err := m.Check(); err != nil {
		return usageError("%s", trimPkg(err, "referee"))
	}
	if *sprt != "" {
		t, err := rating.ParseSPRT(*sprt)
		if err != nil {
			return usageError("%s", trimPkg(err, "rating"))
		}
		m.SPRT = &t
	}
	if err := m.Unwalled(); err != nil {
		fmt.Fprintf(stderr, "othello match: %v: refusing to run its programs.\n%s", err, class.NoWallHelp)
		return 1
	}
	if m.Players[0].IsProgram() || m.Players[1].IsProgram() {
		if m.Sandbox, err = m.Sandbox.Settle(); err != nil {
			fmt.Fprintf(stderr, "othello match: %v: its programs run limited\n", err)
		}
	}

	fmt.Fprintf(stdout, "match %s vs %s: %d games, %s, openings %s, seed %d\n", m.Players[0].Name, m.Players[1].Name, 2*m.Pairs, m.Clocks, *mf.openings, m.Seed)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills at once
	results, err := m.Run(ctx, func(r referee.Result) { fmt.Fprintln(stdout, r.Line()) })
	if err != nil {
		return failed(stderr, "match", err)
	}
	if len(results) > 0 {
		if err := referee.WriteSummary(stdout, m, results); err != nil {
			return failed(stderr, "match", err)
		}
	}
	if err := mf.writeRecords(results); err != nil {
		return failed(stderr, "match", err, "referee")
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "othello match: stopped: %d of %d games played\n", len(results), 2*m.Pairs)
		return 3
	}
	return 0
}

// matchFlags are the flags that othello match and othello tournament
// share: how each game is played, where programs run, and where the
// games are written.
type matchFlags struct {
	pairs, jobs      *int
	openings, tc, st *string
	size             *string
	seed             *uint64
	ggf, pgn         *string
	isolated         *bool
	lim              sandbox.Limits
	sb               sandbox.Config
}

// addMatchFlags defines the shared flags on flags.
func addMatchFlags(flags *flag.FlagSet) *matchFlags {
	f := &matchFlags{
		pairs:    flags.Int("games", 1, ""),
		openings: flags.String("openings", "random:4", ""),
		size:     flags.String("size", "8x8", ""),
		seed:     flags.Uint64("seed", 0, ""),
		tc:       flags.String("tc", "10+0.1", ""),
		st:       flags.String("st", "", ""),
		jobs:     flags.Int("j", runtime.NumCPU(), ""),
		ggf:      flags.String("ggf", "", ""),
		pgn:      flags.String("pgn", "", ""),
		isolated: flags.Bool("sandbox", true, ""),
		lim:      sandbox.DefaultLimits,
	}
	f.lim.CPU = 0 // the clocks bound a game, unless -cpu says more
	flags.DurationVar(&f.lim.CPU, "cpu", 0, "")
	flags.Func("memory", "", func(s string) (err error) { f.lim.Memory, err = sandbox.ParseBytes(s); return err })
	flags.Func("file-size", "", func(s string) (err error) { f.lim.FileSize, err = sandbox.ParseBytes(s); return err })
	flags.IntVar(&f.lim.Processes, "procs", f.lim.Processes, "")
	flags.IntVar(&f.lim.OpenFiles, "open-files", f.lim.OpenFiles, "")
	flags.Func("bind", "", func(path string) error {
		abs, err := filepath.Abs(path)
		if err == nil {
			_, err = os.Stat(abs)
		}
		f.sb.Bind = append(f.sb.Bind, abs)
		return err
	})
	flags.Func("env", "", func(kv string) error { f.sb.Env = append(f.sb.Env, kv); return sandbox.CheckEnv(kv) })
	return f
}

// match returns the match the parsed flags describe, with no players: a
// seed from the clock unless -seed is set, Othello on the board of -size
// from its standard start. The error is a usage error's message.
func (f *matchFlags) match(flags *flag.FlagSet) (referee.Match, error) {
	m := referee.Match{Pairs: *f.pairs, Seed: *f.seed, Jobs: *f.jobs}
	if *f.pairs < 1 || *f.jobs < 1 {
		return m, fmt.Errorf("-games and -j must be 1 or more, got %d and %d", *f.pairs, *f.jobs)
	}
	var err error

	if *f.st != "" {
		m.Clocks, err = referee.ParseClocks(*f.st, referee.ParsePerMove)
	} else {
		m.Clocks, err = referee.ParseClocks(*f.tc, referee.ParseTimeControl)
	}
	if err != nil {
		return m, errors.New(trimPkg(err, "referee"))
	}
	if !isSet(flags, "seed") {
		m.Seed = clockSeed()
	}
	m.Sandbox = f.sb
	m.Sandbox.Mode, m.Sandbox.Limits = sandbox.Isolated, f.lim
	if !*f.isolated {
		m.Sandbox.Mode = sandbox.Limited
	}
	rows, cols, err := othello.ParseSize(*f.size)
	if err == nil {
		m.Setup, err = othello.StandardSetup(othello.Full{}, rows, cols)
	}
	if err != nil {
		return m, fmt.Errorf("-size must be ROWSxCOLS, each even from 4 to 16, got %q", *f.size)
	}
	if *f.pgn != "" && (rows != 8 || cols != 8) {
		return m, fmt.Errorf("-pgn holds 8x8 games only, got -size %s", *f.size)
	}
	if m.Openings, err = referee.ParseOpenings(*f.openings, m.Setup); err != nil {
		return m, errors.New(trimPkg(err, "referee"))
	}
	return m, nil
}

// writeRecords writes every game to -ggf and -pgn, those that are set.
func (f *matchFlags) writeRecords(results []referee.Result) error {
	for _, out := range []struct {
		path   string
		format record.Format
	}{{*f.ggf, record.GGF}, {*f.pgn, record.PGN}} {
		if out.path == "" {
			continue
		}
		if err := record.ReplaceFile(out.path, func(w io.Writer) error { return referee.WriteRecords(w, results, out.format) }); err != nil {
			return err
		}
	}
	return nil
}
