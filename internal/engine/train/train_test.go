package train

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// randomGames returns n games of random legal moves, from seed.
func randomGames(t *testing.T, n int, seed uint64) []record.Record {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 29))
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	var games []record.Record
	for range n {
		g, _ := setup.NewGame()
		r := record.Record{Setup: setup}
		for !g.Over() {
			legal := g.Legal().Squares()
			s := legal[rng.IntN(len(legal))]
			if _, err := g.Play(s); err != nil {
				t.Fatal(err)
			}
			r.Moves = append(r.Moves, s)
		}
		games = append(games, r)
	}
	return games
}

func lines(t *testing.T, games []record.Record) [][]Position {
	t.Helper()
	var out [][]Position
	for _, r := range games {
		line, ok := Line(r)
		if !ok {
			t.Fatalf("Line refused a game of random legal moves")
		}
		if len(line) != len(r.Moves)+1 {
			t.Fatalf("got %d positions, want %d", len(line), len(r.Moves)+1)
		}
		out = append(out, line)
	}
	return out
}

func TestLineRefuses(t *testing.T) {
	small, _ := othello.StandardSetup(othello.Full{}, 6, 6)
	simple, _ := othello.StandardSetup(othello.Simple{}, 8, 8)
	fewest, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	fewest.Win = othello.FewestDiscs
	standard, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	tests := []struct {
		name string
		r    record.Record
	}{
		{"6x6", record.Record{Setup: small}},
		{"simple", record.Record{Setup: simple}},
		{"fewest", record.Record{Setup: fewest}},
		{"illegal move", record.Record{Setup: standard, Moves: []othello.Square{{Row: 0, Col: 0}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := Line(tt.r); ok {
				t.Errorf("got ok, want a refusal")
			}
		})
	}
}

// TestLabel checks that the positions from the solving point on are
// labelled with their exact scores, and that the threads do not change
// the labels.
func TestLabel(t *testing.T) {
	const solveAt = 8
	games := lines(t, randomGames(t, 20, 1))
	one := Label(games, solveAt, 1)
	two := Label(games, solveAt, 2)
	if !slices.Equal(one, two) {
		t.Fatalf("got different labels on 1 and 2 threads")
	}
	s := search.NewSolver(1 << 20)
	checked := 0
	for _, x := range one {
		if othello.Moves8(x.P, x.O) == 0 {
			t.Errorf("%#x, %#x: got a sample where the player to move must pass", x.P, x.O)
		}
		if x.Empties() > solveAt {
			continue
		}
		checked++
		if want := s.Solve(x.P, x.O, false).Score; int(x.Score) != want {
			t.Errorf("%#x, %#x: got label %d, want %d", x.P, x.O, x.Score, want)
		}
	}
	if checked == 0 {
		t.Errorf("got no position solved exactly, want some")
	}
}

// TestFit checks that fitting is reproducible, keeps tied weights equal
// and lowers the error on what it fits.
func TestFit(t *testing.T) {
	samples := Label(lines(t, randomGames(t, 30, 2)), 8, 2)
	opt := Options{Iterations: 10, Ridge: 1, Threads: 2}
	w := Fit(samples, opt)
	if again := Fit(samples, Options{Iterations: 10, Ridge: 1, Threads: 1}); !slices.Equal(w, again) {
		t.Errorf("got different weights from the same samples")
	}
	tied := search.Tied()
	size := len(tied)
	for i, v := range w {
		if k := i/size*size + int(tied[i%size]); w[k] != v {
			t.Fatalf("weight %d: got %d, want %d, the weight %d it is tied to", i, v, w[k], k)
		}
	}
	zero := make([]int16, search.WeightCount())
	before, after := MeanError(zero, samples), MeanError(w, samples)
	if after >= before/2 {
		t.Errorf("got mean error %.2f after the fit, want under half of %.2f before", after, before)
	}
}

// TestHeldOut checks that about one game in ten is held out, and that
// the seed chooses which.
func TestHeldOut(t *testing.T) {
	games := randomGames(t, 400, 3)
	count := func(seed uint64) (n int, which []bool) {
		for _, r := range games {
			h := HeldOut(r.Moves, seed)
			which = append(which, h)
			if h {
				n++
			}
		}
		return n, which
	}
	n1, w1 := count(1)
	n2, w2 := count(2)
	for _, n := range []int{n1, n2} {
		if n < 20 || n > 60 {
			t.Errorf("got %d of %d games held out, want about 40", n, len(games))
		}
	}
	if slices.Equal(w1, w2) {
		t.Errorf("got the same games held out under seeds 1 and 2")
	}
}

// TestSelfPlay checks that the games of a SelfPlay are the same whatever
// the threads, that their random openings make them differ, and that
// every position from the one solved on is labelled with its exact score
// and every one before with that of the one solved.
func TestSelfPlay(t *testing.T) {
	const solveAt = 10
	sp := SelfPlay{Games: 6, Seed: 7, Opening: 6, Depth: 2, SolveAt: solveAt, Threads: 1}
	one := sp.Play()
	sp.Threads = 3
	if three := sp.Play(); !slices.Equal(one, three) {
		t.Fatalf("got different samples on 1 and 3 threads")
	}
	s := search.NewSolver(1 << 20)
	openings := map[Position]bool{}
	for _, x := range one {
		if othello.Moves8(x.P, x.O) == 0 || x.P&x.O != 0 {
			t.Fatalf("%#x, %#x: got a sample that is not a position with a move", x.P, x.O)
		}
		if x.Empties() == 60-sp.Opening {
			openings[x.Position] = true
		}
		if x.Empties() > solveAt {
			continue
		}
		if want := s.Solve(x.P, x.O, false).Score; int(x.Score) != want {
			t.Errorf("%#x, %#x: got label %d, want %d, its exact score", x.P, x.O, x.Score, want)
		}
	}
	// The labels before the first position solved, game by game.
	for start := 0; start < len(one); {
		end := start + 1
		for end < len(one) && one[end].Empties() != 60 {
			end++
		}
		game := one[start:end]
		k := slices.IndexFunc(game, func(x Sample) bool { return x.Empties() <= solveAt })
		if k < 0 {
			k = 0 // over before solveAt: labelled by its final count
		}
		for _, x := range game[:k] {
			want := game[k].Score
			if x.Black != game[k].Black {
				want = -want
			}
			if x.Score != want {
				t.Errorf("%#x, %#x: got label %d, want %d, that of the position solved", x.P, x.O, x.Score, want)
			}
		}
		start = end
	}
	if len(openings) < sp.Games/2 {
		t.Errorf("got %d different positions after the random openings of %d games, want most of them different", len(openings), sp.Games)
	}
}

// TestSamplesFile checks that a samples file reads back as the samples
// written, and that what is not one is refused with ErrSamples.
func TestSamplesFile(t *testing.T) {
	fit := []Sample{
		{Position{0x0000000810000000, 0x0000001008000000, true}, 0},
		{Position{0x8000000000000001, 0x0000000000000100, false}, -64},
	}
	held := []Sample{{Position{0x00ff, 0xff00, true}, 64}}
	b := EncodeSamples(fit, held)
	gotFit, gotHeld, err := DecodeSamples(b)
	if err != nil {
		t.Fatalf("DecodeSamples: %v", err)
	}
	if !slices.Equal(gotFit, fit) || !slices.Equal(gotHeld, held) {
		t.Errorf("got %v and %v, want %v and %v", gotFit, gotHeld, fit, held)
	}
	overlap := EncodeSamples([]Sample{{Position{1, 1, true}, 0}}, nil)
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"weights":   []byte("othello-eval-1\n\x00\x00\x00\x00\x00\x00\x00\x00"),
		"truncated": b[:len(b)-1],
		"overlap":   overlap,
	} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := DecodeSamples(bad); !errors.Is(err, ErrSamples) {
				t.Errorf("got %v, want an error wrapping ErrSamples", err)
			}
		})
	}
}

