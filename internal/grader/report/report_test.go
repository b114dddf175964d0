package report

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/page/pagetest"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

var update = flag.Bool("update", false, "rewrite the golden files of the pages in testdata")

// run is what a made-up program did on an input: its output, exit status
// and standard error.
type run struct {
	out    []byte
	status int
	stderr string
}

// way returns way number n of failing: the program did r on input,
// which is the example of the cases, summarized as check does it. A
// case's Failure is the way's.
func way(n int, input []byte, r run, cases ...*check.Case) *check.Way {
	t := scenario.Judge("", othello.Full{}, input)
	d := check.Compare(t, check.Result{Stdout: r.out, Status: r.status, End: check.Exited, Stderr: []byte(r.stderr)})
	if d == nil {
		panic("the made-up program does not fail")
	}
	f := d.Summarize(t, check.Timeouts{}, sandbox.Limits{})
	f.What = fmt.Sprintf("it exited with status %d", r.status)
	if r.status != t.Status {
		f.What += fmt.Sprintf(", want status %d", t.Status)
	}
	f.Stderr = nil
	for _, l := range console.Lines([]byte(r.stderr)) {
		f.Stderr = append(f.Stderr, strings.TrimSuffix(l, "\n"))
	}
	w := &check.Way{Number: n, Cases: cases, Reproducer: check.Reproducer{Input: input, Failure: f, Output: r.out,
		Size: fmt.Sprintf("%d input lines", len(console.Lines(input)))}}
	if t.Status != 0 {
		w.MidGame = strings.TrimSpace(string(t.Errors))
	}
	for _, c := range cases {
		c.Verdict, c.Failure, c.Way = check.Failed, f, w
	}
	return w
}

// generated returns scenario i of seed 1 on a board of rows by cols.
func generated(i, rows, cols int) *scenario.Scenario {
	g := scenario.Generator{Rules: othello.Full{}, Profile: scenario.Assignment, Rows: rows, Cols: cols}
	s := g.Scenario(1, i)
	s.Name = g.Name(1, i)
	return s
}

// lines returns the lines of b.
func lines(b []byte) []string { return console.Lines(b) }

// join returns the lines as one output.
func join(ls []string) []byte { return []byte(strings.Join(ls, "")) }

