package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/check"
)

var update = flag.Bool("update", false, "rewrite the terminal, status and stderr sections of othello play's transcripts in testdata/play")

// playDir holds the transcripts of othello play, one file a case, each
// the sections "-- args --", "-- input --", "-- terminal --", "-- status
// --" and, when the status is not 0, "-- stderr --". Its README.md
// describes the format.
var playDir = filepath.Join("testdata", "play")

// A playCase is one transcript of othello play.
type playCase struct {
	path     string
	comment  string   // the lines before the first section
	args     []string // after "othello"
	input    []string // the lines typed
	terminal string   // what a terminal shows: output, and each line typed after its prompt
	status   int
	stderr   string
}

// sections are the names of the sections of a case, in order.
var sections = []string{"args", "input", "terminal", "status", "stderr"}

func readPlayCase(t *testing.T, path string) playCase {
	t.Helper()
	text := string(mustRead(t, path))
	c := playCase{path: path}
	parts := map[string]string{}
	name := ""
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") {
			name = strings.TrimSuffix(strings.TrimPrefix(line, "-- "), " --")
			continue
		}
		if name == "" {
			c.comment += line + "\n"
			continue
		}
		parts[name] += line + "\n"
	}
	for name := range parts {
		if !strings.Contains(strings.Join(sections, " "), name) {
			t.Fatalf("%s: unknown section %q", path, name)
		}
	}
	c.args = strings.Fields(parts["args"])
	if in := parts["input"]; in != "" {
		c.input = strings.Split(strings.TrimSuffix(in, "\n"), "\n")
	}
	c.terminal = unmarkBlanks(parts["terminal"])
	c.status, _ = strconv.Atoi(strings.TrimSpace(parts["status"]))
	c.stderr = parts["stderr"]
	return c
}

// markBlanks ends each line that ends in a blank with "$", so that the
// blank can be seen and no editor strips it.
func markBlanks(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if strings.HasSuffix(line, " ") || strings.HasSuffix(line, "\t") {
			lines[i] = line + "$"
		}
	}
	return strings.Join(lines, "\n")
}

// unmarkBlanks undoes markBlanks.
func unmarkBlanks(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if t := strings.TrimSuffix(line, "$"); strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t") {
			lines[i] = t
		}
	}
	return strings.Join(lines, "\n")
}

func (c playCase) write(t *testing.T) {
	t.Helper()
	var b strings.Builder
	b.WriteString(c.comment)
	fmt.Fprintf(&b, "-- args --\n%s\n-- input --\n", strings.Join(c.args, " "))
	for _, line := range c.input {
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(&b, "-- terminal --\n%s-- status --\n%d\n", markBlanks(c.terminal), c.status)
	if c.stderr != "" {
		fmt.Fprintf(&b, "-- stderr --\n%s", c.stderr)
	}
	if err := os.WriteFile(c.path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A terminal stands for a person at a terminal: it types the next line
// only when the program reads, and shows it after all the program has
// written, as a terminal echoes typed text. A program that reads before
// it flushes its prompt shows the line before the prompt.
type terminal struct {
	screen  bytes.Buffer
	lines   []string
	pending []byte // the rest of a line the program read only part of
	typed   []int  // where each typed line starts on the screen
}

func (t *terminal) Write(p []byte) (int, error) { return t.screen.Write(p) }

func (t *terminal) Read(p []byte) (int, error) {
	if len(t.pending) == 0 {
		if len(t.lines) == 0 {
			return 0, io.EOF
		}
		t.pending = []byte(t.lines[0] + "\n")
		t.lines = t.lines[1:]
		t.typed = append(t.typed, t.screen.Len())
		t.screen.Write(t.pending)
	}
	n := copy(p, t.pending)
	t.pending = t.pending[n:]
	return n, nil
}

// TestPlayGolden plays each case of testdata/play on a terminal, and
// checks what it shows, the exit status and standard error. It then pipes
// in the whole input at once: the output must be what the terminal showed
// less the typed lines. With -update it rewrites the terminal, status and
// stderr sections.
func TestPlayGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(playDir, "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases in %s: %v", playDir, err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			c := readPlayCase(t, path)
			term := &terminal{lines: c.input}
			var stderr bytes.Buffer
			status := run(c.args, term, term, &stderr)
			if *update {
				c.terminal, c.status, c.stderr = term.screen.String(), status, stderr.String()
				c.write(t)
				return
			}
			if got := term.screen.String(); got != c.terminal {
				t.Errorf("terminal differs from %s:\n%s", path, check.Diff([]byte(c.terminal), []byte(got)))
			}
			if status != c.status || stderr.String() != c.stderr {
				t.Errorf("got status %d, stderr %q; want %d, %q", status, stderr.String(), c.status, c.stderr)
			}

			// The same, piped.
			want := []byte(term.screen.String())
			for i := len(term.typed) - 1; i >= 0; i-- {
				at := term.typed[i]
				end := at + len(c.input[i]) + 1
				want = append(want[:at:at], want[end:]...)
			}
			var out bytes.Buffer
			in := strings.Join(c.input, "\n")
			if len(c.input) > 0 {
				in += "\n"
			}
			run(c.args, strings.NewReader(in), &out, io.Discard)
			if got := out.String(); got != string(want) {
				t.Errorf("piped, the output differs from the terminal less what was typed:\n%s", check.Diff(want, []byte(got)))
			}
		})
	}
}

// seedSample is the sample game of the classic text game
// (../shared/seeds/004_7ab2732cdaac2bb5.txt) up to "Many, many moves
// later...", which -style xo must reproduce byte for byte.
const seedSample = `1 --------
2 --------
3 --------
4 ---OX---
5 ---XO---
6 --------
7 --------
8 --------
  abcdefgh

Player 'X' move: 3d
1 --------
2 --------
3 ---X----
4 ---XX---
5 ---XO---
6 --------
7 --------
8 --------
  abcdefgh

Player 'O' move: c5
1 --------
2 --------
3 ---X----
4 ---XX---
5 --OOO---
6 --------
7 --------
8 --------
  abcdefgh

Player 'X' move: e7
Invalid move. Please try again.

Player 'X' move: e6
1 --------
2 --------
3 ---X----
4 ---XX---
5 --OOX---
6 ----X---
7 --------
8 --------
  abcdefgh

Player 'O' move: 5f
1 --------
2 --------
3 ---X----
4 ---XX---
5 --OOOO--
6 ----X---
7 --------
8 --------
  abcdefgh

`

// TestXOIsTheClassicGame checks that the transcript of -style xo that
// testdata keeps starts with the sample game of the classic text game, and
// ends as it does, so that no -update can drift from it.
func TestXOIsTheClassicGame(t *testing.T) {
	c := readPlayCase(t, filepath.Join(playDir, "xo-sample.txt"))
	if !strings.HasPrefix(c.terminal, seedSample) {
		t.Errorf("the terminal does not start with the sample game:\n%s", check.Diff([]byte(seedSample), []byte(c.terminal[:min(len(c.terminal), len(seedSample))])))
	}
	lines := strings.Split(c.terminal, "\n")
	if n := len(lines); n < 4 || lines[n-4] != "" || lines[n-3] != "No further moves available" ||
		!regexp.MustCompile(`^Player '[XO]' wins \( \d+ vs \d+ \)$`).MatchString(lines[n-2]) {
		t.Errorf("got the last lines %q, want a blank line, No further moves available, Player 'X' wins ( N vs M )", lines[max(0, n-4):])
	}
}
