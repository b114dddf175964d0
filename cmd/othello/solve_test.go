package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// solveDir holds the files of positions that the tests of othello solve
// read: ffo.obf has positions 5 and 17 of the FFO test positions, with
// their known scores; wrong.obf position 5 with a wrong known score, and
// again with its best move known to be worse; ends.obf a player who must
// pass and two finished games; the .in files are setups of the judge's on
// small boards; games.ggf four games in GGF (8x8 with 14 empty squares,
// 6x4 under the simple rules won by <, a finished 4x4 game with passes,
// and a 4x4 game whose next player must pass), and endgame.txt the move
// list of its first; bad.ggf a game with a move that flips nothing. The
// tests of packages solve and record read them too.
const solveDir = "testdata/solve"

// solveRun runs othello solve with args and returns its exit status and
// what it wrote.
func solveRun(args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(append([]string{"solve"}, args...), strings.NewReader(""), &out, &errOut, environ{})
	return status, out.String(), errOut.String()
}

var (
	secondsPattern = regexp.MustCompile(`^[0-9]+\.[0-9]{3}s$`)
	summaryPattern = regexp.MustCompile(`[0-9]+ nodes?, [0-9]+\.[0-9]{3}s, [0-9]+\.[0-9] M nodes/s$`)
)

// canonSolve returns the lines of the output of othello solve without
// what changes from run to run, blanks squeezed: a position's line
// without its nodes and seconds, and with "?" for the move and "~EST" for
// the score when it is not exact ("#1 empties 14 move g8 score +18 known
// +18 ok"); "pv" for a principal variation; "N nodes, S, R M nodes/s" in
// the summary. It checks what it takes out: the nodes, positive but for
// a finished game, the seconds, and that the columns of the positions'
// lines are aligned.
func canonSolve(t *testing.T, out string) []string {
	t.Helper()
	var lines []string
	column := map[string]int{}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "    pv:"):
			lines = append(lines, "pv")
		case strings.HasPrefix(l, "#") && strings.Contains(l, "  skipped: "):
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		case strings.HasPrefix(l, "#"):
			f := strings.Fields(l)
			if len(f) < 10 || f[1] != "empties" || f[3] != "move" || f[5] != "score" || f[7] != "nodes" || !secondsPattern.MatchString(f[9]) {
				t.Errorf("got the line %q, want \"#N  empties N  move M  score S  nodes N  SECONDSs ...\"", l)
				lines = append(lines, l)
				continue
			}
			if nodes, err := strconv.ParseInt(f[8], 10, 64); err != nil || nodes < 0 || (nodes == 0) != (f[4] == "--") {
				t.Errorf("%q: got %s nodes, want a count above 0, or 0 for a finished game", l, f[8])
			}
			for _, name := range []string{" empties ", " move ", " score ", " nodes "} {
				at := strings.Index(l, name)
				if c, ok := column[name]; ok && c != at {
					t.Errorf("%q: %q is at column %d, want %d as on the lines before", l, name, at, c)
				}
				column[name] = at
			}
			if f[6] == "win" || f[6] == "loss" || strings.HasPrefix(f[6], "~") {
				f[4], f[6] = "?", "~EST"
			}
			lines = append(lines, strings.Join(slices.Delete(f, 7, 10), " "))
		case summaryPattern.MatchString(l):
			lines = append(lines, summaryPattern.ReplaceAllString(l, "N nodes, S, R M nodes/s"))
		default:
			lines = append(lines, l)
		}
	}
	return lines
}

