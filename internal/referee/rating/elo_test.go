package rating

import (
	"errors"
	"math"
	"testing"
)

// near reports whether got is within tol of want; infinities must match.
func near(got, want, tol float64) bool {
	if math.IsInf(want, 0) || math.IsNaN(want) {
		return got == want || math.IsNaN(got) && math.IsNaN(want)
	}
	return math.Abs(got-want) <= tol
}

func TestEloDiff(t *testing.T) {
	// Worked by hand: −400·log10(1/s − 1). 1/0.75 − 1 = 1/3, so 0.75 is
	// 400·log10 3 = 190.8485 (issue 41's "+191"); 10/11 gives 1/10, 400;
	// 0.5 gives log10 1 = 0.
	tests := []struct {
		score, want float64
	}{
		{0.5, 0},
		{0.75, 190.848501887865},
		{0.25, -190.848501887865},
		{10.0 / 11, 400},
		{1.0 / 11, -400},
		{1, math.Inf(1)},
		{0, math.Inf(-1)},
		{1.5, math.NaN()},
		{-0.1, math.NaN()},
	}
	for _, tt := range tests {
		if got := EloDiff(tt.score); !near(got, tt.want, 1e-9) {
			t.Errorf("EloDiff(%v) = %v, want %v", tt.score, got, tt.want)
		}
		if math.IsInf(tt.want, 0) || math.IsNaN(tt.want) {
			continue
		}
		if got := Score(tt.want); !near(got, tt.score, 1e-12) {
			t.Errorf("Score(%v) = %v, want %v", tt.want, got, tt.score)
		}
	}
}

func TestResultElo(t *testing.T) {
	// The worked values come from testdata/elo_check.py, an independent
	// Python computation (statistics.pvariance of the games' points,
	// NormalDist().inv_cdf(0.975)), run for this test; the 136-111-96
	// case is also fastchess's own test (app/tests/elo_test.cpp,
	// "EloWDL 2": Stats(136, 96, 111) is wins, losses, draws; it checks
	// diff 40.70 and error 30.43, which is our Margin).
	tests := []struct {
		name                     string
		r                        Result
		score, elo, lower, upper float64
	}{
		// 15 wins, 5 losses: s = 0.75, variance 3/16, se = √(3/320).
		{"75%", Result{Wins: 15, Losses: 5}, 0.75, 190.848501887865, 42.05440320221577, 477.29176239868553},
		// Draws instead of losses: variance 1/16, a narrower interval.
		{"75% with draws", Result{Wins: 10, Draws: 10}, 0.75, 190.848501887865, 100.27881934140017, 314.72180296315133},
		{"fastchess EloWDL 2", Result{Wins: 136, Draws: 111, Losses: 96}, 0.5583090379008746, 40.702458186527075, 10.58675629865129, 71.44119218585327},
		// All won: the variance is 0, the interval is the point +Inf.
		{"all won", Result{Wins: 7}, 1, math.Inf(1), math.Inf(1), math.Inf(1)},
		{"all drawn", Result{Draws: 4}, 0.5, 0, 0, 0},
		// s = 0.9, se = √(0.09/10) = 0.0949: s + 1.96·se > 1 is cut to 1.
		{"upper end cut", Result{Wins: 9, Losses: 1}, 0.9, 381.6970037757228, EloDiff(0.9 - z95*math.Sqrt(0.009)), math.Inf(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.r.Elo()
			if err != nil {
				t.Fatalf("Elo: got error %v, want none", err)
			}
			want := Interval{tt.score, tt.elo, tt.lower, tt.upper}
			if !near(got.Score, want.Score, 1e-9) || !near(got.Elo, want.Elo, 1e-6) ||
				!near(got.Lower, want.Lower, 1e-6) || !near(got.Upper, want.Upper, 1e-6) {
				t.Errorf("got %+v, want %+v", got, want)
			}
			if tt.r.Reverse() != (Result{tt.r.Losses, tt.r.Draws, tt.r.Wins}) {
				t.Errorf("Reverse: got %+v", tt.r.Reverse())
			}
			rev, _ := tt.r.Reverse().Elo()
			if !near(rev.Elo, -want.Elo, 1e-6) || !near(rev.Lower, -want.Upper, 1e-6) {
				t.Errorf("reversed: got %+v, want Elo %v, Lower %v", rev, -want.Elo, -want.Upper)
			}
		})
	}
	t.Run("fastchess margin", func(t *testing.T) {
		got, _ := Result{Wins: 136, Draws: 111, Losses: 96}.Elo()
		if m := got.Margin(); math.Abs(m-30.43) > 0.005 {
			t.Errorf("Margin: got %.4f, want 30.43 (fastchess)", m)
		}
	})
}

func TestPairsElo(t *testing.T) {
	// fastchess's tests "EloPentanomial 1, 2, 3" (app/tests/elo_test.cpp:
	// Stats(LL, LD, WL, DD, WD, WW), our Pairs{LL, LD, WL+DD, WD, WW})
	// check diff and error (our Elo and Margin) to 0.01; the ends and
	// scores are from the independent testdata/elo_check.py.
	tests := []struct {
		name                         string
		p                            Pairs
		score, elo, lower, upper, pm float64
	}{
		{"fastchess 1", Pairs{34, 54, 31 + 32, 64, 75}, 0.5793103448275863, 55.57978042044588, 28.27615975741023, 83.58301877019713, 27.65},
		{"fastchess 2", Pairs{332, 433, 457 + 41, 333, 334}, 0.4875647668393782, -8.64266726796901, -18.98450868585014, 1.683880162935972, 10.33},
		{"fastchess 3", Pairs{7895, 8757, 5485 + 200, 568, 9999}, 0.4697529175784099, -21.04352057817286, -23.990311884720402, -18.099750147664768, 2.95},
		// Every pair split 1–1: no variance at all.
		{"all split", Pairs{0, 0, 10, 0, 0}, 0.5, 0, 0, 0, 0},
		// Half the pairs 1/4, half 3/4: variance 1/16, se = 1/(4√10).
		{"quarters", Pairs{0, 5, 0, 5, 0}, 0.5, 0, -111.32949123353015, 111.32949123353018, 111.33},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.p.Elo()
			if err != nil {
				t.Fatalf("Elo: got error %v, want none", err)
			}
			want := Interval{tt.score, tt.elo, tt.lower, tt.upper}
			if !near(got.Score, want.Score, 1e-9) || !near(got.Elo, want.Elo, 1e-6) ||
				!near(got.Lower, want.Lower, 1e-6) || !near(got.Upper, want.Upper, 1e-6) {
				t.Errorf("got %+v, want %+v", got, want)
			}
			if m := got.Margin(); math.Abs(m-tt.pm) > 0.005 {
				t.Errorf("Margin: got %.4f, want %.2f", m, tt.pm)
			}
			if s := tt.p.Points() / float64(2*tt.p.Count()); !near(s, tt.score, 1e-12) {
				t.Errorf("Points/2·Count: got %v, want %v", s, tt.score)
			}
		})
	}
}

func TestEloErrors(t *testing.T) {
	tests := []struct {
		name string
		elo  func() (Interval, error)
		want error
	}{
		{"no games", Result{}.Elo, ErrNoGames},
		{"no pairs", Pairs{}.Elo, ErrNoGames},
		{"negative result", Result{Wins: 3, Losses: -1}.Elo, ErrNegative},
		{"negative pairs", Pairs{1, 0, -2, 0, 0}.Elo, ErrNegative},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.elo(); !errors.Is(err, tt.want) {
				t.Errorf("got error %v, want %v", err, tt.want)
			}
		})
	}
}
