// Package check grades a program, written in any language, against the
// judge: it runs the program on golden transcripts and random scenarios,
// in batch or lock-step, compares its standard output and exit status with
// the judge's byte for byte, reports every failing scenario, and shrinks
// each way of failing to the smallest input that shows it. Every run is
// in the sandbox of package sandbox; a run's output is dropped once it is
// compared, so that a check's memory does not grow with its scenarios.
package check

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"othello/othello"
	"othello/sandbox"
	"othello/scenario"
)

// ErrRulesLine means the program's first line is neither FULL nor SIMPLE,
// so its rule set cannot be known.
var ErrRulesLine = errors.New("check: first line is not FULL or SIMPLE")

// A StartError reports a program whose rule set could not be detected:
// it could not be started, or its first line is not FULL or SIMPLE.
type StartError struct {
	Program string
	Line    string // the program's first line, with its newline if it had one, quoted and cut short
	What    string // what the program did, such as "it exited with status 1"
	Err     error  // ErrRulesLine, or why the program could not be started
}

func (e *StartError) Error() string {
	if errors.Is(e.Err, ErrRulesLine) {
		return fmt.Sprintf("check: %s: its first line is %s, want \"FULL\\n\" or \"SIMPLE\\n\" (-rules forces a rule set); %s",
			e.Program, e.Line, e.What)
	}
	return fmt.Sprintf("check: %s: %v", e.Program, e.Err)
}

func (e *StartError) Unwrap() error { return e.Err }

// DetectRules starts p in the sandbox sb with an empty standard input and
// reads its first line, as official practice does: FULL or SIMPLE selects
// the rule set.
func DetectRules(ctx context.Context, p Program, lim Limits, sb sandbox.Config) (othello.Rules, error) {
	r := Run(ctx, p, scenario.Transcript{}, Batch, lim, sb)
	if r.End == NotStarted {
		return nil, &StartError{Program: commandLine(p), Err: r.Err}
	}
	var line string
	if lines := splitLines(r.Stdout); len(lines) > 0 {
		line = lines[0]
	}
	switch line {
	case "FULL\n":
		return othello.Full{}, nil
	case "SIMPLE\n":
		return othello.Simple{}, nil
	}
	return nil, &StartError{Program: commandLine(p), Line: clip(line, 0), What: what(scenario.Transcript{}, r, lim, sb.Limits), Err: ErrRulesLine}
}

// A Config says what Check does.
type Config struct {
	Program Program
	Rules   othello.Rules // nil: the program's first line chooses
	Golden  []string      // folders of golden transcripts; those of the other rule set are skipped
	N       int           // random scenarios
	Seed    uint64
	Rows    int     // the random scenarios' board size; 0 for random sizes
	Cols    int     //
	BadRate float64 // the chance of a bad line before each move; negative picks one of scenario.BadRates per scenario
	Mode    Mode
	Limits  Limits
	// Sandbox is how each run is separated from the grader and what it
	// may use. When its Mode is Isolated and the machine cannot isolate,
	// Check runs Limited and says why at the top of the report. The
	// golden folders and Out are hidden from the program.
	Sandbox sandbox.Config
	Jobs    int    // scenarios run at once
	Out     string // where shrunk failing scenarios are written as golden pairs; "" for nowhere
}

// Generator returns the generator of the random scenarios.
func (cfg Config) Generator() scenario.Generator {
	rules := cfg.Rules
	if rules == nil {
		rules = othello.Full{}
	}
	return scenario.Generator{Rules: rules, Rows: cfg.Rows, Cols: cfg.Cols, BadRate: cfg.BadRate}
}

// A Summary counts the scenarios of a check.
type Summary struct {
	Passed, Failed int
	Skipped        int // golden transcripts of the other rule set
	NotRun         int // scenarios not run because the check was stopped
}

// The budget of shrinking, for the whole check: runs, time, and runs that
// a limit ended (each of which can take the whole time limit).
const (
	shrinkRuns        = 1000
	shrinkTime        = 2 * time.Minute
	shrinkLimitedRuns = 3
)

