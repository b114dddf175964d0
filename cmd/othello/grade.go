package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/class"
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
	cfg, err := cf.config()
	if err != nil {
		return usageError("%s", trimPkg(err, "check"))
	}
	cfg.Program = check.Program{Path: command[0], Args: command[1:]}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills at once
	res, err := class.Grade(ctx, class.Options{Config: cfg, Submissions: subs, Out: *out, CSV: *csvPath, Verbose: *verbose,
		Fresh: *fresh, SeedSet: isSet(flags, "seed"), Flags: gradeFlags(flags, args), Log: stderr, Terminal: isTerminal(stderr)})
	var refused *class.RefusedError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintf(stderr, "othello grade: %v: refusing to grade.\n%s", refused.Err, class.NoWallHelp)
		return 1
	case errors.Is(err, class.ErrSubmission):
		return usageError("%s", trimPkg(err, "class"))
	case errors.Is(err, class.ErrGrades):
		return 1 // said on standard error as it happened
	case err != nil:
		return failed(stderr, "grade", err)
	}
	fmt.Fprintf(stdout, "%s\n", res.Summary())
	switch {
	case res.Count(class.StatusInterrupted) > 0:
		return 3
	case res.Count(class.StatusError) > 0:
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