// TestDeepen checks that Deepen labels the positions of more than above
// empty squares with the score of a search of depth plies, rounded to a
// disc, keeps the others' labels, and labels alike on 1 and 2 threads.
func TestDeepen(t *testing.T) {
	const above, depth = 40, 2
	samples := Label(lines(t, randomGames(t, 6, 3)), 8, 1)
	one := Deepen(samples, above, depth, 1)
	if two := Deepen(samples, above, depth, 2); !slices.Equal(one, two) {
		t.Fatalf("got different labels on 1 and 2 threads")
	}
	if len(one) != len(samples) {
		t.Fatalf("got %d samples, want %d", len(one), len(samples))
	}
	s := search.NewSolver(deepenTable)
	deepened := 0
	for i, x := range one {
		want := samples[i]
		if x.Position != want.Position {
			t.Fatalf("sample %d: got position %v, want %v", i, x.Position, want.Position)
		}
		if x.Empties() > above {
			deepened++
			s.Table.Clear()
			want.Score = int8(discs(s.Search(x.P, x.O, false, depth).Score))
		}
		if x.Score != want.Score {
			t.Errorf("sample %d at %d empties: got label %d, want %d", i, x.Empties(), x.Score, want.Score)
		}
	}
	if deepened == 0 || deepened == len(one) {
		t.Errorf("got %d of %d samples deepened, want some but not all", deepened, len(one))
	}
}

func TestDiscs(t *testing.T) {
	for _, tt := range []struct{ score, want int }{
		{149, 1}, {150, 2}, {-149, -1}, {-150, -2}, {0, 0},
		{search.Won + 1200, 12}, {-search.Won - 6400, -64}, {search.Won, 0},
	} {
		if got := discs(tt.score); got != tt.want {
			t.Errorf("discs(%d): got %d, want %d", tt.score, got, tt.want)
		}
	}
}
