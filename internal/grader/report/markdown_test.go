package report_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// mdSpecial are the characters that must not be markup outside code:
// each is escaped with a backslash where it is text.
const mdSpecial = "\\`*_[]<>&|~$"

// openFence is a line that opens a fenced code block, and its fence.
var openFence = regexp.MustCompile("^(`{3,}|~{3,})")

// markdownText reads a Markdown document as GitHub would, for what
// WriteMarkdown writes: it returns the text outside fenced code blocks
// and code spans, and what is wrong with the document: bytes that are
// not UTF-8, a control character, a fenced block not closed, backticks
// that open no code span, a row of a table with more or fewer cells than
// its header, or outside code a character of mdSpecial not escaped (the
// pipes between the cells of a table aside).
func markdownText(doc string) (outside string, problems []string) {
	if !utf8.ValidString(doc) {
		problems = append(problems, "not UTF-8")
	}
	var out strings.Builder
	fence := "" // the fence of the open code block
	cells := 0  // the cells of the rows of the table, 0 outside one
	for i, l := range strings.Split(strings.TrimSuffix(doc, "\n"), "\n") {
		bad := func(format string, a ...any) {
			problems = append(problems, fmt.Sprintf("line %d, %q: %s", i+1, l, fmt.Sprintf(format, a...)))
		}
		for _, r := range l {
			if r != '\t' && (unicode.IsControl(r) || r == utf8.RuneError) {
				bad("holds %q", r)
			}
		}
		if fence != "" {
			if strings.TrimRight(l, " ") == strings.Repeat(fence[:1], max(len(fence), len(strings.TrimRight(l, " ")))) {
				fence = ""
			}
			continue
		}
		if m := openFence.FindString(l); m != "" {
			fence = m
			if m[0] == '`' && strings.Contains(l[len(m):], "`") {
				bad("a backtick in the info string")
			}
			continue
		}
		table := strings.HasPrefix(l, "|")
		switch {
		case !table:
			cells = 0
		case cells == 0:
			cells = unescaped(l, '|')
		case unescaped(l, '|') != cells:
			bad("got %d pipes, want %d as in its header", unescaped(l, '|'), cells)
		}
		var code strings.Builder // the line without its code spans
		for k := 0; k < len(l); {
			switch {
			case l[k] == '\\' && k+1 < len(l):
				code.WriteString(l[k : k+2])
				k += 2
				continue
			case l[k] != '`':
				code.WriteByte(l[k])
				k++
				continue
			}
			n := run(l[k:])
			end := -1
			for j := k + n; j < len(l) && end < 0; {
				switch m := run(l[j:]); {
				case m == n:
					end = j
				case m > 0:
					j += m
				default:
					j++
				}
			}
			if end < 0 {
				bad("%d backticks that open no code span", n)
				break
			}
			k = end + n
		}
		text := code.String()
		for k := 0; k < len(text); k++ {
			switch c := text[k]; {
			case c == '\\' && k+1 < len(text) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", text[k+1]) >= 0:
				k++
			case c == '|' && table:
			case strings.IndexByte(mdSpecial, c) >= 0:
				bad("%q is not escaped", c)
			}
		}
		out.WriteString(text + "\n")
	}
	if fence != "" {
		problems = append(problems, "a fenced code block is not closed")
	}
	return out.String(), problems
}

// run returns how many backticks s starts with.
func run(s string) int { return len(s) - len(strings.TrimLeft(s, "`")) }

// unescaped returns how many times c is in l, not escaped.
func unescaped(l string, c byte) int {
	n := 0
	for k := 0; k < len(l); k++ {
		switch {
		case l[k] == '\\':
			k++
		case l[k] == c:
			n++
		}
	}
	return n
}

