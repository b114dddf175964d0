package autograder_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// writeFiles writes files, by their paths with slashes under dir, and
// returns dir.
func writeFiles(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestClassroomTemplate writes a template repository, compares its
// workflow with the golden file testdata/classroom.yml, reads the
// workflow's structure back as GitHub Actions and the reporter would,
// and checks the files bundled beside it: the binary, the golden
// transcripts, the weights and the students' README section.
func TestClassroomTemplate(t *testing.T) {
	golden := writeFiles(t, t.TempDir(), map[string]string{"a.in": "4\n", "a.out": "FULL\n", "a.err": "", "deep/b.in": "6\n", "notes.txt": "not a transcript"})
	src := writeFiles(t, t.TempDir(), map[string]string{"othello": "\x7fELF static, say", "weights": "reference 60\nfull-game 40\n"})
	z := autograder.Bundle{
		Binary: filepath.Join(src, "othello"), Flags: []string{"-n=4", "-seed=1", "-env=COURSE=othello 101"},
		Golden: []string{golden}, Weights: filepath.Join(src, "weights"), Command: []string{"python3", "{main}"},
	}
	dir := writeFiles(t, t.TempDir(), map[string]string{".github/othello/golden/7/stale.in": "old", "main.py": "print('FULL')"})
	if err := autograder.WriteClassroomTemplate(dir, z); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Error(err)
		}
		return string(data)
	}
	text := read(autograder.ClassroomWorkflow)
	gradetest.CompareGolden(t, filepath.Join("testdata", "classroom.yml"), []byte(text), *update)

	w, err := gradetest.ParseWorkflow(text)
	if err != nil {
		t.Fatal(err)
	}
	// GitHub Classroom finds the points by these names.
	job, ok := w.Jobs["run-autograding-tests"]
	if w.Name != "Autograding Tests" || !ok || len(w.Jobs) != 1 || !slices.Contains(w.On, "push") || job.RunsOn != "ubuntu-24.04" {
		t.Fatalf("got the workflow %+v, want Autograding Tests on push, with its one job run-autograding-tests on ubuntu-24.04", w)
	}
	if len(job.Steps) != 3 {
		t.Fatalf("got %d steps, want 3: checkout, othello check, the reporter", len(job.Steps))
	}
	checkout, grade, reporter := job.Steps[0], job.Steps[1], job.Steps[2]
	if checkout.Uses != "actions/checkout@v4" {
		t.Errorf("got the first step %+v, want actions/checkout@v4", checkout)
	}
	const command = `.github/othello/othello check -format classroom -markdown "$GITHUB_STEP_SUMMARY" -n=4 -seed=1 '-env=COURSE=othello 101' ` +
		`-golden .github/othello/golden/0 -weights .github/othello/weights.txt -- python3 '{main}'`
	if grade.ID != "othello" || grade.Uses != "" || !strings.Contains(grade.Run, command) || !strings.Contains(grade.Run, `echo "result=$result" >> "$GITHUB_OUTPUT"`) {
		t.Errorf("got the grading step %+v, want id othello running\n%s\nand writing result to $GITHUB_OUTPUT", grade, command)
	}
	if reporter.Uses != "classroom-resources/autograding-grading-reporter@v1" || reporter.If != "always()" {
		t.Errorf("got the last step %+v, want the reporter, always", reporter)
	}
	// The reporter reads each runner's result from RUNNER_RESULTS.
	runners := strings.Split(reporter.With["runners"], ",")
	for _, r := range runners {
		want := "${{ steps." + strings.ToLower(r) + ".outputs.result }}"
		if got := reporter.Env[strings.ToUpper(r)+"_RESULTS"]; got != want {
			t.Errorf("runner %s: got %s_RESULTS %q, want %q", r, strings.ToUpper(r), got, want)
		}
	}
	if !slices.Equal(runners, []string{"othello"}) || len(reporter.Env) != 1 {
		t.Errorf("got the runners %q and the variables %v, want othello's alone", runners, reporter.Env)
	}

	for name, want := range map[string]string{
		".github/othello/othello":            "\x7fELF static, say",
		".github/othello/weights.txt":        "reference 60\nfull-game 40\n",
		".github/othello/golden/0/a.in":      "4\n",
		".github/othello/golden/0/a.out":     "FULL\n",
		".github/othello/golden/0/deep/b.in": "6\n",
	} {
		if got := read(name); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, ".github", "othello", "othello")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("the binary: got %v, %v; want mode 0755", fi, err)
	}
	for _, gone := range []string{".github/othello/golden/0/notes.txt", ".github/othello/golden/7"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(gone))); err == nil {
			t.Errorf("%s is there, want it not", gone)
		}
	}
	section := read(".github/othello/README.md")
	local := "    .github/othello/othello check -n=4 -seed=1 '-env=COURSE=othello 101' -golden .github/othello/golden/0 -weights .github/othello/weights.txt -- python3 '{main}'\n"
	if !strings.HasPrefix(section, "## How your work is graded\n") || !strings.Contains(section, local) || !strings.Contains(section, "Landlock") || read("README.md") != section {
		t.Errorf("got the README section\n%s\nwant how work is graded, the command\n%s\nthe sandbox, and the same in README.md", section, local)
	}

	// Again, over a README.md of the course's: it stays.
	writeFiles(t, dir, map[string]string{"README.md": "# The assignment\n"})
	if err := autograder.WriteClassroomTemplate(dir, z); err != nil {
		t.Fatal(err)
	}
	if got := read("README.md"); got != "# The assignment\n" {
		t.Errorf("got README.md\n%s\nwant the course's, as it was", got)
	}
}

// TestClassroomTemplateRefuses checks that an argument that a workflow
// cannot hold is a *WorkflowError, which wraps ErrWorkflow, and that
// nothing is written then.
func TestClassroomTemplateRefuses(t *testing.T) {
	for _, arg := range []string{"-env=A=1\nrm -rf ~", "-env=T=${{ secrets.TOKEN }}", "a\rb"} {
		t.Run(arg, func(t *testing.T) {
			dir := t.TempDir()
			err := autograder.WriteClassroomTemplate(dir, autograder.Bundle{Binary: "othello", Flags: []string{arg}, Command: []string{"true"}})
			var we *autograder.WorkflowError
			if !errors.As(err, &we) || !errors.Is(err, autograder.ErrWorkflow) || we.Arg != arg {
				t.Fatalf("got %v, want a *WorkflowError of %q", err, arg)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("got %d files written, want none", len(entries))
			}
		})
	}
}
