package check_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
	"github.com/othello-judge/judge/othello"
)

var update = flag.Bool("update", false, "rewrite the golden files of the reports in testdata")

// TestTwoBugsTwoWays checks that a program with two bugs that both stop
// its output short, one a crash, gets two ways of failing, each with its
// own category and reproducer.
func TestTwoBugsTwoWays(t *testing.T) {
	cfg := check.Config{Program: studentProgram(twoBugs), N: 28, Seed: 2, BadRate: -1, Timeouts: testTimeouts, Sandbox: testSandbox, Jobs: runtime.NumCPU(),
		Out: t.TempDir(), OutName: "failing"}
	g, report := checkReport(t, cfg, false)
	if len(g.Ways) != 2 {
		t.Fatalf("got %d ways of failing, want 2:\n%s", len(g.Ways), report)
	}
	for _, way := range g.Ways {
		cat := way.Cases[0].Category
		for _, c := range way.Cases {
			if c.Category != cat {
				t.Errorf("way %d: %s of category %s with %s", way.Number, c.Name, c.Category, cat)
			}
		}
		if cat != scenario.NonSquare && cat != scenario.FewestWins {
			t.Errorf("way %d: category %s, want non-square or fewest-wins", way.Number, cat)
		}
		// The reports name the file from where they are, not by the
		// grader's path.
		name, ok := strings.CutPrefix(way.File, "failing/")
		if _, err := os.Stat(filepath.Join(cfg.Out, filepath.FromSlash(name))); !ok || !way.Shrunk || err != nil {
			t.Errorf("way %d: shrunk %v, reproducer %s: %v; want it shrunk, in failing/", way.Number, way.Shrunk, way.File, err)
		}
		if strings.Contains(report, cfg.Out) {
			t.Errorf("the report names the grader's folder %s:\n%s", cfg.Out, report)
		}
	}
	checkOutputs(t, g)
	for _, want := range []string{"IndexError: list index out of range", "(IndexError)"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report does not say %q:\n%s", want, report)
		}
	}
}

// TestProfiles checks that a program that is wrong only on tolerant
// input passes the assignment profile fully, and loses exactly the points
// of tolerant-input under the protocol profile.
func TestProfiles(t *testing.T) {
	for _, p := range scenario.Profiles {
		t.Run(p.String(), func(t *testing.T) {
			cfg := check.Config{Program: studentProgram(strictInput), Profile: p, N: 40, Seed: 3, BadRate: -1, Timeouts: testTimeouts, Sandbox: testSandbox, Jobs: runtime.NumCPU()}
			g, report := checkReport(t, cfg, false)
			score, most := g.Total()
			if most != 100 {
				t.Errorf("got at most %v points, want 100", most)
			}
			want := 100.0
			for _, s := range g.Scores {
				if s.Category == scenario.TolerantInput {
					want -= s.Max
					if s.Points != 0 {
						t.Errorf("tolerant-input: got %v points, want 0", s.Points)
					}
				} else if s.Points != s.Max {
					t.Errorf("%s: got %v points of %v, want all", s.Category, s.Points, s.Max)
				}
			}
			if score != want {
				t.Errorf("got %v points, want %v:\n%s", score, want, report)
			}
		})
	}
}

// TestSameSymptomTwoCauses checks that two bugs that show alike, a
// wrong score line where a score line is due, are two ways when their
// causes differ: one in the first position, before any move, when W
// moves first; one in the position after a move on the first row.
func TestSameSymptomTwoCauses(t *testing.T) {
	cfg := check.Config{Program: studentProgram(twoScores), Rules: othello.Full{}, N: 21, Seed: 1, BadRate: -1,
		Timeouts: testTimeouts, Sandbox: testSandbox, Jobs: runtime.NumCPU()}
	g, report := checkReport(t, cfg, false)
	if len(g.Ways) != 2 {
		t.Fatalf("got %d ways of failing, want 2:\n%s", len(g.Ways), report)
	}
	for _, way := range g.Ways {
		if f := way.Failure; console.KindOf(f.Want) != console.ScoreLine || !strings.HasPrefix(f.Got, `"B: `) {
			t.Errorf("way %d: want %q, got %s; want a score line for a score line:\n%s", way.Number, f.Want, f.Got, report)
		}
	}
	firsts := map[string]int{} // the way of each first player
	for _, way := range g.Ways {
		for _, c := range way.Cases {
			first := regexp.MustCompile(`[BW] first`).FindString(c.About)
			if c.Category == scenario.Reference || first == "" {
				continue
			}
			if n, ok := firsts[first]; ok && n != way.Number {
				t.Errorf("%s (%s): got way %d, want way %d, that of the others with %s", c.Name, c.About, way.Number, n, first)
			}
			firsts[first] = way.Number
		}
	}
	if len(firsts) != 2 {
		t.Errorf("got the ways %v of the first players, want a way for W first and one for B first:\n%s", firsts, report)
	}
}

