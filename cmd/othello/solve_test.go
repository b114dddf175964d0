package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

// solveDir holds the files of positions that the tests of othello solve
// read: ffo.obf has positions 5 and 17 of the FFO test positions, with
// their known scores; wrong.obf position 5 with a wrong known score, and
// again with its best move known to be worse; ends.obf a player who must
// pass and two finished games; the .in files are setups of the judge's on
// small boards; games.ggf four games in GGF (8x8 with 14 empty squares,
// 6x4 under the simple rules won by <, a finished 4x4 game with passes,
// and a 4x4 game whose next player must pass), and endgame.txt the move
// list of its first; bad.ggf a game with a move that flips nothing.
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

// TestSolveTimeFirstPly solves positions with -time 1ns, a time spent
// before the search starts: each position's line must still have the
// move and score of a search one ply deep (player.CPU's first ply is
// never cut short), and a count of nodes above 0 but for a finished
// game; on 8x8 (package search) and on the small boards of games.ggf.
func TestSolveTimeFirstPly(t *testing.T) {
	onePly := player.CPU{Depth: 1, Endgame: 1, Budget: player.NoLimit, Threads: 1, Pool: player.NewPool(1)}
	for _, file := range []string{"ffo.obf", "games.ggf"} {
		t.Run(file, func(t *testing.T) {
			path := filepath.Join(solveDir, file)
			status, stdout, stderr := solveRun("-time", "1ns", "-threads", "1", path)
			if status != 0 || stderr != "" {
				t.Fatalf("exit status %d, standard error %q; want 0 and nothing", status, stderr)
			}
			f, err := readProblems(path, othello.Full{})
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(stdout, "\n")
			if len(lines) != len(f.problems)+3 { // the header, a line a position, the summary, ""
				t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(f.problems)+3, stdout)
			}
			for i, p := range f.problems {
				want, err := onePly.Analyze(p.pos, p.win)
				if err != nil {
					t.Fatal(err)
				}
				fields := strings.Fields(lines[1+i])
				move, score, nodes := fields[4], fields[6], fields[8]
				if move != moveName(want) || score != want.ScoreText() || (nodes == "0") != want.Over {
					t.Errorf("got %q; want move %s, score %s, nodes %s", lines[1+i], moveName(want), want.ScoreText(),
						map[bool]string{true: "0", false: "above 0"}[want.Over])
				}
			}
		})
	}
}

// solveTwoLines solves file of solveDir with flag, which adds a line
// under each position's (-all, -v), on one thread under rules, and
// returns the file's problems and the output's lines, two for each
// problem after the header; it fails t unless othello solve ends well.
func solveTwoLines(t *testing.T, flag, file, rules string) (problemFile, []string) {
	t.Helper()
	path := filepath.Join(solveDir, file)
	status, stdout, stderr := solveRun(flag, "-threads", "1", "-rules", rules, path)
	if status != 0 || stderr != "" {
		t.Fatalf("exit status %d, standard error %q; want 0 and nothing", status, stderr)
	}
	r, _ := othello.ParseRules(rules)
	f, err := readProblems(path, r)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(stdout, "\n")
	if len(lines) != 2*len(f.problems)+3 { // the header, two lines a position, the summary, ""
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), 2*len(f.problems)+3, stdout)
	}
	return f, lines
}

// TestSolveAll solves the small test files with -all: each position's
// line of scores holds every legal move once, the first with the
// position's score, none better.
func TestSolveAll(t *testing.T) {
	tests := []struct{ file, rules string }{
		{"fewest-6x4.in", "simple"},
		{"most-4x6.in", "full"},
		{"moves.in", "full"},
		{"games.ggf", "full"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.rules, func(t *testing.T) {
			f, lines := solveTwoLines(t, "-all", tt.file, tt.rules)
			for i, p := range f.problems {
				fields, all := strings.Fields(lines[1+2*i]), strings.TrimPrefix(lines[2+2*i], "    all: ")
				move, score := fields[4], fields[6]
				if move == "--" || move == "pa" {
					want := move
					if move == "pa" {
						want += " " + score
					}
					if all != want {
						t.Errorf("#%d: got %q, want %q", i+1, all, want)
					}
					continue
				}
				var squares []string
				for j, ms := range strings.Split(all, ", ") {
					sq, sc, _ := strings.Cut(ms, " ")
					squares = append(squares, sq)
					best, _ := strconv.Atoi(score)
					v, err := strconv.Atoi(sc)
					if err != nil || v > best || (j == 0 && v != best) {
						t.Errorf("#%d: got %q with the score %s, want exact scores, the first %s, none better", i+1, all, score, score)
					}
				}
				var legal []string
				for _, sq := range p.pos.Legal().Squares() {
					legal = append(legal, sq.String())
				}
				slices.Sort(squares)
				slices.Sort(legal)
				if !slices.Equal(squares, legal) {
					t.Errorf("#%d: got the moves %v, want the legal moves %v", i+1, squares, legal)
				}
			}
		})
	}
}