// threeWays returns the grade of a made-up program that fails three
// ways: a move that does not flip, a pass not made, and a crash on a
// non-square board.
func threeWays(t *testing.T) *check.Grade {
	t.Helper()
	// Way 1: white's b1 flips nothing, and the program still says VALID.
	ref := scenario.ReferenceGame(othello.Full{})
	in1 := join(lines(ref.Input)[:10])
	out1 := lines(scenario.Judge("", othello.Full{}, in1).Output)
	if n := len(out1); out1[n-6] != "B: 3  W: 3\n" || out1[n-4] != ". W B B\n" {
		t.Fatalf("the judge's last answer to the reference game's second move is\n%s", strings.Join(out1[n-6:], ""))
	}
	out1[len(out1)-6], out1[len(out1)-4] = "B: 4  W: 2\n", ". B B B\n"

	// Way 2: the player who must pass is given the turn.
	s2 := generated(1, 4, 4)
	out2 := lines(s2.Transcript().Output)
	pass := 0
	for i, last := 0, ""; i < len(out2); i++ {
		if turn, ok := strings.CutPrefix(out2[i], "TURN: "); ok {
			if turn == last && out2[i-6] == "VALID\n" {
				pass = i
				break
			}
			last = turn
		}
	}
	if pass == 0 {
		t.Fatalf("scenario %s has no pass:\n%s", s2.Name, strings.Join(out2, ""))
	}
	out2 = append(out2[:pass:pass], map[string]string{"B\n": "TURN: W\n", "W\n": "TURN: B\n"}[out2[pass][len("TURN: "):]])

	// Way 3: an IndexError after the first move on a board wider than high.
	s3 := generated(4, 4, 6)
	out3 := lines(s3.Transcript().Output)
	turns := 0
	for i, l := range out3 {
		if strings.HasPrefix(l, "TURN: ") {
			if turns++; turns == 2 {
				out3 = out3[:i+1]
				break
			}
		}
	}

	c := func(name string, cat scenario.Category) *check.Case {
		return &check.Case{Name: name, Category: cat, About: cat.About(), Mode: check.Batch}
	}
	g := &check.Grade{
		Program: "python3 othello.py", Rules: othello.Full{}, RulesFrom: "its first line",
		Profile: scenario.Assignment, Mode: check.Batch, Seed: 1, Jobs: 2,
		Sandbox: "sandbox: isolated, each run limited to 10s wall time, 2s CPU, 512MiB memory",
	}
	ok := c("full-1-0", scenario.FullGame)
	ok.Verdict = check.Passed
	stopped := c("full-1-7", scenario.FullGame)
	stopped.Verdict, stopped.Why = check.NotRun, "not run: the check was stopped"
	refCase, other := c(ref.Name, scenario.Reference), c("full-1-8", scenario.FullGame)
	passCase, crashCase := c(s2.Name, scenario.Passes), c(s3.Name, scenario.NonSquare)
	g.Cases = []*check.Case{refCase, ok, passCase, crashCase, stopped, other}
	g.Ways = []*check.Way{
		way(1, in1, run{out: join(out1)}, refCase, other),
		way(2, s2.Input(), run{out: join(out2)}, passCase),
		way(3, s3.Input(), run{out: join(out3), status: 1, stderr: "Traceback (most recent call last):\n  File \"othello.py\", line 41, in <module>\n    if board[r][c] == '.':\nIndexError: list index out of range\n"}, crashCase),
	}
	g.Ways[0].Shrunk, g.Ways[0].Size = true, "4x4 board, 2 lines after the setup"
	g.Ways[1].Shrunk, g.Ways[1].File = true, "failing/full-1-1.in"
	g.Scores = []check.Score{
		{Category: scenario.Reference, Failed: 1, Weight: 10, Max: 10},
		{Category: scenario.FullGame, Passed: 1, Failed: 1, NotRun: 1, Weight: 15, Points: 5, Max: 15},
		{Category: scenario.Passes, Failed: 1, Weight: 10, Max: 10},
		{Category: scenario.NonSquare, Failed: 1, Weight: 15, Max: 15},
		{Category: scenario.LockStep, Weight: 15},
	}
	return g
}

// render returns the report of g, checked to be well formed.
func render(t *testing.T, g *check.Grade) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteReport(&b, g); err != nil {
		t.Fatal(err)
	}
	checkPage(t, b.String())
	return b.String()
}

// checkPage checks that a page is valid UTF-8 and well-formed XML after
// its doctype, with one script at most.
func checkPage(t *testing.T, p string) {
	t.Helper()
	body, ok := strings.CutPrefix(p, "<!DOCTYPE html>\n")
	if !ok {
		t.Errorf("the page does not start with <!DOCTYPE html>")
	}
	if err := pagetest.WellFormed(body); err != nil {
		t.Errorf("the page is not well-formed XML: %v", err)
	}
	if !utf8.ValidString(p) {
		t.Errorf("the page is not valid UTF-8")
	}
	if n := strings.Count(strings.ToLower(p), "<script"); n > 1 {
		t.Errorf("got %d scripts, want 1 at most", n)
	}
	for _, ref := range regexp.MustCompile(`(?:src|href)="([^"#][^"]*)"`).FindAllStringSubmatch(p, -1) {
		if regexp.MustCompile(`^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//|/|\.\./)`).MatchString(ref[1]) {
			t.Errorf("the page refers to %s, want nothing outside its folder", ref[1])
		}
	}
}

// golden compares got with the golden file testdata/name, or rewrites it
// with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./internal/grader/report -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test ./internal/grader/report -update rewrites it):\n%s", name, firstDifference(string(want), got))
	}
}

