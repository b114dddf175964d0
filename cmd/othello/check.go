package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"othello/check"
	"othello/othello"
)

const checkUsage = `usage: othello check [flags] -- COMMAND [ARGS...]

Runs COMMAND on golden transcripts and random scenarios and compares its
standard output and exit status with the judge's, byte for byte. Its first
line, FULL or SIMPLE, chooses the rule set. Reports every failing scenario,
shrinks each way of failing to the smallest input that shows it, and ends
with "N passed, M failed". Exit status: 0 all passed, 1 a failure or a
program that cannot be checked, 2 bad command line.

Flags:
  -rules full|simple
	force a rule set instead of reading the program's first line
  -golden DIR
	also run every NAME.in/NAME.out pair in DIR and below it; repeatable
  -n N
	random scenarios (default 200)
  -seed N
	the random scenarios' seed (default: from the clock; always reported)
  -size RxC
	fix the random scenarios' board size, such as 8x8 (default: random)
  -bad RATE
	chance of a bad line before each move (default: each scenario picks
	0, 0.02, 0.1 or 0.3)
  -interactive
	lock-step: write one line, wait for its answer (default: batch, all
	input at once)
  -timeout D
	time limit of one run (default 5s)
  -line-timeout D
	lock-step: time limit of the answer to one line (default 2s)
  -j N
	scenarios run at once (default: the number of CPUs)
  -out DIR
	write each shrunk failing scenario there as NAME.in/NAME.out
`

// runCheck runs "othello check".
func runCheck(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("check", stderr)
	rulesName := flags.String("rules", "", "")
	var golden []string
	flags.Func("golden", "", func(dir string) error {
		golden = append(golden, dir)
		return nil
	})
	n := flags.Int("n", 200, "")
	seed := flags.Uint64("seed", 0, "")
	size := flags.String("size", "", "")
	bad := flags.Float64("bad", -1, "")
	interactive := flags.Bool("interactive", false, "")
	timeout := flags.Duration("timeout", 5*time.Second, "")
	lineTimeout := flags.Duration("line-timeout", 2*time.Second, "")
	jobs := flags.Int("j", runtime.NumCPU(), "")
	out := flags.String("out", "", "")
	if status, ok := parseFlags(flags, args, checkUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "check", checkUsage, format, a...) }
	if flags.NArg() == 0 {
		return usageError("no command to check")
	}
	if *n < 0 || *jobs < 1 || *timeout <= 0 || *lineTimeout <= 0 || *bad > 1 {
		return usageError("-n must be 0 or more, -j 1 or more, the timeouts positive and -bad at most 1")
	}
	cfg := check.Config{
		Program: check.Program{Path: flags.Arg(0), Args: flags.Args()[1:]},
		Golden:  golden,
		N:       *n,
		Seed:    *seed,
		BadRate: *bad,
		Limits:  check.Limits{Timeout: *timeout, LineTimeout: *lineTimeout},
		Jobs:    *jobs,
		Out:     *out,
	}
	if *size != "" {
		var err error
		if cfg.Rows, cfg.Cols, err = parseSize(*size); err != nil {
			return usageError("-size must be ROWSxCOLS, each even from 4 to 16, got %q", *size)
		}
	}
	if !isSet(flags, "seed") {
		cfg.Seed = clockSeed()
	}
	if *interactive {
		cfg.Mode = check.LockStep
	}
	if *rulesName != "" {
		rules, err := othello.ParseRules(*rulesName)
		if err != nil {
			return usageError("-rules must be full or simple, got %q", *rulesName)
		}
		cfg.Rules = rules
	}
	sum, err := check.Check(cfg, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "othello %v\n", err)
		return 1
	}
	if sum.Failed > 0 {
		return 1
	}
	return 0
}

// newFlagSet returns a flag set that reports nothing itself: the caller
// prints the usage.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {}
	return flags
}

// parseFlags parses args. On -h it prints usage on stdout and returns
// status 0; on a bad flag, usage on stderr and status 2; ok means go on.
func parseFlags(flags *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (status int, ok bool) {
	err := flags.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0, false
	}
	fmt.Fprint(stderr, usage)
	return 2, false
}

// badUsage writes "othello SUB: " and the message, then the usage, to
// stderr, and returns the exit status of a bad command line.
func badUsage(stderr io.Writer, sub, usage, format string, a ...any) int {
	fmt.Fprintf(stderr, "othello "+sub+": "+format+"\n%s", append(a, usage)...)
	return 2
}

// isSet reports whether the flag was given on the command line.
func isSet(flags *flag.FlagSet, name string) bool {
	set := false
	flags.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// clockSeed returns a seed from the clock, short enough to type again.
func clockSeed() uint64 {
	return uint64(time.Now().UnixNano()) % 1_000_000
}
