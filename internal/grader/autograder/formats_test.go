package autograder_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

var update = flag.Bool("update", false, "rewrite the golden files of the results in testdata")

// writers are the autograders' results, by a file name that
// gradetest.CheckFormat knows them by.
var writers = map[string]func(*bytes.Buffer, *check.Grade) error{
	"gradescope.json":   func(b *bytes.Buffer, g *check.Grade) error { return autograder.WriteGradescope(b, g, nil) },
	"prairielearn.json": func(b *bytes.Buffer, g *check.Grade) error { return autograder.WritePrairieLearn(b, g) },
	"junit.xml":         func(b *bytes.Buffer, g *check.Grade) error { return autograder.WriteJUnit(b, g) },
	"autolab.txt":       func(b *bytes.Buffer, g *check.Grade) error { return autograder.WriteAutolab(b, g, false) },
	"vpl.txt":           func(b *bytes.Buffer, g *check.Grade) error { return autograder.WriteVPL(b, g, 0) },
}

// TestFormatsOfHostileOutput writes a grade whose program's lines hold
// hostile bytes as they are, compares each format with its golden file,
// testdata/hostile-FORMAT, and checks that each stays valid:
// it parses back, with the fields its system reads, and the XML holds
// no character that XML 1.0 forbids.
func TestFormatsOfHostileOutput(t *testing.T) {
	// The golden files' lines are 300 bytes long, not 64 KiB.
	short, long := gradetest.HandMade(gradetest.Hostile, 1, 300), gradetest.HandMade(gradetest.Hostile, 1, 64<<10)
	for file, write := range writers {
		t.Run(file, func(t *testing.T) {
			var b bytes.Buffer
			if err := write(&b, short); err != nil {
				t.Fatal(err)
			}
			gradetest.CompareGolden(t, filepath.Join("testdata", "hostile-"+file), b.Bytes(), *update)
			b.Reset()
			if err := write(&b, long); err != nil {
				t.Fatal(err)
			}
			gradetest.CheckFormat(t, file, long, b.Bytes())
			if strings.HasSuffix(file, ".xml") {
				for i, r := range b.String() {
					if r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0xfffe || r == 0xffff {
						t.Fatalf("got %q at byte %d, want no character that XML 1.0 forbids", r, i)
					}
				}
			}
		})
	}
}

// TestErrorFormats checks that each format of a check that could not
// run parses back and says why.
func TestErrorFormats(t *testing.T) {
	err := fmt.Errorf("check: student: it could not be started: %s", gradetest.Hostile)
	for _, tt := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"gradescope", func(b *bytes.Buffer) error { return autograder.WriteGradescopeError(b, err) }},
		{"prairielearn", func(b *bytes.Buffer) error { return autograder.WritePrairieLearnError(b, err) }},
		{"junit", func(b *bytes.Buffer) error { return autograder.WriteJUnitError(b, err) }},
		{"autolab", func(b *bytes.Buffer) error { return autograder.WriteAutolabError(b, err) }},
		{"vpl", func(b *bytes.Buffer) error { return autograder.WriteVPLError(b, err) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.write(&b); err != nil {
				t.Fatal(err)
			}
			var v any
			var parse error
			switch tt.name {
			case "junit":
				var r gradetest.JUnitSuites
				parse = xml.Unmarshal(b.Bytes(), &r)
				if parse == nil && (r.Errors != 1 || len(r.Suites) != 1 || len(r.Suites[0].Cases) != 1 || r.Suites[0].Cases[0].Error == nil) {
					t.Errorf("got %+v, want one testcase in error", r)
				}
			case "autolab":
				text := strings.TrimSuffix(b.String(), "\n")
				var r gradetest.AutolabResult
				parse = json.Unmarshal([]byte(text[strings.LastIndexByte(text, '\n')+1:]), &r)
				if parse == nil && len(r.Scores) != 0 {
					t.Errorf("got the scores %v, want none", r.Scores)
				}
			case "vpl":
				r := gradetest.ParseVPL(b.Bytes())
				if r.Grade != "0" || !strings.Contains(r.Comments, "could not be started") || strings.Contains(r.Comments, "\r") {
					t.Errorf("got the grade %q and the comments\n%s\nwant the grade 0 and why, in lines of their own", r.Grade, r.Comments)
				}
			default:
				parse = json.Unmarshal(b.Bytes(), &v)
			}
			if parse != nil {
				t.Fatalf("got %v, want it to parse:\n%s", parse, b.String())
			}
			if !strings.Contains(b.String(), "could not be started") {
				t.Errorf("got\n%s\nwant it to say why: could not be started", b.String())
			}
		})
	}
}

