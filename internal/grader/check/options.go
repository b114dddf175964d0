package check

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// Options are the settings of a check as a command line gives them, each
// a plain value: the flags that othello check, grade and gradescope
// share, parsed. Config checks them and makes the Config they ask for.
type Options struct {
	Rules       string        // -rules: full or simple; "" for the program's first line to choose
	Profile     string        // -profile: assignment or protocol
	Golden      []string      // -golden: folders of golden transcripts
	N           int           // -n: random scenarios, 0 or more
	Seed        uint64        // -seed: the random scenarios' seed
	Size        string        // -size: the random scenarios' board, such as 8x8; "" for random sizes
	BadRate     float64       // -bad: at most 1; negative for each scenario to pick one
	Interactive bool          // -interactive: every scenario in lock-step
	Strict      bool          // -strict: all or nothing
	Weights     string        // -weights: the file of each category's points, or in the ai profile each opponent's; "" for the defaults
	Clock       string        // -tc: the ai profile's clock, TOTAL+INCREMENT in seconds; "" for DefaultAIClock
	PerMove     string        // -st: the ai profile's time a move in seconds instead, if not ""
	Hidden      string        // -hidden: categories, separated by commas
	Timeout     time.Duration // -timeout: each run's wall-clock limit, fixed, if TimeoutSet
	TimeoutSet  bool          // whether Timeout was given; if not, each run's grows with its size
	LineTimeout time.Duration // -line-timeout: lock-step's limit of the answer to one line
	Jobs        int           // -j: scenarios run at once, 1 or more
	Limited     bool          // -sandbox=false: run Limited on purpose, not Isolated
	// Limits are the limits of each run (-cpu, -memory, -file-size,
	// -procs, -open-files), each positive; its CPU is fixed if CPUSet, and
	// otherwise grows with each run's size.
	Limits sandbox.Limits
	CPUSet bool
	User   string   // -user: who runs the programs, as sandbox.LookupUser reads it; "" for the default
	Bind   []string // -bind: paths shown to the programs, read-only
	Env    []string // -env: NAME=VALUE added to the programs' environment
}

// ErrOptions means options of a check are wrong: a value out of its
// range, a name that is not known, or a weights file that cannot be read.
var ErrOptions = errors.New("check: bad options")

// An OptionsError says which options of a check are wrong and why, in the
// words of the command line, such as "-size must be ROWSxCOLS, each even
// from 4 to 16, got "5x4"". It wraps ErrOptions and the cause, if any.
type OptionsError struct {
	Msg string // what is wrong, naming the flags
	Err error  // why, such as the weights file's error; nil for nothing more
}

// Error returns "check: ", the message and the cause, if any, after a
// colon: "check: -weights: open w.txt: no such file or directory".
func (e *OptionsError) Error() string {
	if e.Err == nil {
		return "check: " + e.Msg
	}
	return "check: " + e.Msg + ": " + e.Err.Error()
}

// Unwrap returns ErrOptions and the cause, if any.
func (e *OptionsError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrOptions}
	}
	return []error{ErrOptions, e.Err}
}

// badOptions returns an *OptionsError of msg and err.
func badOptions(err error, msg string) error {
	return &OptionsError{Msg: msg, Err: err}
}

