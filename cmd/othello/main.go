// Command othello is the reference Othello judge, the tools graders use
// to check other programs with it, and a game to play at the terminal.
//
// Usage:
//
//	othello [-rules full|simple] [-explain] < game.in > game.out
//	othello check [flags] -- COMMAND [ARGS...]
//	othello classroom -out DIR [flags] -- COMMAND [ARGS...]
//	othello grade [flags] -out DIR SUBMISSION... -- COMMAND [ARGS...]
//	othello gradescope -out autograder.zip [flags] -- COMMAND [ARGS...]
//	othello gen [flags] -out DIR
//	othello gtp [flags]
//	othello match [flags] PLAYER1 PLAYER2
//	othello nboard [flags]
//	othello perft [-rules full|simple] [-size RxC] DEPTH
//	othello play [flags]
//	othello review [flags] FILE
//	othello serve [-addr HOST:PORT] [flags]
//	othello solve [flags] FILE
//	othello tournament [flags] PLAYER...
//	othello version
//	othello vpl -out DIR [flags] -- COMMAND [ARGS...]
//
// With no subcommand it plays one game by the judge's protocol on
// standard input and output (package console): the exit status is 0 when
// the game was played to its end, 1 for a bad setup or input that ended
// mid-game, 2 for a bad command line. If the reader of standard output
// goes away, SIGPIPE ends it, as it ends other Unix tools.
//
// Each subcommand is a thin layer over the package that does its work:
// check over check and the writers of its reports (report, autograder),
// grade over class, gradescope, classroom and vpl over autograder, match
// and tournament over referee, gen over scenario, play and review over
// terminal, serve over web, solve over solve, nboard and gtp over nboard
// and gtp, perft over othello; version prints the version that make
// release gave the linker or go build recorded. This package only
// defines the flags and the usage texts, and wires the arguments, the
// standard streams and the environment into run. "othello SUBCOMMAND -h" lists a
// subcommand's flags; doc/protocol.md, doc/grading.md, doc/playing.md and
// doc/engine.md are the guides.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

func main() {
	args := os.Args
	if len(args) > 1 && runsPrograms[args[1]] {
		var err error
		if args, err = sandbox.HideArgs(args, 2); err != nil {
			fmt.Fprintf(os.Stderr, "othello: %v: the programs it runs Limited may read it\n", err)
		}
	}
	os.Exit(run(args[1:], os.Stdin, os.Stdout, os.Stderr, processEnviron()))
}

// runsPrograms are the subcommands that run programs they do not trust.
// Their command lines name what those programs may not know (a class's
// folders, the seed, the golden folders), and a program run Limited may
// read every command line of the machine: main takes all but the
// subcommand off this process's own (sandbox.HideArgs).
var runsPrograms = map[string]bool{"check": true, "grade": true, "match": true, "tournament": true}

// processEnviron returns the environ of this process: its variables, and
// whether its standard input and output are terminals.
func processEnviron() environ {
	return environ{getenv: os.Getenv, stdinTerminal: isTerminal(os.Stdin), stdoutTerminal: isTerminal(os.Stdout)}
}

// An environ is what run takes from its surroundings besides the
// arguments and the standard streams. The zero environ has no variables
// and no terminal, as a test run by a pipe. A terminal is what
// isTerminal says: a character device, which /dev/null also is.
type environ struct {
	getenv                        func(string) string // os.Getenv; nil for no variables
	stdinTerminal, stdoutTerminal bool                // whether standard input and output are terminals
}

// get returns the environment variable name, "" if it is not set.
func (e environ) get(name string) string {
	if e.getenv == nil {
		return ""
	}
	return e.getenv(name)
}

const usage = `usage: othello [-rules full|simple] [-explain] < game.in
       othello check [flags] -- COMMAND [ARGS...]
       othello classroom -out DIR [flags] -- COMMAND [ARGS...]
       othello grade [flags] -out DIR SUBMISSION... -- COMMAND [ARGS...]
       othello gradescope -out autograder.zip [flags] -- COMMAND [ARGS...]
       othello gen [flags] -out DIR
       othello gtp [flags]
       othello match [flags] PLAYER1 PLAYER2
       othello nboard [flags]
       othello perft [-rules full|simple] [-size RxC] DEPTH
       othello play [flags]
       othello review [flags] FILE
       othello serve [-addr HOST:PORT] [flags]
       othello solve [flags] FILE
       othello tournament [flags] PLAYER...
       othello version
       othello vpl -out DIR [flags] -- COMMAND [ARGS...]

Plays one game of Othello by the judge's protocol: prints FULL or SIMPLE,
reads the setup and the move lines on standard input, and answers on
standard output. Exit status: 0 game finished, 1 bad setup or input ended
mid-game, 2 bad command line.

Flags:
  -rules full|simple
	the rule set (default full)
  -explain
	after each INVALID, say why on standard error (default: true when
	standard input is a terminal); standard output is the same either way

Each subcommand takes -h. See doc/protocol.md.
`

// run runs the program with the arguments after the program name, the
// standard streams and env, and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, env environ) int {
	if len(args) > 0 {
		switch args[0] {
		case "check":
			return runCheck(args[1:], stdout, stderr)
		case "classroom":
			return runClassroom(args[1:], stdout, stderr)
		case "gen":
			return runGen(args[1:], stdout, stderr)
		case "grade":
			return runGrade(args[1:], stdout, stderr, env)
		case "gradescope":
			return runGradescope(args[1:], stdout, stderr)
		case "gtp":
			return runGTP(args[1:], stdin, stdout, stderr)
		case "match":
			return runMatch(args[1:], stdout, stderr)
		case "nboard":
			return runNBoard(args[1:], stdin, stdout, stderr)
		case "perft":
			return runPerft(args[1:], stdout, stderr)
		case "play":
			return runPlay(args[1:], stdin, stdout, stderr, env)
		case "review":
			return runReview(args[1:], stdout, stderr)
		case "serve":
			return runServe(args[1:], stdout, stderr)
		case "solve":
			return runSolve(args[1:], stdout, stderr)
		case "tournament":
			return runTournament(args[1:], stdout, stderr, env)
		case "version":
			return runVersion(args[1:], stdout, stderr)
		case "vpl":
			return runVPL(args[1:], stdout, stderr)
		}
	}
	flags := newFlagSet("othello", stderr)
	rulesName := flags.String("rules", "full", "")
	explain := flags.Bool("explain", false, "")
	if status, ok := parseFlags(flags, args, usage, stdout, stderr); !ok {
		return status
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "othello: unexpected argument %q\n%s", flags.Arg(0), usage)
		return 2
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		fmt.Fprintf(stderr, "othello: %v\n%s", err, usage)
		return 2
	}
	if !isSet(flags, "explain") {
		*explain = env.stdinTerminal
	}
	if *explain {
		return console.RunExplained(stdin, stdout, stderr, rules)
	}
	return console.Run(stdin, stdout, stderr, rules)
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
