package search_test

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/internal/engine/train"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// The error table of the learned evaluation (make evalerror): skipped
// unless -evalerror or -update is given. -update solves the positions
// again and rewrites exactFile, which takes about 20 minutes of one CPU.
var (
	evalError   = flag.Bool("evalerror", false, "measure the evaluation's error against the exact scores of testdata/exact.txt (make evalerror)")
	updateExact = flag.Bool("update", false, "solve the positions of -evalerror again and rewrite testdata/exact.txt (about 20 minutes of one CPU)")
)

// exactFile is the cache of the exact scores that TestEvalError measures
// the evaluation against.
const exactFile = "testdata/exact.txt"

// selfPlaySeed is the seed of the games of the engine against itself
// whose positions TestEvalError measures: not a seed that make train is
// given (its SEED, 1 by default), and each position is checked against
// the games that training plays besides (see trainedPositions).
const selfPlaySeed = 0x6576616c // "eval"

// perEmpties is the positions of each source solved for each number of
// empty squares, 20 to 30: fewer as solving grows dearer, about three
// times for each square more (single-threaded here, 0.2 s at 20, 11 s at
// 24, 1.5 to 6 minutes at 28, 8 minutes at 30), so that the whole cache
// costs about 20 minutes of one CPU. 29 and 30 are left out: a single
// position would cost 5 to 10 minutes and tell little.
var perEmpties = map[int]int{20: 8, 21: 8, 22: 6, 23: 6, 24: 3, 25: 3, 26: 2, 27: 1, 28: 1}

// buckets are the rows of the table, by empty squares: two numbers of
// empty squares to a row, for the positions of one number are too few to
// say much alone, and the error changes little from one to the next.
var buckets = [][2]int{{20, 21}, {22, 23}, {24, 25}, {26, 28}, {29, 30}}

// An exactPosition is a position of the cache, the exact final margin
// of best play for the player to move, and its source: "wthor" or
// "selfplay".
type exactPosition struct {
	train.Position
	Score  int
	Source string
}

// formatExact returns the text of the cache of positions xs for the
// training seed: a comment, the line "seed N", and a line for each
// position, its 64 squares from a1 to h8 row by row (X black, O white,
// - empty), the side to move, its exact score and its source.
func formatExact(seed uint64, xs []exactPosition) string {
	var b strings.Builder
	b.WriteString("# The exact scores of make evalerror (package search's TestEvalError),\n")
	b.WriteString("# written by its -update: board a1..h8, side to move, score for the\n")
	b.WriteString("# side to move, source. WTHOR games held out by the seed, and games of\n")
	b.WriteString("# the engine against itself that training does not play.\n")
	fmt.Fprintf(&b, "seed %d\n", seed)
	for _, x := range xs {
		black, white := x.P, x.O
		side := "X"
		if !x.Black {
			black, white, side = x.O, x.P, "O"
		}
		var board [64]byte
		for i := range board {
			switch {
			case black&(1<<i) != 0:
				board[i] = 'X'
			case white&(1<<i) != 0:
				board[i] = 'O'
			default:
				board[i] = '-'
			}
		}
		fmt.Fprintf(&b, "%s %s %d %s\n", board[:], side, x.Score, x.Source)
	}
	return b.String()
}

// parseExact reads the text that formatExact writes; blank lines and
// lines that start with # are comments.
func parseExact(text string) (seed uint64, xs []exactPosition, err error) {
	sawSeed := false
	for i, line := range strings.Split(text, "\n") {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("line %d: %s", i+1, fmt.Sprintf(format, args...))
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || strings.HasPrefix(f[0], "#"):
			continue
		case f[0] == "seed":
			if len(f) != 2 || sawSeed {
				return 0, nil, fail("want one line seed N")
			}
			if seed, err = strconv.ParseUint(f[1], 10, 64); err != nil {
				return 0, nil, fail("seed: %v", err)
			}
			sawSeed = true
			continue
		case len(f) != 4:
			return 0, nil, fail("want board, side, score and source, got %d fields", len(f))
		case len(f[0]) != 64:
			return 0, nil, fail("board of %d squares, want 64", len(f[0]))
		case f[1] != "X" && f[1] != "O":
			return 0, nil, fail("side to move %q, want X or O", f[1])
		case f[3] != "wthor" && f[3] != "selfplay":
			return 0, nil, fail("source %q, want wthor or selfplay", f[3])
		}
		var black, white uint64
		for j, c := range f[0] {
			switch c {
			case 'X':
				black |= 1 << j
			case 'O':
				white |= 1 << j
			case '-':
			default:
				return 0, nil, fail("square %q, want X, O or -", c)
			}
		}
		score, err := strconv.Atoi(f[2])
		if err != nil || score < -64 || score > 64 {
			return 0, nil, fail("score %q, want -64 to 64", f[2])
		}
		x := exactPosition{Position: train.Position{P: black, O: white, Black: true}, Score: score, Source: f[3]}
		if f[1] == "O" {
			x.P, x.O, x.Black = white, black, false
		}
		xs = append(xs, x)
	}
	if !sawSeed {
		return 0, nil, fmt.Errorf("no line seed N")
	}
	return seed, xs, nil
}

