package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/othello-judge/judge/internal/grader/autograder"
)

const vplUsage = `usage: othello vpl -out DIR [flags] -- COMMAND [ARGS...]

Writes in DIR the execution files of a Moodle VPL (Virtual Programming
Lab) activity: vpl_run.sh, for the Run button, which runs the student's
program in a terminal; vpl_evaluate.sh, for Evaluate, which runs this
binary's othello check -format vpl with these flags and a fixed seed on
the submission, for VPL's comments and grade, on the activity's maximum
grade; and under grader/ this binary, the golden folders and the weights
file. DIR/README.txt says what to upload and how to set the activity
up. The binary must be static: build it with
CGO_ENABLED=0 go build ./cmd/othello.
` + commandUsage + `
  -out DIR
	the folder to write, new or empty (required)
  -build COMMAND
	a bash command that builds the program in the submission's folder
	before Run and Evaluate, such as 'javac *.java' (default: none)
` + checkFlagsUsage + sandboxUsage

// runVPL runs "othello vpl".
func runVPL(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("vpl", stderr)
	cf := addCheckFlags(flags)
	out := flags.String("out", "", "")
	build := flags.String("build", "", "")
	if status, ok := parseFlags(flags, args, vplUsage, stdout, stderr); !ok {
		return status
	}
	b, status, ok := platform{"vpl", vplUsage, "DIR", "VPL's jail runs", false}.bundle(flags, cf, *out, stderr)
	if !ok {
		return status
	}
	if err := autograder.WriteVPLFiles(*out, b, *build); err != nil {
		fmt.Fprintf(stderr, "othello vpl: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: upload its files as the activity's execution files, as %s says\n", *out, filepath.Join(*out, "README.txt"))
	return 0
}
