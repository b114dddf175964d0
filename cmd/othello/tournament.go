package main

import (
	"fmt"
	"io"

	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/referee"
)

const tournamentUsage = `usage: othello tournament [flags] PLAYER...

Plays a round robin of 8x8 Othello: every two of the players play a
match of pairs of games, as othello match plays one, one match after the
other. It prints each game's result and each match's summary, then the
ladder (each player's rank, Elo, the 95% interval of its difference from
the anchor's, games and score, by maximum likelihood in the logistic Elo
model with one virtual draw each) and the crosstable (the points each
player scored against each other, of the games they played).

A PLAYER is level:N (1 to 10), cpu:DEPTH, greedy, random, or
prog:COMMAND, as othello match -h says; each named once.

Flags:
  -games N
	pairs of games each two players play (default 1)
  -anchor NAME[=ELO]
	the player whose rating is fixed, at ELO (default 0); the others are
	rated from it (default: random if it plays, else the first player)
  -openings random:N
	each pair's opening: N random plies from the seed (default random:4)
  -seed N
	the tournament's seed, from which each match's is drawn (default:
	from the clock; always reported)
  -tc TOTAL+INCREMENT
	each player's clock, in seconds (default 10+0.1)
  -st SECONDS
	a fixed time a move instead of -tc
  -j N
	games at once (default: the number of CPUs)
  -ggf FILE, -pgn FILE
	write every game there, GGF with each move's time
  -sandbox=false, -memory SIZE, -procs N, -bind PATH, -env NAME=VALUE
	the programs' sandbox, as othello check -h says
`

// runTournament runs othello tournament.
func runTournament(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("tournament", stderr)
	mf := addMatchFlags(flags)
	anchorFlag := flags.String("anchor", "", "")
	if status, ok := parseFlags(flags, args, tournamentUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int {
		return badUsage(stderr, "tournament", tournamentUsage, format, a...)
	}
	m, err := mf.match(flags)
	if err != nil {
		return usageError("%s", err)
	}
	t := referee.Tournament{Match: m}
	for _, arg := range flags.Args() {
		s, err := referee.ParseSpec(arg)
		if err != nil {
			return usageError("%s", trimPkg(err, "referee"))
		}
		t.Players = append(t.Players, s)
	}
	if _, err := t.Pairings(); err != nil {
		return usageError("%s", trimPkg(err, "referee"))
	}
	anchor := referee.DefaultAnchor(t.Players)
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

	n := len(t.Players)
	fmt.Fprintf(stdout, "tournament of %d players, %d games a pairing, %s, openings %s, seed %d\n", n, 2*m.Pairs, m.Clock, *mf.openings, m.Seed)
	pairings, err := t.Run(func(m referee.Match, r referee.Result) {
		if r.Number == 1 {
			fmt.Fprintf(stdout, "match %s vs %s, seed %d\n", m.Players[0].Name, m.Players[1].Name, m.Seed)
		}
		fmt.Fprintln(stdout, r.Line())
	})
	if err != nil {
		return failed(stderr, "tournament", err)
	}
	var all []referee.Result
	for _, p := range pairings {
		if err := referee.WriteSummary(stdout, p.Match, p.Results); err != nil {
			return failed(stderr, "tournament", err)
		}
		all = append(all, p.Results...)
	}
	fmt.Fprintln(stdout)
	if err := referee.WriteTournament(stdout, t.Players, pairings, anchor); err != nil {
		return failed(stderr, "tournament", err, "referee", "rating")
	}
	if err := mf.writeRecords(all); err != nil {
		return failed(stderr, "tournament", err, "referee")
	}
	return 0
}