// readExact reads exactFile.
func readExact() (uint64, []exactPosition, error) {
	b, err := os.ReadFile(exactFile)
	if err != nil {
		return 0, nil, err
	}
	seed, xs, err := parseExact(string(b))
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %v", exactFile, err)
	}
	return seed, xs, nil
}

// TestEvalError reports the mean absolute error in discs of each
// evaluation, the embedded learned weights and those of -weights if
// given, static and after a search 4 plies deep, against the exact
// scores of exactFile: positions of 20 to 30 empty squares of held-out
// WTHOR games and of games of the engine against itself, by empty
// squares. With -update it first chooses and solves the positions again
// and rewrites exactFile.
func TestEvalError(t *testing.T) {
	if !*evalError && !*updateExact {
		t.Skip("without -evalerror")
	}
	if *updateExact {
		writeExact(t)
	}
	seed, xs, err := readExact()
	if err != nil {
		t.Fatal(err)
	}
	if seed != *heldSeed {
		t.Fatalf("%s holds positions held out by seed %d, not -seed %d: run with -update", exactFile, seed, *heldSeed)
	}
	type measured struct {
		name string
		s    *search.Solver
	}
	ms := []measured{{"learned, embedded weights.bin", search.NewSolver(16 << 20)}}
	if *weightsOf != "" {
		s := search.NewSolver(16 << 20)
		search.UseWeights(s, weightsFile())
		ms = append(ms, measured{"learned, " + *weightsOf, s})
	}
	for _, m := range ms {
		t.Logf("%s: mean absolute error in discs against the exact score\n%s", m.name, errorTable(m.s, xs))
	}
}

// errorTable returns the table of the errors of s on xs, a row for each
// bucket and one for all.
func errorTable(s *search.Solver, xs []exactPosition) string {
	type sum struct {
		n            int
		static, ply4 float64
	}
	sources := []string{"wthor", "selfplay"}
	rows := append(slices.Clone(buckets), [2]int{20, 30})
	sums := make([][2]sum, len(rows))
	for _, x := range xs {
		static := float64(search.StaticEval(s, x.P, x.O)) / 100
		s.Table.Clear()
		ply4 := float64(fromWon(s.Search(x.P, x.O, false, 4).Score)) / 100
		e := x.Empties()
		for r, row := range rows {
			if e < row[0] || e > row[1] {
				continue
			}
			k := slices.Index(sources, x.Source)
			sums[r][k].n++
			sums[r][k].static += math.Abs(static - float64(x.Score))
			sums[r][k].ply4 += math.Abs(ply4 - float64(x.Score))
		}
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "empties\tWTHOR n\tstatic\t4-ply\tself-play n\tstatic\t4-ply")
	for r, row := range rows {
		name := fmt.Sprintf("%d-%d", row[0], row[1])
		if r == len(rows)-1 {
			name = "all"
		}
		fmt.Fprint(w, name)
		for _, c := range sums[r] {
			if c.n == 0 {
				fmt.Fprint(w, "\t0\t-\t-")
				continue
			}
			fmt.Fprintf(w, "\t%d\t%.2f\t%.2f", c.n, c.static/float64(c.n), c.ply4/float64(c.n))
		}
		fmt.Fprintln(w)
	}
	w.Flush()
	return b.String()
}

