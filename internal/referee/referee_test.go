package referee_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// match returns a match of one pair of games on 8x8 between the players
// named p1 and p2, with 10s a game, its programs run from testdata with
// the variable mark in their environment.
func match(t *testing.T, p1, p2, mark string) referee.Match {
	t.Helper()
	var specs [2]referee.Spec
	for i, name := range []string{p1, p2} {
		s, err := referee.ParseSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		specs[i] = s
	}
	setup, err := othello.StandardSetup(othello.Full{}, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	lim := sandbox.DefaultLimits
	lim.CPU = 0
	return referee.Match{
		Players: specs, Pairs: 1, Setup: setup, Seed: 1, Jobs: 2,
		Clocks:  referee.Clocks{{Total: 10 * time.Second}, {Total: 10 * time.Second}},
		Sandbox: sandbox.Config{Mode: sandbox.Isolated, Limits: lim, Dir: dir, Env: []string{mark}},
	}
}

// run runs m, and fails t if a process with mark in its environment is
// left once it is over.
func run(t *testing.T, m referee.Match, mark string) []referee.Result {
	t.Helper()
	results, err := m.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if left := processesWith(mark); len(left) > 0 {
		t.Errorf("processes left running after the match: %q", left)
	}
	return results
}

// processesWith returns the processes, not zombies, that have the
// variable v (NAME=VALUE) in their environment, as cmd/othello's
// hostile tests find them.
func processesWith(v string) []string {
	entries, _ := os.ReadDir("/proc")
	var pids []string
	for _, e := range entries {
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || !bytes.Contains(append([]byte{0}, env...), []byte("\x00"+v+"\x00")) {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		if f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:])); len(f) > 0 && f[0] == "Z" {
			continue
		}
		pids = append(pids, e.Name())
	}
	return pids
}

// mark returns a variable that marks the processes of one test.
func mark(t *testing.T) string {
	return fmt.Sprintf("REFEREE_TEST=%s-%d", strings.ReplaceAll(t.Name(), "/", "-"), os.Getpid())
}

// checkRecords checks that each game's GGF and PGN read back as the
// same moves, and that a game with no forfeit was played to its end.
func checkRecords(t *testing.T, results []referee.Result) {
	t.Helper()
	for _, r := range results {
		ggf, err := record.FormatGGF(r.Record)
		if err != nil {
			t.Fatalf("game %d: FormatGGF: %v", r.Number, err)
		}
		back, err := record.ParseGGF(ggf)
		if err != nil || len(back) != 1 {
			t.Fatalf("game %d: ParseGGF(%q): got %d games, error %v, want 1 game", r.Number, ggf, len(back), err)
		}
		if !slices.Equal(back[0].Moves, r.Record.Moves) || back[0].Result != r.Record.Result {
			t.Errorf("game %d: GGF read back: got moves %v result %q, want %v %q", r.Number, back[0].Moves, back[0].Result, r.Record.Moves, r.Record.Result)
		}
		pgn, err := record.FormatPGN(r.Record)
		if err != nil {
			t.Fatalf("game %d: FormatPGN: %v", r.Number, err)
		}
		if back, err := record.ParsePGN(pgn); err != nil || len(back) != 1 || !slices.Equal(back[0].Moves, r.Record.Moves) {
			t.Errorf("game %d: PGN %q read back: got %v, error %v, want the moves %v", r.Number, pgn, back, err, r.Record.Moves)
		}
		g, err := r.Record.Game()
		if err != nil {
			t.Fatal(err)
		}
		if r.Forfeit == nil && !g.Over() {
			t.Errorf("game %d: got a game not over and no forfeit, want one or the other", r.Number)
		}
	}
}

