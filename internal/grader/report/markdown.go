package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/othello-judge/judge/internal/grader/check"
)

// MaxMarkdown is the most bytes that WriteMarkdown writes, and so the
// most characters: GitHub takes a comment of a pull request of at most
// 65,536 characters, and a job's summary of at most 1 MiB.
const MaxMarkdown = 65536

// maxMarkdownLine is how many bytes of a line a Markdown report shows,
// escapes included, before it says how many more there are: more than
// any line of the text report, whose lines of a program are cut shorter
// by package check.
const maxMarkdownLine = 1024

// noteRoom is the room kept at the end of a Markdown report for the
// line that says what was left out.
const noteRoom = 512

// An mdBlock is a piece of the Markdown report that is written whole or
// not at all, and what it is in words, for the line that says what was
// left out: "" for a way of failing.
type mdBlock struct {
	text, what string
}

// WriteMarkdown writes the report of g in GitHub-flavoured Markdown, for
// a student who reads it in a job's summary or a comment of a pull
// request: the points in a heading; what was checked (the text report's
// first lines); a table of the points of each category; the rules of
// structure of a Python program; the list of the ways of failing; then
// for each way its block of the text report, with its smallest input and
// where its output first differs (WriteFailure), and the judge's answer
// and the program's where they first differ. It writes at most
// MaxMarkdown bytes: blocks that would not fit are left out whole, the
// last line saying which.
//
// Every byte the program wrote is shown as text: in code blocks fenced
// by more backticks than any run of them inside, or in code spans,
// characters that would not show written as Go escapes them (\x1b, \r,
// \u202e); the report's own words are escaped where Markdown would read
// them as markup.
func WriteMarkdown(w io.Writer, g *check.Grade) error {
	total, most := g.Total()
	var head strings.Builder
	fmt.Fprintf(&head, "## othello check: %s of %s points\n\n", check.FormatPoints(total), check.FormatPoints(most))
	var checked bytes.Buffer
	writeChecked(&checked, g)
	head.WriteString(fence(checked.String()))
	head.WriteString("\n| category | points | max | passed | what it checks |\n| --- | ---: | ---: | --- | --- |\n")
	for _, s := range g.Scores {
		points, outOf, passed := check.FormatPoints(s.Points), s.Max, PassedOf(s)
		if s.Count() == 0 {
			points, outOf, passed = "-", s.Weight, "none" // as the text report's "-/10"
		}
		fmt.Fprintf(&head, "| %s | %s | %s | %s | %s |\n", mdEscape(s.Category.String()), points, check.FormatPoints(outOf), mdEscape(passed), mdEscape(s.Category.About()))
	}
	fmt.Fprintf(&head, "| total | %s | %s | %s | |\n", check.FormatPoints(total), check.FormatPoints(most), mdEscape(counts(g)))
	var notRun bytes.Buffer
	writeNotRun(&notRun, g, false)
	for _, l := range strings.Split(notRun.String(), "\n") {
		if l != "" {
			fmt.Fprintf(&head, "\n%s\n", mdEscape(l))
		}
	}
	blocks := []mdBlock{{head.String(), "what was checked and the points"}}
	if g.Structure != nil {
		var sb bytes.Buffer
		writeStructure(&sb, g.Structure)
		blocks = append(blocks, mdBlock{"\n### Structure\n\n" + fence(sb.String()), "the rules of structure"})
	}
	if len(g.Ways) > 0 {
		var sb bytes.Buffer
		writeWays(&sb, g)
		blocks = append(blocks, mdBlock{fmt.Sprintf("\n### %d %s of failing\n\n", len(g.Ways), plural(len(g.Ways), "way")) + fence(sb.String()), "the list of the ways of failing"})
	}
	for _, way := range g.Ways {
		blocks = append(blocks, mdBlock{markdownWay(g, way), ""})
	}
	var out bytes.Buffer
	for i, b := range blocks {
		if out.Len()+len(b.text) > MaxMarkdown-noteRoom {
			out.WriteString(leftOut(blocks[i:]))
			break
		}
		out.WriteString(b.text)
	}
	_, err := w.Write(out.Bytes())
	return err
}

// markdownWay returns the Markdown block of one way of failing: a
// heading, its summary, the text report's block, and the judge's answer
// and the program's where they first differ.
func markdownWay(g *check.Grade, way *check.Way) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n### Way %d of %d: %d %s (%s)\n\nHow it fails: %s\n\n", way.Number, len(g.Ways), len(way.Cases), plural(len(way.Cases), "scenario"),
		mdEscape(way.Categories()), codeSpan(way.Summary()))
	var text bytes.Buffer
	writeWay(&text, g, way)
	sb.WriteString(fence(strings.TrimPrefix(text.String(), "\n")))
	if way.Failure.Line == 0 {
		return sb.String()
	}
	shown, _ := steps(g.Rules, way)
	for _, s := range shown {
		if !s.Differs {
			continue
		}
		fmt.Fprintf(&sb, "\nThe judge's answer to %s, where the outputs first differ:\n\n%s", mdEscape(s.Title), fence(answer(s.Want)))
		got := "(no output)\n"
		if !s.NoOutput {
			got = answer(s.Got)
		}
		fmt.Fprintf(&sb, "\nThe program's answer:\n\n%s", fence(got))
		break
	}
	return sb.String()
}

