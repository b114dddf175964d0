package check

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

// A Grade is what a check found: every scenario's verdict, the ways of
// failing, and the points of each category. Packages report and
// autograder write its reports from it: the text, the JSON, the HTML
// page and each autograder's results.
type Grade struct {
	Program   string // the command line
	Rules     othello.Rules
	RulesFrom string // "its first line", or "forced" by Config.Rules
	Profile   scenario.Profile
	Mode      Mode
	Seed      uint64
	Jobs      int
	Sandbox   string // what the sandbox is, in a line
	Env       string // the program's environment, in a line (sandbox.Config.Environment)
	Skipped   int    // golden transcripts of the other rule set
	Cases     []*Case
	Ways      []*Way
	// Structure is the rules of structure of a Python program in the
	// assignment profile, each with its verdict (structure.go); nil for
	// a program that is not Python, in the protocol profile, or when the
	// category is worth nothing.
	Structure []Rule
	Scores    []Score
	Elapsed   time.Duration
	// AI is the games of an AI grade (Config.AI), whose cases are games
	// and whose categories are opponents; nil for a check of scenarios.
	AI *AI
}

// A Verdict is what became of one scenario.
type Verdict uint8

// The verdicts.
const (
	Passed Verdict = iota
	Failed
	NotRun // the check was stopped first, or its category kept timing out
	Drawn  // a game of an AI grade that neither player won
)

var verdictNames = [...]string{"pass", "fail", "not run", "draw"}

// String returns "pass", "fail", "not run" or "draw".
func (v Verdict) String() string { return verdictNames[v] }

// A Case is one scenario of a check and its verdict.
type Case struct {
	Name     string // the scenario's name; a golden transcript's path without .in
	Category scenario.Category
	About    string // where the scenario comes from and what it is
	Mode     Mode
	Verdict  Verdict
	// Failure is how it fails: for Failed, in logic; for a case Passed
	// but not right to the byte, in its blanks (Failure.Blanks); nil
	// for the others.
	Failure *Failure
	Way     *Way   // for a case with a Failure: the way of failing it shares with others
	Why     string // for NotRun: why
}

// Exact reports whether the case passed right to the byte, blanks and
// all.
func (c *Case) Exact() bool { return c.Verdict == Passed && c.Failure == nil }

// A Way is one way of failing: the cases that fail alike, and the
// smallest input found that shows it. The cases of a way that fails
// only in blanks (Failure.Blanks) passed in logic.
type Way struct {
	Number int     // from 1, in the order of the report
	Cases  []*Case // the example first, whose input was shrunk, then the others in the order of the check
	Reproducer
}

// A Reproducer is the smallest input found that fails a way, and what
// the program did on it.
type Reproducer struct {
	Input   []byte // the smallest input found that fails this way
	Failure *Failure
	Size    string // its size in words, such as "4x4 board, 1 line after the setup"
	Shrunk  bool   // it was shrunk from the example's input
	// MidGame is the judge's line on standard error when the input ends
	// mid-game, the reason for its exit status 1; "" otherwise.
	MidGame string
	// Output is the program's standard output on Input, its first
	// MaxOutput bytes; OutputCut says it wrote more. The judge's answer is
	// not kept: scenario.Judge gives it again from Input.
	Output    []byte
	OutputCut bool
	// File names the file of the input, its expected output beside it,
	// from where the reports are (Config.OutName, then its name in Out,
	// with slashes: "failing/full-game-3.in"); "" for nowhere.
	File string
	Err  error // why they could not be written there
}

// MaxOutput is how much of a program's standard output a Way keeps.
const MaxOutput = 64 << 10

// Categories returns how many of the way's cases are in each category,
// as "non-square 12, passes 3", most first.
func (w *Way) Categories() string {
	var parts []string
	for _, c := range scenario.Categories {
		n := 0
		for _, k := range w.Cases {
			if k.Category == c {
				n++
			}
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", c, n))
		}
	}
	return strings.Join(parts, ", ")
}

// CasesIn returns how many of the way's cases cost points in category c:
// in format, every case of a way right but for blanks; in the others,
// those of the category of a way that fails in logic.
func (w *Way) CasesIn(c scenario.Category) int {
	if (c == scenario.Format) != w.Failure.Blanks {
		return 0
	}
	if c == scenario.Format {
		return len(w.Cases)
	}
	n := 0
	for _, k := range w.Cases {
		if k.Category == c {
			n++
		}
	}
	return n
}

