package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// ErrRulesLine means the program's first line is neither FULL nor SIMPLE,
// so its rule set cannot be known.
var ErrRulesLine = errors.New("check: first line is not FULL or SIMPLE")

// A RulesError reports a program whose rule set could not be detected:
// it could not be started, or its first line is not FULL or SIMPLE.
type RulesError struct {
	Program string
	Line    string   // the program's first line, with its newline if it had one, quoted and cut short
	What    string   // what the program did, such as "it exited with status 1"
	Stderr  []string // the lines of its standard error that say most, as a Failure's Stderr
	Err     error    // ErrRulesLine, or why the program could not be started
}

// Error says what the program did, with the excerpt of its standard error
// that says why, such as python3's "can't open file", on the same line:
// its lines without their indent, apart by " | ".
func (e *RulesError) Error() string {
	if errors.Is(e.Err, ErrRulesLine) {
		var stderr string
		if len(e.Stderr) > 0 {
			lines := make([]string, len(e.Stderr))
			for i, l := range e.Stderr {
				lines[i] = strings.TrimSpace(l)
			}
			stderr = "; its standard error: " + strings.Join(lines, " | ")
		}
		return fmt.Sprintf("check: %s: its first line is %s, want \"FULL\\n\" or \"SIMPLE\\n\" (-rules forces a rule set); %s%s",
			e.Program, e.Line, e.What, stderr)
	}
	return fmt.Sprintf("check: %s: %v", e.Program, e.Err)
}

// Unwrap returns the error that the rule set could not be read for, such
// as ErrRulesLine.
func (e *RulesError) Unwrap() error { return e.Err }

// detectRules starts p in the sandbox sb with an empty standard input and
// reads its first line, as official practice does: FULL or SIMPLE, but
// for blanks (SameBlanks), selects the rule set.
func detectRules(ctx context.Context, p Program, lim Timeouts, sb sandbox.Config) (othello.Rules, error) {
	r := Run(ctx, p, scenario.Transcript{}, Batch, lim, sb)
	if r.End == NotStarted {
		return nil, &RulesError{Program: commandLine(p), Err: r.Err}
	}
	var line string
	if lines := console.Lines(r.Stdout); len(lines) > 0 {
		line = lines[0]
	}
	switch normalize(line) { // a first line right but for blanks is compared as every line is
	case "FULL":
		return othello.Full{}, nil
	case "SIMPLE":
		return othello.Simple{}, nil
	}
	return nil, &RulesError{Program: commandLine(p), Line: quote(line), What: what(scenario.Transcript{}, r, lim, sb.Limits, false),
		Stderr: stderrExcerpt(r.Stderr), Err: ErrRulesLine}
}

