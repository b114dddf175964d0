// Package check grades a program, written in any language, against the
// judge: it runs the program on the assignment's reference game, golden
// transcripts and random scenarios, in batch or lock-step, compares its
// standard output and exit status with the judge's byte for byte, sorts
// the failures into ways of failing and shrinks each to the smallest
// input that shows it, and gives each category of scenario its points.
// Check does this in stages, each a function of its own: rulesFor, plan,
// runAll, group, reproduce (which shrinks) and score. It returns a Grade,
// which WriteText, WriteJSON and WriteGradescope write. What the program
// wrote reaches a report only through quote.go's quote, quoteAt and
// plain: quoted, and cut at MaxLine.
// Every run is in the sandbox of package sandbox; a run's output is
// dropped once it is compared, so that a check's memory does not grow
// with its scenarios: only the first MaxOutput bytes of each way's
// reproducer's output are kept (Way.Output, for package web's report),
// and of runs that a limit ended, which are not run again.
package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/sandbox"
	"github.com/othello-judge/judge/scenario"
)

// ErrRulesLine means the program's first line is neither FULL nor SIMPLE,
// so its rule set cannot be known.
var ErrRulesLine = errors.New("check: first line is not FULL or SIMPLE")

// A RulesError reports a program whose rule set could not be detected:
// it could not be started, or its first line is not FULL or SIMPLE.
type RulesError struct {
	Program string
	Line    string // the program's first line, with its newline if it had one, quoted and cut short
	What    string // what the program did, such as "it exited with status 1"
	Err     error  // ErrRulesLine, or why the program could not be started
}

func (e *RulesError) Error() string {
	if errors.Is(e.Err, ErrRulesLine) {
		return fmt.Sprintf("check: %s: its first line is %s, want \"FULL\\n\" or \"SIMPLE\\n\" (-rules forces a rule set); %s",
			e.Program, e.Line, e.What)
	}
	return fmt.Sprintf("check: %s: %v", e.Program, e.Err)
}

func (e *RulesError) Unwrap() error { return e.Err }

// detectRules starts p in the sandbox sb with an empty standard input and
// reads its first line, as official practice does: FULL or SIMPLE selects
// the rule set.
func detectRules(ctx context.Context, p Program, lim Timeouts, sb sandbox.Config) (othello.Rules, error) {
	r := Run(ctx, p, scenario.Transcript{}, Batch, lim, sb)
	if r.End == NotStarted {
		return nil, &RulesError{Program: commandLine(p), Err: r.Err}
	}
	var line string
	if lines := console.Lines(r.Stdout); len(lines) > 0 {
		line = lines[0]
	}
	switch line {
	case "FULL\n":
		return othello.Full{}, nil
	case "SIMPLE\n":
		return othello.Simple{}, nil
	}
	return nil, &RulesError{Program: commandLine(p), Line: quote(line), What: what(scenario.Transcript{}, r, lim, sb.Limits), Err: ErrRulesLine}
}

// A Config says what Check does.
type Config struct {
	Program  Program
	Rules    othello.Rules // nil: the program's first line chooses
	Profile  scenario.Profile
	Golden   []string // folders of golden transcripts; those of the other rule set are skipped
	N        int      // random scenarios
	Seed     uint64
	Rows     int     // the random scenarios' board size; 0 for random sizes
	Cols     int     //
	BadRate  float64 // the chance of an invalid line before each move where the category has them; negative picks one of scenario.BadRates per scenario
	Mode     Mode    // LockStep runs every scenario in lock-step; Batch all but those of category lock-step
	Timeouts Timeouts
	// Sandbox is how each run is separated from the grader and what it
	// may use. When its Mode is Isolated and the machine cannot isolate,
	// Check runs Limited and says why in Grade.Sandbox. The golden
	// folders and Out are hidden from the program.
	Sandbox sandbox.Config
	Jobs    int     // scenarios run at once
	Out     string  // where the reproducers are written as golden pairs; "" for nowhere
	Weights Weights // the points of each category; nil for DefaultWeights(Profile)
	// Progress, if not nil, is called after each scenario is run, with
	// how many of how many are done, from the goroutines that run them,
	// one call at a time.
	Progress func(done, total int)
}