// TestEngines plays our engines at small depths against each other: two
// games played to the end, each player Black once, their records read
// back.
func TestEngines(t *testing.T) {
	m := match(t, "level:1", "cpu:1", mark(t))
	m.Clocks = referee.Clocks{{Total: 2 * time.Second}, {Total: 2 * time.Second}} // about 60ms a move
	m.Openings.Random = 2
	results := run(t, m, mark(t))
	if len(results) != 2 {
		t.Fatalf("got %d games, want 2", len(results))
	}
	for i, r := range results {
		if r.Forfeit != nil {
			t.Errorf("game %d: got a forfeit %v, want none", r.Number, r.Forfeit)
		}
		if want := []string{"level:1", "cpu:1"}[i]; r.Record.Black != want {
			t.Errorf("game %d: got Black %q, want %q", r.Number, r.Record.Black, want)
		}
		if len(r.Record.Notes) < len(r.Record.Moves) || r.Record.Notes[2].Time == "" {
			t.Errorf("game %d: got notes %v, want each move's time after the opening", r.Number, r.Record.Notes)
		}
	}
	if !slices.Equal(results[0].Record.Moves[:2], results[1].Record.Moves[:2]) {
		t.Errorf("got openings %v and %v, want the same for a pair", results[0].Record.Moves[:2], results[1].Record.Moves[:2])
	}
	checkRecords(t, results)
}

// TestReproducible plays the same match twice from a seed: the same
// games; and from another seed: others.
func TestReproducible(t *testing.T) {
	games := func(seed uint64) []string {
		m := match(t, "greedy", "random", mark(t))
		m.Pairs, m.Openings.Random, m.Seed = 2, 4, seed
		var moves []string
		for _, r := range run(t, m, mark(t)) {
			moves = append(moves, record.FormatMoveList(r.Record.Moves))
		}
		return moves
	}
	a, b, c := games(7), games(7), games(8)
	if !slices.Equal(a, b) {
		t.Errorf("seed 7 twice: got %q and %q, want the same games", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 7 and 8: got the same games %q, want others", a)
	}
}

// TestStarter plays the starter player of the guide against random: it
// plays both games to their end.
func TestStarter(t *testing.T) {
	results := run(t, match(t, "prog:python3 starter.py", "random", mark(t)), mark(t))
	for _, r := range results {
		if r.Forfeit != nil {
			t.Errorf("game %d: got %v, want no forfeit", r.Number, r.Forfeit)
		}
	}
	checkRecords(t, results)
}

// TestForfeits plays players that misbehave on their third turn: each
// loses both its games, with its reason, and leaves nothing running.
func TestForfeits(t *testing.T) {
	tests := []struct {
		mode   string
		want   error
		detail string
	}{
		{"illegal", referee.ErrIllegal, "played 9 9"},
		{"pass", referee.ErrPassed, "passed"},
		{"garbage", referee.ErrGarbage, `answered "<b>hello]\n"`},
		{"crash", referee.ErrCrashed, `exit status 3"; its standard error ends "boom: the third turn\n"`},
		{"slow", referee.ErrTime, "no answer in"},
		{"silent", referee.ErrTime, "no answer in"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			m := match(t, "prog:python3 bad.py "+tt.mode, "greedy", mark(t))
			m.Clocks = referee.Clocks{{Total: 3 * time.Second}, {Total: 3 * time.Second}} // a Python program starts on its clock
			results := run(t, m, mark(t))
			for _, r := range results {
				bad := othello.Black
				if r.First == othello.White {
					bad = othello.White
				}
				if !errors.Is(r.Forfeit, tt.want) || r.Winner != bad.Opponent() || !strings.Contains(r.Forfeit.Detail, tt.detail) {
					t.Errorf("game %d: got winner %v, forfeit %v; want %v to win, bad.py to lose with %v, %q", r.Number, r.Winner, r.Forfeit, bad.Opponent(), tt.want, tt.detail)
				}
				if line := r.Line(); !strings.Contains(line, "forfeits: ") || strings.Contains(line, "\n") {
					t.Errorf("game %d: got the line %q, want its forfeit on one line", r.Number, line)
				}
				if !strings.HasSuffix(r.Record.Result, map[bool]string{true: ":t", false: ":r"}[tt.want == referee.ErrTime]) {
					t.Errorf("game %d: got RE %q, want the flag of %v", r.Number, r.Record.Result, tt.want)
				}
				if want := map[bool]string{true: "time forfeit", false: "rules infraction"}[tt.want == referee.ErrTime]; r.Record.Termination != want {
					t.Errorf("game %d: got Termination %q, want %q", r.Number, r.Record.Termination, want)
				}
			}
			checkRecords(t, results)
		})
	}
}