// answer returns the lines of an answer as a code block shows them: each
// numbered, the first that differs marked with >>, and a line that ends
// in blanks saying how many, for they do not show.
func answer(lines []line) string {
	var sb strings.Builder
	for _, l := range lines {
		mark := "  "
		if l.First {
			mark = ">>"
		}
		number := ""
		if l.Number > 0 {
			number = fmt.Sprint(l.Number)
		}
		fmt.Fprintf(&sb, "%s%4s  %s", mark, number, joinParts(l.Parts))
		if n := len(l.Parts); n > 0 && l.Parts[n-1].Hidden && strings.Trim(l.Parts[n-1].Text, " ") == "" {
			last := l.Parts[n-1]
			fmt.Fprintf(&sb, "  (%d %s at the end)", len(last.Text), plural(len(last.Text), "blank"))
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// joinParts returns the text of the parts of a line.
func joinParts(parts []part) string {
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p.Text)
	}
	return sb.String()
}

// leftOut says which of the blocks are left out of a Markdown report,
// and where the whole report is.
func leftOut(blocks []mdBlock) string {
	var parts []string
	ways := 0
	for _, b := range blocks {
		if b.what == "" {
			ways++
		} else {
			parts = append(parts, b.what)
		}
	}
	if ways > 0 {
		parts = append(parts, fmt.Sprintf("%d %s of failing", ways, plural(ways, "way")))
	}
	list := parts[len(parts)-1]
	if n := len(parts); n > 1 {
		list = strings.Join(parts[:n-1], ", ") + " and " + parts[n-1]
	}
	return fmt.Sprintf("\nNot shown here, for GitHub shows at most 65,536 characters: %s. othello check prints the whole report, and its -html FILE writes it as a page.\n", list)
}

// WriteMarkdownError writes, in place of a report, the Markdown of a
// check that could not be made: no points, and why.
func WriteMarkdownError(w io.Writer, err error) error {
	_, werr := fmt.Fprintf(w, "## othello check: no points\n\nThe program could not be checked:\n\n%s", fence(err.Error()+"\n"))
	return werr
}

// AppendMarkdownFile appends the Markdown report of a check to the file
// path, created if it is not there: WriteMarkdown's report of g or, if
// checkErr is not nil, WriteMarkdownError's. A job's summary on GitHub
// is such a file, named by $GITHUB_STEP_SUMMARY, which each command of a
// step adds to (othello check -markdown).
func AppendMarkdownFile(path string, g *check.Grade, checkErr error) error {
	var b bytes.Buffer
	var err error
	if checkErr != nil {
		err = WriteMarkdownError(&b, checkErr)
	} else {
		err = WriteMarkdown(&b, g)
	}
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b.Bytes()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// fence returns text as a fenced code block: every line shown as visible
// shows it (a control character, a character that does not print and a
// byte that is not UTF-8 as Go escapes them), fenced by more backticks
// than the longest run of them in it, so that nothing in it can close
// the block.
func fence(text string) string {
	shown := shownText(strings.TrimSuffix(text, "\n"))
	ticks := strings.Repeat("`", max(3, longestRun(shown, '`')+1))
	return ticks + "text\n" + shown + "\n" + ticks + "\n"
}

// codeSpan returns text, in one line, as a code span: shown as visible
// shows it, a newline as \n, cut at maxMarkdownLine bytes, between more backticks than the longest run
// of them in it, and a blank on each side so that a backtick at either
// end stays text.
func codeSpan(text string) string {
	shown := joinParts(visible(text+"\n", maxMarkdownLine))
	ticks := strings.Repeat("`", longestRun(shown, '`')+1)
	return ticks + " " + shown + " " + ticks
}

// shownText returns the lines of text each as visible shows it, cut at
// maxMarkdownLine bytes, with blanks at their ends as they are.
func shownText(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = joinParts(visible(l+"\n", maxMarkdownLine))
	}
	return strings.Join(lines, "\n")
}

// longestRun returns the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// mdSpecial are the characters that Markdown on GitHub may read as
// markup within a line: emphasis, code, links, HTML and entities, the
// cells of a table, strikethrough, maths and escapes.
const mdSpecial = "\\`*_[]<>&|~$"

// mdEscape returns the report's own words s, in one line, with a
// backslash before each character that Markdown could read as markup.
// What a program wrote goes in code blocks and code spans instead.
func mdEscape(s string) string {
	var sb strings.Builder
	for _, r := range shownText(strings.ReplaceAll(s, "\n", " ")) {
		if strings.ContainsRune(mdSpecial, r) {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	return sb.String()
}
