package gradetest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/diff"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/othello"
)

// The fields of each format that the systems that read it need, as
// parsed back.
type (
	// GradescopeResults is Gradescope's results.json
	// (autograder.WriteGradescope).
	GradescopeResults struct {
		Score     float64 `json:"score"`
		Output    string  `json:"output"`
		ExtraData struct {
			Sandbox string `json:"sandbox"`
		} `json:"extra_data"`
		Tests []struct {
			Name       string  `json:"name"`
			Score      float64 `json:"score"`
			MaxScore   float64 `json:"max_score"`
			Output     string  `json:"output"`
			Visibility string  `json:"visibility"`
		} `json:"tests"`
	}
	// PrairieLearnResults is PrairieLearn's results.json
	// (autograder.WritePrairieLearn); a pointer is a field that must
	// be there.
	PrairieLearnResults struct {
		Gradable *bool    `json:"gradable"`
		Score    *float64 `json:"score"`
		Message  string   `json:"message"`
		Output   string   `json:"output"`
		Tests    []struct {
			Name      string   `json:"name"`
			Points    *float64 `json:"points"`
			MaxPoints *float64 `json:"max_points"`
			Message   string   `json:"message"`
			Output    *string  `json:"output"`
		} `json:"tests"`
	}
	// JUnitProblem is a testcase's failure or error in the JUnit XML.
	JUnitProblem struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	}
	// JUnitSuites is the JUnit XML (autograder.WriteJUnit).
	JUnitSuites struct {
		XMLName  xml.Name `xml:"testsuites"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Errors   int      `xml:"errors,attr"`
		Skipped  int      `xml:"skipped,attr"`
		Time     string   `xml:"time,attr"`
		Suites   []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Errors   int    `xml:"errors,attr"`
			Skipped  int    `xml:"skipped,attr"`
			Time     string `xml:"time,attr"`
			Cases    []struct {
				Name      string        `xml:"name,attr"`
				Classname string        `xml:"classname,attr"`
				Time      string        `xml:"time,attr"`
				Failure   *JUnitProblem `xml:"failure"`
				Error     *JUnitProblem `xml:"error"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	// ClassroomResult is the result of a grader of GitHub Classroom, as
	// the reporter of classroom-resources/autograding-grading-reporter
	// reads it once decoded from base64 (autograder.WriteClassroom); a
	// pointer is a field that must be there.
	ClassroomResult struct {
		Version  int      `json:"version"`
		Status   string   `json:"status"`
		MaxScore *float64 `json:"max_score"`
		Tests    []struct {
			Name     string   `json:"name"`
			Status   string   `json:"status"`
			Score    *float64 `json:"score"`
			MaxScore *float64 `json:"max_score"`
			Message  string   `json:"message"`
			LineNo   *int     `json:"line_no"`
		} `json:"tests"`
	}
	// AutolabResult is the autoresult, the last line of what
	// autograder.WriteAutolab writes.
	AutolabResult struct {
		Scores     map[string]float64 `json:"scores"`
		Scoreboard []float64          `json:"scoreboard"`
	}
	// VPLResult is what Moodle's VPL reads of the output of an
	// evaluation (autograder.WriteVPL), as ParseVPL reads it.
	VPLResult struct {
		Grade    string // the rest of the last line that starts with "Grade :=>>", trimmed; "" for none
		Comments string // the rest of each "Comment :=>>" line and the lines of each "<|--" "--|>" block, in order
	}
)

// The lines of a VPL evaluation's output that mod_vpl reads, as its
// vpl_submission.class.php finds them (find_proposedgrade,
// find_proposedcomment), with "\n" ends and, where the output has a
// "\r\n" anywhere, with "\r\n" ends.
var (
	vplGradeLine = regexp.MustCompile(`(?m)^Grade :=>>(.*)$`)
	vplStart     = regexp.MustCompile(`(?m)^[ \t]*(Comment :=>>(.*)|<\|--)[ \t]*$`)
	vplEnd       = regexp.MustCompile(`(?m)^[ \t]*--\|>[ \t]*$`)
	vplStartCRLF = regexp.MustCompile(`(?m)^[ \t]*(Comment :=>>([^\r\n]*)|<\|--)[ \t]*\r?$`)
	vplEndCRLF   = regexp.MustCompile(`(?m)^[ \t]*--\|>[ \t]*\r?$`)
)