// Generator returns the generator of the random scenarios.
func (cfg Config) Generator() scenario.Generator {
	rules := cfg.Rules
	if rules == nil {
		rules = othello.Full{}
	}
	return scenario.Generator{Rules: rules, Profile: cfg.Profile, Rows: cfg.Rows, Cols: cfg.Cols, BadRate: cfg.BadRate}
}

// weights returns the points of each category: Weights, or the profile's
// defaults.
func (cfg Config) weights() Weights {
	if cfg.Weights == nil {
		return DefaultWeights(cfg.Profile)
	}
	return cfg.Weights
}

// MaxPoints returns the most points a check of cfg can give, when every
// category with points has scenarios.
func (cfg Config) MaxPoints() float64 {
	total := 0.0
	for _, w := range cfg.weights() {
		total += w
	}
	return round(total)
}

// Errors of a check that cannot be made.
var (
	// ErrNoGolden means a golden folder holds no transcript of the
	// program's rule set.
	ErrNoGolden = errors.New("check: no golden transcript of the program's rule set")
	// ErrNothingChecked means no scenario was run to its end.
	ErrNothingChecked = errors.New("check: no scenario was checked")
)

// The budget of shrinking, for the whole check: runs, time, and runs that
// a limit ended (each of which can take the whole time limit).
const (
	shrinkRuns        = 1000
	shrinkTime        = 2 * time.Minute
	shrinkLimitedRuns = 3
)

// maxTimeouts is how many runs of a category a limit may end, with none
// passing, before the category's other scenarios are not run: a program
// that hangs takes the time limit each time.
const maxTimeouts = 3

// A job is a case to run: a golden transcript, or a random scenario that
// the worker makes.
type job struct {
	c      *Case
	t      scenario.Transcript // a golden transcript, kept for the report
	random bool
	index  int
	s      *scenario.Scenario // the random scenario, kept if it fails
}

// Check runs the program on the reference game, the golden transcripts
// and the random scenarios that cfg gives, and returns what it found.
// When ctx is done, the runs under way are stopped, no more start, and
// the grade holds what was found so far. The error is for a check that
// could not run at all: a *RulesError for a program whose rule set cannot
// be detected, an error wrapping that of scenario.ReadDir or ErrNoGolden
// for a golden folder, or ErrNothingChecked.
func Check(ctx context.Context, cfg Config) (*Grade, error) {
	start := time.Now()
	g := &Grade{Program: commandLine(cfg.Program), Profile: cfg.Profile, Mode: cfg.Mode, Seed: cfg.Seed, Jobs: max(1, cfg.Jobs)}
	cfg.Sandbox, g.Sandbox = sandboxFor(cfg)
	g.Env = cfg.Sandbox.Environment()
	var err error
	if g.Rules, g.RulesFrom, err = rulesFor(ctx, cfg); err != nil {
		return nil, err
	}
	cfg.Rules = g.Rules
	jobs, err := plan(cfg, g)
	if err != nil {
		return nil, err
	}
	runAll(ctx, cfg, jobs)
	g.Ways = group(jobs)
	reproduce(ctx, cfg, jobs, g.Ways)
	g.Scores = score(g.Cases, cfg.weights())
	g.Elapsed = time.Since(start)
	if g.Count(Passed)+g.Count(Failed) == 0 && ctx.Err() == nil {
		return nil, ErrNothingChecked
	}
	return g, nil
}

// rulesFor returns the rule set to check the program under, and where it
// comes from: cfg.Rules, "forced", or else the program's first line.
func rulesFor(ctx context.Context, cfg Config) (othello.Rules, string, error) {
	if cfg.Rules != nil {
		return cfg.Rules, "forced", nil
	}
	r, err := detectRules(ctx, cfg.Program, cfg.Timeouts, cfg.Sandbox)
	return r, "its first line", err
}

