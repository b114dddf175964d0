package autograder

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ClassroomWorkflow is the workflow that WriteClassroomTemplate writes,
// and ClassroomDir the folder of the grader, its files and the students'
// README section, each a path with slashes in the template repository.
const (
	ClassroomWorkflow = ".github/workflows/classroom.yml"
	ClassroomDir      = ".github/othello"
)

// classroomWorkflow is the workflow, the arguments of othello check in
// place of %s. GitHub Classroom finds the grade of a push in the
// annotations of the run of the workflow named Autograding Tests, of its
// job run-autograding-tests, which its reporter writes; it starts no run
// for its own bot's first commit. The step othello writes the result of
// the check in its output result, which the reporter reads from
// OTHELLO_RESULTS, the variable of its runner othello, and the report
// in the job's summary.
const classroomWorkflow = `# Grades each push with othello check and gives GitHub Classroom the points.
# Written by othello classroom: see doc/grading.md of the Othello judge.
# GitHub Classroom reads the points of a run of the workflow and the job
# named so.
name: Autograding Tests
on:
  - push
  - repository_dispatch
  - workflow_dispatch
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-24.04
    timeout-minutes: 30
    if: github.actor != 'github-classroom[bot]'
    steps:
      - name: Checkout code
        uses: actions/checkout@v4
      - name: othello check
        id: othello
        run: |
          status=0
          result=$(` + ClassroomDir + `/othello check -format classroom -markdown "$GITHUB_STEP_SUMMARY" %s) || status=$?
          echo "result=$result" >> "$GITHUB_OUTPUT"
          # 0: all passed; 1: failures, in the result. Anything else is the grader's.
          test "$status" -le 1
      - name: Autograding Reporter
        uses: classroom-resources/autograding-grading-reporter@v1
        if: always()
        env:
          OTHELLO_RESULTS: ${{ steps.othello.outputs.result }}
        with:
          runners: othello
`

// classroomReadme is the students' README section, the arguments of
// othello check in place of %s.
const classroomReadme = `## How your work is graded

Each push to this repository is graded on GitHub: the workflow
` + "`" + ClassroomWorkflow + "`" + ` runs the course's grader, ` + "`othello check`" + `, on
your program, and GitHub Classroom records the points.

To see them, open the **Actions** tab, then the newest run of
**Autograding Tests**:

- its **Summary** is the report: the points of each category, then each
  way your program fails, with the smallest input that shows it, and the
  judge's answer beside your program's where they first differ;
- the log of its step **Autograding Reporter** lists each category with
  ✅ or ❌ and its points; its notice **Autograding complete**,
  ` + "`Points X/Y`" + `, also shown on the run's page, is the grade GitHub
  Classroom records. (The reporter's table scores ` + "`othello`" + ` by the
  categories with all their points, not by the points: the grade is
  ` + "`Points X/Y`" + `.)

A run is marked failed until every category has all its points. Leave
` + "`.github/`" + ` as it is: the grader, its settings and the workflow are the
course's.

### Run the same check on your machine

On Linux on x86-64, or in WSL on Windows, from this folder:

    ` + ClassroomDir + `/othello check %s

It prints the same report as text; add ` + "`-html report.html`" + ` for a page that
draws each board. Elsewhere, install ` + "`othello`" + ` from the judge's source
and run the same command with it.

The grader runs your program in a sandbox, which keeps it from the
grader's files and the network and stops it at its limits of time,
memory and processes. GitHub's runners, Ubuntu 24.04, do not let a
program make user namespaces: there it runs *limited*, with the same
limits, a seccomp filter and Landlock, which keeps your program to its
folder; the report's second line, ` + "`sandbox: ...`" + `, says which walls held.
`

// ErrWorkflow means an argument of othello check cannot be put in a
// workflow's command.
var ErrWorkflow = errors.New("autograder: cannot be put in a workflow")

// A WorkflowError is an argument of othello check that cannot be put in
// a workflow: a line break would end the workflow's command, and ${{
// starts an expression of GitHub Actions. It wraps ErrWorkflow.
type WorkflowError struct {
	Arg string
}

// Error says which argument, and why.
func (e *WorkflowError) Error() string {
	return fmt.Sprintf("autograder: %q cannot be put in a workflow: it holds a line break or ${{", e.Arg)
}

// Unwrap returns ErrWorkflow.
func (e *WorkflowError) Unwrap() error { return ErrWorkflow }

// WriteClassroomTemplate writes in dir, a template repository of GitHub
// Classroom, what it needs for each push to be graded: the workflow
// ClassroomWorkflow, which runs on GitHub's Ubuntu 24.04 the othello
// check that z asks for with -format classroom, its report added to the
// job's summary, and GitHub Classroom's reporter, which shows each
// category with its points; and in ClassroomDir the binary z.Binary as
// othello, the golden folders and the weights file it names, as
// WriteGradescopeZip bundles them, and README.md, the section for the
// students: how a push is graded, where to read the report, and how to
// run the same check. The golden folders there before are removed. It
// writes dir/README.md too when there is none. An argument that cannot
// be put in the workflow is a *WorkflowError.
func WriteClassroomTemplate(dir string, z Bundle) error {
	for _, a := range append(append([]string{}, z.Flags...), z.Command...) {
		if strings.ContainsAny(a, "\n\r\u0085\u2028\u2029") || strings.Contains(a, "${{") {
			return &WorkflowError{Arg: a}
		}
	}
	grader := filepath.Join(dir, filepath.FromSlash(ClassroomDir))
	if err := os.RemoveAll(filepath.Join(grader, "golden")); err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	write := func(name string, mode fs.FileMode, data []byte) error {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, mode); err != nil {
			return err
		}
		return os.Chmod(p, mode)
	}
	files, checkArgs, err := z.files(ClassroomDir)
	if err != nil {
		return err
	}
	readme := fmt.Sprintf(classroomReadme, checkArgs)
	files = append(files, bundledFile{"README.md", 0o644, []byte(readme)})
	errs := []error{write(ClassroomWorkflow, 0o644, []byte(fmt.Sprintf(classroomWorkflow, checkArgs)))}
	for _, f := range files {
		errs = append(errs, write(path.Join(ClassroomDir, f.name), f.mode, f.data))
	}
	err = errors.Join(errs...)
	if _, statErr := os.Stat(filepath.Join(dir, "README.md")); err == nil && errors.Is(statErr, fs.ErrNotExist) {
		err = write("README.md", 0o644, []byte(readme))
	}
	if err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	return nil
}