// ParseVPL reads the output of a VPL evaluation as mod_vpl does: the
// grade from the last line that starts with "Grade :=>>", and the
// comments from each "Comment :=>>" line (its rest, with a newline) and
// each block, from a line "<|--" to the next line "--|>" (or the end),
// each alone on its line but for blanks.
func ParseVPL(data []byte) VPLResult {
	text := string(data)
	var r VPLResult
	if m := vplGradeLine.FindAllStringSubmatch(text, -1); len(m) > 0 {
		r.Grade = strings.Trim(m[len(m)-1][1], " \t\n\r\x00\x0b")
	}
	start, end := vplStart, vplEnd
	crlf := strings.Contains(text, "\r\n")
	if crlf {
		start, end = vplStartCRLF, vplEndCRLF
	}
	var comments strings.Builder
	for offset := 0; offset < len(text); {
		m := start.FindStringSubmatchIndex(text[offset:])
		if m == nil {
			break
		}
		if text[offset+m[2]:offset+m[3]] != "<|--" {
			comments.WriteString(text[offset+m[4]:offset+m[5]] + "\n")
			offset += m[1] + 1
			continue
		}
		from := min(offset+m[1]+1, len(text))
		e := end.FindStringIndex(text[from:])
		if e == nil {
			comments.WriteString(text[from:])
			break
		}
		block := text[from : from+e[0]]
		if crlf {
			block = strings.ReplaceAll(block, "\r\n", "\n")
		}
		comments.WriteString(block)
		offset = from + e[1] + 1
	}
	r.Comments = comments.String()
	return r
}