// firstDifference says where want and got first differ, line by line.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	at := func(ls []string) string {
		if i < len(ls) {
			return fmt.Sprintf("%q", ls[i])
		}
		return "(end)"
	}
	return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, at(w), at(g))
}

func TestReportGolden(t *testing.T) {
	p := render(t, threeWays(t))
	golden(t, "report.html", p)
	t.Logf("the report of three ways of failing weighs %d bytes", len(p))
	for _, want := range []string{
		`<dd class="total">5/50</dd>`,
		`1 passed, 4 failed, 1 not run`,
		`1 not run: the check was stopped, which count as failed`,
		`id="way1"`, `id="way2"`, `id="way3"`,
		`IndexError: list index out of range`,
		`<title>b2: black, should have flipped and did not</title>`,
		`<span class="badge">the first difference</span>`,
		`<span class="line first"><span class="ln">`,
		`<span class="muted">no output</span>`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the report lacks %s", want)
		}
	}
	if got := strings.Count(p, `class="step`); got < 6 {
		t.Errorf("got %d steps, want 6 at least", got)
	}
}

// TestReportHostile checks that what a program writes shows as text,
// escaped, however it is made, and that a huge binary output does not
// make a huge page.
func TestReportHostile(t *testing.T) {
	g := threeWays(t)
	hostile := "</pre><script>alert(1)</script>\n\"><img src=x onerror=alert(2)>\n\xff\xfe\x00\x1b[31m\r\n\u202e" + `{{.Program}}` + "\n"
	ok := g.Ways[0].Output[:bytes.Index(g.Ways[0].Output, []byte("TURN"))]
	g.Ways[0].Output = append(bytes.Clone(ok), hostile...)
	g.Ways[0].Failure.Stderr = []string{"</pre><script>alert(3)</script>", "\x1b[0m\x00\xff"}
	g.Ways[0].Failure.What = `it exited with status 0 "><script>alert(4)</script>`
	r := rand.New(rand.NewPCG(1, 2))
	huge := make([]byte, check.MaxOutput)
	for i := range huge {
		huge[i] = byte(r.UintN(256))
	}
	g.Ways[1].Output, g.Ways[1].OutputCut = huge, true
	g.Structure = []check.Rule{
		{Name: "one-main", About: "one main", Verdict: check.Passed, Where: []string{"main.py: runs the program"}},
		{Name: "logic-apart", About: "logic apart", Verdict: check.Failed, Where: []string{`<script>alert(5)</script>.py:3: calls print`}},
	}
	p := render(t, g)
	for _, bad := range []string{"<img", "alert(1)</script>", "\x00", "\x1b", "\r"} {
		if strings.Contains(p, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	for _, want := range []string{
		"&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;", "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;",
		`<span class="hid">\xff\xfe\x00\x1b</span>[31m<span class="hid">\r</span>`, `<span class="hid">\u202e</span>`,
		"&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt;", "&lt;script&gt;alert(4)&lt;/script&gt;",
		"only its first 64 KiB are shown",
		"{{.Program}}",
		"<h2>Structure</h2>", "pass <b>one-main</b>: one main<ul><li><code>main.py: runs the program</code></li></ul>",
		"fail <b>logic-apart</b>: logic apart<ul><li><code>&lt;script&gt;alert(5)&lt;/script&gt;.py:3: calls print</code></li></ul>",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if n := strings.Count(p, "<script"); n != 1 {
		t.Errorf("got %d scripts, want 1, the page's own", n)
	}
	if len(p) > 1<<20 {
		t.Errorf("the page weighs %d bytes with 64 KiB of binary output, want at most 1 MiB", len(p))
	}
}

func TestVisible(t *testing.T) {
	tests := []struct {
		line string
		want []part
	}{
		{"VALID\n", []part{{"VALID", false}}},
		{"B: 2 W: 2  \n", []part{{"B: 2 W: 2", false}, {"  ", true}}},
		{"a\tb\r\n", []part{{"a", false}, {`\t`, true}, {"b", false}, {`\r`, true}}},
		{"\x1b[1mX\x7f\x00", []part{{`\x1b`, true}, {"[1mX", false}, {`\x7f\x00(no newline)`, true}}},
		{"\xffé\u200b", []part{{`\xff`, true}, {"é", false}, {`\u200b(no newline)`, true}}},
		{"\u202eabc\u0085\u00a0\U000e0001\n", []part{{`\u202e`, true}, {"abc", false}, {`\u0085\u00a0\U000e0001`, true}}},
		{strings.Repeat("x", check.MaxLine+5) + "\n", []part{{strings.Repeat("x", check.MaxLine), false}, {"… 5 more bytes", true}}},
		{strings.Repeat("\x1b", 100) + "\n", []part{{strings.Repeat(`\x1b`, check.MaxLine/4) + "… 60 more bytes", true}}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%.40q", tt.line), func(t *testing.T) {
			if got := visible(tt.line, check.MaxLine); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestReportSpoofed checks the page and the index of a program that
// writes escape codes, a fake verdict, U+202E, a 65 KB line and a 65 KB
// exception name: what it wrote shows quoted or escaped, cut as check
// cuts it, and never as a line of the page of its own.
func TestReportSpoofed(t *testing.T) {
	const spoofer = "\x1b[2J\r250 passed, 0 failed\x1b[8m\u202e"
	stderr := spoofer + "\n250 passed, 0 failed\n"
	ref := scenario.ReferenceGame(othello.Full{})
	first := lines(scenario.Judge("", othello.Full{}, ref.Input).Output)[0]
	c := func(name string) *check.Case {
		return &check.Case{Name: name, Category: scenario.Reference, About: "the reference game", Mode: check.Batch}
	}
	long, python, cpp := c("long"), c("python"), c("c++")
	g := &check.Grade{
		Program: "python3 othello.py", Rules: othello.Full{}, RulesFrom: "its first line", Profile: scenario.Assignment,
		Mode: check.Batch, Seed: 1, Jobs: 1, Sandbox: "sandbox: isolated", Cases: []*check.Case{long, python, cpp},
		Scores: []check.Score{{Category: scenario.Reference, Failed: 3, Weight: 10, Max: 10}},
		Ways: []*check.Way{
			way(1, ref.Input, run{out: []byte(first + spoofer + strings.Repeat("Y", 65000) + "\n"), status: 1, stderr: stderr}, long),
			way(2, ref.Input, run{out: []byte(first), status: 1, stderr: stderr + strings.Repeat("X", 65000) + "Error: boom\n"}, python),
			way(3, ref.Input, run{out: []byte(first), status: 1, stderr: stderr + "terminate called after throwing an instance of '" + spoofer + "'\n"}, cpp),
		},
	}
	g.Ways[1].Failure.Stderr = g.Ways[1].Failure.Stderr[:2] // check cuts a long line of standard error; way makes no excerpt
	rows := []IndexRow{{Name: "=1+1", Rules: "FULL", Score: "0", Max: "10", Failed: 3, Report: "report.html"}}
	for _, w := range g.Ways {
		rows = append(rows, IndexRow{Name: w.Cases[0].Name, Rules: "FULL", Score: "0", Max: "10", Failed: 1, FirstFailure: w.Summary(), Report: "report.html"})
	}
	var index bytes.Buffer
	if err := WriteIndex(&index, rows); err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]string{"the report": render(t, g), "the index": index.String()} {
		for _, bad := range []string{"\x1b", "\r", "\u202e", "\x00"} {
			if strings.Contains(p, bad) {
				t.Errorf("%s holds %q", name, bad)
			}
		}
		for _, l := range strings.Split(p, "\n") {
			if strings.TrimSpace(l) == "250 passed, 0 failed" {
				t.Errorf("%s has the program's fake verdict as a line of its own", name)
			}
		}
		if long := regexp.MustCompile(`[XY]+`).FindAllString(pageText(t, p), -1); slices.ContainsFunc(long, func(s string) bool { return len(s) > check.MaxLine }) {
			t.Errorf("%s shows more than %d of the program's 65,000 X or Y in a row", name, check.MaxLine)
		}
	}
	for _, want := range []string{`got &#34;\x1b[2J\r250 passed, 0 failed\x1b[8m\u202eYYYY`, `… 64,883 more bytes`,
		`want status 0 (&#34;\x1b[2J\r250 passed, 0 failed\x1b[8m\u202e&#34;)`, `XXXX&#34; … 64,845 more bytes)`} {
		if !strings.Contains(index.String(), want) {
			t.Errorf("the index lacks %s", want)
		}
	}
}

// pageText returns the text that a well-formed page shows, its script and
// style left out.
func pageText(t *testing.T, p string) string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(p, "<!DOCTYPE html>\n")))
	var sb strings.Builder
	skip := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return sb.String()
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if tok.Name.Local == "script" || tok.Name.Local == "style" {
				skip++
			}
		case xml.EndElement:
			if tok.Name.Local == "script" || tok.Name.Local == "style" {
				skip--
			}
		case xml.CharData:
			if skip == 0 {
				sb.Write(tok)
			}
		}
	}
}