// TestSolvePV solves the test files with -v and checks each position's
// line against its principal variation: every move legal, a pass only
// with no legal move, to the end of the game, where the margin is the
// score. A position of at most 12 empty squares is also solved by a walk
// of its whole tree: the score must be its value and the move one of its
// best.
func TestSolvePV(t *testing.T) {
	tests := []struct {
		file  string
		rules string
	}{
		{"ffo.obf", "full"},
		{"ends.obf", "full"},
		{"start-4x4.in", "full"},
		{"fewest-6x4.in", "full"},
		{"fewest-6x4.in", "simple"},
		{"most-4x6.in", "full"},
		{"most-4x6.in", "simple"},
		{"moves.in", "full"},
		{"moves.in", "simple"},
		{"pass.in", "full"},
		{"pass.in", "simple"},
		{"over.in", "full"},
		{"games.ggf", "full"},
		{"endgame.txt", "full"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.rules, func(t *testing.T) {
			f, lines := solveTwoLines(t, "-v", tt.file, tt.rules)
			for i, p := range f.problems {
				line, pv := lines[1+2*i], lines[2+2*i]
				fields := strings.Fields(line)
				if len(fields) < 7 || !strings.HasPrefix(pv, "    pv:") {
					t.Fatalf("got %q and %q, want a position's line and its principal variation", line, pv)
				}
				move, score := fields[4], fields[6]
				checkPV(t, p, strings.Fields(strings.TrimPrefix(pv, "    pv:")), move, score)
				if p.pos.Empties().Len() > 12 {
					continue
				}
				value, best := walkMoves(p.pos, p.win)
				if score != fmt.Sprintf("%+d", value) || !slices.Contains(best, move) {
					t.Errorf("%q: got move %s and score %s, want one of %v and %+d", line, move, score, best, value)
				}
			}
		})
	}
}

// checkPV checks that pv is a line of play from p that starts with move
// and ends the game with the margin score for the player to move in p.
func checkPV(t *testing.T, p problem, pv []string, move, score string) {
	t.Helper()
	if move == "--" {
		if len(pv) != 0 || !p.pos.Over() {
			t.Errorf("move -- with the principal variation %v: want a finished game and none", pv)
		}
	} else if len(pv) == 0 || pv[0] != move {
		t.Errorf("got the principal variation %v, want it to start with the move %s", pv, move)
	}
	pos := p.pos.Clone()
	for i, m := range pv {
		if m == "pa" {
			if err := pos.Pass(); err != nil {
				t.Fatalf("principal variation %v, move %d: %v", pv, i+1, err)
			}
			continue
		}
		s, ok := legalNamed(pos, m)
		if !ok {
			t.Fatalf("principal variation %v, move %d: %s is not a legal move of\n%s", pv, i+1, m, pos.Board())
		}
		pos.Play(s)
	}
	if !pos.Over() {
		t.Fatalf("principal variation %v: the game is not over at its end", pv)
	}
	if (len(pv)%2 == 0) != (pos.Turn() == p.pos.Turn()) {
		t.Fatalf("principal variation %v: the turn is wrong at its end", pv)
	}
	margin := finalMargin(pos, p.win)
	if pos.Turn() != p.pos.Turn() {
		margin = -margin
	}
	if got := fmt.Sprintf("%+d", margin); got != score {
		t.Errorf("principal variation %v ends the game with the margin %s, want the score %s", pv, got, score)
	}
}

// legalNamed returns the legal move of p whose name is name.
func legalNamed(p *othello.Position, name string) (othello.Square, bool) {
	for _, s := range p.Legal().Squares() {
		if s.String() == name {
			return s, true
		}
	}
	return othello.Square{}, false
}

// finalMargin returns the margin of the finished game p for the player to
// move, as FFO counts it: with MostDiscs their discs less the opponent's,
// with FewestDiscs the opponent's less theirs, and the empty squares to
// the winner.
func finalMargin(p *othello.Position, win othello.WinRule) int {
	black, white := p.Score()
	m := black - white
	if p.Turn() == othello.White {
		m = -m
	}
	if win == othello.FewestDiscs {
		m = -m
	}
	switch empty := p.Empties().Len(); {
	case m > 0:
		m += empty
	case m < 0:
		m -= empty
	}
	return m
}