// TestGradescopeGraderError checks Gradescope's results.json of a check
// that could not be made: where the grader's machine could not make it,
// the output says so, that the score is not a grade, and what the staff
// must fix, as extra_data's grader_error does; where the program could
// not be checked, it says why alone, as ever.
func TestGradescopeGraderError(t *testing.T) {
	machine := &check.MachineError{Python: "python3", Module: "json", Why: "ModuleNotFoundError: No module named 'json'"}
	student := errors.New("check: python3 main.py: its first line is \"\", want \"FULL\\n\" or \"SIMPLE\\n\"")
	tests := []struct {
		name        string
		err         error
		output      string // what the output must be
		graderError string // extra_data's grader_error
	}{
		{"the machine's", machine, "Not graded: the autograder's machine could not check this submission.\n" +
			"This is the grader's error, not the submission's: its score of 0 is not\na grade. Course staff: fix the autograder (its setup.sh) and regrade.\n\n" +
			machine.Error() + "\n", machine.Error()},
		{"wrapped", fmt.Errorf("check: %w", machine), "Not graded: ", "check: " + machine.Error()},
		{"the program's", student, student.Error() + "\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := autograder.WriteGradescopeError(&b, tt.err); err != nil {
				t.Fatal(err)
			}
			var r struct {
				Score     *float64 `json:"score"`
				Output    string   `json:"output"`
				ExtraData struct {
					GraderError string `json:"grader_error"`
				} `json:"extra_data"`
				Tests []any `json:"tests"`
			}
			if err := json.Unmarshal(b.Bytes(), &r); err != nil {
				t.Fatalf("got %v, want it to parse:\n%s", err, b.String())
			}
			if r.Score == nil || *r.Score != 0 || r.Tests == nil || len(r.Tests) != 0 {
				t.Errorf("got the score %v and the tests %v, want 0 and none:\n%s", r.Score, r.Tests, b.String())
			}
			if !strings.HasPrefix(r.Output, tt.output) || (tt.graderError != "" && !strings.HasSuffix(r.Output, tt.err.Error()+"\n")) {
				t.Errorf("got the output\n%s\nwant\n%s", r.Output, tt.output)
			}
			if r.ExtraData.GraderError != tt.graderError {
				t.Errorf("got the grader_error %q, want %q", r.ExtraData.GraderError, tt.graderError)
			}
		})
	}
}

// TestPrairieLearnCap checks that results.json of a grade whose outputs
// add up to several megabytes is cut under PrairieLearn's 1 MB, saying
// so, and still parses with every test.
func TestPrairieLearnCap(t *testing.T) {
	g := gradetest.HandMade("long", 40000, 64<<10) // about 800 KB of difference a way
	var b bytes.Buffer
	if err := autograder.WritePrairieLearn(&b, g); err != nil {
		t.Fatal(err)
	}
	gradetest.CheckFormat(t, "prairielearn.json", g, b.Bytes())
	var r gradetest.PrairieLearnResults
	json.Unmarshal(b.Bytes(), &r)
	if len(r.Tests) != len(g.Scores) || !strings.Contains(b.String(), "cut here: the results must stay under PrairieLearn's 1 MB") {
		t.Errorf("got %d tests and %d bytes, want %d tests, the outputs cut saying so", len(r.Tests), b.Len(), len(g.Scores))
	}
}