// CheckFormat parses data, g written in the format that file's name
// says (gradescope, prairielearn, .xml for JUnit, classroom, autolab,
// vpl, another .json for report.WriteJSON), and checks the fields its
// system reads against g: the points add up, the counts of the JUnit XML
// are its testcases', and VPL's output has one grade, last, and comments
// of titles and preformatted lines only.
func CheckFormat(t *testing.T, file string, g *check.Grade, data []byte) {
	t.Helper()
	total, most := g.Total()
	switch {
	case strings.Contains(file, "gradescope"):
		var r GradescopeResults
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("results.json: %v", err)
		}
		if r.ExtraData.Sandbox != g.Sandbox || !strings.Contains(r.Output, g.Sandbox) {
			t.Errorf("results.json: got the sandbox %q in extra_data and an output of\n%s\nwant %q in both", r.ExtraData.Sandbox, r.Output, g.Sandbox)
		}
		sum := 0.0
		for _, test := range r.Tests {
			sum += test.Score
		}
		if r.Score != total || math.Abs(sum-total) > 0.01 {
			t.Errorf("results.json: got score %v, tests adding up to %v; want %v", r.Score, sum, total)
		}
	case strings.Contains(file, "prairielearn"):
		if len(data) >= autograder.MaxPrairieLearn {
			t.Errorf("results.json: got %d bytes, want under %d", len(data), autograder.MaxPrairieLearn)
		}
		var r PrairieLearnResults
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("results.json: %v", err)
		}
		if r.Gradable == nil || !*r.Gradable || r.Score == nil || *r.Score < 0 || *r.Score > 1 || math.Abs(*r.Score*most-total) > 0.01 {
			t.Errorf("results.json: got gradable %v, score %v; want gradable true, score %v/%v", r.Gradable, r.Score, total, most)
		}
		points, max := 0.0, 0.0
		for _, test := range r.Tests {
			if test.Name == "" || test.Message == "" || test.Points == nil || test.MaxPoints == nil || test.Output == nil {
				t.Fatalf("results.json: a test lacks a name, a message, points, max_points or output: %+v", test)
			}
			points += *test.Points
			max += *test.MaxPoints
		}
		if math.Abs(points-total) > 0.01 || math.Abs(max-most) > 0.01 {
			t.Errorf("results.json: tests add up to %v of %v, want %v of %v", points, max, total, most)
		}
	case strings.HasSuffix(file, ".xml"):
		var r JUnitSuites
		if err := xml.Unmarshal(data, &r); err != nil {
			t.Fatalf("JUnit XML: %v", err)
		}
		var tests, failures, errs int
		for _, s := range r.Suites {
			var f, e int
			for _, c := range s.Cases {
				if c.Name == "" || c.Classname == "" || c.Time == "" {
					t.Errorf("JUnit XML: a testcase of %s lacks a name, a classname or a time", s.Name)
				}
				if c.Failure != nil && (c.Failure.Message == "" || c.Failure.Text == "") {
					t.Errorf("JUnit XML: %s fails with no message or text", c.Name)
				}
				if c.Failure != nil {
					f++
				}
				if c.Error != nil {
					e++
				}
			}
			if s.Name == "" || s.Time == "" || s.Tests != len(s.Cases) || s.Failures != f || s.Errors != e || s.Skipped != 0 {
				t.Errorf("JUnit XML: testsuite %q says tests %d, failures %d, errors %d, skipped %d; has %d, %d, %d, 0",
					s.Name, s.Tests, s.Failures, s.Errors, s.Skipped, len(s.Cases), f, e)
			}
			tests, failures, errs = tests+len(s.Cases), failures+f, errs+e
		}
		if r.Tests != tests || r.Failures != failures || r.Errors != errs || r.Time == "" {
			t.Errorf("JUnit XML: testsuites says tests %d, failures %d, errors %d; its testsuites have %d, %d, %d", r.Tests, r.Failures, r.Errors, tests, failures, errs)
		}
		// A testcase for each scenario, with format one more for each
		// scenario right in logic, failing unless right to the byte, and
		// one for each rule of structure, failing when it is broken, an
		// error when it is not checked.
		wantTests, wantFailures, wantErrors := len(g.Cases), g.Count(check.Failed), g.Count(check.NotRun)
		for _, r := range g.Structure {
			wantTests++
			wantFailures += map[bool]int{true: 1}[r.Verdict == check.Failed]
			wantErrors += map[bool]int{true: 1}[r.Verdict == check.NotRun]
		}
		if slices.ContainsFunc(g.Scores, func(s check.Score) bool { return s.Category == scenario.Format }) {
			for _, c := range g.Cases {
				if c.Verdict == check.Passed {
					wantTests++
					if !c.Exact() {
						wantFailures++
					}
				}
			}
		}
		if tests != wantTests || failures != wantFailures || errs != wantErrors {
			t.Errorf("JUnit XML: got %d tests, %d failures, %d errors; want %d, %d, %d", tests, failures, errs, wantTests, wantFailures, wantErrors)
		}
	case strings.Contains(file, "classroom"):
		r := DecodeClassroom(t, data)
		if len(data) >= autograder.MaxClassroom {
			t.Errorf("the result: got %d bytes, want under %d", len(data), autograder.MaxClassroom)
		}
		points, max, failing := 0.0, 0.0, false
		for _, test := range r.Tests {
			if test.Name == "" || test.Message == "" || test.Score == nil || test.MaxScore == nil || test.LineNo == nil || *test.LineNo != 0 {
				t.Fatalf("the result: a test lacks a name, a message, a score, a max_score or line_no 0: %+v", test)
			}
			if want := map[bool]string{true: "pass", false: "fail"}[*test.Score == *test.MaxScore]; test.Status != want {
				t.Errorf("the result: %s: got status %q, want %q", test.Name, test.Status, want)
			}
			points, max, failing = points+*test.Score, max+*test.MaxScore, failing || test.Status != "pass"
		}
		if want := map[bool]string{true: "fail", false: "pass"}[failing]; r.Status != want || r.Version != 1 {
			t.Errorf("the result: got version %d, status %q; want 1, %q", r.Version, r.Status, want)
		}
		if r.MaxScore == nil || math.Abs(points-total) > 0.01 || math.Abs(max-most) > 0.01 || math.Abs(*r.MaxScore-most) > 0.01 {
			t.Errorf("the result: tests add up to %v of %v, max_score %v; want %v of %v", points, max, r.MaxScore, total, most)
		}
	case strings.Contains(file, "autolab"):
		text := strings.TrimSuffix(string(data), "\n")
		last := text[strings.LastIndexByte(text, '\n')+1:]
		var r AutolabResult
		if err := json.Unmarshal([]byte(last), &r); err != nil {
			t.Fatalf("the autoresult, %q: %v", last, err)
		}
		sum := 0.0
		for _, p := range r.Scores {
			sum += p
		}
		if len(r.Scoreboard) == 0 || r.Scoreboard[0] != total || math.Abs(sum-total) > 0.01 {
			t.Errorf("the autoresult %s: want scores adding up to %v, and the scoreboard starting with it", last, total)
		}
		var textReport bytes.Buffer
		report.WriteText(&textReport, g, false)
		if !strings.HasPrefix(string(data), textReport.String()) {
			t.Errorf("got a report that does not start with the text report, want it to")
		}
	case strings.Contains(file, "vpl"):
		if len(data) > autograder.MaxVPL {
			t.Errorf("VPL: got %d bytes, want at most %d", len(data), autograder.MaxVPL)
		}
		r := ParseVPL(data)
		if r.Grade != check.FormatPoints(total) || !strings.HasSuffix(string(data), "\nGrade :=>>"+r.Grade+"\n") {
			t.Errorf("VPL: got the grade %q, want %v in the last line", r.Grade, total)
		}
		if n := len(vplGradeLine.FindAllString(string(data), -1)); n != 1 {
			t.Errorf("VPL: got %d lines that start with Grade :=>>, want 1", n)
		}
		// A title for the summary, each way and each category with
		// points; every other line of the comments preformatted.
		want, titles := 1+len(g.Ways), 0
		for _, s := range g.Scores {
			if s.Max > 0 {
				want++
			}
		}
		for _, l := range strings.Split(strings.TrimSuffix(r.Comments, "\n"), "\n") {
			if !strings.HasPrefix(l, "-") && !strings.HasPrefix(l, ">") {
				t.Fatalf("VPL: got the line of comments %q, want each a title (-) or preformatted (>)", l)
			}
			if strings.HasPrefix(l, "-") {
				titles++
			}
		}
		if titles != want {
			t.Errorf("VPL: got %d titles, want %d: the summary, one for each way and one for each category with points", titles, want)
		}
	case strings.HasSuffix(file, ".json"):
		if !json.Valid(data) {
			t.Errorf("got JSON that is not valid, want it valid")
		}
	}
}

