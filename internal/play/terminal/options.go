package terminal

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/othello"
)

// Options are the settings of othello play as its command line gives
// them, each a plain value, and what it knows of its surroundings: Plan
// checks them and makes the game or the match they ask for.
type Options struct {
	Black, White string        // -black, -white: human, cpu, cpu:DEPTH, greedy or random
	Level        string        // -level: 1 to 10, easy, medium, hard or perfect
	Time         time.Duration // -time: the most time of a computer move; the level's is replaced only if given
	Rules        string        // -rules: full or simple
	Size         string        // -size: ROWSxCOLS
	First        string        // -first: B or W, in either case
	Win          string        // -win: > or <
	Board        string        // -board: the file of the starting position; "" for none
	Load         string        // -load: the file of the game to go on with; "" for none
	Save         string        // -save: the file to save the game to; "" for none
	Games        int           // -games: the games of a match
	Stats        bool          // -stats
	Seed         uint64        // -seed: of greedy's, random's and the book's moves
	Style        string        // -style: plain or xo
	Marks        bool          // -marks
	Color        string        // -color: auto, always or never
	// Given holds the names of the flags given on the command line, such
	// as "time": a given -time replaces the level's; -size, -first and
	// -win clash with -board and -load; a given -rules must be the
	// file's; and the players given by -black and -white are named after
	// them in a saved game (Seats).
	Given map[string]bool
	// StdinTerminal says that a person types at a terminal
	// (Config.Interactive), and StdoutTerminal and NoColor (the
	// environment variable NO_COLOR is set and not empty) whether -color
	// auto colours the board.
	StdinTerminal, StdoutTerminal, NoColor bool
}

// A Plan is what Options ask for: one game shown, as Config says, or,
// with Match, a match of Games games of the two computer players, whose
// tally WriteTally writes, with their Stats if asked for.
type Plan struct {
	Config
	Match bool
	Games int
	Stats bool
	File  *File // the game of -load or -board, nil for neither: its SkippedLines are for standard error
}

var (
	// ErrOptions means options of othello play are wrong: a value out of
	// its range, a name that is not known, or flags that clash.
	ErrOptions = errors.New("terminal: bad options")
	// ErrFile means the file of -board or -load cannot be played.
	ErrFile = errors.New("terminal: the game file cannot be played")
)

// An OptionsError says which options of othello play are wrong and why,
// in the words of the command line, such as "-first must be B or W, got
// "X"". It wraps ErrOptions and the cause, if any.
type OptionsError struct {
	Msg string // what is wrong, naming the flags
	Err error  // why, such as player.ErrLevel; nil for nothing more
}

// Error returns "terminal: ", the message and the cause, if any, after a
// colon: "terminal: -level: player: a level must be ...".
func (e *OptionsError) Error() string {
	if e.Err == nil {
		return "terminal: " + e.Msg
	}
	return "terminal: " + e.Msg + ": " + e.Err.Error()
}

// Unwrap returns ErrOptions and the cause, if any.
func (e *OptionsError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrOptions}
	}
	return []error{ErrOptions, e.Err}
}

// badOptions returns an *OptionsError of the message and err.
func badOptions(err error, format string, a ...any) error {
	return &OptionsError{Msg: fmt.Sprintf(format, a...), Err: err}
}

// A FileError is a file of -board or -load that cannot be played: not a
// mistake of the command line, but a game that fails. It wraps ErrFile
// and Err, the error of ReadFile or File.Board.
type FileError struct {
	Path string
	Err  error
}

// Error returns "terminal: " and the file's error.
func (e *FileError) Error() string { return "terminal: " + e.Err.Error() }

// Unwrap returns ErrFile and the file's error.
func (e *FileError) Unwrap() []error { return []error{ErrFile, e.Err} }

