package terminal

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
)

// playDefaults returns the Options of othello play with no flags but a
// seed.
func playDefaults() Options {
	return Options{Black: "human", White: "cpu", Level: "hard", Time: player.DefaultBudget, Rules: "full", Size: "8x8",
		First: "B", Win: ">", Games: 1, Seed: 1, Style: "plain", Marks: true, Color: "auto"}
}

// TestOptionsPlan checks what Options make: a game or a match, its
// board from the flags or a file, its players, its colour; or an
// *OptionsError that says what is wrong in the words of the command
// line; or a *FileError for a file that cannot be played.
func TestOptionsPlan(t *testing.T) {
	dir := t.TempDir()
	moves := writeFile(t, dir, "moves.txt", "f5d6c3\n")
	ggs := writeFile(t, dir, "ggs.ggf", ggsGame)
	bad := writeFile(t, dir, "bad.ggf", badGame)
	setup := writeFile(t, dir, "fewest.in", "4\n6\nW\n<\n. . . . . .\n. . B W . .\n. . W B . .\n. . . . . .\n")
	missing := dir + "/none.ggf"
	tests := []struct {
		name    string
		change  func(*Options)
		want    string // the plan as "black white RxC first win style match games color moves", if no error
		wantErr string // the error
		file    bool   // whether the error is a *FileError
	}{
		{"defaults", func(*Options) {}, "human cpu 8x8 B > plain false 1 false 0", "", false},
		{"a board", func(o *Options) {
			o.Black, o.White, o.Size, o.First, o.Win, o.Style = "greedy", "human", "6x4", "w", "<", "XO"
		}, "greedy human 6x4 W < xo false 1 false 0", "", false},
		{"a match", func(o *Options) { o.Black, o.White, o.Games = "cpu:1", "random", 3 }, "cpu:1 random 8x8 B > plain true 3 false 0", "", false},
		{"stats", func(o *Options) { o.Black, o.White, o.Stats = "cpu:1", "random", true }, "cpu:1 random 8x8 B > plain true 1 false 0", "", false},
		{"colour on a terminal", func(o *Options) { o.StdoutTerminal = true }, "human cpu 8x8 B > plain false 1 true 0", "", false},
		{"NO_COLOR", func(o *Options) { o.StdoutTerminal, o.NoColor = true, true }, "human cpu 8x8 B > plain false 1 false 0", "", false},
		{"always colour", func(o *Options) { o.Color, o.NoColor = "always", true }, "human cpu 8x8 B > plain false 1 true 0", "", false},
		{"load", func(o *Options) { o.Load = moves }, "human cpu 8x8 B > plain false 1 false 3", "", false},
		{"board of a setup", func(o *Options) { o.Board = setup }, "human cpu 4x6 W < plain false 1 false 0", "", false},
		{"no games", func(o *Options) { o.Games = 0 }, "", "terminal: -time must be positive and -games 1 or more", false},
		{"no time", func(o *Options) { o.Time = 0 }, "", "terminal: -time must be positive and -games 1 or more", false},
		{"bad level", func(o *Options) { o.Level = "11" }, "", `terminal: -level: player: a level must be 1 to 10, easy, medium, hard or perfect, got "11"`, false},
		{"bad player", func(o *Options) { o.Black = "bob" }, "", `terminal: -black: player: must be cpu, cpu:DEPTH (DEPTH from 1), greedy or random, got "bob"`, false},
		{"bad color", func(o *Options) { o.Color = "yes" }, "", `terminal: -color must be auto, always or never, got "yes"`, false},
		{"bad rules", func(o *Options) { o.Rules = "x" }, "", `terminal: -rules must be full or simple, got "x"`, false},
		{"bad style", func(o *Options) { o.Style = "fancy" }, "", `terminal: -style must be plain or xo, got "fancy"`, false},
		{"bad size", func(o *Options) { o.Size = "9x9" }, "", `terminal: -size must be ROWSxCOLS, each even from 4 to 16, got "9x9"`, false},
		{"bad first", func(o *Options) { o.First = "X" }, "", `terminal: -first must be B or W, got "X"`, false},
		{"bad win", func(o *Options) { o.Win = "most" }, "", `terminal: -win must be > or <, got "most"`, false},
		{"a match of people", func(o *Options) { o.Games = 2 }, "", "terminal: -games and -stats need two computer players, -black and -white", false},
		{"a match saved", func(o *Options) { o.Black, o.Games, o.Save = "cpu", 2, "x.ggf" }, "", "terminal: -load and -save are for one game shown: drop -games and -stats", false},
		{"load and board", func(o *Options) { o.Load, o.Board = "a", "b" }, "", "terminal: -load and -board both give the starting board: drop one", false},
		{"load and size", func(o *Options) { o.Load, o.Given = "a", map[string]bool{"size": true} }, "",
			"terminal: -load sets the size, the first player and the win rule: drop -size", false},
		{"board and win", func(o *Options) { o.Board, o.Given = "a", map[string]bool{"win": true} }, "",
			"terminal: -board sets the size, the first player and the win rule: drop -win", false},
		{"other rules", func(o *Options) { o.Load, o.Rules, o.Given = ggs, "simple", map[string]bool{"rules": true} }, "",
			"terminal: -rules simple, but " + ggs + " is a game under the FULL rules: drop -rules", false},
		{"no such file", func(o *Options) { o.Load = missing }, "", "terminal: open " + missing, true},
		{"a board that cannot be played", func(o *Options) { o.Board = bad }, "", "terminal: " + bad, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := playDefaults()
			tt.change(&o)
			p, err := o.Plan()
			if tt.wantErr != "" {
				var oe *OptionsError
				var fe *FileError
				switch {
				case err == nil || !strings.HasPrefix(err.Error(), tt.wantErr):
					t.Errorf("got %v, want an error that starts %q", err, tt.wantErr)
				case tt.file && (!errors.As(err, &fe) || !errors.Is(err, ErrFile)):
					t.Errorf("got %v, want a *FileError that wraps ErrFile", err)
				case !tt.file && (!errors.As(err, &oe) || !errors.Is(err, ErrOptions)):
					t.Errorf("got %v, want an *OptionsError that wraps ErrOptions", err)
				}
				if tt.name == "no such file" && !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("got %v, want it to wrap fs.ErrNotExist", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b := p.Board
			got := fmt.Sprintf("%s %s %dx%d %v %v %v %v %d %v %d", PlayerName(p.Black), PlayerName(p.White), b.Rows(), b.Cols(),
				p.First, p.Win, p.Style, p.Match, p.Games, p.Config.Color, len(p.Moves))
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestOptionsPlanTime checks the time of the computer's moves: the
// level's unless -time is given, and -time's for cpu:DEPTH.
func TestOptionsPlanTime(t *testing.T) {
	tests := []struct {
		name  string
		level string
		white string
		time  time.Duration
		given bool
		want  time.Duration
	}{
		{"the level's", "7", "cpu", player.DefaultBudget, false, 250 * time.Millisecond},
		{"given", "7", "cpu", 2 * time.Second, true, 2 * time.Second},
		{"a depth", "7", "cpu:3", 3 * time.Second, false, 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := playDefaults()
			o.Level, o.White, o.Time, o.Given = tt.level, tt.white, tt.time, map[string]bool{"time": tt.given}
			p, err := o.Plan()
			if err != nil {
				t.Fatal(err)
			}
			cpu, ok := p.White.(player.CPU)
			if !ok || cpu.Budget != tt.want {
				t.Errorf("got White %#v, want a CPU of %v a move", p.White, tt.want)
			}
		})
	}
}

// TestOptionsPlanSave checks that -save makes a Config.Save, and a game
// without it none.
func TestOptionsPlanSave(t *testing.T) {
	for _, save := range []string{"", t.TempDir() + "/game.ggf"} {
		t.Run(save, func(t *testing.T) {
			o := playDefaults()
			o.Save = save
			p, err := o.Plan()
			if err != nil || (p.Save != nil) != (save != "") {
				t.Errorf("got a Save %v, %v; want one %v", p.Save != nil, err, save != "")
			}
		})
	}
}