func TestSolve(t *testing.T) {
	ffo := filepath.Join(solveDir, "ffo.obf")
	header := func(file, about string) string {
		return filepath.Join(solveDir, file) + ": " + about
	}
	const summary = "N nodes, S, R M nodes/s"
	tests := []struct {
		name    string
		args    []string
		status  int
		want    []string // canonSolve's lines of standard output
		wantErr string   // the start of standard error
	}{
		{"ffo", []string{"-threads", "1", ffo}, 0, []string{
			header("ffo.obf", "2 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread"),
			"#1 empties 14 move g8 score +32 known +32 ok",
			"#2 empties 16 move f8 score +8 known +8 ok",
			"2 positions, 2 agree, " + summary,
		}, ""},
		{"disagree", []string{"-threads", "1", filepath.Join(solveDir, "wrong.obf")}, 1, []string{
			header("wrong.obf", "2 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread"),
			"#1 empties 14 move g8 score +32 known +30 disagree",
			"#2 empties 14 move g8 score +32 known +32 disagree: g8 is +12",
			"2 positions, 0 agree, 2 disagree, " + summary,
		}, ""},
		{"all", []string{"-threads", "1", "-all", ffo}, 0, []string{
			header("ffo.obf", "2 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread"),
			"#1 empties 14 move g8 score +32 known +32 ok",
			"    all: g8 +32, g2 +12, b2 -20, g6 -26, g1 -32, g7 -34",
			"#2 empties 16 move f8 score +8 known +8 ok",
			"    all: f8 +8, g2 +6, g6 -24, g1 -32, f7 -32, g7 -34, b2 -38",
			"2 positions, 2 agree, " + summary,
		}, ""},
		{"all disagree", []string{"-threads", "1", "-all", filepath.Join(solveDir, "wrong.obf")}, 1, []string{
			header("wrong.obf", "2 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread"),
			"#1 empties 14 move g8 score +32 known +30 disagree",
			"    all: g8 +32 (known +30), g2 +12, b2 -20, g6 -26, g1 -32, g7 -34",
			"#2 empties 14 move g8 score +32 known +32 disagree: g8 is +12",
			"    all: g8 +32 (known +12), g2 +12 (known +32), b2 -20, g6 -26, g1 -32, g7 -34",
			"2 positions, 0 agree, 2 disagree, 3 moves disagree, " + summary,
		}, ""},
		{"all: pass and game over", []string{"-threads", "1", "-all", filepath.Join(solveDir, "ends.obf")}, 0, []string{
			header("ends.obf", "3 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread"),
			"#1 empties 2 move pa score -64 known -64 ok", "    all: pa -64",
			"#2 empties 0 move -- score +4", "    all: --",
			"#3 empties 54 move -- score -64", "    all: --",
			"3 positions, 1 agree, " + summary,
		}, ""},
		{"pass and game over", []string{"-threads", "2", "-v", filepath.Join(solveDir, "ends.obf")}, 0, []string{
			header("ends.obf", "3 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 2 threads"),
			"#1 empties 2 move pa score -64 known -64 ok", "pv",
			"#2 empties 0 move -- score +4", "pv",
			"#3 empties 54 move -- score -64", "pv",
			"3 positions, 1 agree, " + summary,
		}, ""},
		{"depth", []string{"-depth", "2", "-threads", "1", ffo}, 0, []string{
			header("ffo.obf", "2 positions in OBF, 8x8 under the FULL rules, won by >; searching 2 plies deep, 8x8 solved exactly, 1 thread"),
			"#1 empties 14 move g8 score +32 known +32 ok",
			"#2 empties 16 move f8 score +8 known +8 ok",
			"2 positions, 2 agree, " + summary,
		}, ""},
		{"depth to the end", []string{"-depth", "16", "-threads", "1", filepath.Join(solveDir, "wrong.obf")}, 1, []string{
			header("wrong.obf", "2 positions in OBF, 8x8 under the FULL rules, won by >; searching 16 plies deep, 8x8 solved exactly, 1 thread"),
			"#1 empties 14 move g8 score +32 known +30 disagree",
			"#2 empties 14 move g8 score +32 known +32 disagree: g8 is +12",
			"2 positions, 0 agree, 2 disagree, " + summary,
		}, ""},
		{"depth of a setup", []string{"-depth", "1", "-time", "1m", "-threads", "1", filepath.Join(solveDir, "start-4x4.in")}, 0, []string{
			header("start-4x4.in", "the judge's setup, 4x4 under the FULL rules, won by >, B to move; searching 1 ply deep, 1m0s a position, 1 thread"),
			"#1 empties 12 move ? score ~EST",
			"1 position, " + summary,
		}, ""},
		{"setup pass full", []string{"-threads", "1", filepath.Join(solveDir, "pass.in")}, 0, []string{
			header("pass.in", "the judge's setup, 4x4 under the FULL rules, won by >, B to move; solving exactly, 1 thread"),
			"#1 empties 1 move pa score -6",
			"1 position, " + summary,
		}, ""},
		{"setup pass simple", []string{"-rules", "simple", "-threads", "1", filepath.Join(solveDir, "pass.in")}, 0, []string{
			header("pass.in", "the judge's setup, 4x4 under the SIMPLE rules, won by >, B to move; solving exactly, 1 thread"),
			"#1 empties 1 move pa score -8",
			"1 position, " + summary,
		}, ""},
		{"setup over", []string{"-rules", "simple", "-threads", "1", filepath.Join(solveDir, "over.in")}, 0, []string{
			header("over.in", "the judge's setup, 4x4 under the SIMPLE rules, won by <, W to move; solving exactly, 1 thread"),
			"#1 empties 0 move -- score +2",
			"1 position, " + summary,
		}, ""},
		{"setup with moves", []string{"-threads", "1", filepath.Join(solveDir, "moves.in")}, 0, []string{
			header("moves.in", "the judge's setup, 4x4 under the FULL rules, won by >, B to move after 2 moves; solving exactly, 1 thread"),
			"#1 empties 10 move a3 score +12",
			"1 position, " + summary,
		}, ""},
		{"games in GGF", []string{"-threads", "1", filepath.Join(solveDir, "games.ggf")}, 0, []string{
			header("games.ggf", "4 games in GGF; solving exactly, 1 thread"),
			"#1 empties 14 move c5 score +10",
			"#2 empties 6 move b1 score +2",
			"#3 empties 0 move -- score -16",
			"#4 empties 11 move pa score -16",
			"4 positions, " + summary,
		}, ""},
		{"a game skipped", []string{"-threads", "1", "-v", filepath.Join(solveDir, "some-bad.ggf")}, 1, []string{
			header("some-bad.ggf", "3 games in GGF, 1 skipped; solving exactly, 1 thread"),
			"#1 empties 11 move pa score -16", "pv",
			"#2 skipped: line 4: move 3, B a1: move flips no disc",
			"#3 empties 6 move b1 score +2", "pv",
			"2 positions, " + summary,
		}, "othello solve: " + filepath.Join(solveDir, "some-bad.ggf") + ": 1 game skipped, as it cannot be played\n"},
		{"a game in SGF", []string{"-threads", "1", filepath.Join(solveDir, "edax.sgf")}, 0, []string{
			header("edax.sgf", "a game in SGF, 8x8 under the FULL rules, won by >, B to move after 46 moves; solving exactly, 1 thread"),
			"#1 empties 14 move c5 score +10",
			"1 position, " + summary,
		}, ""},
		{"a game in PGN", []string{"-threads", "1", filepath.Join(solveDir, "endgame.pgn")}, 0, []string{
			header("endgame.pgn", "a game in PGN, 8x8 under the FULL rules, won by >, B to move after 46 moves; solving exactly, 1 thread"),
			"#1 empties 14 move c5 score +10",
			"1 position, " + summary,
		}, ""},
		{"games of WTHOR", []string{"-threads", "1", filepath.Join(solveDir, "games.wtb")}, 0, []string{
			header("games.wtb", "2 games in WTHOR; solving exactly, 1 thread"),
			"#1 empties 14 move c5 score +10",
			"#2 empties 0 move -- score +22",
			"2 positions, " + summary,
		}, ""},
		{"move list", []string{"-threads", "1", filepath.Join(solveDir, "endgame.txt")}, 0, []string{
			header("endgame.txt", "a move list, 8x8 under the FULL rules, won by >, B to move after 46 moves; solving exactly, 1 thread"),
			"#1 empties 14 move c5 score +10",
			"1 position, " + summary,
		}, ""},
		{"help", []string{"-h"}, 0, []string{"usage: othello solve [flags] FILE"}, ""},
		{"bad OBF line", []string{filepath.Join(solveDir, "bad.obf")}, 1, nil,
			"othello solve: " + filepath.Join(solveDir, "bad.obf") + `:3: not a position in OBF: want 64 squares, a space and X or O, got "-OOOOO`},
		{"bad setup line", []string{filepath.Join(solveDir, "bad.in")}, 1, nil,
			"othello solve: " + filepath.Join(solveDir, "bad.in") + `:3: first player must be B or W, got "X"` + "\n"},
		{"bad GGF move", []string{filepath.Join(solveDir, "bad.ggf")}, 1, nil,
			"othello solve: " + filepath.Join(solveDir, "bad.ggf") + ":3: move 3, B a1: move flips no disc\n"},
		{"no position", []string{filepath.Join(solveDir, "empty.obf")}, 1, nil,
			"othello solve: " + filepath.Join(solveDir, "empty.obf") + ": no game or position in it\n"},
		{"missing file", []string{filepath.Join(solveDir, "missing.obf")}, 1, nil,
			"othello solve: open " + filepath.Join(solveDir, "missing.obf") + ": "},
		{"no file", nil, 2, nil, "othello solve: FILE is required\n"},
		{"two files", []string{ffo, ffo}, 2, nil, `othello solve: unexpected argument "` + ffo + `"`},
		{"flag after the file", []string{ffo, "-v"}, 2, nil, `othello solve: unexpected argument "-v"`},
		{"zero depth", []string{"-depth", "0", ffo}, 2, nil, "othello solve: -depth must be a whole number from 1, got 0\n"},
		{"negative depth", []string{"-depth", "-3", ffo}, 2, nil, "othello solve: -depth must be a whole number from 1, got -3\n"},
		{"bad depth", []string{"-depth", "deep", ffo}, 2, nil, `invalid value "deep" for flag -depth`},
		{"zero time", []string{"-time", "0s", ffo}, 2, nil, "othello solve: -time must be positive, got 0s\n"},
		{"negative time", []string{"-time", "-1s", ffo}, 2, nil, "othello solve: -time must be positive, got -1s\n"},
		{"bad time", []string{"-time", "5", ffo}, 2, nil, `invalid value "5" for flag -time`},
		{"no threads", []string{"-threads", "0", ffo}, 2, nil, "othello solve: -threads must be 1 or more, got 0\n"},
		{"bad rules", []string{"-rules", "fancy", ffo}, 2, nil, `othello solve: -rules must be full or simple, got "fancy"`},
		{"unknown flag", []string{"-x", ffo}, 2, nil, "flag provided but not defined: -x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := solveRun(tt.args...)
			if status != tt.status {
				t.Errorf("exit status: got %d, want %d", status, tt.status)
			}
			if !strings.HasPrefix(stderr, tt.wantErr) || (tt.wantErr == "") != (stderr == "") {
				t.Errorf("standard error: got %q, want it to start %q", stderr, tt.wantErr)
			}
			if tt.status == 2 && !strings.Contains(stderr, "usage: othello solve") {
				t.Errorf("a bad command line must show the usage on standard error: got %q", stderr)
			}
			if tt.name == "help" {
				if !strings.HasPrefix(stdout, tt.want[0]) {
					t.Errorf("got %q, want the usage", stdout)
				}
				return
			}
			if tt.want == nil {
				if stdout != "" {
					t.Errorf("standard output: got %q, want nothing", stdout)
				}
				return
			}
			if got := canonSolve(t, stdout); !slices.Equal(got, tt.want) {
				t.Errorf("got\n%s\nwant\n%s\n(standard output, canonical)", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestSolveTime searches with -time: each line is an exact score that
// agrees, or an estimate that is not checked.
func TestSolveTime(t *testing.T) {
	status, stdout, stderr := solveRun("-time", "20ms", "-threads", "1", filepath.Join(solveDir, "ffo.obf"))
	if status != 0 || stderr != "" {
		t.Fatalf("exit status %d, standard error %q; want 0 and nothing", status, stderr)
	}
	lines := canonSolve(t, stdout)
	want := []*regexp.Regexp{
		regexp.MustCompile(`: 2 positions in OBF, 8x8 under the FULL rules, won by >; searching 20ms a position, 1 thread$`),
		regexp.MustCompile(`^#1 empties 14 move (g8 score \+32 known \+32 ok|\? score ~EST known \+32 not checked)$`),
		regexp.MustCompile(`^#2 empties 16 move (f8 score \+8 known \+8 ok|\? score ~EST known \+8 not checked)$`),
		regexp.MustCompile(`^2 positions, [0-2] agree(, [12] not checked)?, N nodes, S, R M nodes/s$`),
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), stdout)
	}
	for i, re := range want {
		if !re.MatchString(lines[i]) {
			t.Errorf("line %d: got %q, want it to match %q", i+1, lines[i], re)
		}
	}
}