// A job is one scenario to run. Once run, it keeps only what the report
// needs: a passing job nothing, a failing one its failure, cut short.
type job struct {
	name string
	s    *scenario.Scenario // the random scenario; nil for a golden transcript
	t    scenario.Transcript
	f    *Failure
	ran  bool

	random bool   // whether the job is a random scenario, made by the worker
	seed   uint64 // the random scenario's seed and index
	index  int

	// For the smallest random failure of each way: the smallest scenario
	// found that fails that way, its input and failure, and the error
	// from writing it to Config.Out. For the others of that way: that job.
	shrunk      *scenario.Scenario
	shrunkIn    []byte
	shrunkF     *Failure
	shrunkWrite error
	sameAs      *job
}

// Check runs the program on the golden transcripts and the random
// scenarios that cfg gives, writes a report to w, and returns the counts.
// When ctx is done, the runs under way are stopped, no more start, and the
// report ends with what was found so far. The error is for a check that
// could not run at all: a *StartError for a program whose rule set cannot
// be detected, or an error wrapping that of scenario.ReadDir for a golden
// folder that cannot be read.
func Check(ctx context.Context, cfg Config, w io.Writer) (Summary, error) {
	var notice string
	cfg.Sandbox, notice = sandboxFor(cfg)
	rules := cfg.Rules
	how := "forced"
	if rules == nil {
		var err error
		if rules, err = DetectRules(ctx, cfg.Program, cfg.Limits, cfg.Sandbox); err != nil {
			return Summary{}, err
		}
		how = "its first line"
	}
	var sum Summary
	var jobs []*job
	for _, dir := range cfg.Golden {
		ts, err := scenario.ReadDir(dir)
		if err != nil {
			return Summary{}, fmt.Errorf("check: golden transcripts: %w", err)
		}
		for _, t := range ts {
			if t.Rules != rules {
				sum.Skipped++
				continue
			}
			t.Name = filepath.ToSlash(filepath.Join(dir, t.Name))
			jobs = append(jobs, &job{name: t.Name, t: t})
		}
	}
	golden := len(jobs)
	cfg.Rules = rules
	gen := cfg.Generator()
	for i := range cfg.N {
		jobs = append(jobs, &job{random: true, seed: cfg.Seed, index: i})
	}

	fmt.Fprintf(w, "check %s: %s (%s), %s, seed %d: %d golden and %d random scenarios, %d at a time\n",
		commandLine(cfg.Program), rules.Name(), how, cfg.Mode, cfg.Seed, golden, cfg.N, max(1, cfg.Jobs))
	fmt.Fprintln(w, notice)
	if sum.Skipped > 0 {
		fmt.Fprintf(w, "skipped %d golden transcripts of the other rule set\n", sum.Skipped)
	}

	compare := func(t scenario.Transcript) *Failure {
		return Compare(t, Run(ctx, cfg.Program, t, cfg.Mode, cfg.Limits, cfg.Sandbox))
	}
	try := func(s *scenario.Scenario) (scenario.Transcript, *Failure) {
		t := s.Transcript()
		return t, compare(t)
	}
	parallel(ctx, len(jobs), cfg.Jobs, func(i int) {
		j := jobs[i]
		if j.random {
			j.s = gen.Scenario(j.seed, j.index)
			j.t = j.s.Transcript()
			j.name = j.t.Name
		}
		f := compare(j.t)
		if f != nil && f.Result.End == Interrupted {
			return
		}
		j.ran = true
		if f != nil {
			j.f = f.summarize(j.t, cfg.Limits, cfg.Sandbox.Limits)
		} else {
			j.s = nil
		}
		j.t = scenario.Transcript{} // dropped once compared
	})

	// Shrink the smallest random failure of each way.
	var firsts []*job
	for _, j := range jobs {
		if j.f == nil || j.s == nil {
			continue
		}
		k := slices.IndexFunc(firsts, func(o *job) bool { return o.f.Same(j.f) })
		switch {
		case k < 0:
			firsts = append(firsts, j)
		case smaller(j.s.Size(), firsts[k].s.Size()):
			firsts[k] = j
		}
	}
	b := &budget{runs: shrinkRuns, limited: shrinkLimitedRuns, deadline: time.Now().Add(shrinkTime)}
	parallel(ctx, len(firsts), cfg.Jobs, func(i int) {
		j := firsts[i]
		sh := &shrinker{try: try, budget: b}
		var t scenario.Transcript
		j.shrunk, t, j.shrunkF = sh.shrink(j.s, j.s.Transcript(), j.f)
		j.shrunkIn = t.Input
		if j.shrunkF != j.f {
			j.shrunkF = j.shrunkF.summarize(t, cfg.Limits, cfg.Sandbox.Limits)
		}
		if cfg.Out != "" {
			j.shrunkWrite = t.Write(cfg.Out)
		}
	})
	for _, j := range jobs {
		if j.f != nil && j.s != nil && j.shrunk == nil {
			if k := slices.IndexFunc(firsts, func(o *job) bool { return o.f.Same(j.f) }); k >= 0 && firsts[k].shrunk != nil {
				j.sameAs = firsts[k]
			}
		}
	}

	for _, j := range jobs {
		switch {
		case !j.ran:
			sum.NotRun++
		case j.f == nil:
			sum.Passed++
		default:
			sum.Failed++
			report(w, cfg, j)
		}
	}
	if sum.NotRun > 0 {
		fmt.Fprintf(w, "\nstopped: %d of %d scenarios not run\n", sum.NotRun, len(jobs))
	}
	fmt.Fprintf(w, "%d passed, %d failed", sum.Passed, sum.Failed)
	if sum.NotRun > 0 {
		fmt.Fprintf(w, ", %d not run", sum.NotRun)
	}
	fmt.Fprintln(w)
	return sum, nil
}

