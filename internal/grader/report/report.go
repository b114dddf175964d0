package report

import (
	"bufio"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"net/url"
	"os"
	"strings"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/page"
)

// reportHTML is the template of the report of a check and of the index
// of a class's reports.
//
//go:embed report.html
var reportHTML string

var reportTemplate = template.Must(template.New("report.html").Parse(reportHTML))

// A report is what the report page shows of a check's grade: every
// value comes from the Grade, none from the page.
type report struct {
	Style       template.CSS
	Program     string
	Rules       string
	Profile     string
	Mode        string
	Seed        uint64
	Sandbox     string
	Env         string
	Skipped     int
	Passed      int
	Failed      int
	NotRun      int
	NotRunWhy   []string // "3 scenarios not run: a limit ended..."
	Points, Max string
	Scores      []scoreRow
	Structure   []check.Rule // the rules of structure of a Python program
	Ways        []wayView
	MaxLine     int // check.MaxLine
}

// A scoreRow is a category's line of the table of points.
type scoreRow struct {
	Category, About, Passed, Points string
}

// A wayView is a way of failing as the report shows it.
type wayView struct {
	Number, Of  int
	Count       int
	Categories  string
	Summary     string
	Example     string // the example's name and what it is
	Others      []string
	Reproducer  string // "smallest input found that fails this way: 4x4 board, 1 line after the setup"
	Input       []line
	Diff        string
	What        string
	Stderr      []line
	MidGame     string
	OutputCut   string // says the output was cut, when it was
	Steps       []step
	StepsTotal  int    // the steps of the reproducer, of which Steps may show only some
	StepsNote   string // says which steps are shown, when not all are
	StartStep   int    // the step shown first: the first that differs
	ReproFile   string
	ReproFailed string
}

// WriteReport writes the report of grade g as one HTML page that needs
// nothing else, not even a network: the summary of the check, the points
// of each category, the rules of structure of a Python program, and for
// each way of failing its reproducer as boards to step through, the
// judge's answer and the program's side by side at each step. Everything the program wrote is escaped, and shown visibly
// when it would not show.
func WriteReport(w io.Writer, g *check.Grade) error {
	total, most := g.Total()
	r := report{
		Style: page.Style(), Program: g.Program, Rules: g.Rules.Name() + " (" + g.RulesFrom + ")",
		Profile: g.Profile.String(), Mode: g.Mode.String(), Seed: g.Seed, Sandbox: strings.TrimPrefix(g.Sandbox, "sandbox: "), Env: g.Env, Skipped: g.Skipped,
		Passed: g.Count(check.Passed), Failed: g.Count(check.Failed), NotRun: g.Count(check.NotRun),
		Points: check.FormatPoints(total), Max: check.FormatPoints(most), MaxLine: check.MaxLine, Structure: g.Structure,
	}
	whys := map[string]int{}
	var order []string
	for _, c := range g.Cases {
		if c.Verdict == check.NotRun {
			if whys[c.Why] == 0 {
				order = append(order, c.Why)
			}
			whys[c.Why]++
		}
	}
	for _, why := range order {
		r.NotRunWhy = append(r.NotRunWhy, fmt.Sprintf("%d %s, which count as failed", whys[why], why))
	}
	for _, s := range g.Scores {
		row := scoreRow{Category: s.Category.String(), About: s.Category.About()}
		if n := s.Count(); n == 0 {
			row.Passed, row.Points = "none", "-/"+check.FormatPoints(s.Weight)
		} else if s.Category.IsOpponent() {
			row.Passed, row.Points = gamesOf(s), check.FormatPoints(s.Points)+"/"+check.FormatPoints(s.Max)
		} else {
			row.Passed, row.Points = fmt.Sprintf("%d/%d", s.Passed, n), check.FormatPoints(s.Points)+"/"+check.FormatPoints(s.Max)
		}
		r.Scores = append(r.Scores, row)
	}
	for _, way := range g.Ways {
		r.Ways = append(r.Ways, viewWay(g, way))
	}
	bw := bufio.NewWriter(w)
	if err := reportTemplate.ExecuteTemplate(bw, "report", r); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return bw.Flush()
}