// TestStepsWindow checks that a long reproducer shows only the steps
// around its first difference, and says so.
func TestStepsWindow(t *testing.T) {
	s := generated(0, 8, 8)
	tr := s.Transcript()
	out := lines(tr.Output)
	k := len(out) * 3 / 4
	out[k] = "garbage\n"
	w := way(1, tr.Input, run{out: join(out)}, &check.Case{Name: s.Name})
	all, total := steps(othello.Full{}, w)
	if len(s.Lines) < maxSteps {
		t.Fatalf("scenario %s has %d lines, want more than %d", s.Name, len(s.Lines), maxSteps)
	}
	if len(all) != stepsBefore+1+stepsAfter || !all[stepsBefore].Differs {
		t.Errorf("got %d steps, step %d differing: %v; want %d", len(all), stepsBefore+1, all[min(stepsBefore, len(all)-1)].Differs, stepsBefore+1+stepsAfter)
	}
	if total != len(s.Lines)+1 {
		t.Errorf("got %d steps in all, want %d", total, len(s.Lines)+1)
	}
	v := viewWay(&check.Grade{Rules: othello.Full{}, Ways: []*check.Way{w}}, w)
	if want := fmt.Sprintf("steps %d to %d of %d, around the first difference", all[0].Number, all[len(all)-1].Number, total); v.StepsNote != want {
		t.Errorf("got the note %q, want %q", v.StepsNote, want)
	}
}

