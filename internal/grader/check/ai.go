package check

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/othello"
)

// An Opponent is a reference player of an AI grade and what the games
// against it are worth: Points for a score of Threshold or more, a share
// of them below (Earned).
type Opponent struct {
	Player    referee.Spec // one of our engines: level:N, cpu:DEPTH, greedy or random
	Games     int          // games against it, even: each opening once with each colour
	Threshold float64      // the score, of 1, that earns all of Points: more than 0, at most 1
	Points    float64
}

// Category returns the category of the games against o.
func (o Opponent) Category() scenario.Category { return scenario.Opponent(o.Player.Name) }

// String returns o as a line of a weights file, such as "greedy 20 70%
// 30", which ReadOpponents reads back.
func (o Opponent) String() string {
	return fmt.Sprintf("%s %d %s%% %s", o.Player.Name, o.Games, strconv.FormatFloat(o.Threshold*100, 'f', -1, 64), strconv.FormatFloat(o.Points, 'f', -1, 64))
}

// Earned returns the points that a score of won and drawn games of the
// games against o earns: Points times the score over Threshold, at most
// Points, where the score is the games won and half those drawn over
// o.Games, every game not won or drawn (a loss, a forfeit, a game not
// played) counting as lost. A player at half the threshold earns half.
func (o Opponent) Earned(won, drawn int) float64 {
	if o.Games <= 0 || o.Threshold <= 0 {
		return 0
	}
	score := (float64(won) + float64(drawn)/2) / float64(o.Games)
	return round(o.Points * min(1, score/o.Threshold))
}

// An AI is how an AI grade plays: the program, a computer player that
// speaks the plain protocol of package referee, plays a match against
// each opponent in turn under Clock, on 8x8 boards, each pair of games
// from a random opening of Openings plies.
type AI struct {
	Opponents []Opponent
	Clock     referee.TimeControl
	Openings  int
}

// DefaultAIClock is the clock of an AI grade that none is given, as
// othello match's: 10 seconds a game and 0.1 a move.
const DefaultAIClock = "10+0.1"

// DefaultAIOpenings is the plies of the random openings of an AI grade,
// as othello match's.
const DefaultAIOpenings = 4

// DefaultOpponents returns the opponents of an AI grade with no weights
// file, 100 points in all: 20 games against random for 30 points, all
// of them from a score of 90%; 20 against greedy for 30, from 70%; and
// 20 against level:3 for 40, from 50%. A player that plays legal moves
// at random scores about half against random; one that looks a move
// ahead beats random and holds greedy; only a real search beats
// level:3 half the time.
func DefaultOpponents() []Opponent {
	spec := func(name string) referee.Spec {
		s, err := referee.ParseSpec(name)
		if err != nil {
			panic(err)
		}
		return s
	}
	return []Opponent{
		{Player: spec("random"), Games: 20, Threshold: 0.9, Points: 30},
		{Player: spec("greedy"), Games: 20, Threshold: 0.7, Points: 30},
		{Player: spec("level:3"), Games: 20, Threshold: 0.5, Points: 40},
	}
}

// A WeightsError is a line of a weights file that is not what it should
// be. It wraps ErrWeights.
type WeightsError struct {
	Line int    // from 1
	Text string // the line, without its newline
	Why  string // what it should be, such as "the category comes twice"
}

// Error returns "check: bad weights: line 3: WHY, got "TEXT"".
func (e *WeightsError) Error() string {
	return fmt.Sprintf("%v: line %d: %s, got %q", ErrWeights, e.Line, e.Why, e.Text)
}

// Unwrap returns ErrWeights.
func (e *WeightsError) Unwrap() error { return ErrWeights }

