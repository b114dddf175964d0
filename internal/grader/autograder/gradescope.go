package autograder

import (
	"encoding/json"
	"errors"
	"io"
	"math"
	"slices"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

// Gradescope's results.json: see
// https://gradescope-autograders.readthedocs.io/en/latest/specs/.
type (
	gsResults struct {
		Score         float64 `json:"score"`
		ExecutionTime int     `json:"execution_time"`
		Output        string  `json:"output"`
		// OutputFormat and TestOutputFormat are "text": Gradescope shows
		// the outputs as they are, not as HTML or Markdown, which what a
		// program wrote could be.
		OutputFormat     string      `json:"output_format"`
		TestOutputFormat string      `json:"test_output_format"`
		ExtraData        gsExtraData `json:"extra_data"`
		Tests            []gsTest    `json:"tests"`
	}
	// gsExtraData is what Gradescope keeps for the staff: how the check
	// was made.
	gsExtraData struct {
		Sandbox string `json:"sandbox"`
		Rules   string `json:"rules,omitempty"`
		Profile string `json:"profile,omitempty"`
		Seed    uint64 `json:"seed"`
		// GraderError is, where the grader's machine could not check
		// the submission (check.ErrGraderMachine), why.
		GraderError string `json:"grader_error,omitempty"`
	}
	gsTest struct {
		Name       string  `json:"name"`
		Score      float64 `json:"score"`
		MaxScore   float64 `json:"max_score"`
		Output     string  `json:"output"`
		Visibility string  `json:"visibility"`
	}
)

// WriteGradescope writes g as Gradescope's results.json: the total
// score, an output that says how the program was run (the sandbox's
// line) and lists every way of failing in a line, and one test for each
// category with points, whose output shows in full the ways the program
// fails in it, each with its smallest input. The categories in hidden
// are seen by students only once the grades are published: their tests
// are after_published, and the output and the other tests, which
// students see at once, show nothing of them (check.Grade.Without).
func WriteGradescope(w io.Writer, g *check.Grade, hidden []scenario.Category) error {
	score, _ := g.Total()
	seen := g.Without(hidden)
	r := gsResults{
		Score: score, ExecutionTime: int(math.Ceil(g.Elapsed.Seconds())), Output: report.Overview(seen),
		OutputFormat: "text", TestOutputFormat: "text",
		ExtraData: gsExtraData{Sandbox: g.Sandbox, Rules: g.Rules.Name(), Profile: g.Profile.String(), Seed: g.Seed},
		Tests:     []gsTest{},
	}
	for _, s := range g.Scores {
		if s.Max == 0 {
			continue // worth nothing: the ways of failing are in the output above
		}
		t := gsTest{Name: s.Category.String() + ": " + s.Category.About(), Score: s.Points, MaxScore: s.Max, Visibility: "visible"}
		from := seen
		if slices.Contains(hidden, s.Category) {
			t.Visibility, from = "after_published", g
		}
		t.Output = report.CategoryText(from, s)
		r.Tests = append(r.Tests, t)
	}
	return writeIndented(w, r)
}

// WriteGradescopeError writes, in place of a grade, the results.json of a
// program that could not be checked: no points, and why. Where the
// grader's machine could not check it (check.ErrGraderMachine), the
// output says that this is the grader's error, not the submission's, and
// not a grade, and tells the staff what to fix (also in extra_data's
// grader_error).
func WriteGradescopeError(w io.Writer, err error) error {
	r := gsResults{Output: err.Error() + "\n", OutputFormat: "text", TestOutputFormat: "text", Tests: []gsTest{}}
	if errors.Is(err, check.ErrGraderMachine) {
		r.Output = graderErrorOutput + err.Error() + "\n"
		r.ExtraData.GraderError = err.Error()
	}
	return writeIndented(w, r)
}

// graderErrorOutput begins the output of results.json where the
// grader's machine could not check a submission, before the error.
const graderErrorOutput = `Not graded: the autograder's machine could not check this submission.
This is the grader's error, not the submission's: its score of 0 is not
a grade. Course staff: fix the autograder (its setup.sh) and regrade.

`

// writeIndented writes v as indented JSON, with <, > and & as they are,
// as package report writes its JSON.
func writeIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