// TestSummarize checks a match's tally from player 1's side: games 2i-1
// and 2i are a pair, counted by player 1's points in them, and the Elo
// comes from the pairs once two are whole, from the games before that.
func TestSummarize(t *testing.T) {
	// game returns game n, player 1 playing first, won by winner with
	// margin discs for Black.
	game := func(n int, first, winner othello.Color, margin int) referee.Result {
		return referee.Result{Number: n, First: first, Game: referee.Game{Winner: winner, Margin: margin}}
	}
	B, W, E := othello.Black, othello.White, othello.Empty
	tests := []struct {
		name      string
		results   []referee.Result
		want      rating.Result
		pairs     rating.Pairs
		discs     int
		elo       float64 // the interval's middle
		fromPairs bool
	}{
		{"one pair", []referee.Result{game(1, B, E, 0), game(2, W, B, 6)}, rating.Result{Wins: 0, Draws: 1, Losses: 1}, rating.Pairs{0, 1, 0, 0, 0}, -6, -190.85, false},
		{"two pairs", []referee.Result{game(1, B, B, 10), game(2, W, W, -4), game(3, B, B, 2), game(4, W, B, 8)},
			rating.Result{Wins: 3, Draws: 0, Losses: 1}, rating.Pairs{0, 0, 1, 0, 1}, 8, 190.85, true},
		{"a pair cut short", []referee.Result{game(1, B, B, 10), game(2, W, W, -4), game(3, B, W, -2)},
			rating.Result{Wins: 2, Draws: 0, Losses: 1}, rating.Pairs{0, 0, 0, 0, 1}, 12, 120.41, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := referee.Summarize(tt.results)
			if s.Result != tt.want || s.Pairs != tt.pairs || s.Discs != tt.discs {
				t.Errorf("got %+v, %v, discs %d; want %+v, %v, discs %d", s.Result, s.Pairs, s.Discs, tt.want, tt.pairs, tt.discs)
			}
			got, err := s.Elo()
			if err != nil {
				t.Fatal(err)
			}
			want, _ := tt.want.Elo()
			if tt.fromPairs {
				want, _ = tt.pairs.Elo()
			}
			if got != want || math.Abs(got.Elo-tt.elo) > 0.01 {
				t.Errorf("got Elo %+v, want %+v, middle %.2f", got, want, tt.elo)
			}
		})
	}
}

// TestSPRT checks that a match with an SPRT stops as soon as it decides,
// at the end of a pair, and plays on while it does not.
func TestSPRT(t *testing.T) {
	m := match(t, "cpu:1", "random", "MARK=sprt")
	m.Pairs, m.Jobs, m.Openings.Random = 12, 1, 0                         // no openings: each game's random player draws its own
	m.Clocks = referee.Clocks{{Total: time.Second}, {Total: time.Second}} // cpu:1 solves the end as its clock allows
	sprt, err := rating.ParseSPRT("0,200,0.1,0.1")
	if err != nil {
		t.Fatal(err)
	}
	m.SPRT = &sprt
	results, err := m.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := len(results)
	if n == 0 || n >= 2*m.Pairs || n%2 != 0 {
		t.Fatalf("got %d games, want an even number below %d", n, 2*m.Pairs)
	}
	for i, r := range results {
		if r.Number != i+1 {
			t.Fatalf("game %d is numbered %d", i+1, r.Number)
		}
	}
	if got := m.Decided(referee.Summarize(results)); got != rating.AcceptH1 {
		t.Errorf("got %v after %d games, want H1", got, n)
	}
	if got := m.Decided(referee.Summarize(results[:n-2])); got != rating.Continue {
		t.Errorf("got %v after %d games, want it undecided until the last pair", got, n-2)
	}
	t.Logf("decided after %d games", n)
}