// WriteReportError writes the page of a check that could not be made,
// where WriteReport would write its report: err, which says why (a
// *check.RulesError names the program). So -html always leaves a page,
// as WriteJSONError always leaves JSON.
func WriteReportError(w io.Writer, err error) error {
	view := struct {
		Style template.CSS
		Why   string
	}{page.Style(), "othello " + err.Error()}
	bw := bufio.NewWriter(w)
	if err := reportTemplate.ExecuteTemplate(bw, "error", view); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return bw.Flush()
}

// WriteReportFile writes the page of a check to the file path, created,
// or emptied if it is there: WriteReport's page of g or, if checkErr is
// not nil, WriteReportError's page of a check that could not be made.
func WriteReportFile(path string, g *check.Grade, checkErr error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if checkErr != nil {
		err = WriteReportError(f, checkErr)
	} else {
		err = WriteReport(f, g)
	}
	if err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// viewWay returns way as the report of g shows it.
func viewWay(g *check.Grade, way *check.Way) wayView {
	ex := way.Cases[0]
	v := wayView{
		Number: way.Number, Of: len(g.Ways), Count: len(way.Cases), Categories: way.Categories(),
		Summary: way.Summary(), Example: ex.Name + " (" + ex.About + ")",
		Diff: way.Failure.Diff, What: way.Failure.What, MidGame: way.MidGame, ReproFile: way.File,
	}
	if way.Err != nil {
		v.ReproFailed = way.Err.Error()
	}
	for _, c := range way.Cases[1:] {
		v.Others = append(v.Others, c.Name)
	}
	v.Reproducer = "its input, not shrunk: " + way.Size
	if way.Shrunk {
		v.Reproducer = "smallest input found that fails this way: " + way.Size
	}
	for i, l := range console.Lines(way.Input) {
		v.Input = append(v.Input, line{Number: i + 1, Parts: visible(l, check.MaxLine)})
	}
	for _, l := range way.Failure.Stderr {
		v.Stderr = append(v.Stderr, line{Parts: visible(l+"\n", math.MaxInt)}) // check has cut it

	}
	if way.OutputCut {
		v.OutputCut = fmt.Sprintf("the program wrote more than %d KiB: only its first %d KiB are shown", check.MaxOutput>>10, check.MaxOutput>>10)
	}
	v.Steps, v.StepsTotal = steps(g.Rules, way)
	if n := len(v.Steps); n < v.StepsTotal {
		v.StepsNote = fmt.Sprintf("steps %d to %d of %d, around the first difference", v.Steps[0].Number, v.Steps[n-1].Number, v.StepsTotal)
	}
	v.StartStep = v.Steps[0].Number
	for _, s := range v.Steps {
		if s.Differs {
			v.StartStep = s.Number
			break
		}
	}
	return v
}

// Submissions is the folder, beside the index of a class's reports, that
// holds the folder of each submission's reports, named as the submission
// is: no submission's name can then be that of the index, or of the
// grades beside it.
const Submissions = "submissions"

// An IndexRow is one submission's line in the index of a class's
// reports, as othello grade writes it.
type IndexRow struct {
	Name         string // the submission's folder name, which names the folder of its reports in Submissions
	Rules        string // "" when the check could not be made
	Score, Max   string // points, as check.FormatPoints writes them
	Passed       int
	Failed       int
	NotRun       int
	FirstFailure string
	Report       string // its report in its folder, such as "report.html"; "" for none
}

// link returns the relative address of the row's report, each character
// that is not safe in a path escaped, and "" for no report or a name that
// no link can name safely: "." or "..".
func (row IndexRow) link() string {
	if row.Report == "" || strings.Trim(row.Name, ".") == "" {
		return ""
	}
	return "./" + Submissions + "/" + url.PathEscape(row.Name) + "/" + url.PathEscape(row.Report)
}

// WriteIndex writes the index of a class's reports as one HTML page: a
// table of the submissions, each named with a link to its report in
// Submissions.
func WriteIndex(w io.Writer, rows []IndexRow) error {
	type linked struct {
		IndexRow
		Link string
	}
	view := struct {
		Style template.CSS
		Rows  []linked
	}{Style: page.Style()}
	for _, row := range rows {
		view.Rows = append(view.Rows, linked{row, row.link()})
	}
	bw := bufio.NewWriter(w)
	if err := reportTemplate.ExecuteTemplate(bw, "index", view); err != nil {
		return fmt.Errorf("report: index: %w", err)
	}
	return bw.Flush()
}
