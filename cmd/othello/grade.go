package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/sandbox"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

const gradeUsage = `usage: othello grade [flags] -out DIR SUBMISSION... -- COMMAND [ARGS...]

Grades a class: runs othello check on every SUBMISSION folder, with one
seed for all, COMMAND running inside each folder (such as python3
othello.py, or python3 {main} for each one's main module: see below), -j
submissions at a time. Writes, for each submission, into
DIR/submissions/NAME (NAME is the folder's name): report.txt,
report.json, report.html (as othello check -html writes it) and the
smallest failing inputs in failing/; DIR/index.html, a table of the
submissions linked to their reports; and one line for each submission in
the CSV file: submission, rules, score, max, passed, failed, not_run,
first_failure (else the first rule of structure broken), status
(graded, interrupted or error), then the points of each category, by
submission name. The CSV is replaced whole as each
submission is done, so it is never half written. A cell that a
spreadsheet would take for a formula (it starts with =, +, -, @, a tab
or a carriage return, and is not a number) is written after a ', as
text.
Run again with the same flags, it keeps the submissions graded (with
the seed of DIR/grade.json when -seed is not given) and grades the
rest; with other flags or -fresh, it grades all, first moving the
grades it does not keep to NAME.old.csv.
A submission whose program cannot be started, or does not print FULL or
SIMPLE first (what it wrote on standard error shown), or has no main
module or several for {main}, scores 0, with the reason as its failure
(and in its report.html).
Standard error shows progress. Exit status: 0 when every submission was
graded, 1 if the reports of one could not be written, 2 bad command
line, 3 when SIGINT, SIGTERM or SIGHUP stopped it (run it again to
finish).

  -out DIR
	where the reports go (required)
  -csv FILE
	the grades (default DIR/grades.csv)
  -v
	report.txt: a block for every failing scenario too
  -fresh
	grade every submission again, keeping none of an earlier run
  -j N
	submissions graded at once, and runs made at once in all: one
	submission left to grade makes N at once (default: the number of
	CPUs)
` + commandUsage + `
` + checkFlagsUsage + sandboxUsage

