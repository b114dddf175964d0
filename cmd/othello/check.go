package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"othello/check"
	"othello/othello"
	"othello/sandbox"
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
	wall-clock time limit of one run (default 10s)
  -line-timeout D
	lock-step: time limit of the answer to one line (default 2s)
  -j N
	scenarios run at once (default: the number of CPUs)
  -out DIR
	write each shrunk failing scenario there as NAME.in/NAME.out

The sandbox (Linux): each run is in its own user, PID, mount, network
and IPC namespaces, sees the files read-only and a private /tmp, cannot
see the grader, the golden transcripts or -out, and everything it starts
is killed when it ends. Where that cannot be had, the report's second line
says what is missing, and runs have only the limits below and a process
group. A run that passes a limit is killed, and the report says which.
  -sandbox=false
	run without the namespaces, on purpose (the limits still hold)
  -cpu D
	CPU time of all the run's processes (default 2s)
  -memory SIZE
	resident memory of all the run's processes, such as 512MiB (default
	512MiB); one process may allocate twice that
  -file-size SIZE
	the largest file it may write, and all it may write in its /tmp
	(default 16MiB)
  -procs N
	processes and threads at once (default 128)
  -open-files N
	open files of each process (default 256)
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
	timeout := flags.Duration("timeout", 10*time.Second, "")
	lineTimeout := flags.Duration("line-timeout", 2*time.Second, "")
	jobs := flags.Int("j", runtime.NumCPU(), "")
	out := flags.String("out", "", "")
	useSandbox := flags.Bool("sandbox", true, "")
	lim := sandbox.DefaultLimits
	flags.DurationVar(&lim.CPU, "cpu", lim.CPU, "")
	flags.Func("memory", "", bytesFlag(&lim.Memory))
	flags.Func("file-size", "", bytesFlag(&lim.FileSize))
	flags.IntVar(&lim.Processes, "procs", lim.Processes, "")
	flags.IntVar(&lim.OpenFiles, "open-files", lim.OpenFiles, "")
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
	if lim.CPU <= 0 || lim.Memory <= 0 || lim.FileSize <= 0 || lim.Processes <= 0 || lim.OpenFiles <= 0 {
		return usageError("-cpu, -memory, -file-size, -procs and -open-files must be positive")
	}
	cfg := check.Config{
		Program: check.Program{Path: flags.Arg(0), Args: flags.Args()[1:]},
		Golden:  golden,
		N:       *n,
		Seed:    *seed,
		BadRate: *bad,
		Limits:  check.Limits{Timeout: *timeout, LineTimeout: *lineTimeout},
		Sandbox: sandbox.Config{Mode: sandbox.Isolated, Limits: lim},
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
	if !*useSandbox {
		cfg.Sandbox.Mode = sandbox.Limited
	}
	if *rulesName != "" {
		rules, err := othello.ParseRules(*rulesName)
		if err != nil {
			return usageError("-rules must be full or simple, got %q", *rulesName)
		}
		cfg.Rules = rules
	}
	// A grader that is told to stop still ends its report with the
	// verdict, and leaves no run behind.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	sum, err := check.Check(ctx, cfg, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "othello %v\n", err)
		return 1
	}
	if sum.Failed > 0 || sum.NotRun > 0 {
		return 1
	}
	return 0
}

// bytesFlag returns a flag.Func that reads a size in bytes into n.
func bytesFlag(n *int64) func(string) error {
	return func(s string) error {
		v, err := sandbox.ParseBytes(s)
		if err != nil {
			return err
		}
		*n = v
		return nil
	}
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
