package check

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

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
// students see at once, show nothing of them (Grade.Without).
func WriteGradescope(w io.Writer, g *Grade, hidden []scenario.Category) error {
	score, _ := g.Total()
	seen := g.Without(hidden)
	r := gsResults{
		Score: score, ExecutionTime: int(math.Ceil(g.Elapsed.Seconds())), Output: overview(seen),
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
		t.Output = categoryOutput(from, s)
		r.Tests = append(r.Tests, t)
	}
	return writeIndented(w, r)
}

// passedOf says how many of the scenarios of s passed, such as "3 of 5
// scenarios passed", or for structure how many rules are kept.
func passedOf(s Score) string {
	n := s.Passed + s.Failed + s.NotRun
	if s.Category == scenario.Structure {
		return keptOf(s.Passed, n)
	}
	return fmt.Sprintf("%d of %d %s passed", s.Passed, n, plural(n, "scenario"))
}

// WriteGradescopeError writes, in place of a grade, the results.json of a
// program that could not be checked: no points, and why.
func WriteGradescopeError(w io.Writer, err error) error {
	return writeIndented(w, gsResults{Output: err.Error() + "\n", OutputFormat: "text", TestOutputFormat: "text", Tests: []gsTest{}})
}

// overview says in a few lines what was checked, how (the sandbox's
// line), how many scenarios passed, each way of failing, and how many
// rules of structure the program keeps.
func overview(g *Grade) string {
	var out strings.Builder
	fmt.Fprintf(&out, "%s rules (%s), %s profile, seed %d\n%s\n", g.Rules.Name(), g.RulesFrom, g.Profile, g.Seed, g.Sandbox)
	fmt.Fprintf(&out, "%d passed, %d failed", g.Count(Passed), g.Count(Failed))
	if n := g.Count(NotRun); n > 0 {
		fmt.Fprintf(&out, ", %d not run", n)
	}
	out.WriteString("\n")
	for _, way := range g.Ways {
		fmt.Fprintf(&out, "way %d: %d %s (%s): %s\n", way.Number, len(way.Cases), plural(len(way.Cases), "scenario"), way.Categories(), way.Summary())
	}
	if g.Structure != nil {
		fmt.Fprintln(&out, kept(g.Structure))
	}
	return out.String()
}

// categoryOutput says how many scenarios of s's category passed, and
// shows in full each way of failing that has scenarios in it; for
// structure, each rule of structure with its places.
func categoryOutput(g *Grade, s Score) string {
	var sb strings.Builder
	if s.Category == scenario.Structure {
		writeStructure(&sb, g.Structure)
		return sb.String()
	}
	fmt.Fprintf(&sb, "%s\n", passedOf(s))
	for _, way := range g.Ways {
		here := way.CasesIn(s.Category)
		if here == 0 {
			continue
		}
		fmt.Fprintf(&sb, "\nway %d, %d %s here:\n", way.Number, here, plural(here, "scenario"))
		writeWay(&sb, g, way)
	}
	return sb.String()
}