// walkMoves returns the exact value of p for the player to move, by a
// walk of the whole tree, and its best moves by name: "pa" for a pass,
// "--" for a finished game.
func walkMoves(p *othello.Position, win othello.WinRule) (value int, best []string) {
	seen := map[string]int{}
	if p.Over() {
		return finalMargin(p, win), []string{"--"}
	}
	if p.Legal().IsEmpty() {
		return walk(p, win, seen), []string{"pa"}
	}
	value = -1 << 30
	for _, s := range p.Legal().Squares() {
		q := p.Clone()
		q.Play(s)
		switch v := -walk(q, win, seen); {
		case v > value:
			value, best = v, []string{s.String()}
		case v == value:
			best = append(best, s.String())
		}
	}
	return value, best
}

// walk returns the exact value of p for the player to move, remembering
// the value of every position it walks in seen.
func walk(p *othello.Position, win othello.WinRule, seen map[string]int) int {
	key := p.Turn().String() + p.Board().String()
	if v, ok := seen[key]; ok {
		return v
	}
	var v int
	switch legal := p.Legal(); {
	case p.Over():
		v = finalMargin(p, win)
	case legal.IsEmpty():
		q := p.Clone()
		q.Pass()
		v = -walk(q, win, seen)
	default:
		v = -1 << 30
		for _, s := range legal.Squares() {
			q := p.Clone()
			q.Play(s)
			v = max(v, -walk(q, win, seen))
		}
	}
	seen[key] = v
	return v
}

// TestSolveMoveLines checks that a setup file's move lines make the
// position that the judge reaches with them: scenarios of the protocol
// profile, with loosely written moves and bad lines, under both rule
// sets, cut after half of their lines and whole, against the last board
// and turn that the judge prints.
func TestSolveMoveLines(t *testing.T) {
	dir := t.TempDir()
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		gen := scenario.Generator{Rules: rules, Profile: scenario.Protocol, BadRate: -1}
		checked := 0
		for i := range 60 {
			sc := gen.Scenario(9, i)
			if sc.Fault != nil {
				continue
			}
			for _, n := range []int{len(sc.Lines) / 2, len(sc.Lines)} {
				cut := sc.Clone()
				cut.Lines = cut.Lines[:n]
				input := cut.Input()
				path := filepath.Join(dir, fmt.Sprintf("%s-%d.in", sc.Name, n))
				if err := os.WriteFile(path, input, 0o644); err != nil {
					t.Fatal(err)
				}
				f, err := readProblems(path, rules)
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				wantBoard, wantTurn := judgeEnd(t, input, rules)
				p := f.problems[0].pos.Clone()
				if p.Legal().IsEmpty() && !p.Over() {
					p.Pass() // the judge passes at once
				}
				turn := p.Turn().String()
				if p.Over() {
					turn = "over"
				}
				if got := p.Board().String(); got != wantBoard || turn != wantTurn {
					t.Errorf("%s: got\n%s%s to move, want\n%s%s to move (the judge's)", path, got, turn, wantBoard, wantTurn)
				}
				checked++
			}
		}
		if checked < 80 {
			t.Errorf("%s: checked %d cuts of scenarios, want 80 or more", rules.Name(), checked)
		}
	}
}

// judgeEnd plays input through the judge under rules r and returns the
// last board it prints and the player to move then, or "over".
func judgeEnd(t *testing.T, input []byte, r othello.Rules) (board, turn string) {
	t.Helper()
	var out bytes.Buffer
	console.Judge(bytes.NewReader(input), &out, r)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	last := len(lines) - 1
	for last >= 0 && !strings.HasPrefix(lines[last], "TURN: ") && !strings.HasPrefix(lines[last], "WINNER: ") {
		last--
	}
	rows := 0
	for i := last - 1; i >= 0 && !strings.HasPrefix(lines[i], "B: "); i-- {
		rows++
	}
	if last < 0 || rows == 0 {
		t.Fatalf("no board and turn in the judge's output:\n%s", out.String())
	}
	board = strings.Join(lines[last-rows:last], "\n") + "\n"
	if turn = strings.TrimPrefix(lines[last], "TURN: "); strings.HasPrefix(turn, "WINNER: ") {
		turn = "over"
	}
	return board, turn
}