// TestParseOpenings reads -openings: random:N, book and book:NAME, the
// book's only on 8x8, and file:PATH and shuffle:PATH, whose lines must
// be legal from the setup.
func TestParseOpenings(t *testing.T) {
	eight, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	six, _ := othello.StandardSetup(othello.Full{}, 6, 6)
	tests := []struct {
		s       string
		setup   othello.Setup
		random  int
		lines   int    // how many, -1 for many
		first   string // the first line's moves
		shuffle bool
		ok      bool
	}{
		{"random:4", eight, 4, 0, "", false, true},
		{"random:0", six, 0, 0, "", false, true},
		{"book", eight, 0, -1, "f5d6", false, true},
		{"book:tiger", eight, 0, 1, "f5d6c3d3c4", false, true},
		{"book:Rose", eight, 0, 1, "f5d6c5f4e3c6d3f6e6d7", false, true},
		{"file:testdata/openings.txt", eight, 0, 4, "f5d6c3d3c4f4c5b3", false, true},
		{"shuffle:testdata/openings.txt", eight, 0, 4, "f5d6c3d3c4f4c5b3", true, true},
		{"random:21", eight, 0, 0, "", false, false},
		{"random:", eight, 0, 0, "", false, false},
		{"book:", eight, 0, 0, "", false, false},
		{"book:nothing", eight, 0, 0, "", false, false},
		{"book", six, 0, 0, "", false, false},
		{"books", eight, 0, 0, "", false, false},
		{"file:", eight, 0, 0, "", false, false},
		{"file", eight, 0, 0, "", false, false},
		{"shuffle:", eight, 0, 0, "", false, false},
		{"file:testdata/openings.txt", six, 0, 0, "", false, false},
		{"file:testdata/openings-bad.txt", eight, 0, 0, "", false, false},
		{"file:testdata/none.txt", eight, 0, 0, "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			o, err := referee.ParseOpenings(tt.s, tt.setup)
			if !tt.ok {
				if !errors.Is(err, referee.ErrOpenings) {
					t.Errorf("got %d, %d lines, error %v; want ErrOpenings", o.Random, len(o.Lines), err)
				}
				return
			}
			if err != nil || o.Random != tt.random || tt.lines >= 0 && len(o.Lines) != tt.lines || tt.lines < 0 && len(o.Lines) < 50 || o.Shuffle != tt.shuffle {
				t.Fatalf("got %d, %d lines, shuffle %v, error %v; want %d, %d lines, shuffle %v", o.Random, len(o.Lines), o.Shuffle, err, tt.random, tt.lines, tt.shuffle)
			}
			if len(o.Lines) > 0 && record.FormatMoveList(o.Lines[0]) != tt.first {
				t.Errorf("got the first line %s, want %s", record.FormatMoveList(o.Lines[0]), tt.first)
			}
		})
	}
}

// TestOpeningsFile reads files of openings: a move list a line, in
// either case, blanks, CRLF, blank lines and comments skipped; and a
// line that is no opening from the setup an *OpeningsError that names
// the file and the line.
func TestOpeningsFile(t *testing.T) {
	eight, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	o, err := referee.ParseOpenings("file:testdata/openings.txt", eight)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range o.Lines {
		got = append(got, record.FormatMoveList(l))
	}
	want := []string{"f5d6c3d3c4f4c5b3", "f5f6e6f4e3c5c4d3", "f5d6c5f4e3c6d3f6", "e6f4c3c4d3d6c5f6"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}

	dir := t.TempDir()
	tests := []struct {
		name, text string
		line       int    // of the error, 0 for the file's
		msg        string // what the error says after the file and line
	}{
		{"illegal", "f5d6\nf5f4e3f6d3e6g5g4\n", 2, "move 6, W e6: move flips no disc"},
		{"no move", "# one\n\nf5d6 ab\n", 3, "is not a move such as f5"},
		{"off the board", "f5d6c3d3c4f4c5b3\ni9\n", 2, "i9"},
		{"no opening", "# only a comment\n\n", 0, "no opening"},
		{"empty", "", 0, "no opening"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name+".txt")
			if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := referee.ParseOpenings("file:"+path, eight)
			var oe *referee.OpeningsError
			if !errors.As(err, &oe) || !errors.Is(err, referee.ErrOpenings) {
				t.Fatalf("got %v, want an *OpeningsError wrapping ErrOpenings", err)
			}
			if oe.Path != path || oe.Line != tt.line || !strings.Contains(oe.Msg, tt.msg) {
				t.Errorf("got %s, line %d, %q; want %s, line %d, %q", oe.Path, oe.Line, oe.Msg, path, tt.line, tt.msg)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("got %q, want it to name %s", err, path)
			}
		})
	}
	_, err = referee.ParseOpenings("shuffle:testdata/openings-bad.txt", eight)
	if got, want := fmt.Sprint(err), "referee: openings file testdata/openings-bad.txt:3: move 6, W e6: move flips no disc"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestBookOpenings plays three pairs from the book's openings, on 8x8:
