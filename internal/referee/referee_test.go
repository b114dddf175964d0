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
		Clock:   referee.TimeControl{Total: 10 * time.Second},
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
	m.Clock = referee.TimeControl{Total: 2 * time.Second} // about 60ms a move
	m.Opening = 2
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
		m.Pairs, m.Opening, m.Seed = 2, 4, seed
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
			m.Clock = referee.TimeControl{Total: 3 * time.Second} // a Python program starts on its clock
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
	m.Pairs, m.Jobs, m.Opening = 12, 1, 0             // no openings: each game's random player draws its own
	m.Clock = referee.TimeControl{Total: time.Second} // cpu:1 solves the end as its clock allows
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
// book's only on 8x8.
func TestParseOpenings(t *testing.T) {
	eight, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	six, _ := othello.StandardSetup(othello.Full{}, 6, 6)
	tests := []struct {
		s      string
		setup  othello.Setup
		random int
		lines  int    // how many, -1 for many
		first  string // the first line's moves
		ok     bool
	}{
		{"random:4", eight, 4, 0, "", true},
		{"random:0", six, 0, 0, "", true},
		{"book", eight, 0, -1, "f5d6", true},
		{"book:tiger", eight, 0, 1, "f5d6c3d3c4", true},
		{"book:Rose", eight, 0, 1, "f5d6c5f4e3c6d3f6e6d7", true},
		{"random:21", eight, 0, 0, "", false},
		{"random:", eight, 0, 0, "", false},
		{"book:", eight, 0, 0, "", false},
		{"book:nothing", eight, 0, 0, "", false},
		{"book", six, 0, 0, "", false},
		{"books", eight, 0, 0, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			random, lines, err := referee.ParseOpenings(tt.s, tt.setup)
			if !tt.ok {
				if !errors.Is(err, referee.ErrOpenings) {
					t.Errorf("got %d, %d lines, error %v; want ErrOpenings", random, len(lines), err)
				}
				return
			}
			if err != nil || random != tt.random || tt.lines >= 0 && len(lines) != tt.lines || tt.lines < 0 && len(lines) < 50 {
				t.Fatalf("got %d, %d lines, error %v; want %d, %d lines", random, len(lines), err, tt.random, tt.lines)
			}
			if len(lines) > 0 && record.FormatMoveList(lines[0]) != tt.first {
				t.Errorf("got the first line %s, want %s", record.FormatMoveList(lines[0]), tt.first)
			}
		})
	}
}

// TestBookOpenings plays three pairs from the book's openings, on 8x8:
// each pair from its line, in turn, each player Black once.
func TestBookOpenings(t *testing.T) {
	m := match(t, "greedy", "random", mark(t))
	_, lines, err := referee.ParseOpenings("book", m.Setup)
	if err != nil {
		t.Fatal(err)
	}
	m.Pairs, m.Lines = 3, lines
	results := run(t, m, mark(t))
	if len(results) != 6 {
		t.Fatalf("got %d games, want 6", len(results))
	}
	for _, r := range results {
		line := lines[(r.Number-1)/2]
		if len(r.Record.Moves) < len(line) || !slices.Equal(r.Record.Moves[:len(line)], line) {
			t.Errorf("game %d: got %s, want it to start %s", r.Number, record.FormatMoveList(r.Record.Moves), record.FormatMoveList(line))
		}
	}
	checkRecords(t, results)
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
			m.Setup, m.Opening = setup, 2
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
