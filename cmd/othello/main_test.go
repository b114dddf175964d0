package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunCommandLine(t *testing.T) {
	game := "4\n4\nB\n>\n" + strings.Repeat("B W B W\n", 4) // over at once under both rule sets
	notJudge := filepath.Join(t.TempDir(), "hello")
	if err := os.WriteFile(notJudge, []byte("#!/bin/sh\necho HELLO\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // the start of standard output
		wantErr    string // the start of standard error
	}{
		{"default is full", nil, 0, "FULL\n", ""},
		{"full", []string{"-rules", "full"}, 0, "FULL\n", ""},
		{"simple", []string{"-rules", "simple"}, 0, "SIMPLE\n", ""},
		{"simple with =", []string{"-rules=simple"}, 0, "SIMPLE\n", ""},
		{"double dash", []string{"--rules", "simple"}, 0, "SIMPLE\n", ""},
		{"help", []string{"-h"}, 0, "usage: othello", ""},
		{"long help", []string{"-help"}, 0, "usage: othello", ""},
		{"unknown rules", []string{"-rules", "fancy"}, 2, "", "othello: -rules must be full or simple"},
		{"missing flag value", []string{"-rules"}, 2, "", "flag needs an argument"},
		{"unknown flag", []string{"-x"}, 2, "", "flag provided but not defined"},
		{"stray argument", []string{"game.in"}, 2, "", "othello: unexpected argument"},
		{"check help", []string{"check", "-h"}, 0, "usage: othello check", ""},
		{"check without command", []string{"check", "-n", "1"}, 2, "", "othello check: no command to check"},
		{"check bad rules", []string{"check", "-rules", "x", "--", "true"}, 2, "", "othello check: -rules must be full or simple"},
		{"check bad -j", []string{"check", "-j", "0", "--", "true"}, 2, "", "othello check: -n must be 0 or more"},
		{"check bad size", []string{"check", "-size", "5x4", "--", "true"}, 2, "", "othello check: -size must be ROWSxCOLS"},
		{"check bad memory", []string{"check", "-memory", "lots", "--", "true"}, 2, "", `invalid value "lots" for flag -memory: sandbox: not a size in bytes`},
		{"check no CPU", []string{"check", "-cpu", "0s", "--", "true"}, 2, "", "othello check: -cpu, -memory, -file-size, -procs and -open-files must be positive"},
		{"check unknown flag", []string{"check", "-x"}, 2, "", "flag provided but not defined"},
		{"check missing program", []string{"check", "--", filepath.Join(out, "missing")}, 1, "", "othello check: "},
		{"check not a judge", []string{"check", "--", notJudge}, 1, "", `othello check: ` + notJudge + `: its first line is "HELLO\n"`},
		{"check {main} where there is none", []string{"check", "--", "python3", "{main}"}, 1, "", "othello check: no .py module has an if __name__ == '__main__': block"},
		{"check missing golden folder", []string{"check", "-rules", "full", "-golden", filepath.Join(out, "missing"), "--", "true"}, 1, "", "othello check: "},
		{"check -markdown in no folder", []string{"check", "-rules", "full", "-n", "0", "-markdown", filepath.Join(out, "missing", "r.md"), "--", notJudge}, 1, "check ", "othello check: -markdown: open "},
		{"check -html in no folder", []string{"check", "-rules", "full", "-n", "0", "-html", filepath.Join(out, "missing", "r.html"), "--", notJudge}, 1, "check ", "othello check: -html: open "},
		{"classroom help", []string{"classroom", "-h"}, 0, "usage: othello classroom", ""},
		{"classroom without -out", []string{"classroom", "--", "python3", "{main}"}, 2, "", "othello classroom: -out DIR is required"},
		{"classroom without command", []string{"classroom", "-out", out}, 2, "", "othello classroom: no command to grade"},
		{"classroom bad -n", []string{"classroom", "-out", out, "-n", "-1", "--", "true"}, 2, "", "othello classroom: -n must be 0 or more"},
		{"grade a folder with no name", []string{"grade", "-out", out, "..", "--", "true"}, 2, "", "othello grade: submission .. has no name of its own"},
		{"check -vpl-max without vpl", []string{"check", "-vpl-max", "10", "--", "true"}, 2, "", "othello check: -vpl-max must be a number above 0, with -format vpl"},
		{"check -vpl-max 0", []string{"check", "-format", "vpl", "-vpl-max", "0", "--", "true"}, 2, "", "othello check: -vpl-max must be a number above 0, with -format vpl"},
		{"vpl help", []string{"vpl", "-h"}, 0, "usage: othello vpl", ""},
		{"vpl without -out", []string{"vpl", "--", "true"}, 2, "", "othello vpl: -out DIR is required"},
		{"vpl without command", []string{"vpl", "-out", out}, 2, "", "othello vpl: no command to grade"},
		{"vpl bad size", []string{"vpl", "-out", out, "-size", "5x4", "--", "true"}, 2, "", "othello vpl: -size must be ROWSxCOLS"},
		{"gen help", []string{"gen", "-h"}, 0, "usage: othello gen", ""},
		{"gen without -out", []string{"gen", "-n", "1"}, 2, "", "othello gen: -out DIR is required"},
		{"gen bad size", []string{"gen", "-size", "8", "-out", out}, 2, "", "othello gen: -size must be ROWSxCOLS"},
		{"gen odd size", []string{"gen", "-size", "8x9", "-out", out}, 2, "", "othello gen: -size must be ROWSxCOLS"},
		{"gen bad rate", []string{"gen", "-bad", "2", "-out", out}, 2, "", "othello gen: -n must be 0 or more and -bad at most 1"},
		{"gen stray argument", []string{"gen", "-out", out, "x"}, 2, "", `othello gen: unexpected argument "x"`},
		{"perft", []string{"perft", "-size", "4x6", "1"}, 0, "1 4 ", ""},
		{"perft simple", []string{"perft", "-rules", "simple", "-size", "4x4", "1"}, 0, "1 ", ""},
		{"perft help", []string{"perft", "-h"}, 0, "usage: othello perft", ""},
		{"perft without depth", []string{"perft"}, 2, "", "othello perft: DEPTH is required"},
		{"perft zero depth", []string{"perft", "0"}, 2, "", "othello perft: DEPTH must be a whole number from 1"},
		{"perft bad depth", []string{"perft", "x"}, 2, "", "othello perft: DEPTH must be a whole number from 1"},
		{"perft two depths", []string{"perft", "3", "4"}, 2, "", `othello perft: unexpected argument "4"`},
		{"perft bad size", []string{"perft", "-size", "3x8", "3"}, 2, "", "othello perft: -size must be ROWSxCOLS"},
		{"perft bad rules", []string{"perft", "-rules", "x", "3"}, 2, "", "othello perft: -rules must be full or simple"},
		{"play help", []string{"play", "-h"}, 0, "usage: othello play", ""},
		{"play reads moves", []string{"play", "-white", "cpu:1"}, 1, "Black (X) is human, White (O) is cpu at level 1 (depth 1, 500ms a move).", "othello play: input ended before the game was over, Black to move\n"},
		{"play itself", []string{"play", "-black", "cpu:1", "-white", "RANDOM", "-size", "4x4", "-seed", "1"}, 0, "Black (X) is cpu at level 1 (depth 1, 500ms a move), White (O) is random.", ""},
		{"play default level", []string{"play"}, 1, "Black (X) is human, White (O) is cpu at level 8 (500ms a move).", "othello play: input ended"},
		{"play level", []string{"play", "-level", "7"}, 1, "Black (X) is human, White (O) is cpu at level 7 (250ms a move).", "othello play: input ended"},
		{"play level by name", []string{"play", "-level", "Medium"}, 1, "Black (X) is human, White (O) is cpu at level 5 (depth 6, 500ms a move).", "othello play: input ended"},
		{"play level and time", []string{"play", "-level", "5", "-time", "2s"}, 1, "Black (X) is human, White (O) is cpu:6 (2s a move).", "othello play: input ended"},
		{"play time", []string{"play", "-time", "3s"}, 1, "Black (X) is human, White (O) is cpu (3s a move).", "othello play: input ended"},
		{"play level and depth", []string{"play", "-level", "perfect", "-black", "cpu:3", "-white", "cpu", "-size", "4x4", "-games", "2"}, 0, "cpu:3 vs cpu: ", ""},
		{"play bad level", []string{"play", "-level", "11"}, 2, "", `othello play: -level: player: a level must be 1 to 10, easy, medium, hard or perfect, got "11"`},
		{"play bad color", []string{"play", "-color", "yes"}, 2, "", `othello play: -color must be auto, always or never, got "yes"`},
		{"play xo", []string{"play", "-style", "xo", "-black", "greedy", "-white", "cpu:2", "-size", "4x4", "-first", "W", "-win", "<"}, 0, "1 ----\n2 -OX-\n", ""},
		{"play a match", []string{"play", "-black", "cpu:2", "-white", "random", "-size", "4x4", "-games", "4", "-seed", "1"}, 0, "cpu:2 vs random: ", ""},
		{"play stats", []string{"play", "-black", "cpu:2", "-white", "cpu:1", "-size", "4x6", "-stats"}, 0, "cpu:2 vs cpu:1: ", ""},
		{"play bad player", []string{"play", "-black", "bob"}, 2, "", `othello play: -black: player: must be cpu, cpu:DEPTH (DEPTH from 1), greedy or random, got "bob"`},
		{"play bad depth", []string{"play", "-white", "cpu:0"}, 2, "", `othello play: -white: player: must be cpu, cpu:DEPTH (DEPTH from 1), greedy or random, got "cpu:0"`},
		{"play match with a person", []string{"play", "-games", "3"}, 2, "", "othello play: -games and -stats need two computer players"},
		{"play stats of a person", []string{"play", "-stats"}, 2, "", "othello play: -games and -stats need two computer players"},
		{"play no games", []string{"play", "-games", "0"}, 2, "", "othello play: -time must be positive and -games 1 or more"},
		{"play no time", []string{"play", "-time", "0s"}, 2, "", "othello play: -time must be positive"},
		{"play bad size", []string{"play", "-size", "9x9"}, 2, "", "othello play: -size must be ROWSxCOLS"},
		{"play bad first", []string{"play", "-first", "X"}, 2, "", `othello play: -first must be B or W, got "X"`},
		{"play bad win rule", []string{"play", "-win", "most"}, 2, "", `othello play: -win must be > or <, got "most"`},
		{"play bad style", []string{"play", "-style", "fancy"}, 2, "", `othello play: -style must be plain or xo, got "fancy"`},
		{"play bad rules", []string{"play", "-rules", "x"}, 2, "", "othello play: -rules must be full or simple"},
		{"play board and size", []string{"play", "-board", "x.in", "-size", "4x4"}, 2, "", "othello play: -board sets the size, the first player and the win rule: drop -size"},
		{"play missing board", []string{"play", "-board", filepath.Join(out, "missing.in")}, 1, "", "othello play: open "},
		{"play stray argument", []string{"play", "x"}, 2, "", `othello play: unexpected argument "x"`},
		{"serve help", []string{"serve", "-h"}, 0, "usage: othello serve", ""},
		{"serve stray argument", []string{"serve", "x"}, 2, "", `othello serve: unexpected argument "x"`},
		{"serve no games", []string{"serve", "-games", "0"}, 2, "", "othello serve: -games must be 1 or more and -idle positive"},
		{"serve bad address", []string{"serve", "-addr", "256.0.0.1:0"}, 1, "", "othello serve: listen tcp: "},
		{"tournament help", []string{"tournament", "-h"}, 0, "usage: othello tournament", ""},
		{"tournament of one", []string{"tournament", "greedy"}, 2, "", "othello tournament: a tournament needs two players or more, each named once, got 1"},
		{"tournament twice a name", []string{"tournament", "greedy", "random", "greedy"}, 2, "", `othello tournament: a tournament needs two players or more, each named once: "greedy" twice`},
		{"tournament bad player", []string{"tournament", "greedy", "bob"}, 2, "", `othello tournament: a player is level:N, cpu:DEPTH, greedy, random, prog:COMMAND, nboard:COMMAND or gtp:COMMAND, got "bob"`},
		{"tournament bad -games", []string{"tournament", "-games", "0", "greedy", "random"}, 2, "", "othello tournament: -games and -j must be 1 or more, got 0 and "},
		{"tournament stranger anchor", []string{"tournament", "-anchor", "level:3=100", "greedy", "random"}, 2, "", `othello tournament: -anchor "level:3" is none of the players`},
		{"tournament empty anchor", []string{"tournament", "-anchor", "=100", "greedy", "random"}, 2, "", `othello tournament: the anchor must be one of the players, NAME or NAME=ELO, got "=100"`},
		{"tournament bad clock", []string{"tournament", "-tc", "fast", "greedy", "random"}, 2, "", "othello tournament: a time control is TOTAL+INCREMENT"},
		{"tournament", []string{"tournament", "-seed", "2", "-tc", "2", "-openings", "random:0", "-anchor", "greedy=100", "greedy", "random"}, 0, "tournament of 2 players, 2 games a pairing, 2+0, openings random:0, seed 2\nmatch greedy vs random, seed ", ""},
		{"match bad size", []string{"match", "-size", "5x4", "greedy", "random"}, 2, "", "othello match: -size must be ROWSxCOLS, each even from 4 to 16"},
		{"match book on 6x6", []string{"match", "-size", "6x6", "-openings", "book", "greedy", "random"}, 2, "", "othello match: openings are random:N"},
		{"match unknown opening", []string{"match", "-openings", "book:nothing", "greedy", "random"}, 2, "", `othello match: openings are random:N (N from 0 to 20), book, book:NAME (a name of the book's), file:PATH or shuffle:PATH (a file of move lists), got "book:nothing"`},
		{"match openings file", []string{"match", "-openings", "file:testdata/openings.txt", "-games", "2", "-seed", "1", "-tc", "2", "greedy", "random"}, 0, "match greedy vs random: 4 games, 2+0, openings file:testdata/openings.txt, seed 1\ngame 1: greedy (B) ", ""},
		{"match openings shuffled", []string{"match", "-openings", "shuffle:testdata/openings.txt", "-seed", "1", "-tc", "2", "greedy", "random"}, 0, "match greedy vs random: 2 games, 2+0, openings shuffle:testdata/openings.txt, seed 1\n", ""},
		{"match openings missing file", []string{"match", "-openings", "file:testdata/none.txt", "greedy", "random"}, 2, "", "othello match: openings file testdata/none.txt: no such file or directory"},
		{"match openings on 6x6", []string{"match", "-size", "6x6", "-openings", "file:testdata/openings.txt", "greedy", "random"}, 2, "", "othello match: openings file testdata/openings.txt:2: move 1, B f5: "},
		{"match time odds", []string{"match", "-seed", "1", "-tc", "1.5/60+1", "-openings", "random:0", "greedy", "random"}, 0, "match greedy vs random: 2 games, 1.5+0 / 60+1, openings random:0, seed 1\n", ""},
		{"match time odds a move", []string{"match", "-seed", "1", "-st", "0.5/1", "-openings", "random:0", "greedy", "random"}, 0, "match greedy vs random: 2 games, 0.5s a move / 1s a move, openings random:0, seed 1\n", ""},
		{"match three clocks", []string{"match", "-tc", "1/2/3", "greedy", "random"}, 2, "", `othello match: a time control is TOTAL+INCREMENT in seconds, such as 10+0.1, or A/B, player 1's and player 2's, got "1/2/3"`},
		{"tournament openings file", []string{"tournament", "-seed", "2", "-tc", "2", "-openings", "shuffle:testdata/openings.txt", "greedy", "random"}, 0, "tournament of 2 players, 2 games a pairing, 2+0, openings shuffle:testdata/openings.txt, seed 2\nmatch greedy vs random, seed ", ""},
		{"tournament time odds", []string{"tournament", "-tc", "1/60", "greedy", "random"}, 2, "", "othello tournament: -tc and -st give every player of a tournament one clock: time odds, A/B, are othello match's"},
		{"match gtp on 6x8", []string{"match", "-size", "6x8", "greedy", "gtp:othello gtp"}, 2, "", "othello match: a player is level:N"},
		{"match pgn on 6x6", []string{"match", "-size", "6x6", "-pgn", filepath.Join(out, "x.pgn"), "greedy", "random"}, 2, "", "othello match: -pgn holds 8x8 games only"},
		{"match 4x6", []string{"match", "-size", "4x6", "-seed", "1", "-tc", "2", "-openings", "random:0", "greedy", "random"}, 0, "match greedy vs random: 2 games, 2+0, openings random:0, seed 1\ngame 1: greedy (B) ", ""},
		{"match book:tiger", []string{"match", "-openings", "book:Tiger", "-seed", "1", "-tc", "2", "greedy", "random"}, 0, "match greedy vs random: 2 games, 2+0, openings book:Tiger, seed 1\n", ""},
		{"tournament gauntlet", []string{"tournament", "-seed", "2", "-tc", "2", "-openings", "random:0", "-gauntlet", "greedy", "random", "Random"}, 0, "gauntlet of 1 against 2 players, 2 games a pairing, 2+0, openings random:0, seed 2\nmatch greedy vs random, seed ", ""},
		{"tournament gauntlet of all", []string{"tournament", "-gauntlet", "greedy"}, 2, "", "othello tournament: a tournament needs two players or more, each named once, got 1"},
		{"tournament class without program", []string{"tournament", "-class", out, "greedy"}, 2, "", "othello tournament: -class DIR and -program COMMAND go together"},
		{"tournament class of no folder", []string{"tournament", "-class", filepath.Join(out, "missing"), "-program", "./p", "greedy"}, 2, "", "othello tournament: open "},
		{"gen one 6x10", []string{"gen", "-n", "1", "-size", "6x10", "-seed", "3", "-out", out}, 0, "wrote 1 FULL scenarios of the assignment profile, seed 3, to " + out, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(game), &stdout, &stderr, environ{})
			if status != tt.wantStatus {
				t.Errorf("exit status: got %d, want %d", status, tt.wantStatus)
			}
			if !strings.HasPrefix(stdout.String(), tt.wantOut) || (tt.wantOut == "") != (stdout.Len() == 0) {
				t.Errorf("standard output: got %q, want it to start %q", stdout.String(), tt.wantOut)
			}
			if !strings.HasPrefix(stderr.String(), tt.wantErr) || (tt.wantErr == "") != (stderr.Len() == 0) {
				t.Errorf("standard error: got %q, want it to start %q", stderr.String(), tt.wantErr)
			}
			if tt.wantStatus == 2 && !strings.Contains(stderr.String(), "usage: othello") {
				t.Errorf("a bad command line must show the usage on standard error: got %q", stderr.String())
			}
		})
	}
	if in, err := os.ReadFile(filepath.Join(out, "full-3-0.in")); err != nil || !strings.HasPrefix(string(in), "6\n10\n") {
		t.Errorf("gen -size 6x10: got %q, %v; want a 6x10 scenario", in, err)
	}
}
