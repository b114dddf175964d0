package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/yaml"
)

// The recipes of doc/grading.md's "A class on a cluster" that the tests
// below run as their systems would.
var (
	kubeGrade = filepath.Join("..", "..", "doc", "cluster", "grade-job.yaml")
	kubeMerge = filepath.Join("..", "..", "doc", "cluster", "merge-job.yaml")
	workflow  = filepath.Join("..", "..", "doc", "cluster", "grade-workflow.yml")
)

// testCheckFlags are the flags of othello check with which the tests
// below grade, in place of the recipes' "-n 200": the one change they make
// to them, so that a class takes seconds. The time limit is far above any
// run of the class's programs, none of which hangs: the tests compare
// the bytes of two gradings, which a run near its limit on a loaded
// machine would make differ.
const testCheckFlags = "-n 3 -timeout 30s"

// readYAML reads a YAML file of the recipes.
func readYAML(t *testing.T, path string) *yaml.Node {
	t.Helper()
	doc, err := yaml.Read(mustRead(t, path))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc
}

// text returns the text of the scalar at the keys' path from n, failing
// the test where there is none.
func text(t *testing.T, n *yaml.Node, keys ...string) string {
	t.Helper()
	for _, k := range keys {
		if n = n.Get(k); n == nil {
			t.Fatalf("no %s", strings.Join(keys, "."))
		}
	}
	if n.Kind != yaml.Scalar {
		t.Fatalf("%s is no scalar", strings.Join(keys, "."))
	}
	return n.Text
}

// classForCluster writes the class that the recipes grade into
// dir/folder, and returns its submissions.
func classForCluster(t *testing.T, dir, folder string) []string {
	t.Helper()
	class := filepath.Join(dir, folder)
	return []string{
		writeSubmission(t, class, "good", ""),
		writeSubmission(t, class, "spacing", "", `"B: %d  W: %d\n"`, `"B: %d W: %d\n"`),
		writeSubmission(t, class, "nostart", "-"),
		writeSubmission(t, class, "wide", "", "rows, cols = size", "cols, rows = size"),
	}
}

// oneMachine grades subs as one machine does with the recipes' seed, and
// returns the folder of the grades.
func oneMachine(t *testing.T, dir, seed string, subs []string) string {
	t.Helper()
	out := filepath.Join(dir, "one")
	args := append([]string{"grade", "-seed", seed}, strings.Fields(testCheckFlags)...)
	args = append(append(append(args, "-out", out), subs...), "--", "python3", "othello.py")
	var stdout, stderr bytes.Buffer
	if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
		t.Fatalf("one machine: exit status %d, want 0; standard error:\n%s", status, stderr.String())
	}
	return out
}

// kubeVar is a reference to a variable in a container's command, which
// Kubernetes replaces with its value.
var kubeVar = regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)

// runPod runs the one container of a Job's pod as Kubernetes runs it:
// its command, its $(VAR) replaced, in its working folder, the volume
// mounted at it being volume, with the container's environment and the
// variables given (JOB_COMPLETION_INDEX). bin is the folder of the image's
// othello.
func runPod(t *testing.T, job *yaml.Node, volume, bin string, vars map[string]string) {
	t.Helper()
	spec := job.Get("spec").Get("template").Get("spec")
	containers := spec.Get("containers")
	if containers == nil || len(containers.Values) != 1 {
		t.Fatalf("want one container in the Job's pod")
	}
	c := containers.Values[0]
	mount := text(t, c.Get("volumeMounts").Values[0], "mountPath")
	if wd := text(t, c, "workingDir"); wd != mount {
		t.Fatalf("got workingDir %s, want the volume's %s, where the class is", wd, mount)
	}
	env := map[string]string{"PATH": bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	if e := c.Get("env"); e != nil {
		for _, v := range e.Values {
			env[text(t, v, "name")] = text(t, v, "value")
		}
	}
	if _, ok := env["CHECK_FLAGS"]; ok {
		env["CHECK_FLAGS"] = testCheckFlags
	}
	for k, v := range vars {
		env[k] = v
	}
	var command []string
	for _, word := range c.Get("command").Values {
		command = append(command, kubeVar.ReplaceAllStringFunc(word.Text, func(ref string) string {
			return env[kubeVar.FindStringSubmatch(ref)[1]]
		}))
	}
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Dir = volume
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(command, " "), err, out)
	}
}

// TestClusterRecipes grades a class on one machine, then runs the
// Kubernetes and the GitHub Actions recipes on it as their systems would
// (kubernetesRecipe, actionsRecipe), and checks that each merged the
// same grades.
func TestClusterRecipes(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash, which runs the workflow's steps")
	}
	t.Parallel()
	bin := filepath.Dir(buildJudge(t))
	job, doc := readYAML(t, kubeGrade), readYAML(t, workflow)
	seed := ""
	for _, v := range job.Get("spec").Get("template").Get("spec").Get("containers").Values[0].Get("env").Values {
		if text(t, v, "name") == "SEED" {
			seed = text(t, v, "value")
		}
	}
	if other := text(t, doc, "env", "SEED"); seed == "" || other != seed {
		t.Fatalf("got the seed %q in %s and %q in %s, want one", seed, kubeGrade, other, workflow)
	}
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	one := oneMachine(t, dir, seed, classForCluster(t, dir, "class"))
	t.Run("kubernetes", func(t *testing.T) {
		t.Parallel()
		volume := t.TempDir()
		copyFolder(t, class, filepath.Join(volume, "class"))
		sameTree(t, one, kubernetesRecipe(t, job, volume, bin))
	})
	t.Run("actions", func(t *testing.T) {
		t.Parallel()
		repo := t.TempDir()
		copyFolder(t, class, filepath.Join(repo, "submissions"))
		sameTree(t, one, actionsRecipe(t, doc, repo, bin))
	})
}