// each pair from its line, in turn, each player Black once.
func TestBookOpenings(t *testing.T) {
	m := match(t, "greedy", "random", mark(t))
	o, err := referee.ParseOpenings("book", m.Setup)
	if err != nil {
		t.Fatal(err)
	}
	m.Pairs, m.Openings = 3, o
	results := run(t, m, mark(t))
	if len(results) != 6 {
		t.Fatalf("got %d games, want 6", len(results))
	}
	for _, r := range results {
		line := o.Lines[(r.Number-1)/2]
		if len(r.Record.Moves) < len(line) || !slices.Equal(r.Record.Moves[:len(line)], line) {
			t.Errorf("game %d: got %s, want it to start %s", r.Number, record.FormatMoveList(r.Record.Moves), record.FormatMoveList(line))
		}
	}
	checkRecords(t, results)
}

// TestFileOpenings plays the lines of a file of four openings in six
// pairs: in the file's order, again from the first after the last; and
// shuffled, in an order drawn from the seed, each line once in the
// first four pairs, the same order from the same seed.
func TestFileOpenings(t *testing.T) {
	starts := func(m referee.Match) []string {
		t.Helper()
		results := run(t, m, mark(t))
		if len(results) != 12 {
			t.Fatalf("got %d games, want 12", len(results))
		}
		var out []string
		for _, r := range results {
			if len(r.Record.Moves) < 8 {
				t.Fatalf("game %d: got %s, want it to start with an opening of 8 plies", r.Number, record.FormatMoveList(r.Record.Moves))
			}
			start := record.FormatMoveList(r.Record.Moves[:8])
			if r.Number%2 == 0 && start != out[len(out)-1] {
				t.Errorf("game %d: got %s, want the pair's opening %s", r.Number, start, out[len(out)-1])
			}
			if r.Number%2 == 1 {
				out = append(out, start)
			}
		}
		return out
	}
	m := match(t, "greedy", "random", mark(t))
	m.Pairs, m.Jobs = 6, 2
	var err error
	if m.Openings, err = referee.ParseOpenings("file:testdata/openings.txt", m.Setup); err != nil {
		t.Fatal(err)
	}
	want := []string{"f5d6c3d3c4f4c5b3", "f5f6e6f4e3c5c4d3", "f5d6c5f4e3c6d3f6", "e6f4c3c4d3d6c5f6", "f5d6c3d3c4f4c5b3", "f5f6e6f4e3c5c4d3"}
	if got := starts(m); !slices.Equal(got, want) {
		t.Errorf("in order: got %q, want %q", got, want)
	}

	m.Openings.Shuffle = true
	shuffled := starts(m)
	first, lines := slices.Clone(shuffled[:4]), slices.Clone(want[:4])
	slices.Sort(first)
	slices.Sort(lines)
	if !slices.Equal(first, lines) {
		t.Errorf("shuffled: got %q, want each line once in the first four pairs", shuffled)
	}
	if !slices.Equal(shuffled[4:], shuffled[:2]) {
		t.Errorf("shuffled: got %q, want the order again after the fourth pair", shuffled)
	}
	if again := starts(m); !slices.Equal(again, shuffled) {
		t.Errorf("shuffled again from seed %d: got %q, want %q", m.Seed, again, shuffled)
	}
	m.Seed = 2
	if other := starts(m); slices.Equal(other, shuffled) {
		t.Logf("seed 2 drew the order of seed 1, %q (1 in 24)", other)
	}
}

// TestClocks checks time odds: player 1's clock is the first of
// Clocks, player 2's the second, whichever colour each plays, in the
// records (GGF's TB and TW, TI when the clocks are the same).
func TestClocks(t *testing.T) {
	tests := []struct {
		name   string
		clocks referee.Clocks
		ti     [2]string // TI of games 1 and 2
		tb, tw [2]string // TB and TW of games 1 and 2
	}{
		{"same", referee.Clocks{{Total: 5 * time.Second}, {Total: 5 * time.Second}},
			[2]string{"00:05/00:00/00:00", "00:05/00:00/00:00"}, [2]string{}, [2]string{}},
		{"odds", referee.Clocks{{Total: 2 * time.Second}, {Total: 61 * time.Second, Increment: time.Second}},
			[2]string{}, [2]string{"00:02/00:00/00:00", "01:01/00:01/00:00"}, [2]string{"01:01/00:01/00:00", "00:02/00:00/00:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := match(t, "greedy", "random", mark(t))
			m.Clocks = tt.clocks
			results := run(t, m, mark(t))
			if len(results) != 2 || results[0].First != othello.Black || results[1].First != othello.White {
				t.Fatalf("got %d games, want player 1 Black in game 1 and White in game 2", len(results))
			}
			for i, r := range results {
				if got := [3]string{r.Record.Clock, r.Record.BlackClock, r.Record.WhiteClock}; got != [3]string{tt.ti[i], tt.tb[i], tt.tw[i]} {
					t.Errorf("game %d: got TI, TB, TW %q, want %q", r.Number, got, [3]string{tt.ti[i], tt.tb[i], tt.tw[i]})
				}
			}
			checkRecords(t, results)
		})
	}
}

