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
	"strings"
	"syscall"
	"time"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/sandbox"
	"github.com/othello-judge/judge/othello"
)

const checkUsage = `usage: othello check [flags] -- COMMAND [ARGS...]

Runs COMMAND on the assignment's reference game, golden transcripts and
random scenarios and compares its standard output with the judge's, its
blanks normalized (a scenario right but for blanks passes, and the
category format counts those right to the byte), and its exit status
only under -profile protocol; -strict compares byte for byte. Its first
line, FULL or SIMPLE, chooses the rule set. Reports each way of failing
once, with the smallest input that shows it, then the points of each
category and "N passed, M failed". Exit status: 0 all passed right to
the byte, 1 a failure, output right but for blanks, or a program that
cannot be checked, 2 bad command line.
` + commandUsage + `
` + checkFlagsUsage + `  -format text|json|gradescope|prairielearn|junit|autolab
	the report on standard output: for people (default), JSON (README.md
	documents it), Gradescope's or PrairieLearn's results.json, JUnit XML
	for CI (Jenkins, GitLab, GitHub, CodeGrade), or the text for Autolab
	ending in its autoresult line
  -v
	text: a block for every failing scenario too, not only for each way
  -out DIR
	write each way's smallest input there as NAME.in/NAME.out (and
	NAME.err when the judge exits with status 1); the reports name
	them from beside DIR: failing/NAME.in for -out /home/me/failing
  -html FILE
	also write the report as one HTML page that needs nothing else: the
	points, and each way's smallest input as boards to step through, the
	judge's answer beside the program's
` + sandboxUsage

// commandUsage says how check and grade find the program that COMMAND
// names, and its main module.
const commandUsage = `
COMMAND runs in the working folder (for grade, each submission's folder)
as a shell would run it, with no shell: a name such as python3 is looked
up in PATH, a path such as ./run.sh or ./a.out is taken from the folder.
An argument that is exactly {main} stands for the main module, as the
assignment's checker finds it: the one .py file right in the folder
(those of its subfolders and symbolic links do not count) with a line
if __name__ == '__main__': (blanks anywhere ignored, either quote,
nothing else on the line: a comment after it or "and x" does not
count). None, or more than one, is an error: the program is not checked
(for grade, it scores 0 with the reason), such as
  othello check -- python3 {main}
`

// checkFlagsUsage lists the flags that check, grade and gradescope share.
const checkFlagsUsage = `Flags:
  -profile assignment|protocol
	which input the scenarios hold. assignment (default): only what the
	assignment promises: valid setups, move lines of two plain integers
	and one space, some off the board, taken or illegal (INVALID).
	protocol: also all that PROTOCOL.md allows: blanks, tabs, signs,
	leading zeros and carriage returns in move lines (tolerant-input),
	lines that are not moves (bad-lines), bad setups (bad-setup)
  -rules full|simple
	force a rule set instead of reading the program's first line
  -strict
	all or nothing: standard output byte for byte and the exit status in
	every profile, no category format (default: blanks normalized, a
	format category, the exit status only under -profile protocol)
  -golden DIR
	also run every NAME.in/NAME.out pair in DIR and below it (category
	golden); repeatable
  -n N
	random scenarios, taking the profile's categories in turn (default 200)
  -seed N
	the random scenarios' seed (default: from the clock; always reported)
  -size RxC
	fix the random scenarios' board size, such as 8x8 (default: random)
  -bad RATE
	the chance of an invalid line before each move in the categories
	invalid-moves and bad-lines; nothing else (default: each scenario
	picks 0.05, 0.1 or 0.3)
  -interactive
	run every scenario in lock-step: write one line, wait for its answer
	(default: batch, all input at once, but for the category lock-step)
  -weights FILE
	the points of each category: lines such as "non-square 15"; a
	category not named is worth nothing (default: 100 points in all, see
	README.md)
  -hidden CATEGORIES
	gradescope: the categories, separated by commas, that students see
	only once grades are published
  -timeout D
	wall-clock time limit of each run, fixed (default: 4s + twice its
	CPU time limit); after 3 runs of a category that hung (a time limit
	ended them before they answered a line, or after their output was
	silent for half the run), and none passed, the category's other
	scenarios are not run and count as failed; a run too slow, still
	answering, costs only its scenario
  -line-timeout D
	lock-step: time limit of the answer to one line (default 2s)
  -j N
	scenarios run at once (default: the number of CPUs)
`

