package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"
)

var doccheck = flag.Bool("doccheck", false, "also run the commands of the guides marked \"# skip:\" (make doccheck)")

// docFiles are the documents whose commands TestDocs runs, from the
// module's root: the README and every guide in doc.
func docFiles(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob("../../doc/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"../../README.md"}, guides...)
}

// A docCommand is a command that a document shows after "$ ", and what it
// shows below it, the command's standard output and standard error as a
// terminal shows them.
type docCommand struct {
	line int      // where it is, from 1
	cmd  string   // the command, lines ending in \ joined to the next
	skip string   // why make test does not run it, the comment after "# skip:"; "" to run it
	want []string // the lines shown below it; "[exit status N]" last when it fails
}

// skipMark starts the comment that keeps a command out of make test.
const skipMark = "# skip:"

// docCommands returns the commands of a Markdown document: in each code
// block, indented or fenced, a line "$ COMMAND" and the lines below it,
// as indented as its "$" or blank, up to the next command, the end of
// the block or a fence.
func docCommands(text string) []docCommand {
	var cmds []docCommand
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimLeft(lines[i], " \t")
		if !strings.HasPrefix(trimmed, "$ ") {
			continue
		}
		indent := len(lines[i]) - len(trimmed)
		c := docCommand{line: i + 1, cmd: strings.TrimPrefix(trimmed, "$ ")}
		for strings.HasSuffix(c.cmd, "\\") && i+1 < len(lines) {
			i++
			c.cmd = strings.TrimSuffix(c.cmd, "\\") + "\n" + strings.TrimSpace(lines[i])
		}
		if at := strings.Index(c.cmd, skipMark); at >= 0 {
			c.skip = strings.TrimSpace(c.cmd[at+len(skipMark):])
		}
		for i+1 < len(lines) {
			next := lines[i+1]
			rest := strings.TrimLeft(next, " \t")
			if rest != "" && (len(next)-len(rest) < indent || strings.HasPrefix(rest, "```") ||
				len(next)-len(rest) == indent && strings.HasPrefix(rest, "$ ")) {
				break
			}
			i++
			if len(next) >= indent {
				next = next[indent:]
			} else {
				next = ""
			}
			c.want = append(c.want, strings.TrimRight(next, " \t"))
		}
		for len(c.want) > 0 && c.want[len(c.want)-1] == "" {
			c.want = c.want[:len(c.want)-1]
		}
		cmds = append(cmds, c)
	}
	return cmds
}

// elision is what a document writes for text that varies: on a line of
// its own, however indented, it stands for any lines, none included, and
// within a line for any text.
const elision = "..."

// matchLines reports whether got are the lines that want shows.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == elision {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && matchLine(want[0], got[0]) && matchLines(want[1:], got[1:])
}

// matchLine reports whether got is the line that want shows.
func matchLine(want, got string) bool {
	parts := strings.Split(want, elision)
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		at := strings.Index(got, p)
		if at < 0 {
			return false
		}
		got = got[at+len(p):]
	}
	return strings.HasSuffix(got, last)
}

var exitLine = regexp.MustCompile(`^\[exit status (\d+)\]$`)

