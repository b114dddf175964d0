// Package check grades a program, written in any language, against the
// judge: it runs the program on golden transcripts and random scenarios,
// in batch or lock-step, compares its standard output and exit status with
// the judge's byte for byte, reports every failing scenario, and shrinks
// each way of failing to the smallest input that shows it.
package check

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"othello/othello"
	"othello/scenario"
)

// ErrRulesLine means the program's first line is neither FULL nor SIMPLE,
// so its rule set cannot be known.
var ErrRulesLine = errors.New("check: first line is not FULL or SIMPLE")

// A StartError reports a program whose rule set could not be detected:
// it could not be started, or its first line is not FULL or SIMPLE.
type StartError struct {
	Program string
	Line    string // the program's first line, with its newline if it had one
	What    string // what the program did, such as "it exited with status 1"
	Err     error  // ErrRulesLine, or why the program could not be started
}

func (e *StartError) Error() string {
	if errors.Is(e.Err, ErrRulesLine) {
		return fmt.Sprintf("check: %s: its first line is %q, want \"FULL\\n\" or \"SIMPLE\\n\" (-rules forces a rule set); %s",
			e.Program, e.Line, e.What)
	}
	return fmt.Sprintf("check: %s: %v", e.Program, e.Err)
}

func (e *StartError) Unwrap() error { return e.Err }

// DetectRules starts p with an empty standard input and reads its first
// line, as official practice does: FULL or SIMPLE selects the rule set.
func DetectRules(p Program, lim Limits) (othello.Rules, error) {
	r := Run(p, scenario.Transcript{}, Batch, lim)
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
	return nil, &StartError{Program: commandLine(p), Line: line, What: what(scenario.Transcript{}, r, lim), Err: ErrRulesLine}
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
}

// shrinkTries and shrinkTime bound the shrinking of one way of failing.
const (
	shrinkTries = 400
	shrinkTime  = time.Minute
)

// A job is one scenario to run.
type job struct {
	t scenario.Transcript
	s *scenario.Scenario // the random scenario behind t; nil for a golden transcript
	f *Failure

	random bool   // whether the job is a random scenario, made by the worker
	seed   uint64 // the random scenario's seed and index
	index  int

	// For the smallest random failure of each way: the smallest scenario
	// found that fails that way, its transcript and failure, and the
	// error from writing it to Config.Out. For the others of that way:
	// that failure.
	shrunk      *scenario.Scenario
	shrunkT     scenario.Transcript
	shrunkF     *Failure
	shrunkWrite error
	sameAs      *job
}

// Check runs the program on the golden transcripts and the random
// scenarios that cfg gives, writes a report to w, and returns the counts.
// The error is for a check that could not run at all: a *StartError for a
// program whose rule set cannot be detected, or an error wrapping that of
// scenario.ReadDir for a golden folder that cannot be read.
func Check(cfg Config, w io.Writer) (Summary, error) {
	rules := cfg.Rules
	how := "forced"
	if rules == nil {
		var err error
		if rules, err = DetectRules(cfg.Program, cfg.Limits); err != nil {
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
			jobs = append(jobs, &job{t: t})
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
	if sum.Skipped > 0 {
		fmt.Fprintf(w, "skipped %d golden transcripts of the other rule set\n", sum.Skipped)
	}

	try := func(s *scenario.Scenario) (scenario.Transcript, *Failure) {
		t := s.Transcript()
		return t, Compare(t, Run(cfg.Program, t, cfg.Mode, cfg.Limits))
	}
	parallel(len(jobs), cfg.Jobs, func(i int) {
		j := jobs[i]
		if j.random {
			j.s = gen.Scenario(j.seed, j.index)
			j.t, j.f = try(j.s)
		} else {
			j.f = Compare(j.t, Run(cfg.Program, j.t, cfg.Mode, cfg.Limits))
		}
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
	parallel(len(firsts), cfg.Jobs, func(i int) {
		j := firsts[i]
		sh := &shrinker{try: try, tries: shrinkTries, deadline: time.Now().Add(shrinkTime)}
		j.shrunk, j.shrunkT, j.shrunkF = sh.shrink(j.s, j.t, j.f)
		if cfg.Out != "" {
			j.shrunkWrite = j.shrunkT.Write(cfg.Out)
		}
	})
	for _, j := range jobs {
		if j.f != nil && j.s != nil && j.shrunk == nil {
			j.sameAs = firsts[slices.IndexFunc(firsts, func(o *job) bool { return o.f.Same(j.f) })]
		}
	}

	for _, j := range jobs {
		if j.f == nil {
			sum.Passed++
			continue
		}
		sum.Failed++
		report(w, cfg, j)
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", sum.Passed, sum.Failed)
	return sum, nil
}

// parallel calls do(0), ..., do(n-1), jobs at a time.
func parallel(n, jobs int, do func(i int)) {
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
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

func commandLine(p Program) string {
	return strings.Join(append([]string{p.Path}, p.Args...), " ")
}