// sandboxUsage says what the sandbox does, and lists its flags.
const sandboxUsage = `
The sandbox (Linux; README.md says what each mode stops): each run is in
its own PID, mount, network and IPC namespaces (and a user namespace when
the grader is not root), as a user other than root, with a seccomp
filter and, where the kernel has it, Landlock. It sees only the system's
programs and libraries, /etc less its secrets, its working folder and
the folders of the program and its arguments, read-only, and a private
/tmp, /dev and /proc: not the grader, the golden transcripts or -out.
Its environment is fixed (PATH, HOME, TMPDIR, LANG=C.UTF-8), and
everything it starts is killed when it ends. Where namespaces cannot be
had, runs are Limited, and Landlock keeps them to the same files: the
report's second line names each wall in force. Where no wall would keep
a program from the grader's files, grade refuses to run without
-sandbox=false. A run that passes a limit is killed, and the report says
which.
  -sandbox=false
	run Limited on purpose: no namespaces, only the limits, the user,
	Landlock, the filter and, as root, a private copy of the working
	folder
  -user NAME|UID[:GID]
	as root, run programs as this user (default: a dedicated id for each
	run at once, from 60000 on, which no account of the system has)
  -bind PATH
	also show PATH to the program, read-only, such as a JDK outside /usr;
	repeatable
  -env NAME=VALUE
	add a variable to the program's environment; repeatable
  -cpu D
	CPU time of all the run's processes, fixed (default: 2s + 200µs for
	each move line and board cell, 15s for a full 16x16 game)
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

// checkFlags are the flags of othello check that grade and gradescope
// take too, parsed into check.Options.
type checkFlags struct {
	flags   *flag.FlagSet
	opts    check.Options
	sandbox *bool
}

// addCheckFlags defines the flags that check, grade and gradescope
// share on flags.
func addCheckFlags(flags *flag.FlagSet) *checkFlags {
	f := &checkFlags{flags: flags, opts: check.Options{Limits: sandbox.DefaultLimits}}
	o := &f.opts
	flags.StringVar(&o.Rules, "rules", "", "")
	flags.StringVar(&o.Profile, "profile", "assignment", "")
	flags.Func("golden", "", func(dir string) error { o.Golden = append(o.Golden, dir); return nil })
	flags.IntVar(&o.N, "n", 200, "")
	flags.Uint64Var(&o.Seed, "seed", 0, "")
	flags.StringVar(&o.Size, "size", "", "")
	flags.Float64Var(&o.BadRate, "bad", -1, "")
	flags.BoolVar(&o.Interactive, "interactive", false, "")
	flags.BoolVar(&o.Strict, "strict", false, "")
	flags.StringVar(&o.Weights, "weights", "", "")
	flags.StringVar(&o.Hidden, "hidden", "", "")
	flags.DurationVar(&o.Timeout, "timeout", 10*time.Second, "")
	flags.DurationVar(&o.LineTimeout, "line-timeout", 2*time.Second, "")
	flags.IntVar(&o.Jobs, "j", runtime.NumCPU(), "")
	f.sandbox = flags.Bool("sandbox", true, "")
	flags.DurationVar(&o.Limits.CPU, "cpu", o.Limits.CPU, "")
	flags.Func("memory", "", func(s string) (err error) { o.Limits.Memory, err = sandbox.ParseBytes(s); return err })
	flags.Func("file-size", "", func(s string) (err error) { o.Limits.FileSize, err = sandbox.ParseBytes(s); return err })
	flags.IntVar(&o.Limits.Processes, "procs", o.Limits.Processes, "")
	flags.IntVar(&o.Limits.OpenFiles, "open-files", o.Limits.OpenFiles, "")
	flags.StringVar(&o.User, "user", "", "")
	flags.Func("bind", "", func(path string) error {
		abs, err := filepath.Abs(path)
		if err == nil {
			_, err = os.Stat(abs)
		}
		o.Bind = append(o.Bind, abs)
		return err
	})
	flags.Func("env", "", func(kv string) error {
		o.Env = append(o.Env, kv)
		return sandbox.CheckEnv(kv)
	})
	return f
}

// config returns the check that the flags, parsed, ask for, with a seed
// from the clock if -seed is not given, or what is wrong with them.
func (f *checkFlags) config() (check.Config, error) {
	o := &f.opts
	o.TimeoutSet, o.CPUSet, o.Limited = isSet(f.flags, "timeout"), isSet(f.flags, "cpu"), !*f.sandbox
	if !isSet(f.flags, "seed") {
		o.Seed = clockSeed()
	}
	return o.Config()
}

// runCheck runs "othello check".
func runCheck(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("check", stderr)
	cf := addCheckFlags(flags)
	format := flags.String("format", "text", "")
	verbose := flags.Bool("v", false, "")
	out := flags.String("out", "", "")
	htmlPath := flags.String("html", "", "")
	if status, ok := parseFlags(flags, args, checkUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "check", checkUsage, format, a...) }
	if flags.NArg() == 0 {
		return usageError("no command to check")
	}
	cfg, err := cf.config()
	if err != nil {
		return usageError("%s", trimPkg(err, "check"))
	}
	if err := cfg.Unwalled(); err != nil {
		fmt.Fprintf(stderr, "othello check: %s\n", check.WallWarning(err))
	}
	hidden, _ := cf.opts.HiddenCategories()
	chosen, err := autograder.LookupFormat(*format)
	if err != nil {
		return usageError("-format must be text, json, gradescope, prairielearn, junit or autolab, got %q", *format)
	}
	cfg.Program = check.Program{Path: flags.Arg(0), Args: flags.Args()[1:]}
	// The reports name the reproducers as found beside the folder, the
	// way a student handed both finds them: failing/NAME.in.
	cfg.Out, cfg.OutName = *out, filepath.Base(filepath.Clean(*out))
	if isTerminal(stderr) {
		p := class.NewProgress(stderr, "check", "scenarios")
		defer p.End()
		cfg.Progress = p.Show
	}
	// A grader that is told to stop still ends its report with the
	// verdict, and leaves no run behind.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	g, err := check.Check(ctx, cfg)
	if err != nil {
		// Every format but the text is valid whatever happened.
		if chosen.Fail != nil {
			chosen.Fail(stdout, err)
		}
		if *htmlPath != "" {
			report.WriteReportFile(*htmlPath, nil, err)
		}
		fmt.Fprintf(stderr, "othello %v\n", err)
		return 1
	}
	err = chosen.Write(stdout, g, autograder.FormatOptions{Verbose: *verbose, Hidden: hidden})
	if err == nil && *htmlPath != "" {
		if err = report.WriteReportFile(*htmlPath, g, nil); err != nil {
			err = fmt.Errorf("check: -html: %w", err)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "othello %v\n", err)
		return 1
	}
	if g.Count(check.Failed) > 0 || g.Count(check.NotRun) > 0 || g.Blanks() > 0 {
		return 1
	}
	return 0
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
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

// parseRules returns the rule set that the -rules flag names, and an error
// that says what -rules must be.
func parseRules(name string) (othello.Rules, error) {
	r, err := othello.ParseRules(name)
	if err != nil {
		return nil, fmt.Errorf("-rules must be full or simple, got %q", name)
	}
	return r, nil
}

// badUsage writes "othello SUB: " and the message, then the usage, to
// stderr, and returns the exit status of a bad command line.
func badUsage(stderr io.Writer, sub, usage, format string, a ...any) int {
	fmt.Fprintf(stderr, "othello "+sub+": "+format+"\n%s", append(a, usage)...)
	return 2
}

// failed writes "othello SUB: " and err on stderr, as one line, without
// the name of the package that made err before it (pkgs, such as
// "solve" or "terminal"), and returns exit status 1.
func failed(stderr io.Writer, sub string, err error, pkgs ...string) int {
	fmt.Fprintf(stderr, "othello %s: %s\n", sub, trimPkg(err, pkgs...))
	return 1
}

// trimPkg returns the message of err without the name of the package
// that made it before it (pkgs, such as "check": "check: ").
func trimPkg(err error, pkgs ...string) string {
	msg := err.Error()
	for _, pkg := range pkgs {
		msg = strings.TrimPrefix(msg, pkg+": ")
	}
	return msg
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
