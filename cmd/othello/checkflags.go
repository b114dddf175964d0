package main

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/sandbox"
)

// commandUsage says how check and grade find the program that COMMAND
// names, and its main module.
const commandUsage = `
COMMAND runs in the working folder (for grade, each submission's folder)
with no shell: a name such as python3 is looked up in PATH, a path such
as ./run.sh is taken from the folder. An argument {main} stands for the
main module, the one .py file in the folder with an
if __name__ == '__main__': line (none or several is an error), such as
  othello check -- python3 {main}
`

// checkFlagsUsage lists the flags that check, grade, gradescope,
// classroom and vpl share.
const checkFlagsUsage = `Flags:
  -profile assignment|protocol|ai
	the scenarios' input: only what the assignment promises (default), or
	also all that PROTOCOL.md allows; or ai: COMMAND is a computer player
	in the plain protocol of othello match, graded by its games against
	reference opponents
  -rules full|simple
	force a rule set instead of reading the program's first line
  -strict
	all or nothing: standard output byte for byte and the exit status
  -golden DIR
	also run every NAME.in/NAME.out pair in DIR and below; repeatable
  -n N
	random scenarios (default 200)
  -seed N
	the random scenarios' seed (default: from the clock; always reported)
  -size RxC
	fix the random scenarios' board size, such as 8x8 (default: random)
  -bad RATE
	the chance of an invalid line before each move (default: each
	scenario picks 0.05, 0.1 or 0.3)
  -interactive
	run every scenario in lock-step, a line at a time (default: batch)
  -weights FILE
	the points of each category: lines such as "non-square 15"; in the
	ai profile each opponent's: OPPONENT GAMES SCORE% POINTS, such as
	"greedy 20 70% 30" (default: random 20 90% 30, greedy 20 70% 30,
	level:3 20 50% 40)
  -tc TOTAL+INCREMENT, -st SECONDS
	the ai profile's clock of each player, in seconds (default 10+0.1), or
	a fixed time a move
  -hidden CATEGORIES
	gradescope: categories, separated by commas, hidden until published
  -timeout D
	wall-clock time limit of each run (default: 4s + twice its CPU limit)
  -line-timeout D
	lock-step: time limit of the answer to one line (default 2s)
  -j N
	scenarios (ai: games) run at once (default: the number of CPUs)
`

// sandboxUsage says what the sandbox does, and lists its flags.
const sandboxUsage = `
The sandbox (Linux) runs each program in namespaces of its own, as a user
other than root, with a seccomp filter, Landlock where the kernel has it,
and limits: it sees only the system, its folder and a private /tmp. The
report's second line names each wall in force; where none would hold,
grade refuses to run without -sandbox=false.
  -sandbox=false
	run Limited on purpose: no namespaces, only the limits and the rest
  -user NAME|UID[:GID]
	as root, run programs as this user (default: a dedicated id a run)
  -bind PATH
	also show PATH to the program, read-only; repeatable
  -env NAME=VALUE
	add a variable to the program's environment; repeatable
  -cpu D
	CPU time of each run (default: 2s + 200µs a move line and cell)
  -memory SIZE
	resident memory of each run, such as 512MiB (default 512MiB)
  -file-size SIZE
	the largest file it may write, and all it may write in /tmp
	(default 16MiB)
  -procs N
	processes and threads at once (default 128)
  -open-files N
	open files of each process (default 256)

See doc/grading.md.
`

// checkFlags are the flags of othello check that grade, gradescope and
// classroom and vpl take too, parsed into check.Options.
type checkFlags struct {
	flags   *flag.FlagSet
	opts    check.Options
	sandbox *bool
}

// addCheckFlags defines the flags that check, grade, gradescope,
// classroom and vpl share on flags.
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
	flags.StringVar(&o.Clock, "tc", "", "")
	flags.StringVar(&o.PerMove, "st", "", "")
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