// TestDocs runs every command that README.md and the guides in doc show
// after "$ ", each document's in turn in a folder of its own that holds
// a copy of the module's files and ../shared where the machine has it, with the
// built grader as othello in PATH, and compares what it prints
// with what the document shows below it: a command shown without output
// must only succeed, and one that fails shows "[exit status N]" last. A
// command marked "# skip: WHY"
// (one that needs a network, a browser, another user or minutes) is
// listed instead; make doccheck runs those too.
func TestDocs(t *testing.T) {
	t.Parallel()
	bin := buildJudge(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	_, sharedErr := os.Stat(filepath.Join(root, "..", "shared"))
	for _, path := range docFiles(t) {
		name := strings.TrimPrefix(path, "../../")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cmds := docCommands(string(data))
		if len(cmds) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			work := docWorkspace(t, root, sharedErr == nil)
			for _, c := range cmds {
				where := fmt.Sprintf("%s:%d", name, c.line)
				if c.skip != "" {
					if !*doccheck {
						t.Logf("%s: not run (%s): %s", where, c.skip, c.cmd)
						continue
					}
					t.Logf("%s: run, which make test does not (%s): %s", where, c.skip, c.cmd)
				}
				if strings.Contains(c.cmd, "../shared/") && sharedErr != nil {
					t.Logf("%s: not run, no ../shared here: %s", where, c.cmd)
					continue
				}
				got, status := runDocCommand(t, work, bin, c.cmd)
				want, wantStatus := c.want, 0
				if n := len(want); n > 0 {
					if m := exitLine.FindStringSubmatch(want[n-1]); m != nil {
						want, wantStatus = want[:n-1], atoi(m[1])
					}
				}
				if status != wantStatus || len(c.want) > 0 && !matchLines(want, got) {
					t.Errorf("%s: $ %s\ngot (exit status %d):\n%s\nwant (exit status %d):\n%s", where, c.cmd,
						status, strings.Join(got, "\n"), wantStatus, strings.Join(want, "\n"))
				}
			}
		})
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// docWorkspace returns a folder that looks like the module's root to a
// document's commands, where what they write stays: a copy of the
// module's files, which a sandboxed program can be shown (a link out of
// its folder it cannot), and ../shared beside it where the machine has
// it.
func docWorkspace(t *testing.T, root string, shared bool) string {
	t.Helper()
	top := t.TempDir()
	os.Chmod(top, 0o755) // for the sandbox's users
	work := filepath.Join(top, "judge")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if rel != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		to := filepath.Join(work, rel)
		switch {
		case d.IsDir():
			return os.Mkdir(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, to)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
	if shared {
		if err := os.Symlink(filepath.Join(root, "..", "shared"), filepath.Join(top, "shared")); err != nil {
			t.Fatal(err)
		}
	}
	return work
}

// runDocCommand runs cmd with sh in work, with the folder of the built
// grader first in PATH, and returns the lines it wrote on standard output
// and standard error, their blanks at the end of a line and blank lines
// at the end removed, as a document shows them, and its
// exit status. A command still running after two minutes (three hours
// under -doccheck) is killed, with what it runs.
func runDocCommand(t *testing.T, work, bin, cmd string) ([]string, int) {
	t.Helper()
	limit := 2 * time.Minute
	if *doccheck {
		limit = 3 * time.Hour // make train
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	sh := exec.CommandContext(ctx, "sh", "-c", cmd)
	sh.Dir = work
	// GOFLAGS=-trimpath -pgo=off: a go command builds in the copy of the
	// module from what buildJudge and the tests built, not again from its
	// sources with the profile (README.md's go run ./cmd/othello took
	// more than two minutes so on a loaded machine with an empty cache).
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -trimpath -pgo=off"))
	sh.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	sh.Cancel = func() error { return syscall.Kill(-sh.Process.Pid, syscall.SIGKILL) }
	sh.WaitDelay = 5 * time.Second
	out, err := sh.CombinedOutput()
	status := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("$ %s: %v", cmd, err)
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, strings.TrimRight(sc.Text(), " \t"))
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, status
}

// TestDocCommands checks how a document's commands and their outputs
// are read from its code blocks.
func TestDocCommands(t *testing.T) {
	text := "Text $ not a command.\n\n" +
		"    $ othello -rules simple\n    SIMPLE\n\n    4 4\n\nAfter the block.\n\n" +
		"```\n$ a \\\n  b # skip: slow\nout  \n```\n\n" +
		"1. In a list:\n\n       $ x\n       $ y\n       y\n   back in the list\n"
	want := []docCommand{
		{line: 3, cmd: "othello -rules simple", want: []string{"SIMPLE", "", "4 4"}},
		{line: 11, cmd: "a \nb # skip: slow", skip: "slow", want: []string{"out"}},
		{line: 18, cmd: "x"},
		{line: 19, cmd: "y", want: []string{"y"}},
	}
	got := docCommands(text)
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestMatchLines checks the elisions: "..." on a line of its own for any
// lines, within a line for any text.
func TestMatchLines(t *testing.T) {
	tests := []struct {
		want, got string
		match     bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a", "a\nb", false},
		{"a\n...\nd", "a\nb\nc\nd", true},
		{"a\n...\nd", "a\nd", true},
		{"a\n...", "a", true},
		{"a\n   ...\nd", "a\n  b\nd", true},
		{"a\n...\nd", "a\nb", false},
		{"took ...s", "took 1.5s", true},
		{"took ...s", "took 1.5m", false},
		{"#1 ... score ... nodes", "#1 empties 12 score +4 nodes", true},
		{"#1 ... score ... nodes", "#1 empties 12 nodes", false},
		{"x ... x", "x x", false},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.want, "\n", "|")+"~"+strings.ReplaceAll(tt.got, "\n", "|"), func(t *testing.T) {
			if got := matchLines(strings.Split(tt.want, "\n"), strings.Split(tt.got, "\n")); got != tt.match {
				t.Errorf("got %v, want %v", got, tt.match)
			}
		})
	}
}

// TestDocLinks checks that every link of README.md and the guides to a
// file of the module leads to one, and to a heading of it where it names
// one ("grading.md#the-sandbox").
func TestDocLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, path := range docFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			to := path
			if file != "" {
				to = filepath.Join(filepath.Dir(path), file)
			}
			text, err := os.ReadFile(to)
			if err != nil {
				t.Errorf("%s: the link %s leads nowhere: %v", path, target, err)
				continue
			}
			if anchor != "" && !slices.Contains(headingSlugs(string(text)), anchor) {
				t.Errorf("%s: the link %s names no heading of %s", path, target, to)
			}
		}
	}
}

// headingSlugs returns the anchors of a Markdown document's headings, as
// GitHub makes them: lower case, blanks as hyphens, no punctuation.
func headingSlugs(text string) []string {
	var slugs []string
	for _, line := range strings.Split(text, "\n") {
		heading := strings.TrimLeft(line, "#")
		if heading == line || !strings.HasPrefix(heading, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		slugs = append(slugs, b.String())
	}
	return slugs
}