// DecodeClassroom returns the result that data, base64 and a newline,
// holds, as the reporter of GitHub Classroom decodes it.
func DecodeClassroom(t *testing.T, data []byte) ClassroomResult {
	t.Helper()
	text, ok := strings.CutSuffix(string(data), "\n")
	js, err := base64.StdEncoding.DecodeString(text)
	if !ok || err != nil {
		t.Fatalf("the result: got %.80q, %v; want base64 and a newline", data, err)
	}
	var r ClassroomResult
	if err := json.Unmarshal(js, &r); err != nil {
		t.Fatalf("the result: %v:\n%s", err, js)
	}
	return r
}

// Hostile is what a program could write to break a format: NUL, a byte
// that is not UTF-8, escape codes, the ends of CDATA and of a JUnit
// failure, quotes, ampersands and a 64 KiB line.
const Hostile = "\x00\xff\x1b[2J]]></failure></testcase>\"'&<![CDATA[\r\x7f\u202e" + "\n{\"scores\": {\"reference\": 1000}}\n"

// HandMade returns a grade made by hand, not by a check, whose
// program's lines hold got as they are, not quoted: the writers must
// keep a format valid even then. Its categories: reference passes;
// non-square fails in way 1 and, with fewest-wins, in way 2; fewest-wins
// also fails alone in way 3; passes has a scenario not run; lock-step
// passes right but for blanks, in way 4, which format counts; of the
// rules of structure, one is kept, one broken, one not checked and one
// kept, their places saying got. Each way's difference is repeated n
// times, and its line goes on with long Ys.
func HandMade(got string, n, long int) *check.Grade {
	g := &check.Grade{
		Program: "student", Rules: othello.Full{}, RulesFrom: "its first line", Seed: 1, Jobs: 1,
		Sandbox: "sandbox: isolated, by hand", Elapsed: 1500 * time.Millisecond,
	}
	add := func(name string, c scenario.Category, v check.Verdict) *check.Case {
		k := &check.Case{Name: name, Category: c, About: "made by hand", Verdict: v}
		if v == check.NotRun {
			k.Why = "not run: the check was stopped"
		}
		g.Cases = append(g.Cases, k)
		return k
	}
	add("ref", scenario.Reference, check.Passed)
	ways := [][]*check.Case{
		{add("square-1", scenario.NonSquare, check.Failed)},
		{add("square-2", scenario.NonSquare, check.Failed), add("fewest-1", scenario.FewestWins, check.Failed)},
		{add("fewest-2", scenario.FewestWins, check.Failed)},
	}
	add("passes-1", scenario.Passes, check.NotRun)
	blanks := add("lock-1", scenario.LockStep, check.Passed)
	for i, cases := range ways {
		f := &check.Failure{
			Line: 9, Want: "B: 0  W: 3\n", Got: got + strings.Repeat("Y", long), InputLine: 9, Input: got,
			Diff: strings.Repeat("    got   "+got+"\n", n), End: check.Exited, What: "it exited with status 1 " + got, Stderr: []string{got},
		}
		w := &check.Way{Number: i + 1, Cases: cases, Reproducer: check.Reproducer{Input: []byte("4\n4\nB\n>\n" + got + "\n"), Failure: f, Size: "4x4", Shrunk: true}}
		for _, c := range cases {
			c.Failure, c.Way = f, w
		}
		g.Ways = append(g.Ways, w)
	}
	f := &check.Failure{Line: 9, Want: "B: 0  W: 3\n", Got: "B: 0 W: 3 " + got + "\n", InputLine: 9, Input: got, Blanks: true, End: check.Exited}
	blanks.Failure = f
	blanks.Way = &check.Way{Number: 4, Cases: []*check.Case{blanks}, Reproducer: check.Reproducer{Input: []byte("4\n4\nB\n>\n" + got + "\n"), Failure: f, Size: "4x4"}}
	g.Ways = append(g.Ways, blanks.Way)
	g.Structure = []check.Rule{
		{Name: "one-main", About: "one main", Verdict: check.Passed, Where: []string{got + ": runs the program"}},
		{Name: "logic-apart", About: "logic apart", Verdict: check.Failed, Where: []string{"logic.py:3: calls print", got + ":1: uses sys.stdout"}},
		{Name: "a-class", About: "a class", Verdict: check.NotRun, Where: []string{"the structure could not be read: " + got}},
		{Name: "own-exception", About: "an exception", Verdict: check.Passed, Where: []string{got + ":2: class E, an exception"}},
	}
	for _, c := range []scenario.Category{scenario.Reference, scenario.NonSquare, scenario.FewestWins, scenario.Passes, scenario.LockStep, scenario.Format, scenario.Structure} {
		s := check.Score{Category: c, Weight: 20, Max: 20}
		for _, r := range g.Structure {
			if c == scenario.Structure {
				s.Passed += map[bool]int{true: 1}[r.Verdict == check.Passed]
				s.Failed += map[bool]int{true: 1}[r.Verdict == check.Failed]
				s.NotRun += map[bool]int{true: 1}[r.Verdict == check.NotRun]
			}
		}
		for _, k := range g.Cases {
			if c == scenario.Format && k.Verdict == check.Passed {
				s.Passed += map[bool]int{true: 1}[k.Exact()]
				s.Failed += map[bool]int{true: 1}[!k.Exact()]
			} else if k.Category == c {
				s.Passed += map[bool]int{true: 1}[k.Verdict == check.Passed]
				s.Failed += map[bool]int{true: 1}[k.Verdict == check.Failed]
				s.NotRun += map[bool]int{true: 1}[k.Verdict == check.NotRun]
			}
		}
		s.Points = s.Weight * float64(s.Passed) / float64(s.Passed+s.Failed+s.NotRun)
		g.Scores = append(g.Scores, s)
	}
	return g
}

