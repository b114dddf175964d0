package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the .out and .err files of the golden transcripts in testdata")

// goldenDir holds the transcripts, one folder a rule set: testdata/full
// and testdata/simple. testdata/README.md describes the format.
var goldenDir = filepath.Join("..", "..", "testdata")

// answerTimeout bounds the wait for an answer in lock-step: a program that
// does not flush before it reads never answers.
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
			if !*update {
				g.out = mustRead(t, base+".out")
			}
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

// TestGolden feeds every transcript's input to the judge at once, as a
// grader's pipe does, and compares standard output, standard error and the
// exit status with the transcript. With -update it rewrites the .out and
// .err files instead.
func TestGolden(t *testing.T) {
	for _, g := range readGoldens(t) {
		t.Run(g.name(), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run([]string{"-rules", g.rules}, bytes.NewReader(g.in), &stdout, &stderr)
			if *update {
				writeGolden(t, g, stdout.Bytes(), stderr.Bytes())
				return
			}
			g.check(t, status, stdout.Bytes(), stderr.Bytes())
		})
	}
}

// check compares what the judge did with what the transcript says.
func (g golden) check(t *testing.T, status int, stdout, stderr []byte) {
	t.Helper()
	base := strings.TrimSuffix(g.path, ".in")
	if d := diff(g.out, stdout); d != "" {
		t.Errorf("standard output differs from %s.out:\n%s", base, d)
	}
	if d := diff(g.err, stderr); d != "" {
		t.Errorf("standard error differs from %s.err:\n%s", base, d)
	}
	if status != g.status {
		t.Errorf("exit status: got %d, want %d", status, g.status)
	}
}

func writeGolden(t *testing.T, g golden, stdout, stderr []byte) {
	t.Helper()
	base := strings.TrimSuffix(g.path, ".in")
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

// TestGoldenBinary runs every transcript through the built program, as
// graders do: once with all input piped at once, and once as a person at a
// terminal types, one line at a time, waiting for the lines that answer
// each before writing the next. A judge that does not flush its output
// before it waits for input never answers, and fails the second.
func TestGoldenBinary(t *testing.T) {
	if *update {
		t.Skip("updating")
	}
	bin := buildJudge(t)
	for _, g := range readGoldens(t) {
		judge := func(stdin io.Reader, stdout, stderr io.Writer) int {
			cmd := exec.Command(bin, "-rules", g.rules)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				return exit.ExitCode()
			}
			if err != nil {
				t.Error(err)
				return -1
			}
			return 0
		}
		t.Run(g.name()+"/piped", func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := judge(bytes.NewReader(g.in), &stdout, &stderr)
			g.check(t, status, stdout.Bytes(), stderr.Bytes())
		})
		t.Run(g.name()+"/lock-step", func(t *testing.T) {
			lockStep(t, g, judge)
		})
	}
}

// buildJudge builds the program into a temporary folder and returns its
// path.
func buildJudge(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "othello")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// lockStep runs judge on the transcript's input one line at a time through
// an operating-system pipe, and checks what it writes as it goes.
func lockStep(t *testing.T, g golden, judge func(stdin io.Reader, stdout, stderr io.Writer) int) {
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdinW.Close()
	stdout := &watchedBuffer{changed: make(chan struct{}, 1)}
	var stderr bytes.Buffer
	var status int
	finished := make(chan struct{})
	go func() {
		status = judge(stdinR, stdout, &stderr)
		stdinR.Close() // the judge reads no more: make pending writes fail
		close(finished)
	}()

	want := splitLines(g.out)
	inLines := splitLines(g.in)
	answers := answerSizes(want, len(inLines))
	shown := 1 // the FULL or SIMPLE line comes before any input
	for i := 0; ; i++ {
		if !stdout.waitLines(shown, answerTimeout, finished) {
			t.Fatalf("after %d input lines: the judge wrote %q and no more within %v; want %q",
				i, stdout.String(), answerTimeout, strings.Join(want[:shown], ""))
		}
		if got, prefix := stdout.String(), strings.Join(want[:shown], ""); !strings.HasPrefix(got, prefix) {
			t.Fatalf("after %d input lines:\n%s", i, diff([]byte(prefix), []byte(got)))
		}
		if i == len(inLines) {
			break
		}
		if _, err := stdinW.Write([]byte(inLines[i])); err != nil {
			break // the judge has stopped reading: the game is over or the setup was bad
		}
		if !strings.HasSuffix(inLines[i], "\n") {
			stdinW.Close() // only the end of the input ends a last line with no newline
		}
		shown += answers[i]
	}
	stdinW.Close()
	select {
	case <-finished:
	case <-time.After(answerTimeout):
		t.Fatalf("the judge did not exit within %v of the end of its input", answerTimeout)
	}
	g.check(t, status, []byte(stdout.String()), stderr.Bytes())
}

