package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"

	"github.com/othello-judge/judge/internal/grader/autograder"
)

const gradescopeUsage = `usage: othello gradescope -out autograder.zip [flags] -- COMMAND [ARGS...]

Writes a Gradescope autograder, a zip to upload, that runs this binary's
othello check with these flags and a fixed seed on each submission and
writes its results.json. The golden folders and the weights file are
bundled. The binary must be static linux/amd64: build it with
CGO_ENABLED=0 go build ./cmd/othello.
` + commandUsage + `
  -out FILE
	the zip to write (required)
` + checkFlagsUsage + sandboxUsage

// runGradescope runs "othello gradescope".
func runGradescope(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("gradescope", stderr)
	cf := addCheckFlags(flags)
	out := flags.String("out", "", "")
	if status, ok := parseFlags(flags, args, gradescopeUsage, stdout, stderr); !ok {
		return status
	}
	z, status, ok := platform{"gradescope", gradescopeUsage, "FILE", "Gradescope needs", true}.bundle(flags, cf, *out, stderr)
	if !ok {
		return status
	}
	if err := autograder.WriteGradescopeZip(*out, z); err != nil {
		fmt.Fprintf(stderr, "othello gradescope: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: upload it as the autograder\n", *out)
	return 0
}

// A platform is an autograder that gradescope, classroom and vpl write
// for, as its subcommand names it.
type platform struct {
	sub, usage string // the subcommand and its usage text
	out        string // what -out names: "FILE" or "DIR"
	needs      string // what the platform runs, for the error of a binary it cannot run: "Gradescope needs"
	amd64      bool   // it runs linux/amd64 alone, not any Linux
}

// bundle returns, once flags are parsed, the Bundle of this binary with
// the check of cf and the command of flags' arguments, for -out out; or
// the exit status, false, and why on stderr: a bad command line, or a
// binary that the platform cannot run whatever its C library, one not
// static for its Linux.
func (p platform) bundle(flags *flag.FlagSet, cf *checkFlags, out string, stderr io.Writer) (autograder.Bundle, int, bool) {
	fail := func(status int) (autograder.Bundle, int, bool) { return autograder.Bundle{}, status, false }
	usageError := func(format string, a ...any) int { return badUsage(stderr, p.sub, p.usage, format, a...) }
	switch _, err := cf.config(); {
	case flags.NArg() == 0:
		return fail(usageError("no command to grade"))
	case out == "":
		return fail(usageError("-out %s is required", p.out))
	case err != nil:
		return fail(usageError("%s", trimPkg(err, "check")))
	}
	arch := runtime.GOARCH
	if p.amd64 {
		arch = "amd64"
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != arch {
		fmt.Fprintf(stderr, "othello %s: this binary is for %s/%s; %s linux/%s: build one with GOOS=linux GOARCH=%s CGO_ENABLED=0 go build ./cmd/othello\n", p.sub, runtime.GOOS, runtime.GOARCH, p.needs, arch, arch)
		return fail(1)
	}
	self, err := os.Executable()
	if err == nil {
		err = autograder.CheckStatic(self)
	}
	if err != nil {
		fmt.Fprintf(stderr, "othello %s: %v\n", p.sub, err)
		return fail(1)
	}
	return autograder.Bundle{Binary: self, Flags: bundledFlags(flags, cf), Golden: cf.opts.Golden, Weights: cf.opts.Weights, Command: flags.Args()}, 0, true
}

// bundledFlags returns the flags set on flags, for the othello check of
// an autograder (gradescope, vpl), each one argument, in the order
// flags.Visit gives them: not the autograder's own, -out and -build, nor
// -golden and -weights, whose files it bundles; and the seed from the
// clock that cf.config chose if none is set, so that every submission
// gets the same scenarios. The flags that a function parses have no
// value to print: each is written again from what cf parsed.
func bundledFlags(flags *flag.FlagSet, cf *checkFlags) []string {
	var args []string
	seed := false
	flags.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "out", "build", "format", "golden", "weights":
		case "env":
			for _, kv := range cf.opts.Env {
				args = append(args, "-env="+kv)
			}
		case "bind":
			for _, p := range cf.opts.Bind {
				args = append(args, "-bind="+p)
			}
		case "memory":
			args = append(args, "-memory="+strconv.FormatInt(cf.opts.Limits.Memory, 10))
		case "file-size":
			args = append(args, "-file-size="+strconv.FormatInt(cf.opts.Limits.FileSize, 10))
		default:
			seed = seed || fl.Name == "seed"
			args = append(args, "-"+fl.Name+"="+fl.Value.String())
		}
	})
	if !seed {
		args = append(args, "-seed="+strconv.FormatUint(cf.opts.Seed, 10))
	}
	return args
}
