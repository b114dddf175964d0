package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/terminal"
)

const playUsage = `usage: othello play [flags]

Plays Othello at the terminal, you (Black, X) against the computer (White,
O) unless the flags say otherwise. Type a move as d3, 3d or 3 4; h lists
the commands. Exit status: 0 game over or quit, 1 input ended mid-game, a
bad -board or -load file or an I/O error, 2 bad command line.

Flags:
  -black human|cpu|cpu:DEPTH|greedy|random
	who plays Black (default human)
  -white PLAYER
	who plays White (default cpu)
  -level 1..10|easy|medium|hard|perfect
	how well cpu plays (default 8, hard)
  -time D
	the most time a computer move may take (default: the level's, or
	500ms for cpu:DEPTH)
  -rules full|simple
	the rule set (default full)
  -size RxC
	the board, each side even from 4 to 16 (default 8x8)
  -first B|W
	who moves first (default B)
  -win >|<
	most discs wins (>, the default) or fewest discs wins (<)
  -board FILE
	the starting position from a file: a judge's setup, OBF, or the end
	of a game; not with -size, -first or -win
  -load FILE
	go on with the game of FILE: GGF, SGF, PGN, WTHOR, a judge's setup
	and moves, or a move list; not with -board, -size, -first or -win
  -save FILE
	write the game to FILE in GGF, whole after every move
  -games N
	with two computer players: play N games and print the tally
	(default 1: play one game and show it)
  -stats
	print the tally, even of one game, then each CPU's depths and times
  -seed N
	the seed of greedy, random and cpu's book moves (default: the clock)
  -style plain|xo
	plain (the default) or xo, the classic text game
  -marks=false
	plain: do not mark the legal moves with *
  -color auto|always|never
	plain: draw the board in colour (default auto: when standard output
	is a terminal and NO_COLOR is unset or empty)

See doc/playing.md.
`

// runPlay runs "othello play".
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer, env environ) int {
	flags := newFlagSet("play", stderr)
	o := addPlayFlags(flags)
	if status, ok := parseFlags(flags, args, playUsage, stdout, stderr); !ok {
		return status
	}
	if flags.NArg() > 0 {
		return badUsage(stderr, "play", playUsage, "unexpected argument %q", flags.Arg(0))
	}
	p, err := playOptions(flags, o, env).Plan()
	var fileErr *terminal.FileError
	switch {
	case errors.As(err, &fileErr):
		return failed(stderr, "play", fileErr.Err, "terminal", "session")
	case err != nil:
		return badUsage(stderr, "play", playUsage, "%s", trimPkg(err, "terminal"))
	}
	if p.File != nil {
		for _, line := range p.File.SkippedLines() {
			fmt.Fprintf(stderr, "othello play: %s\n", line)
		}
	}
	if p.Match {
		var t terminal.Tally
		if t, err = terminal.Match(p.Config, p.Games); err == nil {
			err = terminal.WriteTally(stdout, t, p.Stats)
		}
	} else {
		err = terminal.Run(stdin, stdout, p.Config)
	}
	if err != nil {
		return failed(stderr, "play", err, "terminal", "session")
	}
	return 0
}

// addPlayFlags defines the flags of othello play on flags.
func addPlayFlags(flags *flag.FlagSet) *terminal.Options {
	o := &terminal.Options{}
	flags.StringVar(&o.Black, "black", "human", "")
	flags.StringVar(&o.White, "white", "cpu", "")
	flags.StringVar(&o.Rules, "rules", "full", "")
	flags.StringVar(&o.Size, "size", "8x8", "")
	flags.StringVar(&o.First, "first", "B", "")
	flags.StringVar(&o.Win, "win", ">", "")
	flags.StringVar(&o.Board, "board", "", "")
	flags.StringVar(&o.Load, "load", "", "")
	flags.StringVar(&o.Save, "save", "", "")
	flags.DurationVar(&o.Time, "time", player.DefaultBudget, "")
	flags.IntVar(&o.Games, "games", 1, "")
	flags.BoolVar(&o.Stats, "stats", false, "")
	flags.Uint64Var(&o.Seed, "seed", 0, "")
	flags.StringVar(&o.Style, "style", "plain", "")
	flags.StringVar(&o.Level, "level", "hard", "")
	flags.BoolVar(&o.Marks, "marks", true, "")
	flags.StringVar(&o.Color, "color", "auto", "")
	return o
}

// playOptions returns the options of othello play that flags, parsed
// into o, and env give: the flags given, a seed from the clock if -seed
// is not, and the terminals and NO_COLOR of env.
func playOptions(flags *flag.FlagSet, o *terminal.Options, env environ) terminal.Options {
	o.Given = map[string]bool{}
	flags.Visit(func(f *flag.Flag) { o.Given[f.Name] = true })
	if !o.Given["seed"] {
		o.Seed = clockSeed()
	}
	o.StdinTerminal, o.StdoutTerminal, o.NoColor = env.stdinTerminal, env.stdoutTerminal, env.get("NO_COLOR") != ""
	return *o
}
