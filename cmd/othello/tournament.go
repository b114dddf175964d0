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
	"slices"
	"strings"
	"syscall"

	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/shard"
)

const tournamentUsage = `usage: othello tournament [flags] PLAYER...
       othello tournament -merge [-results FILE] [-html FILE] [-pgn FILE] [-ggf FILE] SHARD...

Plays a round robin of Othello, 8x8 unless -size says otherwise: every two of the players play a
match of pairs of games, as othello match plays one, -j games at once of
all the matches. With -gauntlet, the gauntlet's players each play every
other player but not each other. With -class, a class's submissions play
too, each a folder of DIR running -program. It prints each game's result
and each match's summary, then the ladder (each player's rank, Elo, the
95% interval of its difference from the anchor's, games and score, by
maximum likelihood in the logistic Elo model with one virtual draw each)
and the crosstable (the points each player scored against each other,
of the games they played). Exit status: 0 all played, 1 a file could not
be written, 2 bad command line, 3 stopped by a signal (run it again with
the same -results to finish).

A PLAYER is level:N (1 to 10), cpu:DEPTH, greedy, random, or a
program, prog:COMMAND, nboard:COMMAND or gtp:COMMAND, as othello match
-h says; each named once.

Flags:
  -games N
	pairs of games each two players play (default 1)
  -class DIR
	the class: each folder in DIR (but those whose names start with a
	dot) is a submission, a player named as othello grade names it, by
	its folder's name, that runs -program there, in the sandbox, and
	sees no other submission
  -program COMMAND
	with -class, the command each submission runs, its words separated
	by spaces, such as 'python3 player.py'
  -gauntlet
	the submissions of -class each play every PLAYER, not each other;
	without -class, the first PLAYER plays each of the others
  -anchor NAME[=ELO]
	the player whose rating is fixed, at ELO (default 0); the others are
	rated from it (default: random if it plays, else the first PLAYER)
  -results FILE
	keep every game in FILE as it is over; run again with the same
	flags, the tournament keeps the games there and plays the rest (a
	FILE of another seed, clock, openings or command is moved to
	FILE.old). Without -seed, the seed is FILE's
  -html FILE
	write there one page with the ladder, the crosstable, and every game
	to replay in the browser
  -openings random:N|book|book:NAME|file:PATH|shuffle:PATH, -size RxC
	each pair's opening and the board, as othello match -h says
	(default random:4 on 8x8); shuffle:PATH draws each pairing's order
	of the file's lines from its seed
  -seed N
	the tournament's seed, from which each match's is drawn with the two
	players' names (default: -results's, or from the clock; always
	reported)
  -tc TOTAL+INCREMENT
	each player's clock, in seconds (default 10+0.1); the same for every
	player: time odds, A/B, are othello match's
  -st SECONDS
	a fixed time a move instead of -tc
  -j N
	games at once (default: the number of CPUs)
  -ggf FILE, -pgn FILE
	write every game there, GGF with each move's time
  -sandbox=false, -memory SIZE, -file-size SIZE, -procs N,
  -open-files N, -bind PATH, -env NAME=VALUE, -cpu D
	the programs' sandbox, as othello match -h says
  -shard K/N|auto|auto/N
	play shard K of N, K from 0: the share of the games that the
	players' names alone give it (each game's opening and seed as the
	whole tournament's), so that N nodes of a cluster each play one into
	a -results FILE of their own, to merge; needs -seed and -results,
	and prints no ladder. auto and auto/N take K (and N) from a Slurm
	job array or a Kubernetes Indexed Job, as othello grade -h says
  -merge
	the arguments are the shards' -results files, all of them: print
	and write (-results, -html, -pgn, -ggf) what one run of the shards'
	flags and seed does; refuses shards of different runs, or one
	missing or given twice (doc/grading.md, "A class on a cluster")
`