// Summary says in one line how the way fails: where the output first
// differs and what the program did; for a way that fails only in blanks,
// "right but for blanks: " and the two lines.
func (w *Way) Summary() string { return w.Failure.Summary() }

// A Score is what a category is worth and what the program earned in it:
// Weight's share of the scenarios passed, out of Max, which is Weight
// unless the category has no scenario.
//
// The category format is scored apart from logic: its scenarios are those
// of the check that passed in logic, Passed those right to the byte
// (Case.Exact), Failed those right but for blanks; its Max is Weight even
// when no scenario passed, for then it earns nothing. The category
// structure counts rules of structure (Grade.Structure), not scenarios.
//
// An opponent of an AI grade (scenario.Category.IsOpponent) counts games:
// Passed those the program won, Drawn those drawn, Failed those it lost,
// forfeits included, NotRun those not played; it earns Weight times its
// score over Threshold, at most Weight (Opponent.Earned).
type Score struct {
	Category               scenario.Category
	Passed, Failed, NotRun int
	Drawn                  int     // an opponent's games drawn
	Threshold              float64 // an opponent's score, of 1, that earns all of Weight; 0 for the others
	Weight                 float64
	Points, Max            float64
}

// Count returns how many scenarios, rules or games the score counts.
func (s Score) Count() int { return s.Passed + s.Failed + s.NotRun + s.Drawn }

// Blanks returns how many scenarios passed but for blanks: right in
// logic, not to the byte.
func (g *Grade) Blanks() int {
	n := 0
	for _, c := range g.Cases {
		if c.Verdict == Passed && !c.Exact() {
			n++
		}
	}
	return n
}

// Count returns how many scenarios have the verdict v.
func (g *Grade) Count(v Verdict) int {
	n := 0
	for _, c := range g.Cases {
		if c.Verdict == v {
			n++
		}
	}
	return n
}

// Without returns g as seen without the categories hidden: its cases,
// its scores and its ways of failing keep only those of the other
// categories, and the ways left are numbered again from 1, so that
// nothing says how the program does in a hidden category, nor that it
// fails there at all. The cases and the reproducers are g's own, not
// copies. With no category hidden, it returns g.
func (g *Grade) Without(hidden []scenario.Category) *Grade {
	if len(hidden) == 0 {
		return g
	}
	shown := func(c *Case) bool { return !slices.Contains(hidden, c.Category) }
	seen := *g
	seen.Cases, seen.Ways, seen.Scores = nil, nil, nil
	if slices.Contains(hidden, scenario.Structure) {
		seen.Structure = nil
	}
	for _, c := range g.Cases {
		if shown(c) {
			seen.Cases = append(seen.Cases, c)
		}
	}
	for _, way := range g.Ways {
		w := &Way{Reproducer: way.Reproducer}
		for _, c := range way.Cases {
			if shown(c) {
				w.Cases = append(w.Cases, c)
			}
		}
		if len(w.Cases) > 0 {
			w.Number = len(seen.Ways) + 1
			seen.Ways = append(seen.Ways, w)
		}
	}
	for _, s := range g.Scores {
		if !slices.Contains(hidden, s.Category) {
			seen.Scores = append(seen.Scores, s)
		}
	}
	return &seen
}

// Total returns the points earned and the most there are.
func (g *Grade) Total() (points, max float64) {
	for _, s := range g.Scores {
		points += s.Points
		max += s.Max
	}
	return round(points), round(max)
}

// FormatPoints writes points as reports do, with at most two decimals:
// "15", "7.5", "8.33".
func FormatPoints(x float64) string {
	return strconv.FormatFloat(round(x), 'f', -1, 64)
}

// round rounds points to two decimals.
func round(x float64) float64 { return math.Round(x*100) / 100 }

