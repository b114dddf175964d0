package autograder

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

// JUnit's XML, as CI tools read it: Jenkins
// (https://www.jenkins.io/doc/pipeline/steps/junit/), GitLab
// (https://docs.gitlab.com/ci/testing/unit_test_reports/), GitHub's
// test reporters (such as https://github.com/mikepenz/action-junit-report)
// and CodeGrade (https://docs.codegra.de/guides/setting-up-unittest.html)
// read testsuites of testcases, each with its name and classname, and a
// failure or error in a failing one.
type (
	juSuites struct {
		XMLName  xml.Name  `xml:"testsuites"`
		Name     string    `xml:"name,attr"`
		Tests    int       `xml:"tests,attr"`
		Failures int       `xml:"failures,attr"`
		Errors   int       `xml:"errors,attr"`
		Skipped  int       `xml:"skipped,attr"`
		Time     string    `xml:"time,attr"`
		Suites   []juSuite `xml:"testsuite"`
	}
	juSuite struct {
		Name       string       `xml:"name,attr"`
		Tests      int          `xml:"tests,attr"`
		Failures   int          `xml:"failures,attr"`
		Errors     int          `xml:"errors,attr"`
		Skipped    int          `xml:"skipped,attr"`
		Time       string       `xml:"time,attr"`
		Properties []juProperty `xml:"properties>property"`
		Cases      []juCase     `xml:"testcase"`
	}
	juProperty struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
	}
	juCase struct {
		Name      string     `xml:"name,attr"`
		Classname string     `xml:"classname,attr"`
		Time      string     `xml:"time,attr"`
		Failure   *juProblem `xml:"failure"`
		Error     *juProblem `xml:"error"`
	}
	juProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
)

// WriteJUnit writes g as JUnit XML: one testsuite for each category,
// with its points as properties, and one testcase for each scenario, of
// classname othello.CATEGORY, or in structure for each rule of
// structure (juRule). A failing scenario has a failure whose message is
// where its output first differs and what the program did, in a line
// (check.Failure.Summary), and whose text is that difference in full
// (report.WriteFailure); a scenario not run has an error that says why.
// The check has no time of each scenario: testcases say 0, the
// testsuites the check's time in all. What the program wrote is shown
// quoted (package check's quote.go) and escaped as XML; a character XML
// 1.0 cannot hold becomes U+FFFD.
func WriteJUnit(w io.Writer, g *check.Grade) error {
	r := juSuites{Name: "othello check", Time: seconds(g.Elapsed.Seconds())}
	for _, s := range g.Scores {
		n := s.Count()
		if n == 0 {
			continue
		}
		suite := juSuite{
			Name: s.Category.String(), Tests: n, Failures: s.Failed, Errors: s.NotRun, Time: seconds(0),
			Properties: []juProperty{
				{"about", s.Category.About()}, {"points", check.FormatPoints(s.Points)}, {"max_points", check.FormatPoints(s.Max)},
			},
		}
		if s.Category == scenario.Structure {
			for _, rule := range g.Structure {
				suite.Cases = append(suite.Cases, juRule(rule))
			}
		}
		for _, c := range g.Cases {
			if s.Category == scenario.Format {
				// Format's testcases are the scenarios right in logic,
				// failing when they are right but for blanks.
				if c.Verdict == check.Passed {
					suite.Cases = append(suite.Cases, juFormat(c))
				}
				continue
			}
			if c.Category != s.Category {
				continue
			}
			tc := juCase{Name: c.Name, Classname: "othello." + c.Category.String(), Time: seconds(0)}
			switch c.Verdict {
			case check.Failed:
				tc.Failure = juFailure(c)
			case check.NotRun:
				tc.Error = &juProblem{Message: c.Why, Type: "not run", Text: c.Name + ": " + c.Why + "\n"}
			}
			suite.Cases = append(suite.Cases, tc)
		}
		r.Tests += suite.Tests
		r.Failures += suite.Failures
		r.Errors += suite.Errors
		r.Suites = append(r.Suites, suite)
	}
	return writeXML(w, r)
}

// juRule returns the testcase of a rule of structure: a rule broken has
// a failure whose message is its first place, and whose text is them
// all; a rule not checked an error that says why.
func juRule(r check.Rule) juCase {
	tc := juCase{Name: r.Name + ": " + r.About, Classname: "othello." + scenario.Structure.String(), Time: seconds(0)}
	var first string
	if len(r.Where) > 0 {
		first = r.Where[0]
	}
	text := r.Name + ": " + r.About + "\n" + strings.Join(r.Where, "\n") + "\n"
	switch r.Verdict {
	case check.Failed:
		tc.Failure = &juProblem{Message: first, Type: "broken", Text: text}
	case check.NotRun:
		tc.Error = &juProblem{Message: first, Type: "not checked", Text: text}
	}
	return tc
}

// juFormat returns the testcase of format of c, a case right in logic:
// it fails when c is right but for blanks.
func juFormat(c *check.Case) juCase {
	tc := juCase{Name: c.Name, Classname: "othello." + scenario.Format.String(), Time: seconds(0)}
	if !c.Exact() {
		tc.Failure = juFailure(c)
	}
	return tc
}

// juFailure returns the failure of c, a case with a Failure: where its
// output first differs in a line, and in full.
//
// A game of an AI grade (a case of no way) fails with its result line.
func juFailure(c *check.Case) *juProblem {
	var text strings.Builder
	if c.Way == nil {
		fmt.Fprintf(&text, "%s: %s\n", c.Name, c.About)
		if c.Failure != nil {
			report.WriteFailure(&text, c.Failure)
		}
		return &juProblem{Message: c.About, Type: "lost", Text: text.String()}
	}
	fmt.Fprintf(&text, "%s (%s), way %d of failing\n", c.Name, c.About, c.Way.Number)
	report.WriteFailure(&text, c.Failure)
	return &juProblem{Message: c.Failure.Summary(), Type: fmt.Sprintf("way %d", c.Way.Number), Text: text.String()}
}

// WriteJUnitError writes, in place of a grade, the JUnit XML of a
// program that could not be checked: one testsuite, check, whose one
// testcase, the program, has an error that says why.
func WriteJUnitError(w io.Writer, err error) error {
	return writeXML(w, juSuites{
		Name: "othello check", Tests: 1, Errors: 1, Time: seconds(0),
		Suites: []juSuite{{Name: "check", Tests: 1, Errors: 1, Time: seconds(0), Cases: []juCase{{
			Name: "the program", Classname: "othello.check", Time: seconds(0),
			Error: &juProblem{Message: "it could not be checked", Type: "not checked", Text: err.Error() + "\n"},
		}}}},
	})
}

// writeXML writes v as indented XML, after the XML declaration.
func writeXML(w io.Writer, v any) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// seconds writes a time in seconds as JUnit does, with three decimals.
func seconds(s float64) string { return fmt.Sprintf("%.3f", s) }