// TestHangingCategoriesStop checks that a category whose runs keep timing
// out stops running, and that its scenarios count as failed. The rules
// are forced, not read from the program's first line, which a loaded
// machine may start too slowly to write within the short time limit.
func TestHangingCategoriesStop(t *testing.T) {
	lim := check.Timeouts{Timeout: 100 * time.Millisecond, LineTimeout: 100 * time.Millisecond}
	cfg := check.Config{Program: studentProgram(hang), Rules: othello.Full{}, N: 28, Seed: 1, BadRate: -1, Timeouts: lim, Sandbox: testSandbox, Jobs: 1}
	start := time.Now()
	g, report := checkReport(t, cfg, false)
	if got := g.Count(check.NotRun); got != 7 {
		t.Errorf("got %d scenarios not run, want 7, the fourth of each category:\n%s", got, report)
	}
	if score, _ := g.Total(); score != 0 {
		t.Errorf("got %v points, want 0", score)
	}
	if !strings.Contains(report, "not run: a limit ended 3 runs of") {
		t.Errorf("the report does not say why scenarios were not run:\n%s", report)
	}
	t.Logf("took %v", time.Since(start).Round(time.Millisecond))
}

// TestIsolationFallsBack checks that a correct program whose runs cannot
// be isolated, though the probe passed, still passes every scenario, its
// runs made Limited, and that the sandbox's line says how many and why.
func TestIsolationFallsBack(t *testing.T) {
	if testSandbox.Mode != sandbox.Isolated || sandbox.Probe() != nil {
		t.Skip("isolation unavailable here: nothing to fall back from")
	}
	defer check.FailIsolation()()
	cfg := check.Config{Program: studentProgram(noBug), N: 6, Seed: 1, Timeouts: testTimeouts, Sandbox: testSandbox, Jobs: 1}
	g, report := checkReport(t, cfg, false)
	if score, max := g.Total(); score != max || g.Count(check.Passed) != 7 {
		t.Errorf("got %v of %v points, %d scenarios passed; want all 7 passed:\n%s", score, max, g.Count(check.Passed), report)
	}
	// The first start, the rules', falls back; then every second one.
	want := "; 3 of 7 scenarios ran limited instead, their isolation could not be set up (no user namespaces (no space left on device))"
	if !strings.HasPrefix(g.Sandbox, "sandbox: isolated") || !strings.HasSuffix(g.Sandbox, want) {
		t.Errorf("got the sandbox line %q, want it isolated, ending %q", g.Sandbox, want)
	}
}

// TestNothingChecked checks that a golden folder with nothing of the
// program's rule set is an error, not a check of nothing.
func TestNothingChecked(t *testing.T) {
	cfg := check.Config{Program: studentProgram(noBug), Golden: []string{filepath.Join("..", "..", "..", "testdata", "simple")}, Timeouts: testTimeouts, Sandbox: testSandbox}
	if _, err := check.Check(context.Background(), cfg); !errors.Is(err, check.ErrNoGolden) || !strings.Contains(err.Error(), "none of them FULL") {
		t.Errorf("got %v, want ErrNoGolden saying none is FULL", err)
	}
}