// A Config says what Check does.
type Config struct {
	Program Program
	Rules   othello.Rules // nil: the program's first line chooses
	Profile scenario.Profile
	Golden  []string // folders of golden transcripts; those of the other rule set are skipped
	N       int      // random scenarios
	Seed    uint64
	Rows    int     // the random scenarios' board size; 0 for random sizes
	Cols    int     //
	BadRate float64 // the chance of an invalid line before each move where the category has them; negative picks one of scenario.BadRates per scenario
	Mode    Mode    // LockStep runs every scenario in lock-step; Batch all but those of category lock-step
	// Strict compares standard output byte for byte and the exit status
	// in every profile, all or nothing, with no category format.
	// Otherwise a scenario passes when its output is right but for blanks
	// (Comparison), the category format counts the scenarios right to the
	// byte, and the exit status counts only in the protocol profile.
	Strict bool
	// Timeouts bound each run's time. A Timeout of 0, and a CPU limit of
	// 0 in Sandbox, are the defaults of the run's Size (Size.Wall,
	// Size.CPU), which grow with its board and moves.
	Timeouts Timeouts
	// Sandbox is how each run is separated from the grader and what it
	// may use. When its Mode is Isolated and the machine cannot isolate,
	// Check runs Limited and says why in Grade.Sandbox. The golden
	// folders and Out are hidden from the program.
	Sandbox sandbox.Config
	Jobs    int // scenarios run at once
	// Slots, if not nil, is shared with the checks made at the same time,
	// such as grade's: each run of a scenario, and each way's shrinking,
	// holds one of its slots, so that the checks together run no more
	// than it has, and a check left alone uses them all.
	Slots Slots
	Out   string // where the reproducers are written as golden pairs; "" for nowhere
	// OutName is what the reports call Out, as the one handed them finds
	// it from where the reports are, such as "failing"; "" names each
	// reproducer by its name in Out alone. The reports never show Out
	// itself, a path of the grader's.
	OutName string
	Weights Weights // the points of each category; nil for DefaultWeights(Profile, Strict, IsPython(Program))
	// StructureProbed says that ProbeStructure found the Python of
	// Program able to run the structure check, as othello grade probes
	// it once for a class: Check does not probe it again, unless it is a
	// file of the submission's folder (such as ./venv/bin/python3),
	// another in each.
	StructureProbed bool
	// AI, if not nil, makes the check an AI grade: the program is a
	// computer player, which plays each opponent (ai.go), and the
	// scenarios' settings (Rules, Golden, N, Mode, Strict, Timeouts,
	// Weights) do not count.
	AI *AI
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

// Comparison returns how the check compares each run with the judge's
// transcript: strictly under Strict; otherwise blanks normalized, and
// the exit status only in the protocol profile.
func (cfg Config) Comparison() Comparison {
	return Comparison{Strict: cfg.Strict, Status: cfg.Strict || cfg.Profile == scenario.Protocol}
}

// Points returns the points of each category: Weights, or the profile's
// defaults for the program; under Strict, the category format is worth
// nothing and has no score.
//
// An AI grade's are its opponents' points.
func (cfg Config) Points() Weights {
	if cfg.AI != nil {
		w := Weights{}
		for _, o := range cfg.AI.Opponents {
			w[o.Category()] = o.Points
		}
		return w
	}
	w := cfg.Weights
	if w == nil {
		w = DefaultWeights(cfg.Profile, cfg.Strict, IsPython(cfg.Program))
	}
	if cfg.Strict && w[scenario.Format] != 0 {
		w = maps.Clone(w)
		delete(w, scenario.Format)
	}
	return w
}

// Categories returns the categories that a check of cfg may score, in
// the order of its reports: scenario.Categories, or an AI grade's
// opponents.
func (cfg Config) Categories() []scenario.Category {
	if cfg.AI == nil {
		return scenario.Categories
	}
	var cs []scenario.Category
	for _, o := range cfg.AI.Opponents {
		cs = append(cs, o.Category())
	}
	return cs
}

// MaxPoints returns the most points a check of cfg can give, when every
// category with points has scenarios.
func (cfg Config) MaxPoints() float64 {
	total := 0.0
	for _, w := range cfg.Points() {
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

// maxHung is how many runs of a category may hang (Result.Hung), with
// none passing, before the category's other scenarios are not run: a
// program that hangs takes the time limit each time. A program that is
// slow but answers runs every scenario.
const maxHung = 3

// A job is a case to run, as plan lists it: a golden transcript, or a
// random scenario that the worker makes.
type job struct {
	c      Case                // the case, not yet run
	t      scenario.Transcript // a golden transcript, kept for the report
	random bool
	index  int
}

// Check runs the program on the reference game, the golden transcripts
// and the random scenarios that cfg gives, and returns what it found.
// When ctx is done, the runs under way are stopped, no more start, and
// the grade holds what was found so far. The error is for a check that
// could not run at all: a *MainError for a command that names its main
// module as MainWord where there is not exactly one (Program.In), a
// *MachineError (wrapping ErrGraderMachine) where the grader's machine
// cannot read the structure of a Python program (its Python is probed
// before the first run: ProbeStructure), a *RulesError for a program
// whose rule set cannot be detected, an error wrapping that of
// scenario.ReadDir or ErrNoGolden for a golden folder, or
// ErrNothingChecked.
func Check(ctx context.Context, cfg Config) (*Grade, error) {
	start := time.Now()
	program, err := cfg.Program.In(cfg.Sandbox.Dir)
	if err != nil {
		return nil, err
	}
	cfg.Program = program
	sb, sandboxLine := sandboxFor(cfg)
	cfg.Sandbox = sb
	if cfg.AI != nil {
		return play(ctx, cfg, sandboxLine)
	}
	if cfg.readsStructure() && (!cfg.StructureProbed || ownPython(cfg.Program)) {
		if err := probeStructure(ctx, cfg); err != nil {
			return nil, err
		}
	}
	rules, rulesFrom, err := rulesFor(ctx, cfg)
	if err != nil {
		return nil, err
	}
	cfg.Rules = rules
	jobs, skipped, err := plan(cfg)
	if err != nil {
		return nil, err
	}
	var structure []Rule
	if cfg.readsStructure() {
		lim, sb := cfg.limitsFor(scenario.Transcript{}) // the smallest run's limits
		if structure, err = structureOf(ctx, cfg.Program, lim, sb); err != nil {
			return nil, err
		}
	}
	outcomes := run(ctx, cfg, jobs)
	groups := group(outcomes)
	reproducers := reproduce(ctx, cfg, groups)
	g := &Grade{
		Program: commandLine(cfg.Program), Rules: rules, RulesFrom: rulesFrom, Profile: cfg.Profile, Mode: cfg.Mode,
		Seed: cfg.Seed, Jobs: max(1, cfg.Jobs), Sandbox: sandboxLine + fellBack(outcomes), Env: sb.Environment(), Skipped: skipped,
		Cases: casesOf(outcomes), Ways: waysOf(groups, reproducers), Structure: structure,
	}
	g.Scores = score(g.Cases, g.Structure, cfg.Points(), !cfg.Strict)
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
	lim, sb := cfg.limitsFor(scenario.Transcript{})
	r, err := detectRules(ctx, cfg.Program, lim, sb)
	return r, "its first line", err
}

// plan returns the jobs of the check under cfg.Rules, in the order of
// the report: the reference game, the golden transcripts, the random
// scenarios; and how many golden transcripts of the other rule set it
// skipped.
func plan(cfg Config) ([]job, int, error) {
	notYet := func(name string, category scenario.Category, about string) Case {
		return Case{Name: name, Category: category, About: about, Mode: cfg.Mode, Verdict: NotRun, Why: notRun}
	}
	ref := scenario.ReferenceGame(cfg.Rules)
	jobs := []job{{t: ref, c: notYet(ref.Name, scenario.Reference, "the assignment's reference game")}}
	skipped := 0
	for _, dir := range cfg.Golden {
		ts, err := scenario.ReadDir(dir)
		if err != nil {
			return nil, 0, fmt.Errorf("check: golden transcripts: %w", err)
		}
		n := len(jobs)
		for _, t := range ts {
			if t.Rules != cfg.Rules {
				skipped++
				continue
			}
			t.Name = filepath.ToSlash(filepath.Join(dir, t.Name))
			jobs = append(jobs, job{t: t, c: notYet(t.Name, scenario.Golden, "golden transcript")})
		}
		if len(jobs) == n {
			return nil, 0, fmt.Errorf("%w: %s holds %d transcripts, none of them %s", ErrNoGolden, dir, len(ts), cfg.Rules.Name())
		}
	}
	gen := cfg.Generator()
	for i := range cfg.N {
		c := notYet(gen.Name(cfg.Seed, i), gen.Category(i), fmt.Sprintf("random scenario %d of seed %d", i, cfg.Seed))
		if c.Category == scenario.LockStep {
			c.Mode = LockStep
		}
		jobs = append(jobs, job{random: true, index: i, c: c})
	}
	return jobs, skipped, nil
}

// An outcome is a job run: its case with its verdict, and for a failing
// case what reproduce needs to run it again.
type outcome struct {
	c *Case
	t scenario.Transcript // the golden transcript of the job; for a random scenario, s gives it
	s *scenario.Scenario  // the random scenario, kept if it fails
	// limitOutput is the first MaxOutput bytes of the standard output of
	// a failing run that a limit ended, which is not run again.
	limitOutput []byte
	fellBack    string // as in Result
}

// run runs the jobs, cfg.Jobs at a time, and returns their outcomes in
// the same order. A category in which maxHung runs hung, and none
// passed, runs no more; a job that does not run, for the check was
// stopped first, is NotRun.
func run(ctx context.Context, cfg Config, jobs []job) []outcome {
	gen := cfg.Generator()
	outcomes := make([]outcome, len(jobs))
	for i, j := range jobs {
		c := j.c
		outcomes[i] = outcome{c: &c, t: j.t}
	}
	var mu sync.Mutex
	done := 0
	hung := map[scenario.Category]int{}
	passes := map[scenario.Category]int{}
	Parallel(ctx, len(jobs), cfg.Jobs, func(i int) {
		defer cfg.Slots.hold()()
		j, o := jobs[i], &outcomes[i]
		c := o.c
		t := j.t
		if j.random {
			o.s = gen.Scenario(cfg.Seed, j.index)
			t = o.s.Transcript()
			c.About += ": " + describe(o.s)
		}
		mu.Lock()
		stuck := hung[c.Category] >= maxHung && passes[c.Category] == 0
		mu.Unlock()
		hangs := false
		if stuck {
			c.Verdict, c.Why = NotRun, fmt.Sprintf("not run: a limit ended %d runs of %s that gave no answer for half the run or more, and none passed", maxHung, c.Category)
		} else {
			lim, sb := cfg.limitsFor(t)
			r := Run(ctx, cfg.Program, t, c.Mode, lim, sb)
			o.fellBack = r.FellBack
			d := cfg.Comparison().Compare(t, r)
			switch {
			case d != nil && d.Result.End == Interrupted:
			case d != nil && d.Blanks:
				c.Verdict, c.Why, c.Failure = Passed, "", d.Summarize(t, lim, sb.Limits)
			case d != nil:
				c.Verdict, c.Why, c.Failure = Failed, "", d.Summarize(t, lim, sb.Limits)
				if d.Result.End.LimitEnded() {
					o.limitOutput = bytes.Clone(d.Result.Stdout[:min(len(d.Result.Stdout), MaxOutput)])
				}
				hangs = d.Result.Hung()
			default:
				c.Verdict, c.Why = Passed, ""
			}
		}
		if c.Failure == nil {
			o.s = nil
		}
		mu.Lock()
		defer mu.Unlock()
		switch {
		case c.Verdict == Passed:
			passes[c.Category]++
		case hangs:
			hung[c.Category]++
		}
		if done++; cfg.Progress != nil {
			cfg.Progress(done, len(jobs))
		}
	})
	return outcomes
}

// notRun is why a case is not run when the check is stopped first.
const notRun = "not run: the check was stopped"

// casesOf returns the cases of the outcomes, in their order.
func casesOf(outcomes []outcome) []*Case {
	cases := make([]*Case, len(outcomes))
	for i, o := range outcomes {
		cases[i] = o.c
	}
	return cases
}

// A failGroup is the cases that fail one way, in logic or only in
// blanks, and the example
// of that way: the smallest random scenario among them, or else the
// first case.
type failGroup struct {
	example *outcome
	cases   []*Case // the example first, then the others in the order of the check
}

// group sorts the outcomes with a failure, in logic or only in blanks,
// into groups that fail the same way, in the order of their first case.
func group(outcomes []outcome) []failGroup {
	var groups []failGroup
	var members [][]*outcome
	for i := range outcomes {
		o := &outcomes[i]
		if o.c.Failure == nil {
			continue
		}
		k := slices.IndexFunc(groups, func(g failGroup) bool { return g.example.c.Failure.Same(o.c.Failure) })
		if k < 0 {
			groups = append(groups, failGroup{example: o})
			members = append(members, nil)
			k = len(groups) - 1
		} else if e := groups[k].example; o.s != nil && (e.s == nil || smaller(o.s.Size(), e.s.Size())) {
			groups[k].example = o
		}
		members[k] = append(members[k], o)
	}
	for k := range groups {
		g := &groups[k]
		g.cases = []*Case{g.example.c}
		for _, o := range members[k] {
			if o != g.example {
				g.cases = append(g.cases, o.c)
			}
		}
	}
	return groups
}

// reproduce returns the reproducer of each group: the example's input
// shrunk to the smallest it can find that fails the same way, within the
// check's budget, written to cfg.Out with the judge's answer, and what
// the program wrote on it. The examples of golden transcripts are not
// shrunk, nor those that a limit ended, since each try could take the
// whole limit, nor bad setups, which are small.
func reproduce(ctx context.Context, cfg Config, groups []failGroup) []Reproducer {
	b := &budget{runs: shrinkRuns, limited: shrinkLimitedRuns, deadline: time.Now().Add(shrinkTime)}
	reproducers := make([]Reproducer, len(groups))
	for i, g := range groups {
		// What a way shows when the check is stopped before its turn.
		e := g.example
		reproducers[i] = Reproducer{Input: e.t.Input, Failure: e.c.Failure, Size: fmt.Sprintf("%d input lines", len(console.Lines(e.t.Input)))}
		if e.s != nil {
			reproducers[i].Input, reproducers[i].Size = e.s.Input(), size(e.s)
		}
	}
	Parallel(ctx, len(groups), cfg.Jobs, func(i int) {
		defer cfg.Slots.hold()()
		e := groups[i].example
		compare := func(t scenario.Transcript) *Difference {
			lim, sb := cfg.limitsFor(t)
			return cfg.Comparison().Compare(t, Run(ctx, cfg.Program, t, e.c.Mode, lim, sb))
		}
		try := func(s *scenario.Scenario) (scenario.Transcript, *Difference) {
			t := s.Transcript()
			return t, compare(t)
		}
		r := reproducers[i]
		t := e.t
		var d *Difference // the difference on t with its output, once there is one
		if s := e.s; s != nil {
			t = s.Transcript()
			if s.Fault == nil && !r.Failure.End.LimitEnded() {
				// The shrinker needs the difference with its output.
				d = compare(t)
				if d.sameAs(r.Failure) {
					sh := &shrinker{try: try, budget: b}
					var shrunk *scenario.Scenario
					if shrunk, t, d = sh.shrink(s, t, d); shrunk != s {
						r.Shrunk, r.Size = true, size(shrunk)
						lim, sb := cfg.limitsFor(t)
						r.Failure = d.Summarize(t, lim, sb.Limits)
					}
				}
			}
		}
		r.Input = t.Input
		var out []byte
		switch {
		case d != nil:
			out = d.Result.Stdout
		case r.Failure.End.LimitEnded():
			out = e.limitOutput // each run could take the whole limit
		default:
			// A transcript from a file or a bad setup: run once more.
			if d := compare(t); d != nil {
				out = d.Result.Stdout
			}
		}
		r.Output, r.OutputCut = bytes.Clone(out[:min(len(out), MaxOutput)]), len(out) > MaxOutput
		if EndsMidGame(t) {
			r.MidGame = strings.TrimSpace(string(t.Errors))
		}
		if cfg.Out != "" {
			r.File = path.Join(cfg.OutName, t.Name+".in")
			r.Err = t.Write(cfg.Out)
		}
		reproducers[i] = r
	})
	return reproducers
}

// waysOf returns the ways of failing of the groups with their
// reproducers, numbered from 1, and links each case to its way.
func waysOf(groups []failGroup, reproducers []Reproducer) []*Way {
	ways := make([]*Way, len(groups))
	for i, g := range groups {
		ways[i] = &Way{Number: i + 1, Cases: g.cases, Reproducer: reproducers[i]}
		for _, c := range g.cases {
			c.Way = ways[i]
		}
	}
	return ways
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
	if cfg.AI != nil {
		limits = "each game under the referee's clock, " + cfg.AI.Clock.String()
		if space := describeSpace(sb.Limits); len(space) > 0 {
			limits += ", the program limited to " + strings.Join(space, ", ")
		}
	}
	sb, mode, _ := SandboxMode(sb)
	return sb, "sandbox: " + mode + ", " + sb.Describe() + "; " + limits
}

// SandboxMode returns sb as programs run in it here (Limited where
// isolation was asked for and is unavailable), how they run in the words
// of the report's sandbox line ("isolated", "limited (-sandbox=false)",
// or "limited, isolation unavailable (no ...)"), and, when they run
// Limited for want of isolation, why: an error wrapping
// sandbox.ErrUnavailable.
func SandboxMode(sb sandbox.Config) (sandbox.Config, string, error) {
	if sb.Mode != sandbox.Isolated {
		return sb, "limited (-sandbox=false)", nil
	}
	sb, err := sb.Settle()
	if err != nil {
		var u *sandbox.UnavailableError
		missing := err.Error()
		if errors.As(err, &u) {
			missing = u.Missing
		}
		return sb, "limited, isolation unavailable (no " + missing + ")", err
	}
	return sb, "isolated", nil
}

// fellBack says, for the sandbox's line, how many of the scenarios ran
// Limited because their isolation could not be set up, and why; "" for
// none.
func fellBack(outcomes []outcome) string {
	n, why := 0, ""
	for _, o := range outcomes {
		if o.fellBack != "" {
			n, why = n+1, o.fellBack
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d of %d %s ran limited instead, their isolation could not be set up (no %s)", n, len(outcomes), plural(len(outcomes), "scenario"), why)
}

// describeLimits says the limits of each run in words.
func describeLimits(lim Timeouts, sl sandbox.Limits) string {
	return "each run limited to " + strings.Join(append(describeTime(lim, sl), describeSpace(sl)...), ", ")
}

// describeSpace describes the limits of sl other than time that hold,
// such as "512MiB memory".
func describeSpace(sl sandbox.Limits) []string {
	var parts []string
	add := func(ok bool, format string, a ...any) {
		if ok {
			parts = append(parts, fmt.Sprintf(format, a...))
		}
	}
	hold := sandbox.LimitsHold
	add(hold && sl.Memory > 0, "%s memory", sandbox.Bytes(sl.Memory))
	add(hold && sl.FileSize > 0, "%s files", sandbox.Bytes(sl.FileSize))
	add(hold && sl.Processes > 0, "%d processes", sl.Processes)
	add(hold && sl.OpenFiles > 0, "%d open files", sl.OpenFiles)
	return parts
}

// Slots bounds how many runs the checks that share it make at once.
type Slots chan struct{}

// NewSlots returns n slots.
func NewSlots(n int) Slots { return make(Slots, max(1, n)) }

// hold waits for a slot and returns what gives it back; for nil Slots,
// it waits for nothing.
func (s Slots) hold() (release func()) {
	if s == nil {
		return func() {}
	}
	s <- struct{}{}
	return func() { <-s }
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
