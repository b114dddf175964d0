package check_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/sandbox"
)

// TestReadOpponents checks the weights file of an AI grade: its lines
// read, and each bad line a *WeightsError at its line that wraps
// ErrWeights.
func TestReadOpponents(t *testing.T) {
	got, err := check.ReadOpponents(strings.NewReader("# opponent games score points\n\nrandom 20 90% 30\n  level:3 4 50.5% 40  \n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Player.Name != "random" || got[0].Games != 20 || got[0].Threshold != 0.9 || got[0].Points != 30 ||
		got[1].Player.Name != "level:3" || got[1].Games != 4 || got[1].Threshold != 0.505 || got[1].Points != 40 {
		t.Errorf("got %+v, want random 20 0.9 30 and level:3 4 0.505 40", got)
	}
	for i, want := range []string{"random 20 90% 30", "level:3 4 50.5% 40"} {
		if s := got[i].String(); s != want {
			t.Errorf("opponent %d: got %q, want %q", i, s, want)
		}
	}
	for _, tt := range []struct {
		name, file string
		line       int // 0: no *WeightsError, only ErrWeights
	}{
		{"fields", "random 20 90%\n", 1},
		{"program", "# x\nprog:python3 a.py 20 90% 30\n", 2},
		{"no such opponent", "nobody 20 90% 30\n", 1},
		{"twice", "random 2 90% 30\nrandom 2 50% 10\n", 2},
		{"odd games", "random 3 90% 30\n", 1},
		{"no games", "random 0 90% 30\n", 1},
		{"no percent", "random 2 0.9 30\n", 1},
		{"score 0", "random 2 0% 30\n", 1},
		{"score over 100", "random 2 101% 30\n", 1},
		{"negative points", "random 2 90% -1\n", 1},
		{"no opponent", "# nothing\n", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := check.ReadOpponents(strings.NewReader(tt.file))
			if !errors.Is(err, check.ErrWeights) {
				t.Fatalf("got %v, want an error wrapping ErrWeights", err)
			}
			var we *check.WeightsError
			if got := errors.As(err, &we); got != (tt.line > 0) || got && we.Line != tt.line {
				t.Errorf("got %#v, want a *WeightsError at line %d (0: none)", err, tt.line)
			}
		})
	}
}

// TestEarned checks the scoring of an opponent: points times the score
// over the threshold, at most all, a draw half a win.
func TestEarned(t *testing.T) {
	o := check.Opponent{Games: 20, Threshold: 0.8, Points: 40}
	for _, tt := range []struct {
		won, drawn int
		want       float64
	}{
		{0, 0, 0},
		{20, 0, 40},
		{16, 0, 40},   // the threshold
		{8, 0, 20},    // half the threshold, half the points
		{6, 4, 20},    // a draw is half a win
		{1, 0, 2.5},   // 5% of 80%
		{3, 0, 7.5},   // 15% of 80%
		{19, 1, 40},   // above the threshold, no more
		{5, 1, 13.75}, // 27.5% of 80%
	} {
		if got := o.Earned(tt.won, tt.drawn); got != tt.want {
			t.Errorf("won %d, drawn %d of 20, 80%% for 40: got %v, want %v", tt.won, tt.drawn, got, tt.want)
		}
	}
	if got := (check.Opponent{Games: 2, Threshold: 0.9, Points: 30}).Earned(1, 0); got != 16.67 {
		t.Errorf("won 1 of 2, 90%% for 30: got %v, want 16.67 (rounded as reports write points)", got)
	}
}

// TestOptionsAI checks the Config of -profile ai: the default opponents
// and clock, -st, a weights file of opponents, and the options that are
// not the ai profile's refused.
func TestOptionsAI(t *testing.T) {
	dir := t.TempDir()
	weights := filepath.Join(dir, "ai.txt")
	if err := os.WriteFile(weights, []byte("greedy 2 70% 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := defaultOptions()
	o.Profile = "ai"
	cfg, err := o.Config()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AI == nil || len(cfg.AI.Opponents) != 3 || cfg.AI.Clock.String() != check.DefaultAIClock || cfg.MaxPoints() != 100 ||
		cfg.Profile != scenario.AI || len(cfg.Categories()) != 3 || cfg.Categories()[2] != scenario.Opponent("level:3") {
		t.Errorf("got %+v, categories %v, want the 3 default opponents, 100 points, the clock %s", cfg.AI, cfg.Categories(), check.DefaultAIClock)
	}
	o.PerMove, o.Weights = "0.5", weights
	if cfg, err = o.Config(); err != nil {
		t.Fatal(err)
	}
	if len(cfg.AI.Opponents) != 1 || cfg.AI.Opponents[0].Player.Name != "greedy" || cfg.AI.Clock.PerMove != 500*time.Millisecond {
		t.Errorf("got %+v, want greedy alone, 0.5s a move", cfg.AI)
	}
	for _, tt := range []struct {
		name   string
		change func(*check.Options)
		want   error
	}{
		{"bad clock", func(o *check.Options) { o.Profile, o.Clock = "ai", "ten" }, referee.ErrTimeControl},
		{"scenario weights", func(o *check.Options) {
			o.Profile, o.Weights = "ai", filepath.Join(dir, "w.txt")
			os.WriteFile(o.Weights, []byte("non-square 15\n"), 0o644)
		}, check.ErrWeights},
		{"hidden", func(o *check.Options) { o.Profile, o.Hidden = "ai", "format" }, check.ErrOptions},
		{"clock of assignment", func(o *check.Options) { o.Clock = "10" }, check.ErrOptions},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := defaultOptions()
			tt.change(&o)
			_, err := o.Config()
			var oe *check.OptionsError
			if !errors.As(err, &oe) || !errors.Is(err, tt.want) {
				t.Errorf("got %v, want an *OptionsError wrapping %v", err, tt.want)
			}
		})
	}
}

// TestCheckAI plays the starter of the plain protocol, a Python player
// of the first legal move, 2 games against random, in the sandbox: each
// game played to its end, none forfeited.
func TestCheckAI(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	starter, err := filepath.Abs("../../referee/testdata/starter.py")
	if err != nil {
		t.Fatal(err)
	}
	opponents, err := check.ReadOpponents(strings.NewReader("random 2 90% 30\n"))
	if err != nil {
		t.Fatal(err)
	}
	clock, _ := referee.ParseTimeControl("5")
	cfg := check.Config{
		Program: check.Program{Path: "python3", Args: []string{starter}}, Seed: 1, Jobs: 2,
		Sandbox: sandbox.Config{Mode: sandbox.Isolated, Limits: sandbox.DefaultLimits, Bind: []string{filepath.Dir(starter)}},
		AI:      &check.AI{Opponents: opponents, Clock: clock, Openings: 4},
	}
	cfg.Sandbox.Limits.CPU = 0
	g, err := check.Check(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Cases) != 2 || len(g.Scores) != 1 || g.Scores[0].Count() != 2 || g.Count(check.NotRun) != 0 {
		t.Fatalf("got %d games, scores %+v, want 2 games against random", len(g.Cases), g.Scores)
	}
	for _, c := range g.Cases {
		if c.Failure != nil || !strings.Contains(c.About, "prog:python3 "+starter) {
			t.Errorf("got %s: %s, %+v; want a game of the starter played to its end", c.Name, c.About, c.Failure)
		}
	}
	if s := g.Scores[0]; s.Points != cfg.AI.Opponents[0].Earned(s.Passed, s.Drawn) {
		t.Errorf("got %v points for won %d, drawn %d; want Earned's", s.Points, s.Passed, s.Drawn)
	}
}
