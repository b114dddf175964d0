package autograder

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
)

// The result of a grader of GitHub Classroom, as the actions
// classroom-resources/autograding-command-grader and autograding-io-grader
// write it in their output result, base64-encoded, and
// classroom-resources/autograding-grading-reporter reads it from the
// variable RUNNER_RESULTS of each runner its input runners names. The
// reporter prints each test's name after a check mark or a cross
// (status "pass" or not; line_no 0 for none, as the graders write it,
// or it prints " - line undefined"), and test_code under it when there
// is one; it fails the job when a result's status is "fail" or "error";
// and it tells GitHub Classroom "Points X/Y": X the sum of the tests'
// scores, Y that of the results' max_score. A test's max_score is ours,
// which the reporter does not read.
type (
	crResult struct {
		Version  int      `json:"version"`
		Status   string   `json:"status"` // pass, fail or error
		MaxScore float64  `json:"max_score"`
		Tests    []crTest `json:"tests"`
	}
	crTest struct {
		Name     string  `json:"name"`
		Status   string  `json:"status"`
		Score    float64 `json:"score"`
		MaxScore float64 `json:"max_score"`
		Message  string  `json:"message"`
		TestCode string  `json:"test_code"`
		Filename string  `json:"filename"`
		LineNo   int     `json:"line_no"`
	}
)

// MaxClassroom is the most bytes of the base64 result that
// WriteClassroom writes, its messages cut to stay under it: the reporter
// reads the result from an environment variable, which Linux holds to
// 128 KiB (MAX_ARG_STRLEN).
const MaxClassroom = 64 << 10

// maxMessage is the most bytes of a test's message: the job's summary
// (othello check -markdown) has the whole report.
const maxMessage = 4 << 10

// crCutNote ends a message that WriteClassroom cut.
const crCutNote = "\n... cut here: the job's summary has the whole report, as othello check's text report does\n"

// WriteClassroom writes g as the result of a grader of GitHub Classroom,
// the base64 of its JSON in a line, for the workflow that othello
// classroom writes to put in its step's output result: version 1, a
// status, pass when every category has all its points and fail
// otherwise, the most points, and one test for each category with
// points, named as Gradescope's tests with its points, with its status,
// score, max_score and a message, the text of the category
// (report.CategoryText) cut at 4 KiB, all of them cut shorter if the
// result would be MaxClassroom bytes or more.
func WriteClassroom(w io.Writer, g *check.Grade) error {
	_, most := g.Total()
	r := crResult{Version: 1, Status: "pass", MaxScore: most, Tests: []crTest{}}
	for _, s := range g.Scores {
		if s.Max == 0 {
			continue // worth nothing, as in Gradescope's results
		}
		t := crTest{
			Name:   fmt.Sprintf("%s (%s of %s points): %s", s.Category, check.FormatPoints(s.Points), check.FormatPoints(s.Max), s.Category.About()),
			Status: "pass", Score: s.Points, MaxScore: s.Max, Message: report.CategoryText(g, s),
		}
		if s.Points < s.Max {
			t.Status, r.Status = "fail", "fail"
		}
		r.Tests = append(r.Tests, t)
	}
	return writeClassroom(w, r)
}

// WriteClassroomError writes, in place of a grade, the result of a
// program that could not be checked: status error, and one test in
// error that says why, with no points of the most, max, that the check
// could have given, so that GitHub Classroom records 0 of them.
func WriteClassroomError(w io.Writer, err error, max float64) error {
	return writeClassroom(w, crResult{Version: 1, Status: "error", MaxScore: max, Tests: []crTest{
		{Name: "othello check", Status: "error", MaxScore: max, Message: err.Error()},
	}})
}

// writeClassroom writes r as JSON in base64 and a newline, its messages
// cut at maxMessage, or shorter to stay under MaxClassroom bytes.
func writeClassroom(w io.Writer, r crResult) error {
	var messages []*string
	for i := range r.Tests {
		messages = append(messages, &r.Tests[i].Message)
	}
	data, err := fit(messages, maxMessage, MaxClassroom, crCutNote, func() ([]byte, error) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			return nil, err
		}
		return []byte(base64.StdEncoding.EncodeToString(bytes.TrimSuffix(b.Bytes(), []byte("\n")))), nil
	})
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