// kubernetesRecipe runs the pods of doc/cluster's Indexed Job job, each
// with its JOB_COMPLETION_INDEX, then the merge Job's, on volume, which
// holds the class, and returns the folder of the merged grades.
func kubernetesRecipe(t *testing.T, job *yaml.Node, volume, bin string) string {
	if mode := text(t, job, "spec", "completionMode"); mode != "Indexed" {
		t.Fatalf("got completionMode %s, want Indexed", mode)
	}
	n, err := strconv.Atoi(text(t, job, "spec", "completions"))
	if err != nil || n < 1 {
		t.Fatalf("got completions %v, want a number", err)
	}
	for k := range n {
		runPod(t, job, volume, bin, map[string]string{"JOB_COMPLETION_INDEX": strconv.Itoa(k)})
	}
	runPod(t, readYAML(t, kubeMerge), volume, bin, nil)
	return filepath.Join(volume, "merged")
}

// actionsRecipe runs the workflow doc as GitHub Actions would, in a
// repository repo that holds the class: the grade job once for each
// entry of its matrix, each in a workspace of its own, its artifacts
// kept, then the merge job with them. It returns the folder of the
// grades the merge job keeps. Of its actions, checkout gives the
// workspace the repository, setup-go and the step that installs othello
// are the othello of bin, and upload-artifact and download-artifact copy
// folders, as they do.
func actionsRecipe(t *testing.T, doc *yaml.Node, repo, bin string) string {
	dir := t.TempDir()
	artifacts := filepath.Join(dir, "artifacts")
	env := map[string]string{"PATH": bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	for i, k := range doc.Get("env").Keys {
		env[k] = doc.Get("env").Values[i].Text
	}
	env["CHECK_FLAGS"] = testCheckFlags

	// job runs the steps of a job in a new workspace, with the matrix's
	// values.
	job := func(name string, matrix map[string]string) {
		t.Helper()
		work := filepath.Join(dir, "work", name+"-"+matrix["shard"])
		if err := os.MkdirAll(work, 0o755); err != nil {
			t.Fatal(err)
		}
		expand := func(s string) string {
			for k, v := range matrix {
				s = strings.ReplaceAll(s, "${{ matrix."+k+" }}", v)
			}
			if strings.Contains(s, "${{") {
				t.Fatalf("%s: an expression the test does not know", s)
			}
			return s
		}
		for _, step := range doc.Get("jobs").Get(name).Get("steps").Values {
			switch uses := step.Get("uses"); {
			case uses == nil && strings.Contains(text(t, step, "run"), "go install"):
				// othello is the one of bin, on PATH
			case uses == nil:
				cmd := exec.Command("bash", "-e", "-c", expand(text(t, step, "run")))
				cmd.Dir = work
				for k, v := range env {
					cmd.Env = append(cmd.Env, k+"="+v)
				}
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s: %v\n%s", cmd.Args[3], err, out)
				}
			case strings.HasPrefix(uses.Text, "actions/checkout@"):
				copyFolder(t, repo, work)
			case strings.HasPrefix(uses.Text, "actions/setup-go@"):
			case strings.HasPrefix(uses.Text, "actions/upload-artifact@"):
				copyFolder(t, filepath.Join(work, expand(text(t, step, "with", "path"))), filepath.Join(artifacts, expand(text(t, step, "with", "name"))))
			case strings.HasPrefix(uses.Text, "actions/download-artifact@"):
				pattern, to := text(t, step, "with", "pattern"), filepath.Join(work, text(t, step, "with", "path"))
				found, _ := filepath.Glob(filepath.Join(artifacts, pattern))
				for _, a := range found {
					copyFolder(t, a, filepath.Join(to, filepath.Base(a)))
				}
			default:
				t.Fatalf("an action the test does not know: %s", uses.Text)
			}
		}
	}
	for _, shard := range doc.Get("jobs").Get("grade").Get("strategy").Get("matrix").Get("shard").Values {
		job("grade", map[string]string{"shard": shard.Text})
	}
	if needs := text(t, doc, "jobs", "merge", "needs"); needs != "grade" {
		t.Fatalf("got the merge job after %s, want after grade", needs)
	}
	job("merge", nil)
	return filepath.Join(artifacts, "grades")
}

// copyFolder copies the folder from, with its files, into to.
func copyFolder(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cp", "-R", from+"/.", to).CombinedOutput(); err != nil {
		t.Fatalf("cp -R %s/. %s: %v\n%s", from, to, err, out)
	}
}
