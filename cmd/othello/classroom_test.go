package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// brokenSh is a submission that says FULL and then nothing the judge
// would: it fails every scenario.
const brokenSh = "#!/bin/sh\necho FULL\nwhile read -r line; do :; done\necho 'WINNER: B'\n"

// expression is an expression of GitHub Actions that names a step's
// output, as the reporter's variables do.
var expression = regexp.MustCompile(`^\$\{\{ steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+) \}\}$`)

// TestClassroom writes a template repository with othello classroom, the
// built binary, then grades two submissions in it step by step as GitHub
// Actions would: the judge itself, which is right, and a script that is
// wrong. Each step that runs a script runs it with bash as Actions does,
// in the repository, with $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY; the
// reporter's step is read as the reporter reads its variables: it
// decodes each runner's result, and the points of each category must be
// the check's, the summary its report in Markdown.
func TestClassroom(t *testing.T) {
	bin := buildJudge(t)
	dir := t.TempDir()
	weights := filepath.Join(dir, "weights.txt")
	if err := os.WriteFile(weights, []byte("reference 50\ngolden 30\nformat 20\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join(dir, "golden")
	os.Mkdir(golden, 0o755)
	for _, ext := range []string{".in", ".out"} {
		os.WriteFile(filepath.Join(golden, "reference-4x4"+ext), mustRead(t, filepath.Join(goldenDir, "full", "reference-4x4"+ext)), 0o644)
	}
	// -n 0: the reference game and the golden pair, two runs a submission.
	template := filepath.Join(dir, "template")
	cmd := exec.Command(bin, "classroom", "-out", template, "-n", "0", "-weights", weights, "-golden", golden, "--", "./program")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "wrote "+template) {
		t.Fatalf("%v\n%s", err, out)
	}
	workflow, err := gradetest.ParseWorkflow(string(mustRead(t, filepath.Join(template, filepath.FromSlash(autograder.ClassroomWorkflow)))))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		program []byte
		points  map[string]float64 // of each category, each worth its weight
		status  string
	}{
		{"right", mustRead(t, bin), map[string]float64{"reference": 50, "golden": 30, "format": 20}, "pass"},
		{"wrong", []byte(brokenSh), map[string]float64{"reference": 0, "golden": 0, "format": 0}, "fail"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := filepath.Join(t.TempDir(), "repo")
			if out, err := exec.Command("cp", "-a", template, repo).CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if err := os.WriteFile(filepath.Join(repo, "program"), tt.program, 0o755); err != nil {
				t.Fatal(err)
			}
			runner := t.TempDir()
			outputs := map[string]map[string]string{} // of each step, by its id
			var summaries []string
			reported := false
			for i, step := range workflow.Jobs["run-autograding-tests"].Steps {
				switch {
				case step.Uses == "actions/checkout@v4":
					// The repository is there.
				case step.Run != "":
					output, summary := filepath.Join(runner, "output"), filepath.Join(runner, "summary")
					os.WriteFile(output, nil, 0o644)
					os.WriteFile(summary, nil, 0o644)
					script := filepath.Join(runner, "step.sh")
					os.WriteFile(script, []byte(step.Run), 0o644)
					c := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
					c.Dir = repo
					c.Env = append(os.Environ(), "GITHUB_OUTPUT="+output, "GITHUB_STEP_SUMMARY="+summary, "GITHUB_WORKSPACE="+repo, "CI=true")
					if out, err := c.CombinedOutput(); err != nil {
						t.Fatalf("step %d, %s: %v\n%s", i+1, step.Name, err, out)
					}
					outputs[step.ID] = map[string]string{}
					for _, l := range strings.Split(strings.TrimSuffix(string(mustRead(t, output)), "\n"), "\n") {
						name, value, ok := strings.Cut(l, "=")
						if !ok || strings.Contains(name, "<<") {
							t.Fatalf("step %s: $GITHUB_OUTPUT has %q, want NAME=VALUE lines", step.Name, l)
						}
						outputs[step.ID][name] = value
					}
					summaries = append(summaries, string(mustRead(t, summary)))
				case strings.HasPrefix(step.Uses, "classroom-resources/autograding-grading-reporter@"):
					reported = true
					checkReporter(t, step, outputs, tt.points, tt.status)
				default:
					t.Fatalf("step %d: got %+v, want a checkout, a script or the reporter", i+1, step)
				}
			}
			if !reported {
				t.Errorf("got no reporter's step, want one")
			}
			total := 0.0
			for _, p := range tt.points {
				total += p
			}
			head := fmt.Sprintf("## othello check: %s of 100 points\n", check.FormatPoints(total))
			if len(summaries) != 1 || !strings.HasPrefix(summaries[0], head) {
				t.Errorf("got the summaries %q, want one that starts %q", summaries, head)
			}
		})
	}
}

// checkReporter reads the reporter's step as the reporter does: the
// result of each runner of its input runners from the variable
// RUNNER_RESULTS, here an expression naming a step's output. Each
// category must have its points of 100, a status, pass or fail, as they
// are all or not, and the result the status want.
func checkReporter(t *testing.T, step gradetest.Step, outputs map[string]map[string]string, points map[string]float64, want string) {
	t.Helper()
	if step.If != "always()" {
		t.Errorf("the reporter runs if %q, want always()", step.If)
	}
	for _, runner := range strings.Split(step.With["runners"], ",") {
		m := expression.FindStringSubmatch(step.Env[strings.ToUpper(strings.TrimSpace(runner))+"_RESULTS"])
		if m == nil {
			t.Fatalf("runner %s: got the variables %v, want %s_RESULTS naming a step's output", runner, step.Env, strings.ToUpper(runner))
		}
		js, err := base64.StdEncoding.DecodeString(outputs[m[1]][m[2]])
		var r struct {
			Status   string  `json:"status"`
			MaxScore float64 `json:"max_score"`
			Tests    []struct {
				Name   string  `json:"name"`
				Status string  `json:"status"`
				Score  float64 `json:"score"`
			} `json:"tests"`
		}
		if err == nil {
			err = json.NewDecoder(bytes.NewReader(js)).Decode(&r)
		}
		if err != nil {
			t.Fatalf("runner %s: %v: %q", runner, err, outputs[m[1]][m[2]])
		}
		// What the reporter tells Classroom: "Points X/Y".
		sum := 0.0
		for _, test := range r.Tests {
			sum += test.Score
		}
		total := 0.0
		for _, p := range points {
			total += p
		}
		if r.Status != want || r.MaxScore != 100 || sum != total || len(r.Tests) != len(points) {
			t.Errorf("got status %s, Points %v/%v, %d tests; want %s, %v/100, %d", r.Status, sum, r.MaxScore, len(r.Tests), want, total, len(points))
		}
		for _, test := range r.Tests {
			category, _, _ := strings.Cut(test.Name, " ")
			p, ok := points[category]
			status := map[bool]string{true: "pass", false: "fail"}[p > 0]
			if !ok || test.Score != p || test.Status != status {
				t.Errorf("%s: got %v points, %s; want %v, %s", test.Name, test.Score, test.Status, p, status)
			}
		}
	}
}