// runTournament runs othello tournament.
func runTournament(args []string, stdout, stderr io.Writer, env environ) int {
	flags := newFlagSet("tournament", stderr)
	mf := addMatchFlags(flags)
	anchorFlag := flags.String("anchor", "", "")
	classDir := flags.String("class", "", "")
	program := flags.String("program", "", "")
	gauntlet := flags.Bool("gauntlet", false, "")
	resultsPath := flags.String("results", "", "")
	htmlPath := flags.String("html", "", "")
	shardFlag := flags.String("shard", "", "")
	merge := flags.Bool("merge", false, "")
	if status, ok := parseFlags(flags, args, tournamentUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int {
		return badUsage(stderr, "tournament", tournamentUsage, format, a...)
	}
	if *merge {
		return runTournamentMerge(flags, mf, *resultsPath, *htmlPath, stdout, stderr)
	}
	var part shard.Shard
	if *shardFlag != "" {
		var err error
		if part, err = shard.Parse(*shardFlag, env.get); err != nil {
			return usageError("-shard %s", strings.TrimPrefix(err.Error(), "shard: "))
		}
		switch {
		case !isSet(flags, "seed"):
			return usageError("-shard needs -seed N: every shard must play with one seed")
		case *resultsPath == "":
			return usageError("-shard needs -results FILE, the shard's games, for -merge")
		case *htmlPath != "" || *mf.pgn != "" || *mf.ggf != "":
			return usageError("-shard writes no -html, -pgn or -ggf: -merge writes them, of every game")
		}
	}
	m, err := mf.match(flags)
	if err != nil {
		return usageError("%s", err)
	}
	if m.Clocks.Odds() {
		return usageError("-tc and -st give every player of a tournament one clock: time odds, A/B, are othello match's, between two players")
	}
	t := referee.Tournament{Match: m}
	if (*classDir == "") != (strings.TrimSpace(*program) == "") {
		return usageError("-class DIR and -program COMMAND go together")
	}
	if *classDir != "" {
		subs, err := submissions(*classDir, strings.Fields(*program))
		if err != nil {
			return usageError("%s", trimPkg(err, "class"))
		}
		t.Players = subs
	}
	var refs []referee.Spec
	for _, arg := range flags.Args() {
		s, err := referee.ParseSpec(arg)
		if err != nil {
			return usageError("%s", trimPkg(err, "referee"))
		}
		refs = append(refs, s)
	}
	if *gauntlet {
		t.Gauntlet = max(len(t.Players), 1)
	}
	t.Players = append(t.Players, refs...)
	referee.OwnFolders(t.Players, &t.Match.Sandbox)
	if _, err := t.Pairings(); err != nil {
		return usageError("%s", trimPkg(err, "referee"))
	}
	anchor := referee.DefaultAnchor(refs)
	if len(refs) == 0 {
		anchor = referee.DefaultAnchor(t.Players)
	}
	if *anchorFlag != "" {
		if anchor, err = referee.ParseAnchor(*anchorFlag); err != nil {
			return usageError("%s", trimPkg(err, "referee"))
		}
	}
	known := false
	for _, p := range t.Players {
		known = known || p.Name == anchor.Player
	}
	if !known {
		return usageError("-anchor %q is none of the players", anchor.Player)
	}
	if err := t.Unwalled(); err != nil {
		fmt.Fprintf(stderr, "othello tournament: %v: refusing to run its programs.\n%s", err, class.NoWallHelp)
		return 1
	}
	if slices.ContainsFunc(t.Players, referee.Spec.IsProgram) {
		var err error
		if t.Match.Sandbox, err = t.Match.Sandbox.Settle(); err != nil {
			fmt.Fprintf(stderr, "othello tournament: %v: its programs run limited\n", err)
		}
	}
	// title is the line printed first, once the seed is known.
	title := func() string {
		n := len(t.Players)
		title := fmt.Sprintf("tournament of %d players", n)
		if t.Gauntlet > 0 {
			title = fmt.Sprintf("gauntlet of %d against %d players", t.Gauntlet, n-t.Gauntlet)
		}
		return title + fmt.Sprintf(", %d games a pairing, %s, openings %s, seed %d", 2*t.Match.Pairs, t.Match.Clocks, *mf.openings, t.Match.Seed)
	}
	if !part.Whole() {
		t.Shard = &referee.Shard{Part: part, Version: programVersion(), Flags: tournamentFlags(flags, args), Anchor: anchor, Title: title()}
	}
	var kept map[referee.GameKey]referee.Result
	var results *referee.Results
	if *resultsPath != "" {
		var note string
		results, note, err = referee.OpenResults(*resultsPath, &t, isSet(flags, "seed"))
		if err != nil {
			return failed(stderr, "tournament", err, "referee")
		}
		defer results.Close()
		if note != "" {
			fmt.Fprintf(stderr, "othello tournament: %s\n", note)
		}
		kept = results.Kept
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills at once

	fmt.Fprintln(stdout, title())
	var last referee.GameKey
	var writeErr error
	pairings, err := t.Run(ctx, kept, func(m referee.Match, r referee.Result) {
		if k := m.Key(1); k != last {
			fmt.Fprintf(stdout, "match %s vs %s, seed %d\n", m.Players[0].Name, m.Players[1].Name, m.Seed)
			last = k
		}
		fmt.Fprintln(stdout, r.Line())
		if results != nil && writeErr == nil {
			if writeErr = results.Append(m, r); writeErr != nil {
				fmt.Fprintf(stderr, "othello tournament: %v\n", writeErr)
			}
		}
	})
	interrupted := err != nil && ctx.Err() != nil
	if err != nil && !interrupted {
		return failed(stderr, "tournament", err)
	}
	if !part.Whole() {
		played := 0
		for _, p := range pairings {
			played += len(p.Results)
		}
		fmt.Fprintf(stdout, "shard %s: %d games in %s: merge every shard's with othello tournament -merge\n", part, played, *resultsPath)
		switch {
		case writeErr != nil:
			return 1
		case interrupted:
			fmt.Fprintf(stderr, "othello tournament: stopped: run again with the same -results to finish the shard\n")
			return 3
		}
		return 0
	}
	var all []referee.Result
	for _, p := range pairings {
		if len(p.Results) == 0 {
			continue // stopped before it
		}
		if err := referee.WriteSummary(stdout, p.Match, p.Results); err != nil {
			return failed(stderr, "tournament", err)
		}
		all = append(all, p.Results...)
	}
	fmt.Fprintln(stdout)
	if err := referee.WriteTournament(stdout, t.Players, pairings, anchor); err != nil {
		if !interrupted {
			return failed(stderr, "tournament", err, "referee", "rating")
		}
		fmt.Fprintf(stderr, "othello tournament: no ladder yet: %s\n", trimPkg(err, "referee", "rating"))
	}
	if err := mf.writeRecords(all); err != nil {
		return failed(stderr, "tournament", err, "referee")
	}
	if *htmlPath != "" {
		err := record.ReplaceFile(*htmlPath, func(w io.Writer) error {
			return referee.WritePage(w, title(), t.Players, pairings, anchor)
		})
		if err != nil && !interrupted {
			return failed(stderr, "tournament", err, "referee", "rating")
		}
	}
	switch {
	case writeErr != nil:
		return 1
	case interrupted:
		left := 0
		for _, p := range pairings {
			left += 2*p.Match.Pairs - len(p.Results)
		}
		fmt.Fprintf(stderr, "othello tournament: stopped: %d games not played: run again with the same -results to finish\n", left)
		return 3
	}
	return 0
}

// submissions returns the players of a class: each folder in dir, but
// those whose names start with a dot, named by class.Names as othello
// grade names a submission, running command there. The error is
// os.ReadDir's or class.Names's, or says that dir holds no folder.
func submissions(dir string, command []string) ([]referee.Spec, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var folders []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			folders = append(folders, filepath.Join(dir, e.Name()))
		}
	}
	if len(folders) == 0 {
		return nil, fmt.Errorf("-class %s holds no submission folder", dir)
	}
	names, err := class.Names(folders)
	if err != nil {
		return nil, err
	}
	out := make([]referee.Spec, len(folders))
	for i, f := range folders {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		out[i] = referee.Spec{Name: names[i], Path: command[0], Args: command[1:], Dir: abs}
	}
	return out, nil
}