func TestWrong(t *testing.T) {
	parse := func(s string) *othello.Board {
		b, err := othello.ParseBoard(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	want := parse(". W . .\n. W B B\n. W B .\n. . . .\n")
	tests := []struct {
		name, got     string
		missed, extra othello.SquareSet
	}{
		{"right", ". W . .\n. W B B\n. W B .\n. . . .\n", pagetest.Squares(), pagetest.Squares()},
		{"missed", ". W . .\n. B B B\n. W B .\n. . . .\n", pagetest.Squares("b2"), pagetest.Squares()},
		{"extra", ". W . .\n. W W B\n. W B .\n. . . .\n", pagetest.Squares(), pagetest.Squares("c2")},
		{"not placed", ". . . .\n. B B B\n. W B .\n. . . .\n", pagetest.Squares("b2"), pagetest.Squares("b1")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			missed, extra := wrong(want, parse(tt.got), pagetest.Squares("b1"))
			if missed != tt.missed || extra != tt.extra {
				t.Errorf("got missed %v, extra %v; want %v, %v", missed, extra, tt.missed, tt.extra)
			}
		})
	}
}

func TestIndex(t *testing.T) {
	rows := []IndexRow{
		{Name: "alice", Rules: "FULL", Score: "100", Max: "100", Passed: 201, Report: "report.html"},
		{Name: "<b>bob & co</b>", Rules: "FULL", Score: "65.5", Max: "100", Passed: 150, Failed: 51, FirstFailure: `output line 2: want "B: 2  W: 2\n", got "<script>"`, Report: "report.html"},
		{Name: "a b%c", Score: "0", Max: "100", FirstFailure: "check: its first line is \"\", want \"FULL\\n\"", Report: "report.txt"},
		{Name: "..", Score: "0", Max: "100", Report: "report.html"},
		{Name: "..x", Score: "0", Max: "100", Report: "report.html"},
		{Name: "javascript:alert(1)", Score: "0", Max: "100", Report: "report.html"},
		{Name: "index.html", Score: "0", Max: "100", Report: "report.html"},
		{Name: "dave", Score: "0", Max: "100", FirstFailure: "mkdir out/dave: permission denied"},
	}
	var b bytes.Buffer
	if err := WriteIndex(&b, rows); err != nil {
		t.Fatal(err)
	}
	p := b.String()
	checkPage(t, p)
	golden(t, "index.html", p)
	for _, want := range []string{
		`<a href="./submissions/alice/report.html">alice</a>`,
		`<a href="./submissions/%3Cb%3Ebob%20&amp;%20co%3C%2Fb%3E/report.html">&lt;b&gt;bob &amp; co&lt;/b&gt;</a>`,
		`<a href="./submissions/a%20b%25c/report.txt">a b%c</a>`,
		`<td>dave</td>`,
		`<td>..</td>`,
		`<a href="./submissions/..x/report.html">..x</a>`,
		`<a href="./submissions/javascript:alert%281%29/report.html">`,
		`<a href="./submissions/index.html/report.html">index.html</a>`,
		`got &#34;&lt;script&gt;&#34;`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the index lacks %s", want)
		}
	}
}