func TestReadWeights(t *testing.T) {
	w, err := check.ReadWeights(strings.NewReader("# points\nreference 5\n\nnon-square 2.5\n"))
	if err != nil || len(w) != 2 || w[scenario.Reference] != 5 || w[scenario.NonSquare] != 2.5 {
		t.Errorf("got %v, %v; want reference 5 and non-square 2.5", w, err)
	}
	for _, bad := range []string{"reference", "reference 5 5", "nonsquare 3", "reference -1", "reference x", "reference 1\nreference 2"} {
		if _, err := check.ReadWeights(strings.NewReader(bad)); !errors.Is(err, check.ErrWeights) {
			t.Errorf("%q: got %v, want ErrWeights", bad, err)
		}
	}
	for _, p := range scenario.Profiles {
		for _, strict := range []bool{false, true} {
			for _, python := range []bool{false, true} {
				w := check.DefaultWeights(p, strict, python)
				sum := 0.0
				for _, c := range scenario.Categories {
					sum += w[c]
				}
				wantStructure := 0.0
				if python && p == scenario.Assignment {
					wantStructure = 10
				}
				if sum != 100 || (w[scenario.Format] == 0) != strict || w[scenario.Structure] != wantStructure {
					t.Errorf("%s, strict %v, python %v: the default weights add up to %v, format %v, structure %v; want 100, format only when not strict, structure %v",
						p, strict, python, sum, w[scenario.Format], w[scenario.Structure], wantStructure)
				}
			}
		}
	}
}

// TestFormats checks the three reports of one check against the golden
// files in testdata (go test -update rewrites them), and that the JSON
// ones are valid and their points add up.
func TestFormats(t *testing.T) {
	cfg := check.Config{Program: studentProgram(twoBugs), N: 14, Seed: 2, BadRate: -1, Timeouts: testTimeouts, Sandbox: testSandbox, Jobs: runtime.NumCPU(),
		Weights: check.Weights{scenario.Reference: 10, scenario.NonSquare: 40, scenario.FewestWins: 50}}
	g, err := check.Check(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// What differs from one machine and run to the next.
	g.Program, g.Sandbox, g.Elapsed, g.Jobs = "student two-bugs", "sandbox: (the machine's)", 1500*time.Millisecond, 2
	formats := []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"two-bugs.txt", func(b *bytes.Buffer) error { return report.WriteText(b, g, false) }},
		{"two-bugs-v.txt", func(b *bytes.Buffer) error { return report.WriteText(b, g, true) }},
		{"two-bugs.json", func(b *bytes.Buffer) error { return report.WriteJSON(b, g) }},
		{"two-bugs-gradescope.json", func(b *bytes.Buffer) error {
			return autograder.WriteGradescope(b, g, []scenario.Category{scenario.FewestWins})
		}},
		{"two-bugs-prairielearn.json", func(b *bytes.Buffer) error { return autograder.WritePrairieLearn(b, g) }},
		{"two-bugs-junit.xml", func(b *bytes.Buffer) error { return autograder.WriteJUnit(b, g) }},
		{"two-bugs-autolab.txt", func(b *bytes.Buffer) error { return autograder.WriteAutolab(b, g, false) }},
	}
	for _, f := range formats {
		t.Run(f.file, func(t *testing.T) {
			var got bytes.Buffer
			if err := f.write(&got); err != nil {
				t.Fatal(err)
			}
			gradetest.CompareGolden(t, filepath.Join("testdata", f.file), got.Bytes(), *update)
			gradetest.CheckFormat(t, f.file, g, got.Bytes())
		})
	}

	var gs struct {
		Score float64 `json:"score"`
		Tests []struct {
			Score      float64 `json:"score"`
			Max        float64 `json:"max_score"`
			Visibility string  `json:"visibility"`
		} `json:"tests"`
	}
	var b bytes.Buffer
	autograder.WriteGradescope(&b, g, nil)
	if err := json.Unmarshal(b.Bytes(), &gs); err != nil {
		t.Fatal(err)
	}
	sum, most := 0.0, 0.0
	for _, test := range gs.Tests {
		sum += test.Score
		most += test.Max
	}
	if score, _ := g.Total(); sum != gs.Score || sum != score || most != 100 || score >= 100 || score <= 0 {
		t.Errorf("results.json: tests add up to %v of %v, score %v; want the grade's %v of 100", sum, most, gs.Score, score)
	}
}

