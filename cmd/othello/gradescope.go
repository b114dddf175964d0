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
	usageError := func(format string, a ...any) int {
		return badUsage(stderr, "gradescope", gradescopeUsage, format, a...)
	}
	if flags.NArg() == 0 {
		return usageError("no command to grade")
	}
	if *out == "" {
		return usageError("-out FILE is required")
	}
	if _, err := cf.config(); err != nil {
		return usageError("%s", trimPkg(err, "check"))
	}
	self, ok := staticSelf("gradescope", "Gradescope needs", true, stderr)
	if !ok {
		return 1
	}
	z := autograder.Bundle{Binary: self, Flags: bundledFlags(flags, cf), Golden: cf.opts.Golden, Weights: cf.opts.Weights, Command: flags.Args()}
	if err := autograder.WriteGradescopeZip(*out, z); err != nil {
		fmt.Fprintf(stderr, "othello gradescope: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: upload it as the autograder\n", *out)
	return 0
}

// staticSelf returns the path of this binary, and whether it is static
// for Linux, for amd64 too if amd64 is set, which a platform needs to run
// it whatever its C library: if not, it says so on stderr for the
// subcommand cmd, with what the platform needs.
func staticSelf(cmd, needs string, amd64 bool, stderr io.Writer) (string, bool) {
	arch := runtime.GOARCH
	if amd64 {
		arch = "amd64"
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != arch {
		fmt.Fprintf(stderr, "othello %s: this binary is for %s/%s; %s linux/%s: build one with GOOS=linux GOARCH=%s CGO_ENABLED=0 go build ./cmd/othello\n", cmd, runtime.GOOS, runtime.GOARCH, needs, arch, arch)
		return "", false
	}
	self, err := os.Executable()
	if err == nil {
		err = autograder.CheckStatic(self)
	}
	if err != nil {
		fmt.Fprintf(stderr, "othello %s: %v\n", cmd, err)
		return "", false
	}
	return self, true
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
