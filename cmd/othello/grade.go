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
	"github.com/othello-judge/judge/internal/shard"
)

const gradeUsage = `usage: othello grade [flags] -out DIR SUBMISSION... -- COMMAND [ARGS...]
       othello grade -merge -out DIR SHARD...

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
  -shard K/N|auto|auto/N
	grade shard K of N, K from 0: the share of the submissions that
	their names alone give it, so that N nodes of a cluster each grade
	one into a folder of their own (-out), to merge; needs -seed. auto
	takes K and N from a Slurm job array (SLURM_ARRAY_TASK_ID, _MIN,
	_COUNT); auto/N, K from Slurm or a Kubernetes Indexed Job
	(JOB_COMPLETION_INDEX). Run again, a shard keeps what it graded
  -merge
	the arguments are the shards' folders, all of them: write into -out
	(and -csv) what one run of the shards' flags and seed writes, the
	same bytes; refuses shards of different runs, or one missing or
	given twice (doc/grading.md, "A class on a cluster")
` + commandUsage + `
` + checkFlagsUsage + sandboxUsage

// runGrade runs "othello grade".
func runGrade(args []string, stdout, stderr io.Writer, env environ) int {
	flags := newFlagSet("grade", stderr)
	cf := addCheckFlags(flags)
	out := flags.String("out", "", "")
	csvPath := flags.String("csv", "", "")
	verbose := flags.Bool("v", false, "")
	fresh := flags.Bool("fresh", false, "")
	roster := flags.String("roster", "", "")
	lms := flags.String("lms", "", "")
	assignment := flags.String("assignment", "Othello", "")
	shardFlag := flags.String("shard", "", "")
	merge := flags.Bool("merge", false, "")
	if status, ok := parseFlags(flags, args, gradeUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "grade", gradeUsage, format, a...) }
	if *merge {
		return runGradeMerge(flags, *out, *csvPath, stdout, stderr)
	}
	var part shard.Shard
	if *shardFlag != "" {
		var err error
		if part, err = shard.Parse(*shardFlag, env.get); err != nil {
			return usageError("-shard %s", strings.TrimPrefix(err.Error(), "shard: "))
		}
		if !isSet(flags, "seed") {
			return usageError("-shard needs -seed N: every shard must grade with one seed")
		}
		if *csvPath != "" {
			return usageError("-shard writes the grades in its -out folder, where -merge reads them: no -csv")
		}
	}
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
		Log: stderr, Terminal: isTerminal(stderr), Shard: part, Version: programVersion()})
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
// grade, as typedFlags returns them: all but -seed, which a
// class.Settings keeps apart, and -j, -fresh, -out, -csv, -roster, -lms,
// -assignment, -shard and -merge.
func gradeFlags(flags *flag.FlagSet, args []string) []string {
	return typedFlags(flags, args, "seed", "j", "fresh", "out", "csv", "roster", "lms", "assignment", "shard", "merge")
}

// typedFlags returns the flags of args, parsed by flags, but those named
// in skip, as -name=value, sorted by name (a flag given more than once
// in its order).
func typedFlags(flags *flag.FlagSet, args []string, skip ...string) []string {
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
		if !slices.Contains(skip, name) {
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

// runGradeMerge runs "othello grade -merge": the arguments of flags are
// the shards' folders, and only -out and -csv may be given besides.
func runGradeMerge(flags *flag.FlagSet, out, csvPath string, stdout, stderr io.Writer) int {
	usageError := func(format string, a ...any) int { return badUsage(stderr, "grade", gradeUsage, format, a...) }
	var others []string
	flags.Visit(func(f *flag.Flag) {
		if f.Name != "merge" && f.Name != "out" && f.Name != "csv" {
			others = append(others, "-"+f.Name)
		}
	})
	switch {
	case len(others) > 0:
		return usageError("-merge takes -out and -csv only, not %s: the shards' flags are theirs", strings.Join(others, " "))
	case out == "":
		return usageError("-out DIR is required")
	case flags.NArg() == 0 || slices.Contains(flags.Args(), "--"):
		return usageError("want -merge -out DIR SHARD...: the shards' folders, no command")
	}
	res, err := class.Merge(class.MergeOptions{Shards: flags.Args(), Out: out, CSV: csvPath, Log: stderr})
	switch {
	case errors.Is(err, shard.ErrMerge):
		fmt.Fprintf(stderr, "othello grade: %s: nothing merged\n", trimPkg(err, "shard"))
		return 2
	case err != nil:
		return failed(stderr, "grade", err, "class")
	}
	fmt.Fprintf(stdout, "%s\n", res.Summary())
	if res.Count(class.StatusError) > 0 {
		return 1
	}
	return 0
}
