package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/othello-judge/judge/internal/grader/autograder"
)

const classroomUsage = `usage: othello classroom -out DIR [flags] -- COMMAND [ARGS...]

Writes in DIR what a template repository of GitHub Classroom needs for
each push to be graded: the workflow .github/workflows/classroom.yml,
which runs this binary's othello check with these flags and a fixed seed
on GitHub's Ubuntu 24.04, adds its report to the job's summary and gives
GitHub Classroom the points of each category through its reporter; and
in .github/othello this binary, the golden folders and the weights file,
and README.md, a section for the students (how a push is graded, how to
read the report, how to run the same check), also written as DIR's
README.md when it has none. The binary must be static linux/amd64:
build it with CGO_ENABLED=0 go build ./cmd/othello.
` + commandUsage + `
  -out DIR
	the template repository's folder (required)
` + checkFlagsUsage + sandboxUsage

// runClassroom runs "othello classroom".
func runClassroom(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("classroom", stderr)
	cf := addCheckFlags(flags)
	out := flags.String("out", "", "")
	if status, ok := parseFlags(flags, args, classroomUsage, stdout, stderr); !ok {
		return status
	}
	z, status, ok := platform{"classroom", classroomUsage, "DIR", "GitHub's runners need", true}.bundle(flags, cf, *out, stderr)
	if !ok {
		return status
	}
	if err := autograder.WriteClassroomTemplate(*out, z); err != nil {
		fmt.Fprintf(stderr, "othello classroom: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s and %s: commit them to the template repository\n",
		filepath.Join(*out, filepath.FromSlash(autograder.ClassroomWorkflow)), filepath.Join(*out, filepath.FromSlash(autograder.ClassroomDir)))
	return 0
}
