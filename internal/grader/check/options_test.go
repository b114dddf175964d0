package check_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

// defaultOptions returns the Options of othello check with no flags but
// a seed.
func defaultOptions() check.Options {
	return check.Options{Profile: "assignment", N: 200, Seed: 7, BadRate: -1, LineTimeout: 2 * time.Second, Jobs: 2,
		Limits: sandbox.DefaultLimits}
}

// TestOptionsConfig checks the Config that Options make: the flags'
// values in their places, the time limits not given left to grow with
// each run, and the weights file read.
func TestOptionsConfig(t *testing.T) {
	dir := t.TempDir()
	weights := filepath.Join(dir, "weights.txt")
	if err := os.WriteFile(weights, []byte("# points\nnon-square 15\ngolden 85\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(*check.Options)
		want   func(*check.Config) // what changes from the Config of defaultOptions
	}{
		{"defaults", func(*check.Options) {}, func(*check.Config) {}},
		{"size", func(o *check.Options) { o.Size = "6x10" }, func(c *check.Config) { c.Rows, c.Cols = 6, 10 }},
		{"lock-step", func(o *check.Options) { o.Interactive = true }, func(c *check.Config) { c.Mode = check.LockStep }},
		{"limited", func(o *check.Options) { o.Limited = true }, func(c *check.Config) { c.Sandbox.Mode = sandbox.Limited }},
		{"timeout", func(o *check.Options) { o.Timeout, o.TimeoutSet = 3*time.Second, true },
			func(c *check.Config) { c.Timeouts.Timeout = 3 * time.Second }},
		{"timeout not set", func(o *check.Options) { o.Timeout = 3 * time.Second }, func(*check.Config) {}},
		{"cpu", func(o *check.Options) { o.Limits.CPU, o.CPUSet = time.Second, true },
			func(c *check.Config) { c.Sandbox.Limits.CPU = time.Second }},
		{"strict protocol", func(o *check.Options) { o.Strict, o.Profile = true, "protocol" },
			func(c *check.Config) { c.Strict, c.Profile = true, scenario.Protocol }},
		{"golden, bind and env", func(o *check.Options) { o.Golden, o.Bind, o.Env = []string{"g"}, []string{"/opt"}, []string{"A=1"} },
			func(c *check.Config) {
				c.Golden, c.Sandbox.Bind, c.Sandbox.Env = []string{"g"}, []string{"/opt"}, []string{"A=1"}
			}},
		{"weights", func(o *check.Options) { o.Weights = weights },
			func(c *check.Config) { c.Weights = check.Weights{scenario.NonSquare: 15, scenario.Golden: 85} }},
		{"hidden", func(o *check.Options) { o.Hidden = " golden, ,non-square" }, func(*check.Config) {}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := defaultOptions()
			tt.change(&o)
			got, err := o.Config()
			if err != nil {
				t.Fatal(err)
			}
			want := check.Config{Profile: scenario.Assignment, N: 200, Seed: 7, BadRate: -1, Jobs: 2,
				Timeouts: check.Timeouts{LineTimeout: 2 * time.Second},
				Sandbox:  sandbox.Config{Mode: sandbox.Isolated, Limits: sandbox.DefaultLimits}}
			want.Sandbox.Limits.CPU = 0
			tt.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v,\nwant %+v", got, want)
			}
		})
	}
	o := defaultOptions()
	o.Rules = "simple"
	if cfg, err := o.Config(); err != nil || cfg.Rules == nil || cfg.Rules.Name() != "SIMPLE" {
		t.Errorf("-rules simple: got %v, %v; want the simple rules", cfg.Rules, err)
	}
}