// plan lists the cases of the check in g, and returns the jobs that run
// them: the reference game, the golden transcripts, the random scenarios.
func plan(cfg Config, g *Grade) ([]*job, error) {
	var jobs []*job
	add := func(j *job) {
		jobs = append(jobs, j)
		g.Cases = append(g.Cases, j.c)
	}
	ref := scenario.ReferenceGame(g.Rules)
	add(&job{t: ref, c: &Case{Name: ref.Name, Category: scenario.Reference, About: "the assignment's reference game", Mode: cfg.Mode, Verdict: NotRun, Why: notRun}})
	for _, dir := range cfg.Golden {
		ts, err := scenario.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("check: golden transcripts: %w", err)
		}
		n := len(jobs)
		for _, t := range ts {
			if t.Rules != g.Rules {
				g.Skipped++
				continue
			}
			t.Name = filepath.ToSlash(filepath.Join(dir, t.Name))
			add(&job{t: t, c: &Case{Name: t.Name, Category: scenario.Golden, About: "golden transcript", Mode: cfg.Mode, Verdict: NotRun, Why: notRun}})
		}
		if len(jobs) == n {
			return nil, fmt.Errorf("%w: %s holds %d transcripts, none of them %s", ErrNoGolden, dir, len(ts), g.Rules.Name())
		}
	}
	gen := cfg.Generator()
	for i := range cfg.N {
		c := &Case{Name: gen.Name(cfg.Seed, i), Category: gen.Category(i), Mode: cfg.Mode,
			About: fmt.Sprintf("random scenario %d of seed %d", i, cfg.Seed), Verdict: NotRun, Why: notRun}
		if c.Category == scenario.LockStep {
			c.Mode = LockStep
		}
		add(&job{random: true, index: i, c: c})
	}
	return jobs, nil
}

// runAll runs the jobs, cfg.Jobs at a time, and gives each case its
// verdict. A category in which maxTimeouts runs were ended by a limit,
// and none passed, runs no more.
func runAll(ctx context.Context, cfg Config, jobs []*job) {
	gen := cfg.Generator()
	var mu sync.Mutex
	done := 0
	timeouts := map[scenario.Category]int{}
	passes := map[scenario.Category]int{}
	Parallel(ctx, len(jobs), cfg.Jobs, func(i int) {
		j := jobs[i]
		c := j.c
		t := j.t
		if j.random {
			j.s = gen.Scenario(cfg.Seed, j.index)
			t = j.s.Transcript()
			c.About += ": " + describe(j.s)
		}
		mu.Lock()
		stuck := timeouts[c.Category] >= maxTimeouts && passes[c.Category] == 0
		mu.Unlock()
		if stuck {
			c.Verdict, c.Why = NotRun, fmt.Sprintf("not run: a limit ended %d runs of %s, and none passed", maxTimeouts, c.Category)
		} else {
			f := Compare(t, Run(ctx, cfg.Program, t, c.Mode, cfg.Timeouts, cfg.Sandbox))
			switch {
			case f != nil && f.Result.End == Interrupted:
			case f != nil:
				c.Verdict, c.Why, c.Failure = Failed, "", f.summarize(t, cfg.Timeouts, cfg.Sandbox.Limits)
			default:
				c.Verdict, c.Why = Passed, ""
				j.s = nil
			}
		}
		mu.Lock()
		defer mu.Unlock()
		switch {
		case c.Verdict == Passed:
			passes[c.Category]++
		case c.Failure != nil && c.Failure.Result.limitEnded():
			timeouts[c.Category]++
		}
		if done++; cfg.Progress != nil {
			cfg.Progress(done, len(jobs))
		}
	})
}

// notRun is why a case is not run when the check is stopped first.
const notRun = "not run: the check was stopped"

// group sorts the failing cases into ways of failing, each with its
// example: the smallest random scenario that fails that way, or else the
// first case. The ways come in the order of their first case.
func group(jobs []*job) []*Way {
	var ways []*Way
	examples := map[*Way]*job{}
	for _, j := range jobs {
		c := j.c
		if c.Verdict != Failed {
			continue
		}
		k := slices.IndexFunc(ways, func(w *Way) bool { return w.Cases[0].Failure.Same(c.Failure) })
		if k < 0 {
			w := &Way{Number: len(ways) + 1, Cases: []*Case{c}}
			ways = append(ways, w)
			examples[w] = j
			c.Way = w
			continue
		}
		w := ways[k]
		c.Way = w
		w.Cases = append(w.Cases, c)
		if e := examples[w]; j.s != nil && (e.s == nil || smaller(j.s.Size(), e.s.Size())) {
			examples[w] = j
			// The example comes first.
			i := slices.Index(w.Cases, c)
			w.Cases[0], w.Cases[i] = w.Cases[i], w.Cases[0]
		}
	}
	for _, w := range ways {
		e := examples[w]
		w.Input, w.Failure = e.t.Input, w.Cases[0].Failure
		w.Size = fmt.Sprintf("%d input lines", len(console.Lines(e.t.Input)))
		if e.s != nil {
			w.Input, w.Size = e.s.Input(), size(e.s)
		}
	}
	return ways
}

