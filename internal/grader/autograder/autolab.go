package autograder

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
)

// autolabResult is the autoresult that Autolab reads from the last line
// of an autograder's output: see https://docs.autolabproject.com/lab/.
type autolabResult struct {
	Scores     map[string]float64 `json:"scores"`
	Scoreboard []float64          `json:"scoreboard"`
}

// WriteAutolab writes g for Autolab: the text report of
// report.WriteText, then as its last line the autoresult, one JSON
// object: scores, the points of each category worth any, named as the
// category (the lab's problems must be named so), and scoreboard, the
// total then those points in the order of the report.
func WriteAutolab(w io.Writer, g *check.Grade, verbose bool) error {
	if err := report.WriteText(w, g, verbose); err != nil {
		return err
	}
	total, _ := g.Total()
	r := autolabResult{Scores: map[string]float64{}, Scoreboard: []float64{total}}
	for _, s := range g.Scores {
		if s.Weight > 0 {
			r.Scores[s.Category.String()] = s.Points
			r.Scoreboard = append(r.Scoreboard, s.Points)
		}
	}
	return writeLine(w, r)
}

// WriteAutolabError writes, in place of a grade, why the program could
// not be checked, then the autoresult {"scores": {}}: Autolab gives no
// points.
func WriteAutolabError(w io.Writer, err error) error {
	if _, e := fmt.Fprintf(w, "%v\n", err); e != nil {
		return e
	}
	return writeLine(w, autolabResult{Scores: map[string]float64{}, Scoreboard: []float64{0}})
}

// writeLine writes v as JSON in one line.
func writeLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
