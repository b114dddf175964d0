package class

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/record"
)

// GradeOne checks the submission called name with cfg, writes its
// reports into dir, and returns its row of the grades, with the points
// of each of the categories. A check that a signal stopped is
// interrupted, its reports not written; the error is for reports that
// could not be written, or for a check that the grader's machine could
// not make (check.ErrGraderMachine), which no grade may count against
// the submission: either row has the status error, the reason its first
// failure.
func GradeOne(ctx context.Context, cfg check.Config, name, dir string, verbose bool, categories []scenario.Category) (Row, error) {
	failed := func(err error) (Row, error) {
		return Row{IndexRow: report.IndexRow{Name: name, FirstFailure: err.Error()}, Status: StatusError}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return failed(err)
	}
	cfg.Out, cfg.OutName = filepath.Join(dir, "failing"), "failing"
	g, err := check.Check(ctx, cfg)
	if ctx.Err() != nil {
		return Row{IndexRow: report.IndexRow{Name: name}, Status: StatusInterrupted}, ctx.Err()
	}
	if errors.Is(err, check.ErrGraderMachine) {
		return failed(err)
	}
	var text, js, page strings.Builder
	row := Row{Status: StatusGraded, Points: make([]string, len(categories))}
	if err != nil {
		fmt.Fprintf(&text, "othello %v\n", err)
		report.WriteJSONError(&js, err)
		report.WriteReportError(&page, err)
		row.IndexRow = report.IndexRow{Name: name, Score: "0", Max: check.FormatPoints(cfg.MaxPoints()), FirstFailure: err.Error(), Report: "report.html"}
		for i := range row.Points {
			row.Points[i] = "0"
		}
	} else {
		report.WriteText(&text, g, verbose)
		report.WriteJSON(&js, g)
		if err := report.WriteReport(&page, g); err != nil {
			return failed(err)
		}
		score, max := g.Total()
		row.IndexRow = report.IndexRow{Name: name, Rules: g.Rules.Name(), Score: check.FormatPoints(score), Max: check.FormatPoints(max),
			Passed: g.Count(check.Passed), Failed: g.Count(check.Failed), NotRun: g.Count(check.NotRun), Report: "report.html"}
		if len(g.Ways) > 0 {
			row.FirstFailure = g.Ways[0].Summary()
		} else if c := firstLost(g); c != nil {
			row.FirstFailure = c.Name + ": " + c.About
		} else if r := firstBroken(g.Structure); r != nil {
			row.FirstFailure = "structure: " + r.Name + ": " + strings.Join(r.Where, "; ")
		}
		for _, s := range g.Scores {
			if i := slices.Index(categories, s.Category); i >= 0 && s.Max > 0 { // "" for a category with no scenarios
				row.Points[i] = check.FormatPoints(s.Points)
			}
		}
	}
	if err := writeReports(dir, text.String(), js.String(), page.String()); err != nil {
		return failed(err)
	}
	return row, nil
}

// firstLost returns the first game of an AI grade that the program
// lost, or nil.
func firstLost(g *check.Grade) *check.Case {
	for _, c := range g.Cases {
		if g.AI != nil && c.Verdict == check.Failed {
			return c
		}
	}
	return nil
}

// firstBroken returns the first rule of structure not kept, or nil.
func firstBroken(rules []check.Rule) *check.Rule {
	for i := range rules {
		if rules[i].Verdict != check.Passed {
			return &rules[i]
		}
	}
	return nil
}

