package console_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
)

var update = flag.Bool("update", false, "rewrite the .out and .err files of the golden transcripts in ../testdata")

// TestGolden runs the judge on the input of every golden transcript of
// ../testdata, under the rules of its folder (full or simple; README.md there
// describes the format), and compares standard output, standard error and
// the exit status with the transcript's. With -update it rewrites the
// .out and .err files instead: check every change by hand.
func TestGolden(t *testing.T) {
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		dir, paths := goldenPaths(t, rules)
		for _, path := range paths {
			base := strings.TrimSuffix(path, ".in")
			t.Run(filepath.Base(dir)+"/"+filepath.Base(base), func(t *testing.T) {
				in, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				var stdout, stderr bytes.Buffer
				status := console.Run(bytes.NewReader(in), &stdout, &stderr, rules)
				if *update {
					writeGolden(t, base, stdout.Bytes(), stderr.Bytes())
					return
				}
				wantOut, err := os.ReadFile(base + ".out")
				if err != nil {
					t.Fatal(err)
				}
				wantErr, wantStatus := []byte(nil), 0
				if e, err := os.ReadFile(base + ".err"); err == nil {
					wantErr, wantStatus = e, 1
				} else if !errors.Is(err, os.ErrNotExist) {
					t.Fatal(err)
				}
				if d := diff(wantOut, stdout.Bytes()); d != "" {
					t.Errorf("standard output differs from %s.out:\n%s", base, d)
				}
				if d := diff(wantErr, stderr.Bytes()); d != "" {
					t.Errorf("standard error differs from %s.err:\n%s", base, d)
				}
				if status != wantStatus {
					t.Errorf("exit status: got %d, want %d", status, wantStatus)
				}
			})
		}
	}
}

// writeGolden writes stdout to base.out, and stderr to base.err, or
// removes base.err when stderr is empty.
func writeGolden(t *testing.T, base string, stdout, stderr []byte) {
	t.Helper()
	if err := os.WriteFile(base+".out", stdout, 0o644); err != nil {
		t.Fatal(err)
	}
	if len(stderr) == 0 {
		if err := os.Remove(base + ".err"); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		return
	}
	if err := os.WriteFile(base+".err", stderr, 0o644); err != nil {
		t.Fatal(err)
	}
}

// diff returns "" if got equals want, and otherwise the first line where
// they differ, quoted so that blanks and carriage returns show.
func diff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	w, g := strings.SplitAfter(string(want), "\n"), strings.SplitAfter(string(got), "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	line := func(lines []string) string {
		if i < len(lines) {
			return strconv.Quote(lines[i])
		}
		return "(the end)"
	}
	return fmt.Sprintf("line %d: got %s, want %s", i+1, line(g), line(w))
}

// TestGoldenExplained runs the judge with explanations on every golden
// transcript of ../testdata: standard output and the exit status must be
// the transcript's byte for byte, and standard error its .err after one
// line for each INVALID answer. Where there is a NAME.explain file, the
// whole standard error must be it; -update rewrites those files.
func TestGoldenExplained(t *testing.T) {
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		dir, paths := goldenPaths(t, rules)
		for _, path := range paths {
			base := strings.TrimSuffix(path, ".in")
			t.Run(filepath.Base(dir)+"/"+filepath.Base(base), func(t *testing.T) {
				in, wantOut := mustRead(t, path), mustRead(t, base+".out")
				wantErr, wantStatus := []byte(nil), 0
				if e, err := os.ReadFile(base + ".err"); err == nil {
					wantErr, wantStatus = e, 1
				}
				var stdout, stderr bytes.Buffer
				status := console.RunExplained(bytes.NewReader(in), &stdout, &stderr, rules)
				if d := diff(wantOut, stdout.Bytes()); d != "" {
					t.Errorf("standard output differs from %s.out:\n%s", base, d)
				}
				if status != wantStatus {
					t.Errorf("exit status: got %d, want %d", status, wantStatus)
				}
				explained, rest := splitExplanations(stderr.String())
				if rest != string(wantErr) {
					t.Errorf("standard error after the explanations: got %q, want %q", rest, wantErr)
				}
				if got, want := explained, bytes.Count(wantOut, []byte("INVALID\n")); got != want {
					t.Errorf("got %d explanations, want one for each INVALID, %d", got, want)
				}
				explain, err := os.ReadFile(base + ".explain")
				switch {
				case errors.Is(err, os.ErrNotExist):
					return
				case err != nil:
					t.Fatal(err)
				case *update:
					if err := os.WriteFile(base+".explain", stderr.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				default:
					if d := diff(explain, stderr.Bytes()); d != "" {
						t.Errorf("standard error differs from %s.explain:\n%s", base, d)
					}
				}
			})
		}
	}
}

// splitExplanations returns how many lines of stderr, from its start,
// explain an INVALID answer, and what follows them.
func splitExplanations(stderr string) (n int, rest string) {
	explanation := regexp.MustCompile(`^othello: line \d+: (a blank line|".*"(\.\.\. \(\d+ bytes\))?): [^\n]+\n`)
	for {
		m := explanation.FindString(stderr)
		if m == "" || strings.Contains(m, "input ended") {
			return n, stderr
		}
		n++
		stderr = stderr[len(m):]
	}
}

// mustRead returns the contents of the file at path.
func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// goldenPaths returns the folder of ../testdata that holds the golden
// transcripts of rules, and the path of every input there.
func goldenPaths(t *testing.T, rules othello.Rules) (dir string, paths []string) {
	t.Helper()
	dir = filepath.Join("..", "testdata", strings.ToLower(rules.Name()))
	paths, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts in %s: %v", dir, err)
	}
	return dir, paths
}