// score gives each category of the weights and of the cases its points,
// with format the category format, and structure its points by the rules
// of structure.
func score(cases []*Case, rules []Rule, weights Weights, format bool) []Score {
	var scores []Score
	for _, c := range scenario.Categories {
		if c == scenario.Format && !format {
			continue
		}
		s := Score{Category: c, Weight: weights[c]}
		for _, r := range rules {
			switch {
			case c != scenario.Structure:
			case r.Verdict == Passed:
				s.Passed++
			case r.Verdict == Failed:
				s.Failed++
			default:
				s.NotRun++
			}
		}
		for _, k := range cases {
			switch {
			case c == scenario.Format && k.Exact():
				s.Passed++
			case c == scenario.Format && k.Verdict == Passed:
				s.Failed++
			case c == scenario.Format || k.Category != c:
			case k.Verdict == Passed:
				s.Passed++
			case k.Verdict == Failed:
				s.Failed++
			default:
				s.NotRun++
			}
		}
		n := s.Passed + s.Failed + s.NotRun
		if n == 0 && s.Weight == 0 {
			continue
		}
		if n > 0 || c == scenario.Format {
			s.Max = s.Weight
			s.Points = round(s.Weight * float64(s.Passed) / float64(max(n, 1)))
		}
		scores = append(scores, s)
	}
	return scores
}

// Weights are the points each category is worth.
type Weights map[scenario.Category]float64

// DefaultWeights returns the points of each category of profile p, which
// add up to 100, strict or not. Golden transcripts are worth nothing
// unless a weights file says otherwise. Strict, there is no format: a
// scenario passes right to the byte or fails. Otherwise the format,
// blanks right to the byte, is worth 10 points in the assignment
// profile, which says spacing is critical, taken from non-square and
// invalid-moves, so that a program right in logic but for its blanks
// earns 90, not 0; and 5 in the protocol profile, taken from
// tolerant-input, as much as each other detail that PROTOCOL.md adds to
// the assignment (bad lines, bad setups).
//
// The structure, the assignment's four rules of a Python program's
// modules, is worth 10 points in the assignment profile for a python
// program (IsPython), 2.5 a rule, as much as each category of the games:
// the assignment makes the rules part of the work, and its sanity
// checker enforces one of them, but they are a tenth of what it asks,
// the games the rest. The 10 are taken from full-game and lock-step,
// which have 15 for a program that is not Python, whose structure is not
// checked, so that a program right in every game but with none of the
// structure earns 90. The protocol profile, any program in any language,
// has no structure.
func DefaultWeights(p scenario.Profile, strict, python bool) Weights {
	if p == scenario.Protocol {
		w := Weights{
			scenario.Reference: 10, scenario.FullGame: 10, scenario.Passes: 10, scenario.BlockedStart: 10,
			scenario.FewestWins: 10, scenario.NonSquare: 10, scenario.InvalidMoves: 10, scenario.LockStep: 10,
			scenario.TolerantInput: 10, scenario.BadLines: 5, scenario.BadSetup: 5,
		}
		if !strict {
			w[scenario.TolerantInput] -= 5
			w[scenario.Format] = 5
		}
		return w
	}
	w := Weights{
		scenario.Reference: 10, scenario.FullGame: 10, scenario.Passes: 10, scenario.BlockedStart: 10,
		scenario.FewestWins: 10, scenario.NonSquare: 15, scenario.InvalidMoves: 15, scenario.LockStep: 10,
		scenario.Structure: 10,
	}
	if !python {
		w[scenario.FullGame] += 5
		w[scenario.LockStep] += 5
		delete(w, scenario.Structure)
	}
	if !strict {
		w[scenario.NonSquare] -= 5
		w[scenario.InvalidMoves] -= 5
		w[scenario.Format] = 10
	}
	return w
}

// ErrWeights means a weights file is not lines of a category and its
// points.
var ErrWeights = errors.New("check: bad weights")

// ReadWeights reads a weights file: one line for each category that is
// worth points, its name and its points, such as "non-square 15".
// Blank lines and lines starting with # are skipped. A category the file
// does not name is worth nothing. A line that is not one of these is a
// *WeightsError, which wraps ErrWeights; an error reading r wraps it too.
func ReadWeights(r io.Reader) (Weights, error) {
	w := Weights{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		bad := func(why string) error { return &WeightsError{Line: n, Text: line, Why: why} }
		if len(fields) != 2 {
			return nil, bad("want a category and its points")
		}
		c, err := scenario.ParseCategory(fields[0])
		if err != nil {
			return nil, bad("no such category")
		}
		if _, dup := w[c]; dup {
			return nil, bad("the category comes twice")
		}
		p, err := strconv.ParseFloat(fields[1], 64)
		if err != nil || p < 0 || math.IsInf(p, 0) || math.IsNaN(p) {
			return nil, bad("points must be a number, 0 or more")
		}
		w[c] = p
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWeights, err)
	}
	return w, nil
}
