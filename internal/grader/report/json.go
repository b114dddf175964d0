package report

import (
	"encoding/json"
	"io"
	"math"

	"github.com/othello-judge/judge/internal/grader/check"
)

// The JSON report, as doc/grading.md documents it.
type (
	jsonGrade struct {
		Program    string      `json:"program"`
		Rules      string      `json:"rules"`
		RulesFrom  string      `json:"rules_from"`
		Profile    string      `json:"profile"`
		Mode       string      `json:"mode"`
		Seed       uint64      `json:"seed"`
		Sandbox    string      `json:"sandbox"`
		Env        string      `json:"environment"`
		Seconds    float64     `json:"seconds"`
		Score      float64     `json:"score"`
		MaxScore   float64     `json:"max_score"`
		Passed     int         `json:"passed"`
		Failed     int         `json:"failed"`
		NotRun     int         `json:"not_run"`
		Drawn      int         `json:"drawn,omitempty"`
		Skipped    int         `json:"skipped"`
		Categories []jsonScore `json:"categories"`
		Structure  []jsonRule  `json:"structure,omitempty"`
		Ways       []jsonWay   `json:"ways"`
		Scenarios  []jsonCase  `json:"scenarios"`
	}
	jsonScore struct {
		Name      string  `json:"name"`
		About     string  `json:"about"`
		Passed    int     `json:"passed"`
		Failed    int     `json:"failed"`
		NotRun    int     `json:"not_run"`
		Drawn     int     `json:"drawn,omitempty"`
		Threshold float64 `json:"threshold,omitempty"`
		Points    float64 `json:"points"`
		MaxPoints float64 `json:"max_points"`
	}
	jsonRule struct {
		Rule    string   `json:"rule"`
		About   string   `json:"about"`
		Verdict string   `json:"verdict"`
		Where   []string `json:"where"`
	}
	jsonWay struct {
		Way        int            `json:"way"`
		Count      int            `json:"count"`
		Categories string         `json:"categories"`
		Summary    string         `json:"summary"`
		Example    string         `json:"example"`
		Reproducer jsonReproducer `json:"reproducer"`
	}
	jsonReproducer struct {
		File       string         `json:"file,omitempty"`
		Input      string         `json:"input"`
		Size       string         `json:"size"`
		Shrunk     bool           `json:"shrunk"`
		MidGame    string         `json:"mid_game,omitempty"`
		Difference jsonDifference `json:"difference"`
	}
	jsonCase struct {
		Name       string          `json:"name"`
		Category   string          `json:"category"`
		Mode       string          `json:"mode"`
		Verdict    string          `json:"verdict"`
		Why        string          `json:"why,omitempty"`
		Game       string          `json:"game,omitempty"`
		Way        int             `json:"way,omitempty"`
		Difference *jsonDifference `json:"difference,omitempty"`
		Reproducer string          `json:"reproducer,omitempty"`
	}
	jsonDifference struct {
		OutputLine int      `json:"output_line"`
		InputLine  int      `json:"input_line"`
		Input      string   `json:"input,omitempty"`
		Want       string   `json:"want"`
		Got        string   `json:"got"`
		Cut        bool     `json:"cut"`
		Blanks     bool     `json:"blanks,omitempty"`
		End        string   `json:"end"`
		Stderr     []string `json:"stderr"`
	}
)

func difference(f *check.Failure) jsonDifference {
	return jsonDifference{
		OutputLine: f.Line, InputLine: f.InputLine, Input: f.Input, Want: f.Want, Got: f.Got,
		Cut: f.Cut, Blanks: f.Blanks, End: f.What, Stderr: append([]string{}, f.Stderr...),
	}
}

// WriteJSON writes g as one JSON object, indented, in the schema that
// doc/grading.md documents.
func WriteJSON(w io.Writer, g *check.Grade) error {
	score, most := g.Total()
	j := jsonGrade{
		Program: g.Program, Rules: g.Rules.Name(), RulesFrom: g.RulesFrom, Profile: g.Profile.String(),
		Mode: g.Mode.String(), Seed: g.Seed, Sandbox: g.Sandbox, Env: g.Env, Seconds: math.Round(g.Elapsed.Seconds()*1000) / 1000,
		Score: score, MaxScore: most, Passed: g.Count(check.Passed), Failed: g.Count(check.Failed), NotRun: g.Count(check.NotRun), Drawn: g.Count(check.Drawn), Skipped: g.Skipped,
		Categories: []jsonScore{}, Ways: []jsonWay{}, Scenarios: []jsonCase{},
	}
	for _, s := range g.Scores {
		j.Categories = append(j.Categories, jsonScore{
			Name: s.Category.String(), About: s.Category.About(), Passed: s.Passed, Failed: s.Failed, NotRun: s.NotRun,
			Drawn: s.Drawn, Threshold: s.Threshold, Points: s.Points, MaxPoints: s.Max,
		})
	}
	for _, r := range g.Structure {
		j.Structure = append(j.Structure, jsonRule{Rule: r.Name, About: r.About, Verdict: r.Verdict.String(), Where: append([]string{}, r.Where...)})
	}
	for _, way := range g.Ways {
		j.Ways = append(j.Ways, jsonWay{
			Way: way.Number, Count: len(way.Cases), Categories: way.Categories(), Summary: way.Summary(), Example: way.Cases[0].Name,
			Reproducer: jsonReproducer{
				File: way.File, Input: string(way.Input), Size: way.Size, Shrunk: way.Shrunk, MidGame: way.MidGame,
				Difference: difference(way.Failure),
			},
		})
	}
	for _, c := range g.Cases {
		jc := jsonCase{Name: c.Name, Category: c.Category.String(), Mode: c.Mode.String(), Verdict: c.Verdict.String(), Why: c.Why}
		if g.AI != nil && c.Verdict != check.NotRun {
			jc.Game = c.About
		}
		if c.Failure != nil {
			d := difference(c.Failure)
			jc.Difference = &d
		}
		if c.Way != nil {
			jc.Way, jc.Reproducer = c.Way.Number, c.Way.File
		}
		j.Scenarios = append(j.Scenarios, jc)
	}
	return writeIndented(w, j)
}

// WriteJSONError writes, in place of a grade, the JSON object
// {"error": ...} for a check that could not run.
func WriteJSONError(w io.Writer, err error) error {
	return writeIndented(w, map[string]string{"error": err.Error()})
}

// writeIndented writes v as indented JSON, with <, > and & as they are.
func writeIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