// writeReports writes a submission's reports into dir: report.txt,
// report.json and report.html.
func writeReports(dir, text, js, page string) error {
	files := []struct{ name, data string }{{"report.txt", text}, {"report.json", js}, {"report.html", page}}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// The status of a submission in the grades.
const (
	StatusGraded      = "graded"      // checked and scored
	StatusInterrupted = "interrupted" // not graded: the run was stopped before it was done, or is still running
	StatusError       = "error"       // not graded: its reports could not be written, or the grader's machine could not check it
	StatusMissing     = "missing"     // not graded: the roster names its students, and no folder of it was given
)

// A Row is one submission's line of the grades.
type Row struct {
	report.IndexRow
	Status string
	Points []string // the points of each category of the grades, "" for none
}

// gradeColumns are the columns of the grades before the categories'
// (Table.Header): no roster's column may be named as one of them or a
// category, which would be read for it.
var gradeColumns = []string{"submission", "rules", "score", "max", "passed", "failed", "not_run", "first_failure", "status"}

// A Table is the CSV file of the grades: a row for each submission,
// by name, and a column for each category with points after the others;
// with a roster, its students' columns after those, and a row for each
// entry of the roster with no row of its own, missing, last.
type Table struct {
	Path       string
	Categories []scenario.Category
	Rows       []Row
	Roster     *Roster // nil for none
}

// Header returns the first line of the CSV file: new columns go at its
// end, so that what reads the older ones reads them still. The roster's
// columns are last, after the grades' (gradeHeader).
func (t *Table) Header() []string {
	h := t.gradeHeader()
	if t.Roster != nil {
		h = append(h, t.Roster.Columns...)
	}
	return h
}

// gradeHeader returns the columns of the grades: those of every run,
// then a column for each category.
func (t *Table) gradeHeader() []string {
	h := slices.Clone(gradeColumns)
	for _, c := range t.Categories {
		h = append(h, c.String())
	}
	return h
}

// studentCells returns the cells of the roster's columns for the
// students of a submission, those of a group joined by "; " in the
// roster's order, or empty cells for none.
func (t *Table) studentCells(students []Student) []string {
	if t.Roster == nil {
		return nil
	}
	cells := make([]string, len(t.Roster.Columns))
	for i := range cells {
		var all []string
		for _, s := range students {
			all = append(all, s.Cells[i])
		}
		cells[i] = strings.Join(all, "; ")
	}
	return cells
}

// Write replaces the CSV file and the index of the reports in out,
// index.html, each whole, so that a reader never sees half of one. Every
// cell is written as Cell writes it.
func (t *Table) Write(out string) error {
	err := record.ReplaceFile(t.Path, func(f io.Writer) error {
		w := csv.NewWriter(f)
		w.Write(cellsOf(t.Header()))
		entries := t.Roster.lookup()
		for _, r := range t.Rows {
			cells := []string{r.Name, r.Rules, r.Score, r.Max, "", "", "", r.FirstFailure, r.Status}
			if r.Status != StatusInterrupted {
				cells[4], cells[5], cells[6] = strconv.Itoa(r.Passed), strconv.Itoa(r.Failed), strconv.Itoa(r.NotRun)
			}
			cells = append(cells, r.Points...)
			cells = append(cells, make([]string, len(t.Categories)-len(r.Points))...)
			var students []Student
			if e := entries[r.Name]; e != nil {
				students = e.Students
			}
			w.Write(cellsOf(append(cells, t.studentCells(students)...)))
		}
		if t.Roster != nil {
			_, missing := t.Roster.Match(t.names())
			for _, e := range missing {
				cells := make([]string, len(t.gradeHeader()))
				cells[0], cells[8] = e.Submission, StatusMissing // its submission and status
				w.Write(cellsOf(append(cells, t.studentCells(e.Students)...)))
			}
		}
		w.Flush()
		return w.Error()
	})
	if err != nil {
		return err
	}
	var shown []report.IndexRow
	for _, r := range t.Rows {
		if r.Status != StatusInterrupted {
			shown = append(shown, r.IndexRow)
		}
	}
	return record.ReplaceFile(filepath.Join(out, "index.html"), func(w io.Writer) error { return report.WriteIndex(w, shown) })
}

// names returns the names of the rows.
func (t *Table) names() []string {
	var names []string
	for _, r := range t.Rows {
		names = append(names, r.Name)
	}
	return names
}

// Read returns the rows of the CSV file by submission name, but those
// missing; the file must have the columns of the grades of t first
// (gradeHeader), and may have any roster's columns after them.
func (t *Table) Read() (map[string]Row, error) {
	f, err := os.Open(t.Path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	grades := t.gradeHeader()
	if len(records) == 0 || len(records[0]) < len(grades) || !slices.Equal(records[0][:len(grades)], grades) {
		return nil, errors.New("its columns are not those of this run")
	}
	rows := map[string]Row{}
	for _, r := range records[1:] {
		if r[8] == StatusMissing {
			continue
		}
		var n [3]int
		for i := range n {
			n[i], _ = strconv.Atoi(r[4+i])
		}
		row := Row{IndexRow: report.IndexRow{Name: Text(r[0]), Rules: Text(r[1]), Score: r[2], Max: r[3],
			Passed: n[0], Failed: n[1], NotRun: n[2], FirstFailure: Text(r[7])}, Status: r[8], Points: r[9:len(grades)]}
		if row.Status == StatusGraded {
			row.Report = "report.html" // as GradeOne sets it; a row in error has none
		}
		rows[row.Name] = row
	}
	return rows, nil
}

// Resume returns the rows of the grades that an earlier run left and this
// one keeps, by submission name: those graded with the same flags and
// command, their reports in out, those of submissions not named this
// time too. Without -seed (seedSet), the run takes
// the earlier one's seed. Grades it does not keep are moved aside, to
// NAME.old.csv, so that no run replaces graded rows with fewer. It says
// what it kept, or why it keeps nothing, in note, for the grader's
// standard error, and writes the run to out/grade.json.
func (t *Table) Resume(out string, run *Settings, seedSet, fresh bool, names []string) (kept map[string]Row, note string, err error) {
	sidecar := filepath.Join(out, "grade.json")
	var earlier Settings
	data, runErr := os.ReadFile(sidecar)
	if runErr == nil {
		runErr = json.Unmarshal(data, &earlier)
	}
	if !seedSet && !fresh && runErr == nil && earlier.SameFlags(*run) {
		run.Seed = earlier.Seed
	}
	rows, csvErr := t.Read()
	why := ""
	switch {
	case errors.Is(csvErr, fs.ErrNotExist):
	case fresh:
		why = "-fresh"
	case csvErr != nil:
		why = fmt.Sprintf("%s cannot be read: %v", t.Path, csvErr)
	case runErr != nil:
		why = fmt.Sprintf("%s does not say what made %s: %v", sidecar, t.Path, runErr)
	case !earlier.SameFlags(*run):
		why = fmt.Sprintf("%s was made with other flags or another command: %s, now %s", t.Path, earlier, *run)
	case earlier.Seed != run.Seed:
		why = fmt.Sprintf("%s was made with seed %d, now %d", t.Path, earlier.Seed, run.Seed)
	}
	kept = map[string]Row{}
	if why != "" {
		old := strings.TrimSuffix(t.Path, ".csv") + ".old.csv"
		if err := os.Rename(t.Path, old); err != nil {
			return nil, "", err
		}
		note = fmt.Sprintf("grading all %d submissions: %s; the earlier grades are now in %s", len(names), why, old)
	} else {
		todo := len(names)
		for name, row := range rows {
			_, err := os.Stat(filepath.Join(out, report.Submissions, name, "report.json"))
			if row.Status == StatusGraded && err == nil {
				kept[name] = row
				if slices.Contains(names, name) {
					todo--
				}
			}
		}
		if len(kept) > 0 {
			some := "submissions"
			if len(kept) == 1 {
				some = "submission"
			}
			note = fmt.Sprintf("kept %d %s graded by the earlier run (seed %d); grading %d", len(kept), some, run.Seed, todo)
		}
	}
	data, err = json.MarshalIndent(run, "", "  ")
	if err != nil {
		return nil, "", err
	}
	return kept, note, record.ReplaceFile(sidecar, func(w io.Writer) error { _, err := w.Write(append(data, '\n')); return err })
}

// A Settings is what makes a class's grades, as out/grade.json keeps it
// for the CSV file: two runs of the same give the same grades.
type Settings struct {
	Flags   []string           `json:"flags"`   // those that change a grade, as -name=value, by name
	Weights map[string]float64 `json:"weights"` // the points of each category, as the weights file said
	// Opponents are an AI grade's, as lines of its weights file
	// (check.Opponent.String): their games and scores change a grade
	// as much as their points.
	Opponents []string `json:"opponents,omitempty"`
	Command   []string `json:"command"`
	Seed      uint64   `json:"seed"`
	// Sandbox is how this run's programs ran, in the words of the
	// reports' sandbox line ("isolated", or "limited" and why). It
	// changes no grade: SameFlags does not compare it.
	Sandbox string `json:"sandbox,omitempty"`
}

// SameFlags reports whether r and s have the same flags, weights and
// command; their seeds may differ.
func (r Settings) SameFlags(s Settings) bool {
	return slices.Equal(r.Flags, s.Flags) && maps.Equal(r.Weights, s.Weights) && slices.Equal(r.Opponents, s.Opponents) && slices.Equal(r.Command, s.Command)
}

// String returns the flags and the command, as typed.
func (r Settings) String() string {
	return strings.Join(append(append(slices.Clone(r.Flags), "--"), r.Command...), " ")
}

// Weights returns the points of each category that has some, in
// the order of cfg.Categories (an AI grade's opponents), and the same by
// name.
func Weights(cfg check.Config) ([]scenario.Category, map[string]float64) {
	w := cfg.Points()
	var cs []scenario.Category
	byName := map[string]float64{}
	for _, c := range cfg.Categories() {
		if w[c] > 0 {
			cs = append(cs, c)
			byName[c.String()] = w[c]
		}
	}
	return cs, byName
}

// Cell returns s as a cell of the grades that a spreadsheet reads as
// text and never runs: a cell that starts with =, +, -, @, a tab or a
// carriage return, which a spreadsheet may take for a formula (such as a
// submission folder named =HYPERLINK(...)), gets a ' before it, as
// OWASP's rule on CSV injection says, unless it is a number such as -1.5.
func Cell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || isNumber(s) {
		return s
	}
	return "'" + s
}

// cellsOf returns cells, each as Cell writes it.
func cellsOf(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Cell(c)
	}
	return out
}

// isNumber reports whether s is a number in decimal digits, such as -1.5.
func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil && strings.Trim(s, "+-.0123456789") == ""
}

// Text returns the text of a cell that Cell wrote.
func Text(cell string) string {
	if text, ok := strings.CutPrefix(cell, "'"); ok && Cell(text) == cell {
		return text
	}
	return cell
}