// Config returns the Config that o asks for, its Program and Out not
// set, or an *OptionsError that says what is wrong with o. It reads the
// weights file. The Timeout and the CPU limit not set are 0, for each
// run's to grow with its size; without Limited, the sandbox is Isolated.
func (o Options) Config() (Config, error) {
	if o.N < 0 || o.Jobs < 1 || (o.TimeoutSet && o.Timeout <= 0) || o.LineTimeout <= 0 || o.BadRate > 1 {
		return Config{}, badOptions(nil, "-n must be 0 or more, -j 1 or more, the timeouts positive and -bad at most 1")
	}
	lim := o.Limits
	if (o.CPUSet && lim.CPU <= 0) || lim.Memory <= 0 || lim.FileSize <= 0 || lim.Processes <= 0 || lim.OpenFiles <= 0 {
		return Config{}, badOptions(nil, "-cpu, -memory, -file-size, -procs and -open-files must be positive")
	}
	profile, err := scenario.ParseProfile(o.Profile)
	if o.Profile == scenario.AI.String() {
		profile, err = scenario.AI, nil
	}
	if err != nil {
		return Config{}, badOptions(nil, fmt.Sprintf("-profile must be assignment, protocol or ai, got %q", o.Profile))
	}
	cfg := Config{
		Profile:  profile,
		Golden:   o.Golden,
		N:        o.N,
		Seed:     o.Seed,
		BadRate:  o.BadRate,
		Timeouts: Timeouts{LineTimeout: o.LineTimeout},
		Sandbox:  sandbox.Config{Mode: sandbox.Isolated, Limits: lim, Bind: o.Bind, Env: o.Env},
		Jobs:     o.Jobs,
		Strict:   o.Strict,
	}
	// The time limits not given grow with each run's size.
	if o.TimeoutSet {
		cfg.Timeouts.Timeout = o.Timeout
	}
	if !o.CPUSet {
		cfg.Sandbox.Limits.CPU = 0
	}
	if o.Size != "" {
		if cfg.Rows, cfg.Cols, err = othello.ParseSize(o.Size); err != nil {
			return Config{}, badOptions(nil, fmt.Sprintf("-size must be ROWSxCOLS, each even from 4 to 16, got %q", o.Size))
		}
	}
	if o.Interactive {
		cfg.Mode = LockStep
	}
	if o.User != "" {
		u, err := sandbox.LookupUser(o.User)
		if err != nil {
			return Config{}, badOptions(err, "-user")
		}
		cfg.Sandbox.User = &u
	}
	if o.Limited {
		cfg.Sandbox.Mode = sandbox.Limited
	}
	if o.Rules != "" {
		if cfg.Rules, err = othello.ParseRules(o.Rules); err != nil {
			return Config{}, badOptions(nil, fmt.Sprintf("-rules must be full or simple, got %q", o.Rules))
		}
	}
	if profile == scenario.AI {
		return o.aiConfig(cfg)
	}
	if o.Clock != "" || o.PerMove != "" {
		return Config{}, badOptions(nil, "-tc and -st are the ai profile's")
	}
	if o.Weights != "" {
		if cfg.Weights, err = readWeightsFile(o.Weights); err != nil {
			return Config{}, err
		}
	}
	if _, err := o.HiddenCategories(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// aiConfig returns cfg, made of o, as an AI grade: the opponents of the
// weights file (ReadOpponents) or DefaultOpponents, the clock of -tc or
// -st, and no CPU limit unless one is set, for the clock bounds a game.
func (o Options) aiConfig(cfg Config) (Config, error) {
	ai := &AI{Opponents: DefaultOpponents(), Openings: DefaultAIOpenings}
	var err error
	switch {
	case o.PerMove != "":
		ai.Clock, err = referee.ParsePerMove(o.PerMove)
	case o.Clock != "":
		ai.Clock, err = referee.ParseTimeControl(o.Clock)
	default:
		ai.Clock, err = referee.ParseTimeControl(DefaultAIClock)
	}
	if err != nil {
		return Config{}, badOptions(err, "-tc, -st")
	}
	if o.Weights != "" {
		f, err := os.Open(o.Weights)
		if err != nil {
			return Config{}, badOptions(err, "-weights")
		}
		defer f.Close()
		if ai.Opponents, err = ReadOpponents(f); err != nil {
			return Config{}, badOptions(err, "-weights "+o.Weights)
		}
	}
	if o.Hidden != "" {
		return Config{}, badOptions(nil, "-hidden names categories of scenarios, which the ai profile has not")
	}
	cfg.AI = ai
	return cfg, nil
}

// readWeightsFile reads the weights file path, as ReadWeights does, or
// returns an *OptionsError.
func readWeightsFile(path string) (Weights, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, badOptions(err, "-weights")
	}
	defer f.Close()
	w, err := ReadWeights(f)
	if err != nil {
		return nil, badOptions(err, "-weights "+path)
	}
	return w, nil
}

// HiddenCategories returns the categories of Hidden, those that students
// see only once the grades are published, or an *OptionsError for a
// name that is no category.
func (o Options) HiddenCategories() ([]scenario.Category, error) {
	var cs []scenario.Category
	for _, name := range strings.Split(o.Hidden, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		c, err := scenario.ParseCategory(name)
		if err != nil {
			return nil, badOptions(nil, fmt.Sprintf("-hidden: no category %q", name))
		}
		cs = append(cs, c)
	}
	return cs, nil
}