// TestReportsCannotBeSpoofed checks a program that writes escape codes, a
// fake verdict, U+202E, a 65 KB line of output and a 65 KB exception
// name: every report, the text, the JSON, Gradescope's and
// PrairieLearn's results, the JUnit XML and Autolab's, shows what it
// wrote quoted, cut short, and nowhere as a line of its own.
func TestReportsCannotBeSpoofed(t *testing.T) {
	cfg := check.Config{Program: studentProgram(spoof), N: 16, Seed: 1, Timeouts: testTimeouts, Sandbox: testSandbox, Jobs: runtime.NumCPU()}
	g, err := check.Check(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Ways) != 3 {
		t.Fatalf("got %d ways of failing, want 3: a long line, a long exception, an exception of escapes", len(g.Ways))
	}
	g.Program, g.Sandbox, g.Elapsed, g.Jobs = "student spoof", "sandbox: (the machine's)", 1500*time.Millisecond, 2
	var text, verbose, js, gs, pl, junit, autolab bytes.Buffer
	report.WriteText(&text, g, false)
	report.WriteText(&verbose, g, true)
	report.WriteJSON(&js, g)
	autograder.WriteGradescope(&gs, g, nil)
	autograder.WritePrairieLearn(&pl, g)
	autograder.WriteJUnit(&junit, g)
	autograder.WriteAutolab(&autolab, g, false)
	// The formats that show each scenario's end are not compared: in
	// lock-step, whether the program's exit or its wrong line is seen
	// first is a race (the hostile-* golden files of packages report and
	// autograder have them, made by hand).
	for file, b := range map[string]*bytes.Buffer{
		"spoof.txt": &text, "spoof-gradescope.json": &gs, "spoof-prairielearn.json": &pl, "spoof-autolab.txt": &autolab,
	} {
		gradetest.CompareGolden(t, filepath.Join("testdata", file), b.Bytes(), *update)
	}
	gradetest.CheckFormat(t, "junit.xml", g, junit.Bytes())
	checkShown(t, "the JUnit XML", junit.String(), false)
	gradetest.CheckFormat(t, "autolab.txt", g, autolab.Bytes())
	checkShown(t, "the Autolab report", autolab.String(), true)
	for _, want := range []string{
		`got "\x1b[2J\r250 passed, 0 failed\x1b[8m\u202eYYYY`,
		`it exited with status 1 ("\x1b[2J\r250 passed, 0 failed\x1b[8m\u202e")`,
		`it exited with status 1 ("XXXX`, `XXXX" … 64,845 more bytes)`,
		`    | "terminate called after throwing an instance of '\x1b[2J\r250 passed, 0 failed\x1b[8m\u202e'"`,
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the report lacks %s:\n%s", want, text.String())
		}
	}
	if want := `"\x00\xff]]></failure>\"'&"`; !strings.Contains(text.String(), want) {
		t.Errorf("the report lacks %s:\n%s", want, text.String())
	}
	checkShown(t, "the report", text.String(), true)
	checkShown(t, "the report with -v", verbose.String(), true)
	for name, b := range map[string][]byte{"the JSON": js.Bytes(), "results.json": gs.Bytes(), "PrairieLearn's results.json": pl.Bytes()} {
		checkShown(t, name+" as a file", string(b), false)
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var walk func(key string, v any)
		walk = func(key string, v any) {
			switch v := v.(type) {
			case string:
				// The lines of standard error are the program's by their name.
				checkShown(t, name+"'s "+key, v, key != "stderr")
			case []any:
				for _, e := range v {
					walk(key, e)
				}
			case map[string]any:
				for k, e := range v {
					walk(k, e)
				}
			}
		}
		walk("", v)
	}
}

// maxShown is the longest line a report may have: a way's summary, the
// grader's words and the way's categories around one line of the
// program's, quoted, cut to check.MaxLine bytes and saying how many more
// there are.
const maxShown = check.MaxLine + 300

// checkShown checks that text, a report or a string of one, holds nothing
// that would not show (a control character but newline and tab, a
// character that does not print, a byte that is not UTF-8), and, with
// lines, no line longer than maxShown and no line that is a verdict of
// the grader's.
func checkShown(t *testing.T, what, text string, lines bool) {
	t.Helper()
	for i, r := range text {
		if r == utf8.RuneError || (r != '\n' && r != '\t' && !unicode.IsPrint(r)) {
			t.Errorf("%s holds %q at byte %d", what, r, i)
			return
		}
	}
	if !lines {
		return
	}
	for _, l := range strings.Split(text, "\n") {
		if len(l) > maxShown {
			t.Errorf("%s has a line of %d bytes, want at most %d: %.100s...", what, len(l), maxShown, l)
		}
		if strings.TrimSpace(l) == "250 passed, 0 failed" {
			t.Errorf("%s has the program's fake verdict as a line of its own", what)
		}
	}
}
