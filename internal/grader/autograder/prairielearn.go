package autograder

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
)

// PrairieLearn's results.json of an external grader: see
// https://prairielearn.readthedocs.io/en/latest/externalGrading/.
type (
	plResults struct {
		Gradable bool     `json:"gradable"`
		Score    float64  `json:"score"` // from 0 to 1
		Message  string   `json:"message"`
		Output   string   `json:"output"`
		Tests    []plTest `json:"tests"`
	}
	plTest struct {
		Name      string  `json:"name"`
		Points    float64 `json:"points"`
		MaxPoints float64 `json:"max_points"`
		Message   string  `json:"message"`
		Output    string  `json:"output"`
	}
)

// MaxPrairieLearn is the most bytes of a results.json that PrairieLearn
// takes: WritePrairieLearn cuts the outputs to stay under it.
const MaxPrairieLearn = 1 << 20

// plCutNote ends an output that WritePrairieLearn cut.
const plCutNote = "\n... cut here: the results must stay under PrairieLearn's 1 MB; othello check's text report has it all\n"

// WritePrairieLearn writes g as the results.json of PrairieLearn's
// external grading: gradable, the score from 0 to 1, a message that
// says how many scenarios passed, an output that says how the program
// was run and lists every way of failing, and one test for each
// category with points, its output showing in full the ways the program
// fails in it. When that would be MaxPrairieLearn bytes or more, the
// longest outputs are cut at a line's end, each saying so.
func WritePrairieLearn(w io.Writer, g *check.Grade) error {
	score, most := g.Total()
	r := plResults{Gradable: true, Message: fmt.Sprintf("%s of %s points", check.FormatPoints(score), check.FormatPoints(most)), Output: report.Overview(g), Tests: []plTest{}}
	if most > 0 {
		r.Score = score / most
	}
	for _, s := range g.Scores {
		if s.Max == 0 {
			continue
		}
		r.Tests = append(r.Tests, plTest{
			Name: s.Category.String() + ": " + s.Category.About(), Points: s.Points, MaxPoints: s.Max,
			Message: report.PassedOf(s), Output: report.CategoryText(g, s),
		})
	}
	outputs := []*string{&r.Output}
	for i := range r.Tests {
		outputs = append(outputs, &r.Tests[i].Output)
	}
	data, err := fit(outputs, MaxPrairieLearn, MaxPrairieLearn, plCutNote, func() ([]byte, error) {
		var b bytes.Buffer
		err := writeIndented(&b, r)
		return b.Bytes(), err
	})
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// fit returns what encode returns, under most bytes: first with the
// texts that outputs point to each cut at room bytes, then, for as long
// as that is too long, at half as many, each cut text ending in note
// (cutAtLine). WritePrairieLearn and WriteClassroom cut their outputs so.
func fit(outputs []*string, room, most int, note string, encode func() ([]byte, error)) ([]byte, error) {
	full := make([]string, len(outputs))
	for i, o := range outputs {
		full[i] = *o
	}
	for ; ; room /= 2 {
		for i, o := range outputs {
			*o = cutAtLine(full[i], room, note)
		}
		data, err := encode()
		if err != nil || len(data) < most || room < len(note) {
			return data, err
		}
	}
}

// cutAtLine returns s if it has at most n bytes, and otherwise its lines
// that fit in n bytes less note's, then note, which says why s was cut.
func cutAtLine(s string, n int, note string) string {
	if len(s) <= n {
		return s
	}
	keep := s[:max(0, n-len(note))]
	if i := strings.LastIndexByte(keep, '\n'); i >= 0 {
		keep = keep[:i]
	}
	return keep + note
}

// WritePrairieLearnError writes, in place of a grade, the results.json of
// a program that could not be checked: gradable, for the fault is the
// program's, with no points and why.
func WritePrairieLearnError(w io.Writer, err error) error {
	return writeIndented(w, plResults{Gradable: true, Message: "it could not be checked", Output: err.Error() + "\n", Tests: []plTest{}})
}