// reproduce shrinks the example of each way to the smallest input it can
// find that fails the same way, within the check's budget, and writes it
// to cfg.Out with the judge's answer. The examples of golden transcripts
// are not shrunk, nor those that a limit ended, since each try could take
// the whole limit, nor bad setups, which are small.
func reproduce(ctx context.Context, cfg Config, jobs []*job, ways []*Way) {
	byCase := map[*Case]*job{}
	for _, j := range jobs {
		byCase[j.c] = j
	}
	b := &budget{runs: shrinkRuns, limited: shrinkLimitedRuns, deadline: time.Now().Add(shrinkTime)}
	Parallel(ctx, len(ways), cfg.Jobs, func(i int) {
		w := ways[i]
		e := byCase[w.Cases[0]]
		compare := func(t scenario.Transcript) *Failure {
			return Compare(t, Run(ctx, cfg.Program, t, e.c.Mode, cfg.Timeouts, cfg.Sandbox))
		}
		try := func(s *scenario.Scenario) (scenario.Transcript, *Failure) {
			t := s.Transcript()
			return t, compare(t)
		}
		t := e.t
		var f *Failure // the failure on t with its output, once there is one
		if s := e.s; s != nil {
			t = s.Transcript()
			if s.Fault == nil && !w.Failure.Result.limitEnded() {
				// The shrinker needs the failure with its output.
				f = compare(t)
				if w.Failure.Same(f) {
					sh := &shrinker{try: try, budget: b}
					var shrunk *scenario.Scenario
					if shrunk, t, f = sh.shrink(s, t, f); shrunk != s {
						w.Shrunk, w.Size = true, size(shrunk)
						w.Failure = f.summarize(t, cfg.Timeouts, cfg.Sandbox.Limits)
					}
				}
			}
		}
		w.Input = t.Input
		var out []byte
		switch {
		case f != nil:
			out = f.Result.Stdout
		case w.Failure.Result.limitEnded():
			out = w.Failure.Result.Stdout // kept by summarize: each run could take the whole limit
		default:
			// A transcript from a file or a bad setup: run once more.
			if f := compare(t); f != nil {
				out = f.Result.Stdout
			}
		}
		w.Output, w.OutputCut = bytes.Clone(out[:min(len(out), MaxOutput)]), len(out) > MaxOutput
		if t.Status != 0 && len(console.Lines(t.Output)) > 1 {
			w.MidGame = strings.TrimSpace(string(t.Errors))
		}
		if cfg.Out != "" {
			w.File = filepath.Join(cfg.Out, filepath.FromSlash(t.Name)+".in")
			w.Err = t.Write(cfg.Out)
		}
	})
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
	limits := describeLimits(cfg.Timeouts, sb.Limits)
	line := func(mode string) string {
		return "sandbox: " + mode + ", " + sb.Describe() + "; " + limits
	}
	if sb.Mode != sandbox.Isolated {
		return sb, line("limited (-sandbox=false)")
	}
	if err := sandbox.Probe(); err != nil {
		var u *sandbox.UnavailableError
		missing := err.Error()
		if errors.As(err, &u) {
			missing = u.Missing
		}
		sb.Mode = sandbox.Limited
		return sb, line("limited, isolation unavailable (no " + missing + ")")
	}
	return sb, line("isolated")
}

// describeLimits says the limits of each run in words.
func describeLimits(lim Timeouts, sl sandbox.Limits) string {
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

// Parallel calls do(0), ..., do(n-1), jobs at a time, until ctx is done:
// no call starts after that.
func Parallel(ctx context.Context, n, jobs int, do func(i int)) {
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