// runGrade runs "othello grade".
func runGrade(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("grade", stderr)
	cf := addCheckFlags(flags)
	out := flags.String("out", "", "")
	csvPath := flags.String("csv", "", "")
	verbose := flags.Bool("v", false, "")
	fresh := flags.Bool("fresh", false, "")
	if status, ok := parseFlags(flags, args, gradeUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "grade", gradeUsage, format, a...) }
	rest := flags.Args()
	if flags.NArg() > 0 && args[len(args)-flags.NArg()-1] == "--" {
		rest = append([]string{"--"}, rest...) // flag parsing took the --
	}
	dash := slices.Index(rest, "--")
	if dash < 1 || dash == len(rest)-1 {
		return usageError("want SUBMISSION... -- COMMAND")
	}
	subs, command := rest[:dash], rest[dash+1:]
	if *out == "" {
		return usageError("-out DIR is required")
	}
	if *csvPath == "" {
		*csvPath = filepath.Join(*out, "grades.csv")
	}
	cfg, err := cf.config(flags)
	if err != nil {
		return usageError("%v", err)
	}
	if err := cfg.Sandbox.Walled(); err != nil && cfg.Sandbox.Mode == sandbox.Isolated {
		fmt.Fprintf(stderr, "othello grade: %v: refusing to grade.\n%s", err, noWallHelp)
		return 1
	}
	names := make([]string, len(subs)) // each submission's folder name, which names its reports
	for i, sub := range subs {
		fi, err := os.Stat(sub)
		if err != nil || !fi.IsDir() {
			return usageError("submission %s is not a folder", sub)
		}
		names[i] = filepath.Base(filepath.Clean(sub))
		if strings.Trim(names[i], "./"+string(filepath.Separator)) == "" {
			return usageError("submission %s has no name of its own: name its folder", sub)
		}
		if slices.Contains(names[:i], names[i]) {
			return usageError("two submissions are named %s", names[i])
		}
	}
	slices.SortFunc(subs, func(a, b string) int {
		return strings.Compare(filepath.Base(filepath.Clean(a)), filepath.Base(filepath.Clean(b)))
	})
	slices.Sort(names) // the rows of the grades, by name
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	cfg.Program = check.Program{Path: command[0], Args: command[1:]}
	categories, weights := gradeWeights(cfg) // the default weights are the program's
	settings := gradeSettings{Flags: gradeFlags(flags, args), Weights: weights, Command: command, Seed: cfg.Seed}
	table := &gradeTable{path: *csvPath, categories: categories}
	kept, err := table.resume(*out, &settings, isSet(flags, "seed"), *fresh, names, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	cfg.Seed = settings.Seed
	// No program sees the reports, nor the other submissions.
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	cfg.Sandbox.Hide = append(cfg.Sandbox.Hide, abs(*out), abs(*csvPath))
	// -j submissions at once, and -j runs at once in all: a submission
	// whose runs are slow, graded when the others are done, has them all.
	at := cfg.Jobs
	cfg.Slots = check.NewSlots(at)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills at once
	var todo []int               // the submissions to grade, not kept
	for i, name := range names {
		if _, ok := kept[name]; !ok {
			table.rows = append(table.rows, gradeRow{IndexRow: report.IndexRow{Name: name}, Status: statusInterrupted})
			todo = append(todo, i)
		}
	}
	for _, row := range kept {
		table.rows = append(table.rows, row)
	}
	slices.SortFunc(table.rows, func(a, b gradeRow) int { return strings.Compare(a.Name, b.Name) })
	if err := table.write(*out); err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	var mu sync.Mutex
	done := len(kept)
	p := newProgress(stderr, "grade", "submissions")
	terminal := isTerminal(stderr)
	start := time.Now()
	var writeErr error
	check.Parallel(ctx, len(todo), at, func(j int) {
		i := todo[j]
		c := cfg
		c.Sandbox.Dir = abs(subs[i])
		c.Sandbox.Hide = slices.Clone(cfg.Sandbox.Hide)
		for _, other := range subs {
			if other != subs[i] {
				c.Sandbox.Hide = append(c.Sandbox.Hide, abs(other))
			}
		}
		row, err := gradeOne(ctx, c, names[i], filepath.Join(*out, report.Submissions, names[i]), *verbose, table.categories)
		mu.Lock()
		defer mu.Unlock()
		if row.Status == statusInterrupted {
			return // its row says so already
		}
		table.rows[slices.IndexFunc(table.rows, func(r gradeRow) bool { return r.Name == names[i] })] = row
		if err := table.write(*out); err != nil && writeErr == nil {
			writeErr = err
			fmt.Fprintf(stderr, "\rothello grade: %v\n", err)
		}
		done++
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "\rothello grade: %s: %v\n", subs[i], err)
		case terminal:
			p.show(done, len(table.rows))
		default:
			fmt.Fprintf(stderr, "graded %s: %s/%s (%d/%d, %v)\n", names[i], row.Score, row.Max, done, len(table.rows), time.Since(start).Round(time.Second))
		}
	})
	p.end()
	if writeErr != nil {
		return 1
	}

	count := map[string]int{}
	var left []string // those interrupted
	for _, r := range table.rows {
		count[r.Status]++
		if r.Status == statusInterrupted {
			left = append(left, r.Name)
		}
	}
	line := fmt.Sprintf("graded %d of %d submissions in %v", count[statusGraded], len(table.rows), time.Since(start).Round(time.Second))
	if len(kept) > 0 {
		line += fmt.Sprintf(" (%d kept from the earlier run)", len(kept))
	}
	if n := count[statusError]; n > 0 {
		line += ", " + plural(n, "error", "errors")
	}
	if n := count[statusInterrupted]; n > 0 {
		fmt.Fprintf(stderr, "othello grade: stopped: not graded: %s\n", strings.Join(left, ", "))
		line += fmt.Sprintf(", %d interrupted: run again to finish", n)
	}
	fmt.Fprintf(stdout, "%s: %s\n", line, *csvPath)
	switch {
	case count[statusInterrupted] > 0:
		return 3
	case count[statusError] > 0:
		return 1
	}
	return 0
}