// tournamentFlags returns the flags of args, parsed by flags, that
// change a tournament's games, as gradeFlags returns a grade's: all but
// those that say where its results go, -j, -seed and -anchor, which a
// shard's file of results keeps apart, and -shard and -merge.
func tournamentFlags(flags *flag.FlagSet, args []string) []string {
	return typedFlags(flags, args, "seed", "j", "results", "html", "pgn", "ggf", "anchor", "shard", "merge")
}

// runTournamentMerge runs "othello tournament -merge": the arguments of
// flags are the shards' files of results, and only -results, -html, -pgn
// and -ggf may be given besides. It prints what the whole run prints,
// and writes what it writes.
func runTournamentMerge(flags *flag.FlagSet, mf *matchFlags, resultsPath, htmlPath string, stdout, stderr io.Writer) int {
	usageError := func(format string, a ...any) int {
		return badUsage(stderr, "tournament", tournamentUsage, format, a...)
	}
	var others []string
	flags.Visit(func(f *flag.Flag) {
		if !slices.Contains([]string{"merge", "results", "html", "pgn", "ggf"}, f.Name) {
			others = append(others, "-"+f.Name)
		}
	})
	switch {
	case len(others) > 0:
		return usageError("-merge takes -results, -html, -pgn and -ggf only, not %s: the shards' flags are theirs", strings.Join(others, " "))
	case flags.NArg() == 0:
		return usageError("want -merge SHARD...: the shards' -results files")
	case slices.Contains(flags.Args(), resultsPath):
		return usageError("-results %s is a shard: merge into another file", resultsPath)
	}
	m, err := referee.MergeResults(flags.Args())
	if errors.Is(err, shard.ErrMerge) {
		fmt.Fprintf(stderr, "othello tournament: %s: nothing merged\n", trimPkg(err, "shard"))
		return 2
	}
	if err != nil {
		return failed(stderr, "tournament", err, "referee")
	}
	fmt.Fprintln(stdout, m.Title)
	var all []referee.Result
	for _, p := range m.Pairings {
		fmt.Fprintf(stdout, "match %s vs %s, seed %d\n", p.Match.Players[0].Name, p.Match.Players[1].Name, p.Match.Seed)
		for _, r := range p.Results {
			fmt.Fprintln(stdout, r.Line())
		}
		all = append(all, p.Results...)
	}
	for _, p := range m.Pairings {
		if err := referee.WriteSummary(stdout, p.Match, p.Results); err != nil {
			return failed(stderr, "tournament", err)
		}
	}
	fmt.Fprintln(stdout)
	players := m.Tournament.Players
	if err := referee.WriteTournament(stdout, players, m.Pairings, m.Anchor); err != nil {
		return failed(stderr, "tournament", err, "referee", "rating")
	}
	if err := mf.writeRecords(all); err != nil {
		return failed(stderr, "tournament", err, "referee")
	}
	if htmlPath != "" {
		err := record.ReplaceFile(htmlPath, func(w io.Writer) error {
			return referee.WritePage(w, m.Title, players, m.Pairings, m.Anchor)
		})
		if err != nil {
			return failed(stderr, "tournament", err, "referee", "rating")
		}
	}
	if resultsPath != "" {
		if err := m.WriteResults(resultsPath); err != nil {
			return failed(stderr, "tournament", err, "referee")
		}
	}
	return 0
}