// answerSizes returns, for each of n input lines, how many lines of the
// expected output out answer it: the whole first turn for the last setup
// line, one line for INVALID, and a VALID line with the next turn for a
// legal move.
func answerSizes(out []string, n int) []int {
	sizes := make([]int, n)
	if len(out) < 2 {
		return sizes // a bad setup: nothing but the FULL or SIMPLE line
	}
	rows := 0 // the board rows between the first score line and TURN or WINNER
	for 2+rows < len(out) && !strings.HasPrefix(out[2+rows], "TURN: ") && !strings.HasPrefix(out[2+rows], "WINNER: ") {
		rows++
	}
	turn := rows + 2 // a score line, the board, and TURN or WINNER
	setup := 4 + rows
	if setup > n {
		return sizes
	}
	sizes[setup-1] = turn
	at := 1 + turn
	for i := setup; i < n && at < len(out); i++ {
		switch out[at] {
		case "INVALID\n":
			sizes[i] = 1
		case "VALID\n":
			sizes[i] = 1 + turn
		}
		at += sizes[i]
	}
	return sizes
}

// splitLines splits b after each newline; a last line without one is kept.
func splitLines(b []byte) []string {
	s := string(b)
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, s[:i])
		s = s[i:]
	}
	return lines
}

// A watchedBuffer is an output that can be waited on from another
// goroutine.
type watchedBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	changed chan struct{}
}

func (w *watchedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	select {
	case w.changed <- struct{}{}:
	default:
	}
	return w.buf.Write(p)
}

func (w *watchedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// waitLines waits until the buffer holds n lines, the program has
// finished, or the timeout passes; it reports whether the lines came.
func (w *watchedBuffer) waitLines(n int, timeout time.Duration, finished <-chan struct{}) bool {
	deadline := time.After(timeout)
	for {
		if strings.Count(w.String(), "\n") >= n {
			return true
		}
		select {
		case <-w.changed:
		case <-finished:
			return strings.Count(w.String(), "\n") >= n
		case <-deadline:
			return false
		}
	}
}

// diff returns "" if got equals want, and otherwise where they first
// differ: a few lines before it, the two differing lines quoted so that
// blanks and carriage returns show, and a caret under the first differing
// byte.
func diff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	w, g := splitLines(want), splitLines(got)
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var sb strings.Builder
	for k := max(0, i-3); k < i; k++ {
		fmt.Fprintf(&sb, "  %4d  %q\n", k+1, w[k])
	}
	line := func(lines []string) string {
		if i < len(lines) {
			return strconv.Quote(lines[i])
		}
		return "(end of output)"
	}
	fmt.Fprintf(&sb, "  want  %s\n  got   %s\n", line(w), line(g))
	if i < len(w) && i < len(g) {
		k := 0
		for k < len(w[i]) && k < len(g[i]) && w[i][k] == g[i][k] {
			k++
		}
		col := len(strconv.Quote(w[i][:k])) - 1 // the column in the quoted line
		fmt.Fprintf(&sb, "        %s^ line %d, column %d\n", strings.Repeat(" ", col), i+1, k+1)
	}
	return sb.String()
}