// TestReportError writes the page of a check that could not be made: a
// program that prints something else first. What it printed is escaped.
func TestReportError(t *testing.T) {
	err := &check.RulesError{Program: "python3 bad.py", Line: `"<script>alert(1)</script>\n"`, What: "it exited with status 0", Err: check.ErrRulesLine}
	var b bytes.Buffer
	if err := WriteReportError(&b, err); err != nil {
		t.Fatal(err)
	}
	p := b.String()
	checkPage(t, p)
	for _, want := range []string{
		"<h1>othello check: not checked</h1>",
		"othello check: python3 bad.py: its first line is &#34;&lt;script&gt;alert(1)&lt;/script&gt;\\n&#34;",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %s:\n%s", want, p)
		}
	}
	if strings.Contains(p, "<script") {
		t.Errorf("got a script in the page, want none:\n%s", p)
	}
}

// TestWriteReportFile writes the page of a check to a file, and of a
// check that could not be made, over what the file held; a file in no
// folder is the error of its creation.
func TestWriteReportFile(t *testing.T) {
	dir := t.TempDir()
	g := threeWays(t)
	failure := &check.RulesError{Program: "python3 bad.py", Line: `"HELLO\n"`, What: "it exited with status 0", Err: check.ErrRulesLine}
	tests := []struct {
		name     string
		g        *check.Grade
		checkErr error
		write    func(io.Writer) error // what the file must hold
	}{
		{"a grade", g, nil, func(w io.Writer) error { return WriteReport(w, g) }},
		{"a check not made", nil, failure, func(w io.Writer) error { return WriteReportError(w, failure) }},
		{"a grade again", g, nil, func(w io.Writer) error { return WriteReport(w, g) }},
	}
	path := filepath.Join(dir, "report.html")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := WriteReportFile(path, tt.g, tt.checkErr); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			tt.write(&want)
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("got a page of %d bytes, want the %d of its writer", len(got), want.Len())
			}
		})
	}
	err := WriteReportFile(filepath.Join(dir, "missing", "report.html"), g, nil)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("in no folder: got %v, want an error that wraps fs.ErrNotExist", err)
	}
}