// TestGradescopeHides checks that a hidden category shows nowhere that
// students see before the grades are published: not in the output, nor
// in the tests that are visible, even in a way of failing that it shares
// with a visible category; its own test is after_published, and shows
// it.
func TestGradescopeHides(t *testing.T) {
	for _, tt := range []struct {
		hidden scenario.Category
		long   int      // how long the lines of the program are
		leaks  []string // what students must not see at once
		seen   []string // what they must see at once
		later  []string // what the hidden test must show once published
	}{
		// Of the four ways, the third is fewest-wins' alone: the blanks
		// way is the third that students see.
		{
			scenario.FewestWins, 64 << 10,
			[]string{"fewest", "way 4", "of 4:", "3 failed"},
			[]string{"2 failed, 1 not run", "way 2: 1 scenario (non-square 1)", "WAY 2 of 3", "way 3: 1 scenario (lock-step 1): right but for blanks", "2 of 4 rules of structure kept"},
			[]string{"WAY 2 of 4", "WAY 3 of 4"},
		},
		{scenario.Structure, 10, []string{"structure"}, []string{"WAY 4 of 4"}, []string{"2 of 4 rules of structure kept:\n"}},
	} {
		t.Run(tt.hidden.String(), func(t *testing.T) {
			var b bytes.Buffer
			if err := autograder.WriteGradescope(&b, gradetest.HandMade("wrong", 1, tt.long), []scenario.Category{tt.hidden}); err != nil {
				t.Fatal(err)
			}
			var r gradetest.GradescopeResults
			if err := json.Unmarshal(b.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			seen, later := r.Output, ""
			for _, test := range r.Tests {
				hidden := strings.HasPrefix(test.Name, tt.hidden.String()+":")
				if want := map[bool]string{true: "after_published", false: "visible"}[hidden]; test.Visibility != want {
					t.Errorf("%s: got visibility %s, want %s", test.Name, test.Visibility, want)
				}
				if hidden {
					later += test.Output
				} else {
					seen += test.Output
				}
			}
			for _, leak := range tt.leaks {
				if strings.Contains(seen, leak) {
					t.Errorf("got what students see at once\n%s\nwant it without %q", seen, leak)
				}
			}
			for _, want := range tt.seen {
				if !strings.Contains(seen, want) {
					t.Errorf("got what students see at once\n%s\nwant it to hold %q", seen, want)
				}
			}
			for _, want := range tt.later {
				if !strings.Contains(later, want) {
					t.Errorf("got what students see once the grades are published\n%s\nwant it to hold %q", later, want)
				}
			}
		})
	}
}

// TestFormats checks the table of -format: each name in the usage's
// order, each writing what its writer writes, and a report of a check
// that could not be made for all but the text, given the most points
// the check could give.
func TestFormats(t *testing.T) {
	g := gradetest.HandMade("got", 1, 10)
	hidden := []scenario.Category{scenario.NonSquare}
	const vplMax = 10
	failure := errors.New("check: student: it could not be started")
	tests := []struct {
		name  string
		write func(*bytes.Buffer) error // what Write must write, with Verbose, hidden and vplMax
		fail  func(*bytes.Buffer) error // what Fail must write; nil for none
	}{
		{"text", func(b *bytes.Buffer) error { return report.WriteText(b, g, true) }, nil},
		{"json", func(b *bytes.Buffer) error { return report.WriteJSON(b, g) },
			func(b *bytes.Buffer) error { return report.WriteJSONError(b, failure) }},
		{"markdown", func(b *bytes.Buffer) error { return report.WriteMarkdown(b, g) },
			func(b *bytes.Buffer) error { return report.WriteMarkdownError(b, failure) }},
		{"gradescope", func(b *bytes.Buffer) error { return autograder.WriteGradescope(b, g, hidden) },
			func(b *bytes.Buffer) error { return autograder.WriteGradescopeError(b, failure) }},
		{"prairielearn", func(b *bytes.Buffer) error { return autograder.WritePrairieLearn(b, g) },
			func(b *bytes.Buffer) error { return autograder.WritePrairieLearnError(b, failure) }},
		{"junit", func(b *bytes.Buffer) error { return autograder.WriteJUnit(b, g) },
			func(b *bytes.Buffer) error { return autograder.WriteJUnitError(b, failure) }},
		{"autolab", func(b *bytes.Buffer) error { return autograder.WriteAutolab(b, g, true) },
			func(b *bytes.Buffer) error { return autograder.WriteAutolabError(b, failure) }},
		{"classroom", func(b *bytes.Buffer) error { return autograder.WriteClassroom(b, g) },
			func(b *bytes.Buffer) error { return autograder.WriteClassroomError(b, failure, 140) }},
		{"vpl", func(b *bytes.Buffer) error { return autograder.WriteVPL(b, g, vplMax) },
			func(b *bytes.Buffer) error { return autograder.WriteVPLError(b, failure) }},
	}
	if len(autograder.Formats) != len(tests) {
		t.Fatalf("got %d formats, want %d", len(autograder.Formats), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := autograder.Formats[i].Name; got != tt.name {
				t.Errorf("format %d: got %q, want %q", i, got, tt.name)
			}
			f, err := autograder.LookupFormat(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			var got, want bytes.Buffer
			opts := autograder.FormatOptions{Verbose: true, Hidden: hidden, VPLMax: vplMax, Max: 140}
			if err := f.Write(&got, g, opts); err != nil {
				t.Fatal(err)
			}
			tt.write(&want)
			if got.String() != want.String() {
				t.Errorf("Write: got\n%s\nwant\n%s", got.String(), want.String())
			}
			if (f.Fail == nil) != (tt.fail == nil) {
				t.Fatalf("got a Fail %v, want one %v", f.Fail != nil, tt.fail != nil)
			}
			if f.Fail == nil {
				return
			}
			got.Reset()
			want.Reset()
			if err := f.Fail(&got, failure, opts); err != nil {
				t.Fatal(err)
			}
			tt.fail(&want)
			if got.String() != want.String() {
				t.Errorf("Fail: got\n%s\nwant\n%s", got.String(), want.String())
			}
		})
	}
}

// TestLookupFormatUnknown checks that a name of no format is a
// *FormatError that wraps ErrFormat and names it.
func TestLookupFormatUnknown(t *testing.T) {
	for _, name := range []string{"tap", "", "TEXT", "html"} {
		t.Run(name, func(t *testing.T) {
			_, err := autograder.LookupFormat(name)
			var fe *autograder.FormatError
			if !errors.As(err, &fe) || !errors.Is(err, autograder.ErrFormat) || fe.Name != name {
				t.Fatalf("got %v, want a *FormatError of %q that wraps ErrFormat", err, name)
			}
			if want := fmt.Sprintf("autograder: no format %q", name); err.Error() != want {
				t.Errorf("got %q, want %q", err, want)
			}
		})
	}
}

// TestFormatsOfAIGrade writes a hand-made AI grade, its forfeit's answer
// hostile, in each autograder's format, and checks that each parses back
// with its points, a test or suite for each opponent.
func TestFormatsOfAIGrade(t *testing.T) {
	g := gradetest.HandMadeAI(gradetest.Hostile)
	for file, write := range writers {
		t.Run(file, func(t *testing.T) {
			var b bytes.Buffer
			if err := write(&b, g); err != nil {
				t.Fatal(err)
			}
			gradetest.CheckFormat(t, file, g, b.Bytes())
			if !strings.Contains(b.String(), "level:3") {
				t.Errorf("got\n%s\nwant the opponent level:3 named", b.String())
			}
		})
	}
}
