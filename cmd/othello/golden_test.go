package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/diff"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

// goldenDir holds the judge's golden transcripts, one folder a rule set:
// full and simple. Their README.md describes the format; console's
// TestGolden runs them in process, and -update there rewrites them.
var goldenDir = filepath.Join("..", "..", "testdata")

// answerTimeout bounds a run of the judge, and the wait for each answer
// in lock-step: a program that does not flush before it reads never
// answers.
const answerTimeout = 10 * time.Second

// A golden is one transcript: the input, and the standard output, standard
// error and exit status the judge must give for it.
type golden struct {
	rules  string // "full" or "simple": the folder, and the -rules flag
	path   string // the .in file; .out and .err sit beside it
	in     []byte
	out    []byte
	err    []byte // empty when the game must finish
	status int    // 1 when there is an .err file, else 0
}

func readGoldens(t *testing.T) []golden {
	t.Helper()
	var gs []golden
	for _, rules := range []string{"full", "simple"} {
		paths, err := filepath.Glob(filepath.Join(goldenDir, rules, "*.in"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range paths {
			g := golden{rules: rules, path: path}
			g.in = mustRead(t, path)
			base := strings.TrimSuffix(path, ".in")
			g.out = mustRead(t, base+".out")
			if e, err := os.ReadFile(base + ".err"); err == nil {
				g.err, g.status = e, 1
			}
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		t.Fatalf("no transcripts in %s", goldenDir)
	}
	return gs
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (g golden) name() string {
	return g.rules + "/" + strings.TrimSuffix(filepath.Base(g.path), ".in")
}

// check compares what the judge did with what the transcript says.
func (g golden) check(t *testing.T, status int, stdout, stderr []byte) {
	t.Helper()
	base := strings.TrimSuffix(g.path, ".in")
	if d := diff.Diff(g.out, stdout); d != "" {
		t.Errorf("standard output differs from %s.out:\n%s", base, d)
	}
	if d := diff.Diff(g.err, stderr); d != "" {
		t.Errorf("standard error differs from %s.err:\n%s", base, d)
	}
	if status != g.status {
		t.Errorf("exit status: got %d, want %d", status, g.status)
	}
}

// TestGoldenBinary runs every transcript through the built program, as
// graders do, with the same runner as othello check: once in batch, all
// input piped at once, and once in lock-step, one line at a time, waiting
// for the lines that answer each before writing the next. A judge that
// does not flush its output before it waits for input never answers, and
// fails the second.
func TestGoldenBinary(t *testing.T) {
	t.Parallel()
	bin := buildJudge(t)
	lim := check.Timeouts{Timeout: answerTimeout, LineTimeout: answerTimeout}
	for _, g := range readGoldens(t) {
		prog := check.Program{Path: bin, Args: []string{"-rules", g.rules}}
		tr := scenario.Transcript{Input: g.in, Output: g.out, Status: g.status}
		for _, mode := range []check.Mode{check.Batch, check.LockStep} {
			t.Run(g.name()+"/"+mode.String(), func(t *testing.T) {
				r := check.Run(context.Background(), prog, tr, mode, lim, sandbox.Config{Mode: sandbox.Isolated, Limits: sandbox.DefaultLimits})
				if r.End != check.Exited {
					t.Errorf("the judge did not exit by itself (end %d, %s) after %d input lines", r.End, r.State, r.Lines)
				}
				g.check(t, r.Status, r.Stdout, r.Stderr)
			})
		}
	}
}

// built is the program, built once for all the tests of a run into a
// folder that TestMain removes.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// buildJudge builds the program, once, into a temporary folder and
// returns its path.
func buildJudge(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "othello-test-bin-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "othello")
		// Static, as README.md says to build it: othello gradescope
		// bundles only a static binary. Without the module's path in it
		// (-trimpath), so that TestDocs's go run in a copy of the module
		// finds every package already built; without the profile
		// (-pgo=off), as make test builds the tests, so that its
		// packages are those already compiled, only linked here.
		build := exec.Command("go", "build", "-trimpath", "-pgo=off", "-o", built.bin, ".")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}