// budgets is a player that plays its first legal move and keeps the
// time it is given for each.
type budgets struct{ left []time.Duration }

func (p *budgets) Move(g *othello.Game, left time.Duration) (othello.Square, bool, error) {
	p.left = append(p.left, left)
	return g.Legal().Squares()[0], false, nil
}

func (p *budgets) Stop() {}

// TestPlayClocks checks that Play gives Black the first of its clocks
// and White the second: each player's first move's time is its own.
func TestPlayClocks(t *testing.T) {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	clocks := referee.Clocks{{PerMove: 3 * time.Second}, {Total: 7 * time.Second}}
	black, white := &budgets{}, &budgets{}
	if _, err := referee.Play(setup, nil, black, white, clocks); err != nil {
		t.Fatal(err)
	}
	if len(black.left) == 0 || len(white.left) == 0 {
		t.Fatalf("got %d and %d moves, want both players to move", len(black.left), len(white.left))
	}
	if black.left[0] != 3*time.Second || white.left[0] != 7*time.Second {
		t.Errorf("got Black %v and White %v for their first moves, want 3s and 7s", black.left[0], white.left[0])
	}
}

// TestSizes plays our engines on boards other than 8x8, square or not:
// each game to its end on its board; and refuses GTP a board that is not
// square.
func TestSizes(t *testing.T) {
	for _, size := range [][2]int{{4, 6}, {6, 4}, {10, 10}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := match(t, "level:1", "greedy", mark(t))
			setup, err := othello.StandardSetup(othello.Full{}, size[0], size[1])
			if err != nil {
				t.Fatal(err)
			}
			m.Setup, m.Openings.Random = setup, 2
			for _, r := range run(t, m, mark(t)) {
				g, err := r.Record.Game()
				if err != nil || r.Forfeit != nil || !g.Over() || g.Board().Rows() != size[0] || g.Board().Cols() != size[1] {
					t.Errorf("game %d: got %v, forfeit %v, error %v; want a %dx%d game to its end", r.Number, r.Record.Moves, r.Forfeit, err, size[0], size[1])
				}
			}
		})
	}
	m := match(t, "greedy", "gtp:othello gtp", mark(t))
	m.Setup, _ = othello.StandardSetup(othello.Full{}, 6, 8)
	if _, err := m.Run(context.Background(), nil); !errors.Is(err, referee.ErrSpec) {
		t.Errorf("gtp on 6x8: got %v, want ErrSpec", err)
	}
}

// TestHold checks that a match plays no game that Hold has not let start,
// and releases each: with one game at a time allowed, four workers play
// one game at a time.
func TestHold(t *testing.T) {
	m := match(t, "greedy", "random", mark(t))
	m.Pairs, m.Jobs = 3, 4
	var mu sync.Mutex
	held, most, calls := 0, 0, 0
	slot := make(chan struct{}, 1)
	m.Hold = func() func() {
		slot <- struct{}{}
		mu.Lock()
		held, calls = held+1, calls+1
		most = max(most, held)
		mu.Unlock()
		return func() {
			mu.Lock()
			held--
			mu.Unlock()
			<-slot
		}
	}
	results, err := m.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 6 || calls != 6 || most != 1 || held != 0 {
		t.Errorf("got %d games, %d holds, at most %d at once, %d held at the end; want 6, 6, 1, 0", len(results), calls, most, held)
	}
}

// TestRunStops checks that a match stopped by its context ends the game
// under way and starts no other.
func TestRunStops(t *testing.T) {
	m := match(t, "greedy", "random", mark(t))
	m.Pairs, m.Jobs = 5, 1
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	results, err := m.Run(ctx, func(referee.Result) { cancel() })
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 {
		t.Errorf("got %d games, want 1: the one under way when the match was stopped", len(results))
	}
}
