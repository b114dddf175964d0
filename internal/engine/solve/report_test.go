package solve

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// solveDir holds the files of positions of othello solve's tests, which
// these tests read too (as package record's do): ffo.obf has positions 5
// and 17 of the FFO test positions, with their known scores; wrong.obf
// position 5 with a wrong known score, and again with its best move known
// to be worse; ends.obf a player who must pass and two finished games;
// the .in files are setups of the judge's on small boards; games.ggf four
// games in GGF (8x8 with 14 empty squares, 6x4 under the simple rules won
// by <, a finished 4x4 game with passes, and a 4x4 game whose next player
// must pass), and endgame.txt the move list of its first; bad.ggf a game
// with a move that flips nothing, some-bad.ggf three games, the second of
// which cannot be played.
const solveDir = "../../../cmd/othello/testdata/solve"

// reportFile runs Report on the file of solveDir under c, and returns what it
// wrote.
func reportFile(t *testing.T, file string, c Config) (Summary, string, error) {
	t.Helper()
	var out bytes.Buffer
	sum, err := Report(&out, filepath.Join(solveDir, file), c)
	return sum, out.String(), err
}

// TestReportFirstPly solves positions with a time of 1ns, spent before
// the search starts: each position's line must still have the move and
// score of a search one ply deep (player.CPU's first ply is never cut
// short), and a count of nodes above 0 but for a finished game; on 8x8
// (package search) and on the small boards of games.ggf.
func TestReportFirstPly(t *testing.T) {
	onePly := player.CPU{Depth: 1, Endgame: 1, Budget: player.NoLimit, Threads: 1, Pool: player.NewPool(1)}
	for _, file := range []string{"ffo.obf", "games.ggf"} {
		t.Run(file, func(t *testing.T) {
			_, out, err := reportFile(t, file, Config{Budget: time.Nanosecond, Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			f, err := readProblems(filepath.Join(solveDir, file), othello.Full{})
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(out, "\n")
			if len(lines) != len(f.problems)+3 { // the header, a line a position, the summary, ""
				t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(f.problems)+3, out)
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

// reportTwoLines solves file of solveDir with c, which adds a line under
// each position's (All, PV), and returns the file's problems and the
// report's lines, two for each problem after the header; it fails t
// unless Report ends well.
func reportTwoLines(t *testing.T, file string, c Config) (problemFile, []string) {
	t.Helper()
	c.Threads = 1
	_, out, err := reportFile(t, file, c)
	if err != nil {
		t.Fatal(err)
	}
	f, err := readProblems(filepath.Join(solveDir, file), c.Rules)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	if len(lines) != 2*len(f.problems)+3 { // the header, two lines a position, the summary, ""
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), 2*len(f.problems)+3, out)
	}
	return f, lines
}

// TestReportAll solves the small test files with All: each position's
// line of scores holds every legal move once, the first with the
// position's score, none better.
func TestReportAll(t *testing.T) {
	tests := []struct {
		file  string
		rules othello.Rules
	}{
		{"fewest-6x4.in", othello.Simple{}},
		{"most-4x6.in", othello.Full{}},
		{"moves.in", othello.Full{}},
		{"games.ggf", othello.Full{}},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.rules.Name(), func(t *testing.T) {
			f, lines := reportTwoLines(t, tt.file, Config{Rules: tt.rules, All: true})
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

// TestReportPV solves the test files with PV and checks each position's
// line against its principal variation: every move legal, a pass only
// with no legal move, to the end of the game, where the margin is the
// score. A position of at most 12 empty squares is also solved by a walk
// of its whole tree: the score must be its value and the move one of its
// best.
func TestReportPV(t *testing.T) {
	tests := []struct {
		file  string
		rules othello.Rules
	}{
		{"ffo.obf", othello.Full{}},
		{"ends.obf", othello.Full{}},
		{"start-4x4.in", othello.Full{}},
		{"fewest-6x4.in", othello.Full{}},
		{"fewest-6x4.in", othello.Simple{}},
		{"most-4x6.in", othello.Full{}},
		{"most-4x6.in", othello.Simple{}},
		{"moves.in", othello.Full{}},
		{"moves.in", othello.Simple{}},
		{"pass.in", othello.Full{}},
		{"pass.in", othello.Simple{}},
		{"over.in", othello.Full{}},
		{"games.ggf", othello.Full{}},
		{"endgame.txt", othello.Full{}},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.rules.Name(), func(t *testing.T) {
			f, lines := reportTwoLines(t, tt.file, Config{Rules: tt.rules, PV: true})
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

// TestReadProblemsMoveLines checks that a setup file's move lines make
// the position that the judge reaches with them: scenarios of the
// protocol profile, with loosely written moves and bad lines, under both
// rule sets, cut after half of their lines and whole, against the last
// board and turn that the judge prints.
func TestReadProblemsMoveLines(t *testing.T) {
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

// TestReport solves files whole and checks the summary Report returns,
// its error, and the lines that do not change from run to run: the
// header, a skipped game's, and the summary's start.
func TestReport(t *testing.T) {
	tests := []struct {
		name       string
		file       string
		c          Config
		want       Summary // but for Nodes and Time
		disagrees  bool
		wantErr    []error // what the error wraps, if any
		header     string  // the first line, after the path and ": "
		skipped    string  // a line of a game skipped, if any
		summaryHas string  // the summary's start
	}{
		{name: "ffo", file: "ffo.obf", c: Config{Threads: 1},
			want:       Summary{Positions: 2, Known: true, Agree: 2},
			header:     "2 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread",
			summaryHas: "2 positions, 2 agree, "},
		{name: "disagree", file: "wrong.obf", c: Config{Threads: 1},
			want: Summary{Positions: 2, Known: true, Disagree: 2}, disagrees: true,
			header:     "2 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread",
			summaryHas: "2 positions, 0 agree, 2 disagree, "},
		{name: "moves disagree", file: "wrong.obf", c: Config{Threads: 1, All: true},
			want: Summary{Positions: 2, Known: true, Disagree: 2, MovesDisagree: 3}, disagrees: true,
			header:     "2 positions in OBF, 8x8 under the FULL rules, won by >; solving exactly, 1 thread",
			summaryHas: "2 positions, 0 agree, 2 disagree, 3 moves disagree, "},
		{name: "simple rules drop OBF's known scores", file: "ffo.obf", c: Config{Threads: 2, Depth: 1, Rules: othello.Simple{}},
			want:       Summary{Positions: 2},
			header:     "2 positions in OBF, 8x8 under the SIMPLE rules, won by >; searching 1 ply deep, 8x8 solved exactly, 2 threads",
			summaryHas: "2 positions, "},
		{name: "a game skipped", file: "some-bad.ggf", c: Config{Threads: 1},
			want: Summary{Positions: 2}, wantErr: []error{ErrSkipped, record.ErrSkipped},
			header:     "3 games in GGF, 1 skipped; solving exactly, 1 thread",
			skipped:    "#2  skipped: line 4: move 3, B a1: move flips no disc",
			summaryHas: "2 positions, "},
		{name: "a bad line", file: "bad.obf", c: Config{Threads: 1}, wantErr: []error{record.ErrSyntax}},
		{name: "no position", file: "empty.obf", c: Config{Threads: 1}, wantErr: []error{record.ErrNoGame}},
		{name: "no file", file: "missing.obf", c: Config{Threads: 1}, wantErr: []error{fs.ErrNotExist}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sum, out, err := reportFile(t, tt.file, tt.c)
			for _, want := range tt.wantErr {
				if !errors.Is(err, want) {
					t.Errorf("got the error %v, want one that wraps %v", err, want)
				}
			}
			if len(tt.wantErr) == 0 && err != nil {
				t.Errorf("got the error %v, want none", err)
			}
			got := sum
			got.Nodes, got.Time = 0, 0
			if got != tt.want {
				t.Errorf("got the summary %+v, want %+v", got, tt.want)
			}
			if sum.Disagrees() != tt.disagrees {
				t.Errorf("got Disagrees %v, want %v", sum.Disagrees(), tt.disagrees)
			}
			if tt.header == "" {
				if out != "" {
					t.Errorf("got the report %q, want none", out)
				}
				return
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if want := filepath.Join(solveDir, tt.file) + ": " + tt.header; lines[0] != want {
				t.Errorf("got the header %q, want %q", lines[0], want)
			}
			if tt.skipped != "" && !slices.Contains(lines, tt.skipped) {
				t.Errorf("got\n%s\nwant the line %q", out, tt.skipped)
			}
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, tt.summaryHas) || last != sum.String() {
				t.Errorf("got the last line %q, want the summary %q, starting %q", last, sum.String(), tt.summaryHas)
			}
		})
	}
}

// TestReportSkippedError checks the error of a file of which games were
// skipped: its words, and what it wraps.
func TestReportSkippedError(t *testing.T) {
	_, _, err := reportFile(t, "some-bad.ggf", Config{Threads: 1})
	var se *SkippedError
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want a *SkippedError", err)
	}
	if want := "solve: " + filepath.Join(solveDir, "some-bad.ggf") + ": 1 game skipped, as it cannot be played"; err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
	if se.Games != 1 || se.Err == nil || len(se.Err.Skipped) != 1 || se.Err.Skipped[0].Number != 2 {
		t.Errorf("got %+v, want 1 game, the second, skipped", se)
	}
}

// TestErrorWords checks what the errors of this package say.
func TestErrorWords(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name string
		err  error
		want string
		is   []error
	}{
		{"a game skipped", &SkippedError{Path: "a.ggf", Games: 1}, "solve: a.ggf: 1 game skipped, as it cannot be played", []error{ErrSkipped}},
		{"games skipped", &SkippedError{Path: "a.ggf", Games: 3}, "solve: a.ggf: 3 games skipped, as they cannot be played", []error{ErrSkipped}},
		{"a search", &PositionError{Path: "a.obf", Number: 4, Err: boom}, "solve: a.obf: #4: boom", []error{ErrSearch, boom}},
		{"a principal variation", &PositionError{Path: "a.obf", Number: 1, What: "principal variation", Err: boom},
			"solve: a.obf: #1: principal variation: boom", []error{ErrSearch, boom}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			for _, target := range tt.is {
				if !errors.Is(tt.err, target) {
					t.Errorf("got %v, want it to wrap %v", tt.err, target)
				}
			}
		})
	}
}

// failingWriter fails every write with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestReportWriteError checks that a report that cannot be written
// ends with the writer's error.
func TestReportWriteError(t *testing.T) {
	boom := errors.New("boom")
	for _, c := range []Config{{Threads: 1}, {Threads: 1, PV: true, All: true}} {
		t.Run(fmt.Sprintf("PV %v, All %v", c.PV, c.All), func(t *testing.T) {
			_, err := Report(failingWriter{boom}, filepath.Join(solveDir, "ends.obf"), c)
			if !errors.Is(err, boom) {
				t.Errorf("got %v, want %v", err, boom)
			}
		})
	}
}

// TestDescribe checks the header's words for how the positions are
// searched.
func TestDescribe(t *testing.T) {
	tests := []struct {
		c    Config
		want string
	}{
		{Config{Threads: 1}, "solving exactly, 1 thread"},
		{Config{Threads: 4}, "solving exactly, 4 threads"},
		{Config{Depth: 1, Threads: 2}, "searching 1 ply deep, 8x8 solved exactly, 2 threads"},
		{Config{Depth: 6, Threads: 2}, "searching 6 plies deep, 8x8 solved exactly, 2 threads"},
		{Config{Budget: 500 * time.Millisecond, Threads: 2}, "searching 500ms a position, 2 threads"},
		{Config{Depth: 3, Budget: time.Minute, Threads: 1}, "searching 3 plies deep, 1m0s a position, 1 thread"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.c.describe(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNewWidths checks the columns' widths: as wide as the file's
// numbers, squares and scores need, a score of 7 when it may be an
// estimate.
func TestNewWidths(t *testing.T) {
	tests := []struct {
		file  string
		exact bool
		want  widths
	}{
		{"ffo.obf", true, widths{number: 1, empties: 2, move: 2, score: 3}},
		{"ffo.obf", false, widths{number: 1, empties: 2, move: 2, score: 7}},
		{"pass.in", true, widths{number: 1, empties: 1, move: 2, score: 3}},
		{"some-bad.ggf", true, widths{number: 1, empties: 2, move: 2, score: 3}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/exact %v", tt.file, tt.exact), func(t *testing.T) {
			f, err := readProblems(filepath.Join(solveDir, tt.file), othello.Full{})
			if err != nil {
				t.Fatal(err)
			}
			if got := newWidths(f.problems, tt.exact); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
