package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/grader/report"
)

const checkUsage = `usage: othello check [flags] -- COMMAND [ARGS...]

Runs COMMAND on the assignment's reference game, golden transcripts and
random scenarios, compares its standard output with the judge's, blanks
normalized, and reports each way of failing once, with its smallest
input, then the points of each category. Exit status: 0 all passed right
to the byte, 1 a failure, output right but for blanks, or a program that
cannot be checked, 2 bad command line, 4 the grader's machine lacks what
the check needs (it says what to install).
` + commandUsage + `
` + checkFlagsUsage + `  -format text|json|markdown|gradescope|prairielearn|junit|autolab|classroom|vpl
	the report on standard output (default text); classroom is the
	result of a grader of GitHub Classroom, in base64
  -vpl-max N
	vpl: the activity's maximum grade; the grade is the points scaled
	to it (default: the points as they are)
  -v
	text: a block for every failing scenario too, not only for each way
  -out DIR
	write each way's smallest input there as NAME.in/NAME.out
  -html FILE
	also write the report as one HTML page that needs nothing else
  -markdown FILE
	also write the report in GitHub's Markdown, added at the end of FILE,
	such as "$GITHUB_STEP_SUMMARY", a job's summary
` + sandboxUsage

// runCheck runs "othello check".
func runCheck(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("check", stderr)
	cf := addCheckFlags(flags)
	format := flags.String("format", "text", "")
	verbose := flags.Bool("v", false, "")
	out := flags.String("out", "", "")
	htmlPath := flags.String("html", "", "")
	vplMax := flags.Float64("vpl-max", 0, "")
	markdownPath := flags.String("markdown", "", "")
	if status, ok := parseFlags(flags, args, checkUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "check", checkUsage, format, a...) }
	if flags.NArg() == 0 {
		return usageError("no command to check")
	}
	cfg, err := cf.config()
	if err != nil {
		return usageError("%s", trimPkg(err, "check"))
	}
	if err := cfg.Unwalled(); err != nil {
		fmt.Fprintf(stderr, "othello check: %s\n", check.WallWarning(err))
	}
	hidden, _ := cf.opts.HiddenCategories()
	chosen, err := autograder.LookupFormat(*format)
	if err != nil {
		return usageError("-format must be %s, got %q", formatNames(), *format)
	}
	if isSet(flags, "vpl-max") && (chosen.Name != "vpl" || !(*vplMax > 0) || math.IsInf(*vplMax, 0)) {
		return usageError("-vpl-max must be a number above 0, with -format vpl")
	}
	cfg.Program = check.Program{Path: flags.Arg(0), Args: flags.Args()[1:]}
	// The reports name the reproducers as found beside the folder, the
	// way a student handed both finds them: failing/NAME.in.
	cfg.Out, cfg.OutName = *out, filepath.Base(filepath.Clean(*out))
	if isTerminal(stderr) {
		p := class.NewProgress(stderr, "check", "scenarios")
		defer p.End()
		cfg.Progress = p.Show
	}
	// A grader that is told to stop still ends its report with the
	// verdict, and leaves no run behind.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	g, err := check.Check(ctx, cfg)
	if err != nil {
		// Every format but the text is valid whatever happened.
		if chosen.Fail != nil {
			chosen.Fail(stdout, err, autograder.FormatOptions{Max: cfg.MaxPoints()})
		}
		if *htmlPath != "" {
			report.WriteReportFile(*htmlPath, nil, err)
		}
		if *markdownPath != "" {
			report.AppendMarkdownFile(*markdownPath, nil, err)
		}
		fmt.Fprintf(stderr, "othello %v\n", err)
		if errors.Is(err, check.ErrGraderMachine) {
			return exitMachine
		}
		return 1
	}
	err = chosen.Write(stdout, g, autograder.FormatOptions{Verbose: *verbose, Hidden: hidden, VPLMax: *vplMax})
	if err == nil && *htmlPath != "" {
		if err = report.WriteReportFile(*htmlPath, g, nil); err != nil {
			err = fmt.Errorf("check: -html: %w", err)
		}
	}
	if err == nil && *markdownPath != "" {
		if err = report.AppendMarkdownFile(*markdownPath, g, nil); err != nil {
			err = fmt.Errorf("check: -markdown: %w", err)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "othello %v\n", err)
		return 1
	}
	if g.Count(check.Failed) > 0 || g.Count(check.NotRun) > 0 || g.Blanks() > 0 {
		return 1
	}
	return 0
}

// exitMachine is the exit status of check and grade where the grader's
// machine lacks what a check needs (check.ErrGraderMachine): the fault
// is not a program's, and no grade is given.
const exitMachine = 4

// formatNames lists the names of the formats of -format as a sentence
// does: "text, json, ... or classroom".
func formatNames() string {
	var names []string
	for _, f := range autograder.Formats {
		names = append(names, f.Name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
