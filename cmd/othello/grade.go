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
seed for all, -j submissions at a time, and writes each one's reports in
DIR/submissions/NAME, DIR/index.html and the grades, a CSV file replaced
whole as each is done. Run again with the same flags, it keeps the
submissions graded and grades the rest. A submission that cannot be
checked scores 0, with the reason; one that the grader's machine could
not check is not graded (error), with the reason. Standard error shows
progress. Exit status: 0 every submission graded, 1 a report could not
be written or the grader's machine could not check a submission, 2 bad
command line or roster, 3 stopped by a signal (run it again to finish),
4 nothing graded: the grader's machine lacks what the checks need (it
says what to install).

SUBMISSION is a folder, named in the grades by its name; files among
them are skipped, and said. A platform's download, unzipped, given as
the only SUBMISSION, is the class, each of its submissions graded:
Gradescope's export (submission_metadata.yml beside the folders
submission_ID, the roster unless -roster is given), Canvas's Download
Submissions (a file for each file handed in, each student's gathered in
DIR/staged/NAME under the names they were handed in with), Moodle's
Download all submissions, in folders or not (not: gathered the same).

  -out DIR
	where the reports go (required)
  -csv FILE
	the grades (default DIR/grades.csv)
  -v
	report.txt: a block for every failing scenario too
  -fresh
	grade every submission again, keeping none of an earlier run
  -roster FILE
	who handed in each submission: Gradescope's submission_metadata.yml
	(from Export Submissions), or a CSV file with a column submission,
	each student's folder, and the students' other columns (a row a
	student; a group's in rows of the same folder); for Canvas's
	download, its gradebook export, each student found by ID. The grades
	get the students' columns, and a row, missing, for students with no
	folder
  -lms canvas|moodle|gradescope
	with a roster, also write DIR/LMS.csv for that system's gradebook to
	import: a row for each student graded, the score in one column
  -assignment NAME
	the name of that column (default "Othello"; for Canvas, as its
	export names the assignment, "Othello (1234)")
  -j N
	submissions graded at once, and runs made at once in all (default:
	the number of CPUs)
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
	roster := flags.String("roster", "", "")
	lms := flags.String("lms", "", "")
	assignment := flags.String("assignment", "Othello", "")
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
	if isSet(flags, "assignment") && *lms == "" {
		return usageError("-assignment names the column of -lms's file: give -lms")
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
		Fresh: *fresh, SeedSet: isSet(flags, "seed"), Flags: gradeFlags(flags, args), Roster: *roster, LMS: *lms, Assignment: *assignment,
		Log: stderr, Terminal: isTerminal(stderr)})
	var refused *class.RefusedError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintf(stderr, "othello grade: %v: refusing to grade.\n%s", refused.Err, class.NoWallHelp)
		return 1
	case errors.Is(err, class.ErrSubmission):
		return usageError("%s", trimPkg(err, "class"))
	case errors.Is(err, class.ErrRoster), errors.Is(err, class.ErrLMS):
		fmt.Fprintf(stderr, "othello grade: %s\n", trimPkg(err, "class"))
		return 2 // nothing was graded or written
	case errors.Is(err, check.ErrGraderMachine):
		fmt.Fprintf(stderr, "othello grade: %s\n", trimPkg(err, "check"))
		return exitMachine // nothing was graded or written
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
// -fresh, -out, -csv, -roster, -lms and -assignment.
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
		if !slices.Contains([]string{"seed", "j", "fresh", "out", "csv", "roster", "lms", "assignment"}, name) {
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
