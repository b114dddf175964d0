package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/internal/play/terminal"
	"github.com/othello-judge/judge/othello"
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
	f := addPlayFlags(flags)
	if status, ok := parseFlags(flags, args, playUsage, stdout, stderr); !ok {
		return status
	}
	c, err := f.config(flags, env)
	var fileErr *gameFileError
	switch {
	case errors.As(err, &fileErr):
		return failed(stderr, "play", fileErr.Err, "terminal", "session")
	case err != nil:
		return badUsage(stderr, "play", playUsage, "%v", err)
	}
	if c.file != nil {
		for _, line := range c.file.SkippedLines() {
			fmt.Fprintf(stderr, "othello play: %s\n", line)
		}
	}
	if c.match {
		var t terminal.Tally
		if t, err = terminal.Match(c.Config, c.games); err == nil {
			err = terminal.WriteTally(stdout, t, c.stats)
		}
	} else {
		if c.save != "" {
			c.Save = terminal.Saver(c.save, terminal.SaveBase(c.Config, c.file, c.load, c.given))
		}
		err = terminal.Run(stdin, stdout, c.Config)
	}
	if err != nil {
		return failed(stderr, "play", err, "terminal", "session")
	}
	return 0
}

// playFlags are the flags of othello play, as parsed.
type playFlags struct {
	black, white, rules, size, first, win *string
	board, load, save                     *string
	budget                                *time.Duration
	games                                 *int
	stats                                 *bool
	seed                                  *uint64
	style, level, color                   *string
	marks                                 *bool
}

// addPlayFlags defines the flags of othello play on flags.
func addPlayFlags(flags *flag.FlagSet) *playFlags {
	return &playFlags{
		black:  flags.String("black", "human", ""),
		white:  flags.String("white", "cpu", ""),
		rules:  flags.String("rules", "full", ""),
		size:   flags.String("size", "8x8", ""),
		first:  flags.String("first", "B", ""),
		win:    flags.String("win", ">", ""),
		board:  flags.String("board", "", ""),
		load:   flags.String("load", "", ""),
		save:   flags.String("save", "", ""),
		budget: flags.Duration("time", player.DefaultBudget, ""),
		games:  flags.Int("games", 1, ""),
		stats:  flags.Bool("stats", false, ""),
		seed:   flags.Uint64("seed", 0, ""),
		style:  flags.String("style", "plain", ""),
		level:  flags.String("level", "hard", ""),
		marks:  flags.Bool("marks", true, ""),
		color:  flags.String("color", "auto", ""),
	}
}

// A playConfig is what othello play is asked for: one game shown, as
// Config says, or with match a match of games games.
type playConfig struct {
	terminal.Config
	match bool   // -games over 1, or -stats: a match, not a game shown
	games int    // -games
	stats bool   // -stats
	save  string // -save: the file to save the game to, "" for none
	// file is the game of -load (load) or -board, nil for neither, and
	// given the players given by -black and -white: what -save's record
	// keeps of it (terminal.SaveBase).
	file  *terminal.File
	load  bool
	given terminal.Seats
}

// A gameFileError is a -board or -load file that cannot be played: not a
// mistake of the command line, but a game that fails (exit status 1).
type gameFileError struct {
	Err error
}

func (e *gameFileError) Error() string { return e.Err.Error() }

func (e *gameFileError) Unwrap() error { return e.Err }

