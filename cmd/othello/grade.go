package main

import (
	"context"
	"errors"
	"flag"
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

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/grader/report"
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
	cfg, err := cf.config()
	if err != nil {
		return usageError("%s", trimPkg(err, "check"))
	}
	var refused *class.RefusedError
	if errors.As(class.Refuse(cfg), &refused) {
		fmt.Fprintf(stderr, "othello grade: %v: refusing to grade.\n%s", refused.Err, class.NoWallHelp)
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
	categories, weights := class.Weights(cfg) // the default weights are the program's
	settings := class.Settings{Flags: gradeFlags(flags, args), Weights: weights, Command: command, Seed: cfg.Seed}
	table := &class.Table{Path: *csvPath, Categories: categories}
	kept, note, err := table.Resume(*out, &settings, isSet(flags, "seed"), *fresh, names)
	if err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	if note != "" {
		fmt.Fprintf(stderr, "othello grade: %s\n", note)
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
			table.Rows = append(table.Rows, class.Row{IndexRow: report.IndexRow{Name: name}, Status: class.StatusInterrupted})
			todo = append(todo, i)
		}
	}
	for _, row := range kept {
		table.Rows = append(table.Rows, row)
	}
	slices.SortFunc(table.Rows, func(a, b class.Row) int { return strings.Compare(a.Name, b.Name) })
	if err := table.Write(*out); err != nil {
		fmt.Fprintf(stderr, "othello grade: %v\n", err)
		return 1
	}
	var mu sync.Mutex
	done := len(kept)
	p := class.NewProgress(stderr, "grade", "submissions")
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
		row, err := class.GradeOne(ctx, c, names[i], filepath.Join(*out, report.Submissions, names[i]), *verbose, table.Categories)
		mu.Lock()
		defer mu.Unlock()
		if row.Status == class.StatusInterrupted {
			return // its row says so already
		}
		table.Rows[slices.IndexFunc(table.Rows, func(r class.Row) bool { return r.Name == names[i] })] = row
		if err := table.Write(*out); err != nil && writeErr == nil {
			writeErr = err
			fmt.Fprintf(stderr, "\rothello grade: %v\n", err)
		}
		done++
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "\rothello grade: %s: %v\n", subs[i], err)
		case terminal:
			p.Show(done, len(table.Rows))
		default:
			fmt.Fprintf(stderr, "graded %s: %s/%s (%d/%d, %v)\n", names[i], row.Score, row.Max, done, len(table.Rows), time.Since(start).Round(time.Second))
		}
	})
	p.End()
	if writeErr != nil {
		return 1
	}

	count := map[string]int{}
	var left []string // those interrupted
	for _, r := range table.Rows {
		count[r.Status]++
		if r.Status == class.StatusInterrupted {
			left = append(left, r.Name)
		}
	}
	line := fmt.Sprintf("graded %d of %d submissions in %v", count[class.StatusGraded], len(table.Rows), time.Since(start).Round(time.Second))
	if len(kept) > 0 {
		line += fmt.Sprintf(" (%d kept from the earlier run)", len(kept))
	}
	if n := count[class.StatusError]; n > 0 {
		line += ", " + plural(n, "error", "errors")
	}
	if n := count[class.StatusInterrupted]; n > 0 {
		fmt.Fprintf(stderr, "othello grade: stopped: not graded: %s\n", strings.Join(left, ", "))
		line += fmt.Sprintf(", %d interrupted: run again to finish", n)
	}
	fmt.Fprintf(stdout, "%s: %s\n", line, *csvPath)
	switch {
	case count[class.StatusInterrupted] > 0:
		return 3
	case count[class.StatusError] > 0:
		return 1
	}
	return 0
}

// gradeFlags returns the flags of args, parsed by flags, that change a
// grade, as -name=value, sorted by name (a flag given more than once in
// its order): all but -seed, which a class.Settings keeps apart, and -j,
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

// plural returns n and the noun, one or many: "1 error", "2 errors".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