// CompareGolden compares got with the bytes of the golden file, after
// writing them there first when update is set (each test package's
// -update flag).
func CompareGolden(t *testing.T, golden string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff.Diff(want, got); d != "" {
		t.Errorf("differs from %s (go test -update rewrites it):\n%s", golden, d)
	}
}

// HandMadeAI returns an AI grade made by hand, not by a check: against
// random, 2 games won; against greedy, 1 won, 1 drawn, 2 lost, one of
// them a forfeit whose answer was got, quoted as the referee quotes it;
// against level:3, 1 lost and 1 not played. Its points are those of
// check.Opponent.Earned.
func HandMadeAI(got string) *check.Grade {
	spec := func(name string) referee.Spec {
		s, err := referee.ParseSpec(name)
		if err != nil {
			panic(err)
		}
		return s
	}
	ai := &check.AI{
		Opponents: []check.Opponent{
			{Player: spec("random"), Games: 2, Threshold: 0.9, Points: 30},
			{Player: spec("greedy"), Games: 4, Threshold: 0.7, Points: 30},
			{Player: spec("level:3"), Games: 2, Threshold: 0.5, Points: 40},
		},
		Clock: referee.TimeControl{Total: 5 * time.Second}, Openings: 4,
	}
	g := &check.Grade{
		Program: "python3 player.py", Rules: othello.Full{}, RulesFrom: "the referee's", Profile: scenario.AI, Seed: 1, Jobs: 2,
		Sandbox: "sandbox: limited (-sandbox=false), made by hand", AI: ai, Elapsed: 3 * time.Second,
	}
	game := func(o int, n int, v check.Verdict, about, forfeit string) {
		cat := ai.Opponents[o].Category()
		c := &check.Case{Name: fmt.Sprintf("%s game %d", cat, n), Category: cat, Verdict: v, About: about}
		if v == check.NotRun {
			c.About, c.Why = "", "not played: the grading was stopped first"
		}
		if forfeit != "" {
			c.Failure = &check.Failure{What: "it forfeits: " + forfeit}
		}
		g.Cases = append(g.Cases, c)
	}
	game(0, 1, check.Passed, "prog:python3 player.py (B) 40-24 random (W): B wins", "")
	game(0, 2, check.Passed, "random (B) 20-44 prog:python3 player.py (W): W wins", "")
	bad := "answered " + strconv.Quote(got)
	game(1, 1, check.Passed, "prog:python3 player.py (B) 33-31 greedy (W): B wins", "")
	game(1, 2, check.Drawn, "greedy (B) 32-32 prog:python3 player.py (W): draw", "")
	game(1, 3, check.Failed, "prog:python3 player.py (B) 4-5 greedy (W): W wins: B forfeits: the answer is no move: "+bad, "the answer is no move: "+bad)
	game(1, 4, check.Failed, "greedy (B) 40-24 prog:python3 player.py (W): B wins", "")
	game(2, 1, check.Failed, "prog:python3 player.py (B) 10-54 level:3 (W): W wins", "")
	game(2, 2, check.NotRun, "", "")
	for i, o := range ai.Opponents {
		s := check.Score{Category: o.Category(), Threshold: o.Threshold, Weight: o.Points, Max: o.Points}
		for _, c := range g.Cases {
			if c.Category != o.Category() {
				continue
			}
			switch c.Verdict {
			case check.Passed:
				s.Passed++
			case check.Drawn:
				s.Drawn++
			case check.Failed:
				s.Failed++
			default:
				s.NotRun++
			}
		}
		s.Points = ai.Opponents[i].Earned(s.Passed, s.Drawn)
		g.Scores = append(g.Scores, s)
	}
	return g
}