// gradeOne checks the submission called name with cfg, writes its
// reports into dir, and returns its row of the grades, with the points
// of each of the categories. A check that a signal stopped is
// interrupted, its reports not written; the error is for reports that
// could not be written.
func gradeOne(ctx context.Context, cfg check.Config, name, dir string, verbose bool, categories []scenario.Category) (gradeRow, error) {
	failed := func(err error) (gradeRow, error) {
		return gradeRow{IndexRow: report.IndexRow{Name: name, FirstFailure: err.Error()}, Status: statusError}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return failed(err)
	}
	cfg.Out, cfg.OutName = filepath.Join(dir, "failing"), "failing"
	g, err := check.Check(ctx, cfg)
	if ctx.Err() != nil {
		return gradeRow{IndexRow: report.IndexRow{Name: name}, Status: statusInterrupted}, ctx.Err()
	}
	var text, js, page strings.Builder
	row := gradeRow{Status: statusGraded, Points: make([]string, len(categories))}
	if err != nil {
		fmt.Fprintf(&text, "othello %v\n", err)
		check.WriteJSONError(&js, err)
		report.WriteReportError(&page, err)
		row.IndexRow = report.IndexRow{Name: name, Score: "0", Max: check.FormatPoints(cfg.MaxPoints()), FirstFailure: err.Error(), Report: "report.html"}
		for i := range row.Points {
			row.Points[i] = "0"
		}
	} else {
		check.WriteText(&text, g, verbose)
		check.WriteJSON(&js, g)
		if err := report.WriteReport(&page, g); err != nil {
			return failed(err)
		}
		score, max := g.Total()
		row.IndexRow = report.IndexRow{Name: name, Rules: g.Rules.Name(), Score: check.FormatPoints(score), Max: check.FormatPoints(max),
			Passed: g.Count(check.Passed), Failed: g.Count(check.Failed), NotRun: g.Count(check.NotRun), Report: "report.html"}
		if len(g.Ways) > 0 {
			row.FirstFailure = g.Ways[0].Summary()
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
	statusGraded      = "graded"      // checked and scored
	statusInterrupted = "interrupted" // not graded: the run was stopped before it was done, or is still running
	statusError       = "error"       // not graded: its reports could not be written
)

// A gradeRow is one submission's line of the grades.
type gradeRow struct {
	report.IndexRow
	Status string
	Points []string // the points of each category of the grades, "" for none
}

// A gradeTable is the CSV file of the grades: a row for each submission,
// by name, and a column for each category with points after the others.
type gradeTable struct {
	path       string
	categories []scenario.Category
	rows       []gradeRow
}

// header returns the first line of the CSV file: new columns go at its
// end, so that what reads the older ones reads them still.
func (t *gradeTable) header() []string {
	h := []string{"submission", "rules", "score", "max", "passed", "failed", "not_run", "first_failure", "status"}
	for _, c := range t.categories {
		h = append(h, c.String())
	}
	return h
}

// write replaces the CSV file and the index of the reports in out,
// index.html, each whole, so that a reader never sees half of one. Every
// cell is written as csvCell writes it.
func (t *gradeTable) write(out string) error {
	err := replaceFile(t.path, func(f io.Writer) error {
		w := csv.NewWriter(f)
		w.Write(t.header())
		for _, r := range t.rows {
			cells := []string{r.Name, r.Rules, r.Score, r.Max, "", "", "", r.FirstFailure, r.Status}
			if r.Status != statusInterrupted {
				cells[4], cells[5], cells[6] = strconv.Itoa(r.Passed), strconv.Itoa(r.Failed), strconv.Itoa(r.NotRun)
			}
			cells = append(cells, r.Points...)
			cells = append(cells, make([]string, len(t.categories)-len(r.Points))...)
			for i := range cells {
				cells[i] = csvCell(cells[i])
			}
			w.Write(cells)
		}
		w.Flush()
		return w.Error()
	})
	if err != nil {
		return err
	}
	var shown []report.IndexRow
	for _, r := range t.rows {
		if r.Status != statusInterrupted {
			shown = append(shown, r.IndexRow)
		}
	}
	return replaceFile(filepath.Join(out, "index.html"), func(w io.Writer) error { return report.WriteIndex(w, shown) })
}

// read returns the rows of the CSV file by submission name; the file
// must have the columns of t.
func (t *gradeTable) read() (map[string]gradeRow, error) {
	f, err := os.Open(t.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(records) == 0 || !slices.Equal(records[0], t.header()) {
		return nil, errors.New("its columns are not those of this run")
	}
	rows := map[string]gradeRow{}
	for _, r := range records[1:] {
		var n [3]int
		for i := range n {
			n[i], _ = strconv.Atoi(r[4+i])
		}
		row := gradeRow{IndexRow: report.IndexRow{Name: csvText(r[0]), Rules: csvText(r[1]), Score: r[2], Max: r[3],
			Passed: n[0], Failed: n[1], NotRun: n[2], FirstFailure: csvText(r[7]), Report: "report.html"}, Status: r[8], Points: r[9:]}
		rows[row.Name] = row
	}
	return rows, nil
}

// resume returns the rows of the grades that an earlier run left and this
// one keeps, by submission name: those graded with the same flags and
// command, their reports in out, those of submissions not named this
// time too. Without -seed (seedSet), the run takes
// the earlier one's seed. Grades it does not keep are moved aside, to
// NAME.old.csv, so that no run replaces graded rows with fewer. It says
// what it kept, or why it keeps nothing, on stderr, and writes the run
// to out/grade.json.
func (t *gradeTable) resume(out string, run *gradeSettings, seedSet, fresh bool, names []string, stderr io.Writer) (map[string]gradeRow, error) {
	sidecar := filepath.Join(out, "grade.json")
	var earlier gradeSettings
	data, runErr := os.ReadFile(sidecar)
	if runErr == nil {
		runErr = json.Unmarshal(data, &earlier)
	}
	if !seedSet && !fresh && runErr == nil && earlier.sameFlags(*run) {
		run.Seed = earlier.Seed
	}
	rows, csvErr := t.read()
	why := ""
	switch {
	case errors.Is(csvErr, fs.ErrNotExist):
	case fresh:
		why = "-fresh"
	case csvErr != nil:
		why = fmt.Sprintf("%s cannot be read: %v", t.path, csvErr)
	case runErr != nil:
		why = fmt.Sprintf("%s does not say what made %s: %v", sidecar, t.path, runErr)
	case !earlier.sameFlags(*run):
		why = fmt.Sprintf("%s was made with other flags or another command: %s, now %s", t.path, earlier, *run)
	case earlier.Seed != run.Seed:
		why = fmt.Sprintf("%s was made with seed %d, now %d", t.path, earlier.Seed, run.Seed)
	}
	kept := map[string]gradeRow{}
	if why != "" {
		old := strings.TrimSuffix(t.path, ".csv") + ".old.csv"
		if err := os.Rename(t.path, old); err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "othello grade: grading all %d submissions: %s; the earlier grades are now in %s\n", len(names), why, old)
	} else {
		todo := len(names)
		for name, row := range rows {
			_, err := os.Stat(filepath.Join(out, report.Submissions, name, "report.json"))
			if row.Status == statusGraded && err == nil {
				kept[name] = row
				if slices.Contains(names, name) {
					todo--
				}
			}
		}
		if len(kept) > 0 {
			fmt.Fprintf(stderr, "othello grade: kept %s graded by the earlier run (seed %d); grading %d\n", plural(len(kept), "submission", "submissions"), run.Seed, todo)
		}
	}
	data, err := json.MarshalIndent(run, "", "  ")
	if err != nil {
		return nil, err
	}
	return kept, replaceFile(sidecar, func(w io.Writer) error { _, err := w.Write(append(data, '\n')); return err })
}

// A gradeSettings is what makes a class's grades, as out/grade.json keeps it
// for the CSV file: two runs of the same give the same grades.
type gradeSettings struct {
	Flags   []string           `json:"flags"`   // those that change a grade, as -name=value, by name
	Weights map[string]float64 `json:"weights"` // the points of each category, as the weights file said
	Command []string           `json:"command"`
	Seed    uint64             `json:"seed"`
}

// sameFlags reports whether r and s have the same flags, weights and
// command; their seeds may differ.
func (r gradeSettings) sameFlags(s gradeSettings) bool {
	return slices.Equal(r.Flags, s.Flags) && maps.Equal(r.Weights, s.Weights) && slices.Equal(r.Command, s.Command)
}

// String returns the flags and the command, as typed.
func (r gradeSettings) String() string {
	return strings.Join(append(append(slices.Clone(r.Flags), "--"), r.Command...), " ")
}

// gradeFlags returns the flags of args, parsed by flags, that change a
// grade, as -name=value, sorted by name (a flag given more than once in
// its order): all but -seed, which a gradeSettings keeps apart, and -j,
// -fresh, -out and -csv.
func gradeFlags(flags *flag.FlagSet, args []string) []string {
	var set []string
	for i := 0; i < len(args)-flags.NArg(); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		f := flags.Lookup(name)
		if f == nil {
			continue // the -- before the submissions
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && ok && b.IsBoolFlag() {
			value = "true"
		} else if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		if !slices.Contains([]string{"seed", "j", "fresh", "out", "csv"}, name) {
			set = append(set, "-"+name+"="+value)
		}
	}
	slices.SortStableFunc(set, func(a, b string) int {
		an, _, _ := strings.Cut(a, "=")
		bn, _, _ := strings.Cut(b, "=")
		return strings.Compare(an, bn)
	})
	return set
}

// gradeWeights returns the points of each category that has some, in
// the order of scenario.Categories, and the same by name.
func gradeWeights(cfg check.Config) ([]scenario.Category, map[string]float64) {
	w := cfg.Points()
	var cs []scenario.Category
	byName := map[string]float64{}
	for _, c := range scenario.Categories {
		if w[c] > 0 {
			cs = append(cs, c)
			byName[c.String()] = w[c]
		}
	}
	return cs, byName
}

// replaceFile writes a file with write and puts it at path at once: a
// reader sees the file before or after, whole, never a part of it, and
// the file survives the machine stopping once replaceFile returns.
func replaceFile(path string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // when it was not renamed
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // the rename itself; not every file system can
		d.Close()
	}
	return nil
}

// csvCell returns s as a cell of the grades that a spreadsheet reads as
// text and never runs: a cell that starts with =, +, -, @, a tab or a
// carriage return, which a spreadsheet may take for a formula (such as a
// submission folder named =HYPERLINK(...)), gets a ' before it, as
// OWASP's rule on CSV injection says, unless it is a number such as -1.5.
func csvCell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || isNumber(s) {
		return s
	}
	return "'" + s
}

// isNumber reports whether s is a number in decimal digits, such as -1.5.
func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil && strings.Trim(s, "+-.0123456789") == ""
}

// csvText returns the text of a cell that csvCell wrote.
func csvText(cell string) string {
	if text, ok := strings.CutPrefix(cell, "'"); ok && csvCell(text) == cell {
		return text
	}
	return cell
}
