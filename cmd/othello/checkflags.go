package main

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/sandbox"
)

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