// Plan returns the game or the match that o asks for, its players made
// with o.Seed, and with -save its Config.Save (Saver, SaveBase); or an
// *OptionsError that says what is wrong with o, or a *FileError if the
// file of -board or -load cannot be played.
func (o Options) Plan() (Plan, error) {
	var p Plan
	if o.Time <= 0 || o.Games < 1 {
		return p, badOptions(nil, "-time must be positive and -games 1 or more")
	}
	level, err := player.ParseLevel(o.Level)
	if err != nil {
		return p, badOptions(err, "-level")
	}
	cpu := level.CPU()
	if o.Given["time"] {
		cpu.Budget = o.Time
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0))
	cpu.Rand = rng // its book moves below level 9
	p.Games, p.Stats = o.Games, o.Stats
	p.Match = p.Games > 1 || p.Stats
	c := &p.Config
	c.Marks, c.Interactive = o.Marks, o.StdinTerminal
	if c.Black, err = session.ParsePlayer(o.Black, cpu, o.Time, rng); err != nil {
		return p, badOptions(err, "-black")
	}
	if c.White, err = session.ParsePlayer(o.White, cpu, o.Time, rng); err != nil {
		return p, badOptions(err, "-white")
	}
	c.Hint = session.Hinter(c.Black, c.White, cpu)
	if c.Color, err = o.colorOn(); err != nil {
		return p, err
	}
	rules, err := othello.ParseRules(o.Rules)
	if err != nil {
		return p, badOptions(nil, "-rules must be full or simple, got %q", o.Rules)
	}
	if c.Style, err = ParseStyle(o.Style); err != nil {
		return p, badOptions(nil, "-style must be plain or xo, got %q", o.Style)
	}
	if p.Match && (c.Black == nil || c.White == nil) {
		return p, badOptions(nil, "-games and -stats need two computer players, -black and -white")
	}
	if p.Match && (o.Load != "" || o.Save != "") {
		return p, badOptions(nil, "-load and -save are for one game shown: drop -games and -stats")
	}
	if o.Load != "" && o.Board != "" {
		return p, badOptions(nil, "-load and -board both give the starting board: drop one")
	}
	if o.Load != "" || o.Board != "" {
		if err := o.fromFile(&p, rules); err != nil {
			return p, err
		}
	} else if err := o.standard(c, rules); err != nil {
		return p, err
	}
	if o.Save != "" {
		given := Seats{Black: o.Given["black"], White: o.Given["white"]}
		c.Save = Saver(o.Save, SaveBase(*c, p.File, o.Load != "", given))
	}
	return p, nil
}

// fromFile sets the game of p from the file of -load or -board, under
// rules unless the file says which.
func (o Options) fromFile(p *Plan, rules othello.Rules) error {
	flag, path := "board", o.Board
	if o.Load != "" {
		flag, path = "load", o.Load
	}
	for _, name := range []string{"size", "first", "win"} {
		if o.Given[name] {
			return badOptions(nil, "-%s sets the size, the first player and the win rule: drop -%s", flag, name)
		}
	}
	var err error
	if p.File, err = ReadFile(path, rules); err != nil {
		return &FileError{Path: path, Err: err}
	}
	if got := p.File.Record.Setup.Rules.Name(); o.Given["rules"] && got != rules.Name() {
		return badOptions(nil, "-rules %s, but %s is a game under the %s rules: drop -rules", o.Rules, path, got)
	}
	c := &p.Config
	if o.Load != "" {
		c.Setup, c.Moves = p.File.Record.Setup, p.File.Record.Moves
	} else if c.Setup, err = p.File.Board(); err != nil {
		return &FileError{Path: path, Err: err}
	}
	return nil
}

// standard sets the setup of c from -size, -first and -win: the standard
// start of the board.
func (o Options) standard(c *Config, rules othello.Rules) error {
	rows, cols, err := othello.ParseSize(o.Size)
	if err != nil {
		return badOptions(nil, "-size must be ROWSxCOLS, each even from 4 to 16, got %q", o.Size)
	}
	c.Setup, _ = othello.StandardSetup(rules, rows, cols)
	if c.First, err = othello.ParseColor(strings.ToUpper(o.First)); err != nil {
		return badOptions(nil, "-first must be B or W, got %q", o.First)
	}
	if c.Win, err = othello.ParseWinRule(o.Win); err != nil {
		return badOptions(nil, "-win must be > or <, got %q", o.Win)
	}
	return nil
}

// colorOn reports whether the plain board is drawn in colour under
// -color: always, never, or auto, when standard output is a terminal and
// NO_COLOR is unset or empty (no-color.org).
func (o Options) colorOn() (bool, error) {
	switch o.Color {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return o.StdoutTerminal && !o.NoColor, nil
	}
	return false, badOptions(nil, "-color must be auto, always or never, got %q", o.Color)
}