// TestMarkdownText checks the reader of the Markdown tests: it finds
// what a program could break a report with.
func TestMarkdownText(t *testing.T) {
	for _, tt := range []struct {
		name, doc string
		problems  int
	}{
		{"good", "## a \\<b\\> \\| c\n\n`` x`<y> `` and `|`\n\n| a | b |\n| --- | --- |\n| \\| | 2 |\n\n````text\n```\n<z>\n````\n", 0},
		{"html", "a <script> b\n", 2},
		{"entity", "a &amp; b\n", 1},
		{"link", "see [here](x)\n", 2},
		{"emphasis", "*a* _b_\n", 4},
		{"fence open", "```text\n<a>\n", 1},
		{"fence closed by a shorter one", "````text\na\n```\n", 1},
		{"backticks alone", "a `` b\n", 1},
		{"cells", "| a | b |\n| --- | --- |\n| 1 | 2 | 3 |\n", 1},
		{"control", "a \x1b[2J b\n", 2},
		{"not UTF-8", "a \xff b\n", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, problems := markdownText(tt.doc); len(problems) != tt.problems {
				t.Errorf("got %d problems %q, want %d", len(problems), problems, tt.problems)
			}
		})
	}
}

// writeMarkdown returns the Markdown report of g, checked to be made as
// markdownText reads it, and at most report.MaxMarkdown bytes.
func writeMarkdown(t *testing.T, g *check.Grade) string {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteMarkdown(&b, g); err != nil {
		t.Fatal(err)
	}
	if _, problems := markdownText(b.String()); len(problems) > 0 {
		t.Errorf("got a report with problems:\n%s", strings.Join(problems, "\n"))
	}
	if b.Len() > report.MaxMarkdown {
		t.Errorf("got %d bytes, want at most %d", b.Len(), report.MaxMarkdown)
	}
	return b.String()
}

// TestMarkdownGolden compares the Markdown reports of a made-up grade of
// three ways of failing and of a hand-made grade whose program wrote
// hostile bytes with their golden files, testdata/report.md and
// testdata/hostile-report.md.
func TestMarkdownGolden(t *testing.T) {
	for _, tt := range []struct {
		golden string
		grade  func(*testing.T) *check.Grade
		want   []string
	}{
		{"report.md", report.ThreeWays, []string{
			"## othello check: 5 of 50 points\n",
			"| full-game | 5 | 15 | 1 of 3 scenarios passed | whole games on square boards from the standard start |\n",
			"| lock-step | - | 15 | none |",
			"| total | 5 | 50 | 1 passed, 4 failed, 1 not run | |\n",
			"\n1 scenario not run: the check was stopped, which count as failed\n",
			"### Way 3 of 3: 1 scenario (non-square 1)\n",
			"IndexError: list index out of range",
			"The judge's answer to input line 9, where the outputs first differ:",
		}},
		{"hostile-report.md", func(*testing.T) *check.Grade { return gradetest.HandMade(gradetest.Hostile, 1, 300) }, []string{
			"### Structure\n",
			`\x00\xff\x1b[2J]]></failure></testcase>"'&<![CDATA[\r\x7f\u202e`,
			"| fewest-wins | 0 | 20 |", "| games won by the fewest discs (\\<) |",
		}},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			got := writeMarkdown(t, tt.grade(t))
			report.Golden(t, tt.golden, got)
			for _, want := range tt.want {
				if !strings.Contains(got, want) {
					t.Errorf("the report lacks %q", want)
				}
			}
		})
	}
}