// writeExact chooses the positions of exactFile, perEmpties of each
// source for each number of empty squares, solves them and writes the
// file. The WTHOR positions come from the games that training with
// -seed holds out (heldOutGames), the self-play positions from games of
// train.SelfPlay, as make train plays them but with selfPlaySeed; a game
// gives one position, of 20 to 30 empty squares by its number. A
// position that training fits, or a mirror image of one (trainedPositions),
// is passed over.
func writeExact(t *testing.T) {
	trained := trainedPositions(t)
	var xs []exactPosition
	choose := func(source string, lines [][]train.Position) {
		left := map[int]int{}
		for e, n := range perEmpties {
			left[e] = n
		}
		skipped := 0
		for i, line := range lines {
			e := 20 + i%11
			if left[e] == 0 {
				continue
			}
			k := slices.IndexFunc(line, func(x train.Position) bool {
				return x.Empties() == e && othello.Moves8(x.P, x.O) != 0
			})
			if k < 0 {
				continue
			}
			if x := line[k]; trained[canonical(x.P, x.O)] {
				skipped++
				continue
			}
			xs = append(xs, exactPosition{Position: line[k], Source: source})
			left[e]--
		}
		for e, n := range left {
			if n > 0 {
				t.Fatalf("%s: %d positions of %d empties short", source, n, e)
			}
		}
		t.Logf("%s: positions chosen, %d passed over as training fits them", source, skipped)
	}
	choose("wthor", heldOutGames(t))
	choose("selfplay", selfPlayLines(train.SelfPlay{Games: 400, Seed: selfPlaySeed, Opening: 8, Depth: 4, Threads: 1}))
	slices.SortStableFunc(xs, func(a, b exactPosition) int { return a.Empties() - b.Empties() })
	s := search.NewSolver(256 << 20)
	start := time.Now()
	for i := range xs {
		t0 := time.Now()
		xs[i].Score = s.Solve(xs[i].P, xs[i].O, false).Score
		t.Logf("%d/%d: %s, %d empties, score %d, %v", i+1, len(xs), xs[i].Source, xs[i].Empties(), xs[i].Score, time.Since(t0).Round(time.Millisecond))
	}
	t.Logf("%d positions solved in %v", len(xs), time.Since(start).Round(time.Second))
	if err := os.MkdirAll(filepath.Dir(exactFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exactFile, []byte(formatExact(*heldSeed, xs)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// selfPlayLines returns the games that sp plays, each the positions
// where the player to move has a move: sp.Play's samples, cut where a
// game starts again from 60 empty squares. sp.SolveAt is 0, so that the
// midgame search plays every move, as cheap as it is; the positions up
// to the first of sp.SolveAt empty squares or fewer are the same as
// with any other sp.SolveAt.
func selfPlayLines(sp train.SelfPlay) [][]train.Position {
	var lines [][]train.Position
	for _, x := range sp.Play() {
		if x.Empties() == 60 {
			lines = append(lines, nil)
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], x.Position)
	}
	return lines
}

// trainedPositions returns the positions of 20 to 30 empty squares
// that make train with -seed fits (cmd/train's defaults), each as
// canonical returns it: those of every WTHOR game of -wthor (all the
// files) that it does not hold out, and those of its 4,000 games of the
// engine against itself.
func trainedPositions(t *testing.T) map[[2]uint64]bool {
	t.Helper()
	start := time.Now()
	trained := map[[2]uint64]bool{}
	add := func(line []train.Position) {
		for _, x := range line {
			if e := x.Empties(); e >= 20 && e <= 30 {
				trained[canonical(x.P, x.O)] = true
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(*wthorDir, "*.pgn"))
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		records, err := record.ParsePGN(string(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, r := range records {
			if line, ok := train.Line(r); ok && !train.HeldOut(r.Moves, *heldSeed) {
				add(line)
			}
		}
	}
	for _, line := range selfPlayLines(train.SelfPlay{Games: 4000, Seed: *heldSeed, Opening: 8, Depth: 4, Threads: 1}) {
		add(line)
	}
	t.Logf("%d positions of 20 to 30 empties that training fits (%v)", len(trained), time.Since(start).Round(time.Second))
	return trained
}

// canonical returns p, o known up to the board's symmetries, which the
// evaluation does not tell apart (book.Canonical).
func canonical(p, o uint64) [2]uint64 {
	cp, co := book.Canonical(p, o)
	return [2]uint64{cp, co}
}
