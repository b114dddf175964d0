package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/othello-judge/judge/check"
	"github.com/othello-judge/judge/report"
)

const gradeUsage = `usage: othello grade [flags] -out DIR SUBMISSION... -- COMMAND [ARGS...]

Grades a class: runs othello check on every SUBMISSION folder, with one
seed for all, COMMAND running inside each folder (such as python3
othello.py), -j submissions at a time. Writes, for each submission, into
DIR/submissions/NAME (NAME is the folder's name): report.txt,
report.json, report.html (as othello check -html writes it) and the
smallest failing inputs in failing/; DIR/index.html, a table of the
submissions linked to their reports; and one line for each submission in
the CSV file: submission, rules, score, max, passed, failed, not_run,
first_failure. A cell that a spreadsheet would take for a formula (it
starts with =, +, -, @, a tab or a carriage return, and is not a number)
is written after a ', as text.
A submission whose program cannot be started, or does not print FULL or
SIMPLE first, scores 0, with the reason as its failure (and in its
report.html).
Standard error shows progress. Exit status: 0 when every submission was
graded, 1 if one could not be, 2 bad command line.

  -out DIR
	where the reports go (required)
  -csv FILE
	the grades (default DIR/grades.csv)
  -v
	report.txt: a block for every failing scenario too
  -j N
	submissions graded at once, each running one scenario at a time
	(default: the number of CPUs)
` + checkFlagsUsage + sandboxUsage

// runGrade runs "othello grade".
func runGrade(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("grade", stderr)
	cf := addCheckFlags(flags)
	out := flags.String("out", "", "")
	csvPath := flags.String("csv", "", "")
	verbose := flags.Bool("v", false, "")
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
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	// No program sees the reports, nor the other submissions.
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	cfg.Sandbox.Hide = append(cfg.Sandbox.Hide, abs(*out), abs(*csvPath))
	cfg.Program = check.Program{Path: command[0], Args: command[1:]}
	at := cfg.Jobs // submissions at once, each one scenario at a time
	cfg.Jobs = 1

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	rows := make([]*report.IndexRow, len(subs))
	failed := make([]bool, len(subs))
	var mu sync.Mutex
	done := 0
	p := newProgress(stderr, "grade", "submissions")
	terminal := isTerminal(stderr)
	start := time.Now()
	check.Parallel(ctx, len(subs), at, func(i int) {
		c := cfg
		c.Sandbox.Dir = abs(subs[i])
		c.Sandbox.Hide = slices.Clone(cfg.Sandbox.Hide)
		for _, other := range subs {
			if other != subs[i] {
				c.Sandbox.Hide = append(c.Sandbox.Hide, abs(other))
			}
		}
		row, err := gradeOne(ctx, c, names[i], filepath.Join(*out, report.Submissions, names[i]), *verbose)
		mu.Lock()
		defer mu.Unlock()
		rows[i], failed[i] = row, err != nil
		done++
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "\rothello grade: %s: %v\n", subs[i], err)
		case terminal:
			p.show(done, len(subs))
		default:
			fmt.Fprintf(stderr, "graded %s: %s/%s (%d/%d, %v)\n", names[i], row.Score, row.Max, done, len(subs), time.Since(start).Round(time.Second))
		}
	})
	p.end()

	if err := writeGrades(*csvPath, rows); err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	if err := writeIndex(filepath.Join(*out, "index.html"), rows); err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	graded := 0
	for i := range rows {
		if rows[i] != nil && !failed[i] {
			graded++
		}
	}
	fmt.Fprintf(stdout, "graded %d of %d submissions in %v: %s\n", graded, len(subs), time.Since(start).Round(time.Second), *csvPath)
	if graded < len(subs) {
		return 1
	}
	return 0
}

// gradeOne checks the submission called name with cfg, writes its
// reports into dir, and returns its line of the grades. The error is for
// reports that could not be written, or a check that was stopped.
func gradeOne(ctx context.Context, cfg check.Config, name, dir string, verbose bool) (*report.IndexRow, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &report.IndexRow{Name: name, Score: "0", FirstFailure: err.Error()}, err
	}
	cfg.Out, cfg.OutName = filepath.Join(dir, "failing"), "failing"
	g, err := check.Check(ctx, cfg)
	var text, js, page strings.Builder
	if err != nil {
		fmt.Fprintf(&text, "othello %v\n", err)
		check.WriteJSONError(&js, err)
		report.WriteReportError(&page, err)
		row := &report.IndexRow{Name: name, Score: "0", Max: check.FormatPoints(cfg.MaxPoints()), FirstFailure: err.Error(), Report: "report.html"}
		return row, writeReports(dir, text.String(), js.String(), page.String())
	}
	check.WriteText(&text, g, verbose)
	check.WriteJSON(&js, g)
	if err := report.WriteReport(&page, g); err != nil {
		return &report.IndexRow{Name: name, Score: "0", FirstFailure: err.Error()}, err
	}
	score, max := g.Total()
	row := &report.IndexRow{Name: name, Rules: g.Rules.Name(), Score: check.FormatPoints(score), Max: check.FormatPoints(max),
		Passed: g.Count(check.Passed), Failed: g.Count(check.Failed), NotRun: g.Count(check.NotRun), Report: "report.html"}
	if len(g.Ways) > 0 {
		row.FirstFailure = g.Ways[0].Summary()
	}
	if err := writeReports(dir, text.String(), js.String(), page.String()); err != nil {
		return row, err
	}
	if ctx.Err() != nil {
		return row, ctx.Err()
	}
	return row, nil
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

// writeGrades writes the CSV file of the grades, one row a submission in
// the order given; a submission not graded is left out. Every cell is
// written as csvCell writes it.
func writeGrades(path string, rows []*report.IndexRow) error {
	return createFile(path, func(f io.Writer) error {
		w := csv.NewWriter(f)
		w.Write([]string{"submission", "rules", "score", "max", "passed", "failed", "not_run", "first_failure"})
		for _, r := range rows {
			if r != nil {
				cells := []string{r.Name, r.Rules, r.Score, r.Max, strconv.Itoa(r.Passed), strconv.Itoa(r.Failed), strconv.Itoa(r.NotRun), r.FirstFailure}
				for i := range cells {
					cells[i] = csvCell(cells[i])
				}
				w.Write(cells)
			}
		}
		w.Flush()
		return w.Error()
	})
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

// writeIndex writes the index of the reports, index.html, to path, with
// the submissions graded in the order given.
func writeIndex(path string, rows []*report.IndexRow) error {
	var graded []report.IndexRow
	for _, r := range rows {
		if r != nil {
			graded = append(graded, *r)
		}
	}
	return createFile(path, func(w io.Writer) error { return report.WriteIndex(w, graded) })
}