// config returns what the flags, parsed by flags, ask for, or what is
// wrong with them: a *gameFileError if the file of -board or -load
// cannot be played.
func (f *playFlags) config(flags *flag.FlagSet, env environ) (playConfig, error) {
	var pc playConfig
	if flags.NArg() > 0 {
		return pc, fmt.Errorf("unexpected argument %q", flags.Arg(0))
	}
	if !isSet(flags, "seed") {
		*f.seed = clockSeed()
	}
	if *f.budget <= 0 || *f.games < 1 {
		return pc, errors.New("-time must be positive and -games 1 or more")
	}
	level, err := player.ParseLevel(*f.level)
	if err != nil {
		return pc, fmt.Errorf("-level: %v", err)
	}
	cpu := level.CPU()
	if isSet(flags, "time") {
		cpu.Budget = *f.budget
	}
	rng := rand.New(rand.NewPCG(*f.seed, 0))
	cpu.Rand = rng // its book moves below level 9
	pc.games, pc.stats, pc.save = *f.games, *f.stats, *f.save
	pc.match = pc.games > 1 || pc.stats
	c := &pc.Config
	c.Marks, c.Interactive = *f.marks, env.stdinTerminal
	if c.Black, err = session.ParsePlayer(*f.black, cpu, *f.budget, rng); err != nil {
		return pc, fmt.Errorf("-black: %v", err)
	}
	if c.White, err = session.ParsePlayer(*f.white, cpu, *f.budget, rng); err != nil {
		return pc, fmt.Errorf("-white: %v", err)
	}
	c.Hint = session.Hinter(c.Black, c.White, cpu)
	if c.Color, err = colorOn(*f.color, env); err != nil {
		return pc, err
	}
	rules, err := parseRules(*f.rules)
	if err != nil {
		return pc, err
	}
	if c.Style, err = terminal.ParseStyle(*f.style); err != nil {
		return pc, fmt.Errorf("-style must be plain or xo, got %q", *f.style)
	}
	if pc.match && (c.Black == nil || c.White == nil) {
		return pc, errors.New("-games and -stats need two computer players, -black and -white")
	}
	if pc.match && (*f.load != "" || *f.save != "") {
		return pc, errors.New("-load and -save are for one game shown: drop -games and -stats")
	}
	if *f.load != "" && *f.board != "" {
		return pc, errors.New("-load and -board both give the starting board: drop one")
	}
	if *f.load != "" || *f.board != "" {
		flag, path := "board", *f.board
		if *f.load != "" {
			flag, path = "load", *f.load
		}
		for _, name := range []string{"size", "first", "win"} {
			if isSet(flags, name) {
				return pc, fmt.Errorf("-%s sets the size, the first player and the win rule: drop -%s", flag, name)
			}
		}
		if pc.file, err = terminal.ReadFile(path, rules); err != nil {
			return pc, &gameFileError{err}
		}
		if got := pc.file.Record.Setup.Rules.Name(); isSet(flags, "rules") && got != rules.Name() {
			return pc, fmt.Errorf("-rules %s, but %s is a game under the %s rules: drop -rules", *f.rules, path, got)
		}
		if pc.load = *f.load != ""; pc.load {
			c.Setup, c.Moves = pc.file.Record.Setup, pc.file.Record.Moves
		} else if c.Setup, err = pc.file.Board(); err != nil {
			return pc, &gameFileError{err}
		}
	} else {
		rows, cols, err := othello.ParseSize(*f.size)
		if err != nil {
			return pc, fmt.Errorf("-size must be ROWSxCOLS, each even from 4 to 16, got %q", *f.size)
		}
		c.Setup, _ = othello.StandardSetup(rules, rows, cols)
		if c.First, err = othello.ParseColor(strings.ToUpper(*f.first)); err != nil {
			return pc, fmt.Errorf("-first must be B or W, got %q", *f.first)
		}
		if c.Win, err = othello.ParseWinRule(*f.win); err != nil {
			return pc, fmt.Errorf("-win must be > or <, got %q", *f.win)
		}
	}
	pc.given = terminal.Seats{Black: isSet(flags, "black"), White: isSet(flags, "white")}
	return pc, nil
}

// colorOn reports whether the plain board is drawn in colour under
// -color mode: always, never, or auto, when standard output is a
// terminal and NO_COLOR is unset or empty (no-color.org).
func colorOn(mode string, env environ) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return env.stdoutTerminal && env.get("NO_COLOR") == "", nil
	}
	return false, fmt.Errorf("-color must be auto, always or never, got %q", mode)
}