// sandboxFor returns the sandbox the check runs its programs in, with the
// golden folders and the output folder hidden, and the line of the report
// that says what it is.
func sandboxFor(cfg Config) (sandbox.Config, string) {
	sb := cfg.Sandbox
	sb.Hide = append(slices.Clone(sb.Hide), cfg.Golden...)
	if cfg.Out != "" {
		sb.Hide = append(sb.Hide, cfg.Out)
	}
	limits := describeLimits(cfg.Limits, sb.Limits)
	if sb.Mode != sandbox.Isolated {
		return sb, "sandbox: off (-sandbox=false): " + limits + "; the program shares the grader's files, processes and network"
	}
	if err := sandbox.Probe(); err != nil {
		var u *sandbox.UnavailableError
		missing := err.Error()
		if errors.As(err, &u) {
			missing = u.Missing
		}
		sb.Mode = sandbox.Limited
		return sb, "sandbox: unavailable, no " + missing + ": " + limits + " only"
	}
	return sb, "sandbox: isolated, " + limits
}

// describeLimits says the limits of each run in words.
func describeLimits(lim Limits, sl sandbox.Limits) string {
	var parts []string
	add := func(ok bool, format string, a ...any) {
		if ok {
			parts = append(parts, fmt.Sprintf(format, a...))
		}
	}
	add(true, "%v wall time", lim.Timeout)
	hold := sandbox.LimitsHold
	add(hold && sl.CPU > 0, "%v CPU", sl.CPU)
	add(hold && sl.Memory > 0, "%s memory", sandbox.Bytes(sl.Memory))
	add(hold && sl.FileSize > 0, "%s files", sandbox.Bytes(sl.FileSize))
	add(hold && sl.Processes > 0, "%d processes", sl.Processes)
	add(hold && sl.OpenFiles > 0, "%d open files", sl.OpenFiles)
	return "each run limited to " + strings.Join(parts, ", ")
}

// parallel calls do(0), ..., do(n-1), jobs at a time, until ctx is done.
func parallel(ctx context.Context, n, jobs int, do func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
}

func commandLine(p Program) string {
	return strings.Join(append([]string{p.Path}, p.Args...), " ")
}