// TestOptionsErrors checks what Options refuse, each with an
// *OptionsError that wraps ErrOptions and says what is wrong in the
// words of the command line.
func TestOptionsErrors(t *testing.T) {
	dir := t.TempDir()
	badWeights := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(badWeights, []byte("nothing 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	tests := []struct {
		name   string
		change func(*check.Options)
		want   string // the start of the error
		cause  error  // what else it wraps, if not nil
	}{
		{"negative n", func(o *check.Options) { o.N = -1 }, "check: -n must be 0 or more, -j 1 or more, the timeouts positive and -bad at most 1", nil},
		{"no jobs", func(o *check.Options) { o.Jobs = 0 }, "check: -n must be 0 or more", nil},
		{"zero timeout", func(o *check.Options) { o.TimeoutSet = true }, "check: -n must be 0 or more", nil},
		{"zero line timeout", func(o *check.Options) { o.LineTimeout = 0 }, "check: -n must be 0 or more", nil},
		{"bad rate", func(o *check.Options) { o.BadRate = 1.5 }, "check: -n must be 0 or more", nil},
		{"zero cpu", func(o *check.Options) { o.Limits.CPU, o.CPUSet = 0, true },
			"check: -cpu, -memory, -file-size, -procs and -open-files must be positive", nil},
		{"zero memory", func(o *check.Options) { o.Limits.Memory = 0 }, "check: -cpu, -memory", nil},
		{"profile", func(o *check.Options) { o.Profile = "x" }, `check: -profile must be assignment, protocol or ai, got "x"`, nil},
		{"size", func(o *check.Options) { o.Size = "5x4" }, `check: -size must be ROWSxCOLS, each even from 4 to 16, got "5x4"`, nil},
		{"root", func(o *check.Options) { o.User = "0" }, "check: -user: sandbox: ", sandbox.ErrUser},
		{"rules", func(o *check.Options) { o.Rules = "fancy" }, `check: -rules must be full or simple, got "fancy"`, nil},
		{"missing weights", func(o *check.Options) { o.Weights = missing }, "check: -weights: open " + missing, os.ErrNotExist},
		{"bad weights", func(o *check.Options) { o.Weights = badWeights }, "check: -weights " + badWeights + ": check: bad weights: line 1", check.ErrWeights},
		{"hidden", func(o *check.Options) { o.Hidden = "golden,nothing" }, `check: -hidden: no category "nothing"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := defaultOptions()
			tt.change(&o)
			_, err := o.Config()
			var oe *check.OptionsError
			if !errors.As(err, &oe) || !errors.Is(err, check.ErrOptions) {
				t.Fatalf("got %v, want an *OptionsError that wraps ErrOptions", err)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %q, want it to start %q", err, tt.want)
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("got %v, want it to wrap %v", err, tt.cause)
			}
		})
	}
}

// TestHiddenCategories checks the categories of -hidden, blanks and
// empty names skipped.
func TestHiddenCategories(t *testing.T) {
	tests := []struct {
		hidden string
		want   []scenario.Category
	}{
		{"", nil},
		{"golden", []scenario.Category{scenario.Golden}},
		{" golden , ,non-square,", []scenario.Category{scenario.Golden, scenario.NonSquare}},
	}
	for _, tt := range tests {
		t.Run(tt.hidden, func(t *testing.T) {
			got, err := check.Options{Hidden: tt.hidden}.HiddenCategories()
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// TestUnwalled checks the wall of a check: none asked for under Limited,
// and under Isolated what the sandbox says, which WallWarning words.
func TestUnwalled(t *testing.T) {
	tests := []struct {
		name string
		mode sandbox.Mode
		want error // nil for no wall asked for
	}{
		{"limited", sandbox.Limited, nil},
		{"isolated", sandbox.Isolated, sandbox.Config{Mode: sandbox.Isolated}.Walled()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := check.Config{Sandbox: sandbox.Config{Mode: tt.mode}}
			err := cfg.Unwalled()
			if (err == nil) != (tt.want == nil) || (err != nil && err.Error() != tt.want.Error()) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			if err != nil && !errors.Is(err, sandbox.ErrNoWall) {
				t.Errorf("got %v, want it to wrap sandbox.ErrNoWall", err)
			}
		})
	}
	err := &sandbox.NoWallError{Why: "no Landlock"}
	want := "warning: sandbox: nothing keeps a program from the grader's files here (no Landlock): the program runs as you, with all your files"
	if got := check.WallWarning(err); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