// ReadOpponents reads the weights file of an AI grade: one line for each
// opponent, its name, the games against it, the score that earns all its
// points, and its points, such as "greedy 20 70% 30". An opponent is one
// of our engines (level:N, cpu:DEPTH, greedy or random), named once; the
// games are even, from 2 to 1000; the score a percentage, more than 0%
// and at most 100%. Blank lines and lines starting with # are skipped. A
// line that is none of these is a *WeightsError; a file with no
// opponent wraps ErrWeights.
func ReadOpponents(r io.Reader) ([]Opponent, error) {
	var opps []Opponent
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(why string) error { return &WeightsError{Line: n, Text: line, Why: why} }
		fields := strings.Fields(line)
		if len(fields) != 4 {
			return nil, bad("want OPPONENT GAMES SCORE% POINTS")
		}
		spec, err := referee.ParseSpec(fields[0])
		if err != nil || spec.IsProgram() {
			return nil, bad("an opponent is level:N, cpu:DEPTH, greedy or random")
		}
		for _, o := range opps {
			if o.Player.Name == spec.Name {
				return nil, bad("the opponent comes twice")
			}
		}
		games, err := strconv.Atoi(fields[1])
		if err != nil || games < 2 || games > 1000 || games%2 != 0 {
			return nil, bad("the games must be even, from 2 to 1000")
		}
		pct, ok := strings.CutSuffix(fields[2], "%")
		threshold, err := strconv.ParseFloat(pct, 64)
		if !ok || err != nil || !(threshold > 0 && threshold <= 100) {
			return nil, bad("the score must be a percentage, more than 0% and at most 100%")
		}
		points, err := strconv.ParseFloat(fields[3], 64)
		if err != nil || points < 0 || math.IsInf(points, 0) || math.IsNaN(points) {
			return nil, bad("points must be a number, 0 or more")
		}
		opps = append(opps, Opponent{Player: spec, Games: games, Threshold: threshold / 100, Points: points})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWeights, err)
	}
	if len(opps) == 0 {
		return nil, fmt.Errorf("%w: no opponent", ErrWeights)
	}
	return opps, nil
}

// play plays cfg's program against each opponent of cfg.AI in turn, as
// Check does for an AI grade, and returns its grade: each game a case of
// its opponent's category, Passed when the program won, Drawn, or Failed
// when it lost, its Failure saying why when it forfeited; each opponent a
// score. sandboxLine is the sandbox's line of the report. When ctx is
// done, the games under way end, no other starts, and the games not
// played are NotRun.
func play(ctx context.Context, cfg Config, sandboxLine string) (*Grade, error) {
	start := time.Now()
	student := referee.Spec{Name: "prog:" + commandLine(cfg.Program), Path: cfg.Program.Path, Args: cfg.Program.Args}
	setup, err := othello.StandardSetup(othello.Full{}, 8, 8)
	if err != nil {
		panic(err) // 8x8 is a standard board
	}
	g := &Grade{
		Program: commandLine(cfg.Program), Rules: othello.Full{}, RulesFrom: "the referee's", Profile: scenario.AI,
		Seed: cfg.Seed, Jobs: max(1, cfg.Jobs), Sandbox: sandboxLine, Env: cfg.Sandbox.Environment(), AI: cfg.AI,
	}
	for i, o := range cfg.AI.Opponents {
		cat := o.Category()
		s := Score{Category: cat, Threshold: o.Threshold, Weight: o.Points, Max: o.Points}
		m := referee.Match{
			Players: [2]referee.Spec{student, o.Player}, Pairs: o.Games / 2, Setup: setup, Openings: referee.Openings{Random: cfg.AI.Openings},
			Seed: cfg.Seed + uint64(i), Clocks: referee.Clocks{cfg.AI.Clock, cfg.AI.Clock}, Jobs: max(1, cfg.Jobs), Sandbox: cfg.Sandbox,
			Hold: cfg.Slots.hold, // a game is a run: a class's checks share cfg.Jobs of them
		}
		var results []referee.Result
		if ctx.Err() == nil {
			if results, err = m.Run(ctx, nil); err != nil {
				return nil, fmt.Errorf("check: %w", err)
			}
		}
		for _, r := range results {
			c := &Case{Name: fmt.Sprintf("%s game %d", cat, r.Number), Category: cat, About: strings.TrimPrefix(r.Line(), fmt.Sprintf("game %d: ", r.Number))}
			switch r.Winner {
			case r.First:
				c.Verdict = Passed
				s.Passed++
			case othello.Empty:
				c.Verdict = Drawn
				s.Drawn++
			default:
				c.Verdict = Failed
				s.Failed++
			}
			if r.Forfeit != nil && r.Winner != r.First {
				c.Failure = &Failure{What: "it forfeits: " + forfeitReason(r.Forfeit)}
			}
			g.Cases = append(g.Cases, c)
		}
		for n := len(results) + 1; n <= o.Games; n++ {
			g.Cases = append(g.Cases, &Case{Name: fmt.Sprintf("%s game %d", cat, n), Category: cat, Verdict: NotRun, Why: "not played: the grading was stopped first"})
			s.NotRun++
		}
		s.Points = o.Earned(s.Passed, s.Drawn)
		g.Scores = append(g.Scores, s)
	}
	g.Elapsed = time.Since(start)
	return g, nil
}

// forfeitReason says why a player forfeited, its output quoted by the
// referee: "illegal move: played "9 9"; it could play 3 4 or 4 3".
func forfeitReason(f *referee.ForfeitError) string {
	return strings.TrimPrefix(f.Err.Error(), "referee: ") + ": " + f.Detail
}