// TestMarkdownHostile checks that what a program wrote shows only in
// code, as text, however it is made: hostile bytes as they are, lines of
// 64 KiB, HTML, Markdown and fences of its own in its output, its
// standard error and the places of the rules of structure.
func TestMarkdownHostile(t *testing.T) {
	const markup = "</pre><script>alert(1)</script> **100 of 100 points** [x](https://evil.example) | a | ~~b~~ $x$ &amp;\n````\n~~~\n## Score: 100\n"
	g := report.ThreeWays(t)
	// Way 1's program answers its last move with a blank line, a line of
	// blanks and the markup.
	out := g.Ways[0].Output
	g.Ways[0].Output = append(out[:bytes.LastIndex(out, []byte("B: 4  W: 2\n")):len(out)], "\n   \n"+markup...)
	g.Ways[0].Failure.Stderr = strings.Split(markup, "\n")
	g.Ways[0].Failure.What = markup
	g.Ways[1].Failure.Got = markup
	g.Program = "python3 " + markup
	g.Structure = []check.Rule{{Name: "logic-apart", About: "logic apart", Verdict: check.Failed, Where: []string{markup + ".py:3: calls print"}}}
	for name, g := range map[string]*check.Grade{
		"markup":       g,
		"hostile":      gradetest.HandMade(gradetest.Hostile, 1, 300),
		"64 KiB lines": gradetest.HandMade(gradetest.Hostile+markup, 1, 64<<10),
	} {
		t.Run(name, func(t *testing.T) {
			doc := writeMarkdown(t, g)
			outside, _ := markdownText(doc)
			for _, bad := range []string{"script", "100 of 100", "evil", "CDATA", "failure", "Score"} {
				if strings.Contains(outside, bad) {
					t.Errorf("got %q outside code, want it only in code:\n%s", bad, outside)
				}
			}
			if name == "markup" && (!strings.Contains(doc, "\n`````text\n") || !strings.Contains(doc, "\n>>  16  \n    17       (3 blanks at the end)\n")) {
				t.Errorf("got no fence of five backticks about the program's four, or not its blank line and line of 3 blanks as they are:\n%s", doc)
			}
		})
	}
}

// TestMarkdownCut checks that a report that would be longer than GitHub
// shows leaves whole ways of failing out, saying how many, and stays
// well made.
func TestMarkdownCut(t *testing.T) {
	g := gradetest.HandMade("long", 2000, 10) // about 30 KB of difference a way
	doc := writeMarkdown(t, g)
	shown := strings.Count(doc, "\n### Way ")
	want := fmt.Sprintf("\nNot shown here, for GitHub shows at most 65,536 characters: %d ways of failing. othello check prints the whole report", len(g.Ways)-shown)
	if shown == 0 || shown == len(g.Ways) || !strings.Contains(doc, want) {
		t.Errorf("got %d ways of %d and %d bytes, want some left out, saying %q", shown, len(g.Ways), len(doc), want)
	}
	if !strings.Contains(doc, "### 4 ways of failing") || !strings.Contains(doc, "| total |") {
		t.Errorf("got no table of points or list of ways, want both before the ways")
	}
}

// TestMarkdownError checks the Markdown of a check that could not be
// made: it says why, in code.
func TestMarkdownError(t *testing.T) {
	var b bytes.Buffer
	if err := report.WriteMarkdownError(&b, errors.New("check: student: it could not be started: "+gradetest.Hostile)); err != nil {
		t.Fatal(err)
	}
	outside, problems := markdownText(b.String())
	if len(problems) > 0 || !strings.Contains(b.String(), "it could not be started") || strings.Contains(outside, "CDATA") {
		t.Errorf("got %v:\n%s\nwant why, in code", problems, b.String())
	}
}

// TestAppendMarkdownFile checks that the report is appended to its file,
// as each step of a job appends to its summary, and that a folder that
// is not there is an error.
func TestAppendMarkdownFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.md")
	if err := os.WriteFile(path, []byte("earlier\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := gradetest.HandMade("got", 1, 10)
	if err := report.AppendMarkdownFile(path, g, nil); err != nil {
		t.Fatal(err)
	}
	if err := report.AppendMarkdownFile(path, nil, errors.New("no main module")); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	want.WriteString("earlier\n")
	report.WriteMarkdown(&want, g)
	report.WriteMarkdownError(&want, errors.New("no main module"))
	if got, err := os.ReadFile(path); err != nil || string(got) != want.String() {
		t.Errorf("got %v\n%s\nwant\n%s", err, got, want.String())
	}
	if err := report.AppendMarkdownFile(filepath.Join(path, "x.md"), g, nil); err == nil {
		t.Errorf("got no error for a file in a file, want one")
	}
}
