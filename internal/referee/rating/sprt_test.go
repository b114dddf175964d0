package rating

import (
	"errors"
	"testing"
)

func TestSPRTBounds(t *testing.T) {
	// By hand and in testdata/sprt_check.py: ln(0.05/0.95) = −2.944439,
	// ln(0.1/0.95) = −2.251292, ln(0.9/0.05) = 2.890372.
	tests := []struct {
		t            SPRT
		lower, upper float64
	}{
		{SPRT{0, 10, 0.05, 0.05}, -2.9444389791664403, 2.9444389791664403},
		{SPRT{0, 10, 0.05, 0.1}, -2.251291798606495, 2.8903717578961645},
	}
	for _, tt := range tests {
		lower, upper := tt.t.Bounds()
		if !near(lower, tt.lower, 1e-12) || !near(upper, tt.upper, 1e-12) {
			t.Errorf("%v: Bounds() = %v, %v, want %v, %v", tt.t, lower, upper, tt.lower, tt.upper)
		}
	}
}

func TestSPRTLLR(t *testing.T) {
	// Each want is from testdata/sprt_check.py, which maximizes the
	// likelihood under each hypothesis directly (golden-section search),
	// not by the Go code's root of the dual. The "fastchess" cases are
	// fastchess's own tests (app/tests/sprt_test.cpp, model "logistic"),
	// which check −1.57, −2.59, −3.07 and −4.98 to 1%.
	tests := []struct {
		name string
		t    SPRT
		r    Result
		p    *Pairs
		want float64
		tol  float64
		d    Decision
	}{
		{"fastchess logistic trinomial 1", SPRT{0.5, 2.5, 0.05, 0.05}, Result{21404, 40708, 21184}, nil, -1.5718887926904728, 1e-6, Continue},
		{"fastchess logistic trinomial 2", SPRT{0, 2, 0.05, 0.05}, Result{57433, 106593, 57030}, nil, -2.5930241634929985, 1e-6, Continue},
		{"30-10-10", SPRT{0, 10, 0.05, 0.05}, Result{30, 10, 10}, nil, 0.6949110819696624, 1e-6, Continue},
		// No draws and no losses: each zero is taken as 0.001.
		{"all won", SPRT{0, 50, 0.05, 0.05}, Result{Wins: 10}, nil, 1.335897789825415, 1e-6, Continue},
		{"even, H0", SPRT{0, 100, 0.05, 0.05}, Result{40, 20, 40}, nil, -5.095391327483467, 1e-6, AcceptH0},
		{"fastchess logistic pentanomial 1", SPRT{0.5, 2.5, 0.05, 0.05}, Result{}, &Pairs{223, 9863, 20279 + 1000, 10037, 246}, -3.074126439589314, 1e-4, AcceptH0},
		{"fastchess logistic pentanomial 2", SPRT{0, 2, 0.05, 0.05}, Result{}, &Pairs{871, 26175, 55003 + 980, 26678, 821}, -4.978672863428002, 1e-4, AcceptH0},
		{"20 pairs", SPRT{0, 50, 0.05, 0.05}, Result{}, &Pairs{1, 3, 8, 5, 3}, 0.7741183320495448, 1e-4, Continue},
		{"6 pairs all won", SPRT{0, 100, 0.05, 0.05}, Result{}, &Pairs{4: 6}, 1.4821814479955469, 1e-4, Continue},
		{"no games", SPRT{0, 10, 0.05, 0.05}, Result{}, nil, 0, 0, Continue},
		{"no pairs", SPRT{0, 10, 0.05, 0.05}, Result{}, &Pairs{}, 0, 0, Continue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got float64
			if tt.p != nil {
				got = tt.t.PairsLLR(*tt.p)
			} else {
				got = tt.t.LLR(tt.r)
			}
			if !near(got, tt.want, tt.tol) {
				t.Errorf("LLR: got %.10f, want %.10f", got, tt.want)
			}
			if d := tt.t.Decide(got); d != tt.d {
				t.Errorf("Decide(%v): got %v, want %v", got, d, tt.d)
			}
		})
	}
}

func TestSPRTDecide(t *testing.T) {
	// At α = β = 0.05 the bounds are ∓2.944439; the bounds themselves decide.
	s := SPRT{0, 10, 0.05, 0.05}
	lower, upper := s.Bounds()
	tests := []struct {
		llr  float64
		want Decision
	}{
		{0, Continue},
		{2.94, Continue},
		{-2.94, Continue},
		{upper, AcceptH1},
		{3, AcceptH1},
		{lower, AcceptH0},
		{-3, AcceptH0},
	}
	for _, tt := range tests {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("Decide(%v): got %v, want %v", tt.llr, got, tt.want)
		}
	}
	// A match that keeps winning ends with H1, game by game: 3 wins in
	// 4 games (+191 Elo) against hypotheses 10 Elo apart adds about
	// 0.014 a game to the LLR (testdata/sprt_check.py: 0.6949 for a
	// 30-10-10 score of 50 games), so H1 comes after 100 to 400 games.
	r, n := Result{}, 0
	for ; n < 1000 && s.Decide(s.LLR(r)) == Continue; n++ {
		if n%4 == 3 {
			r.Losses++
		} else {
			r.Wins++
		}
	}
	if got := s.Decide(s.LLR(r)); got != AcceptH1 || n < 100 || n > 400 {
		t.Errorf("a 75%% score: got %v after %d games, want H1 after 100 to 400", got, n)
	}
	for d, want := range map[Decision]string{Continue: "continue", AcceptH0: "H0", AcceptH1: "H1"} {
		if got := d.String(); got != want {
			t.Errorf("Decision(%d).String(): got %q, want %q", int(d), got, want)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	tests := []struct {
		in   string
		want SPRT
		err  string // the error's text, or "" for none
	}{
		{"0,10,0.05,0.05", SPRT{0, 10, 0.05, 0.05}, ""},
		{"-5, 5, 0.1, 0.2", SPRT{-5, 5, 0.1, 0.2}, ""},
		{"0,10,0.05", SPRT{}, `rating: sprt "0,10,0.05": want four numbers: elo0,elo1,alpha,beta`},
		{"0,ten,0.05,0.05", SPRT{}, `rating: sprt "0,ten,0.05,0.05": "ten" is not a number`},
		{"0,NaN,0.05,0.05", SPRT{}, `rating: sprt "0,NaN,0.05,0.05": "NaN" is not a number`},
		{"10,0,0.05,0.05", SPRT{}, `rating: sprt "10,0,0.05,0.05": elo0 must be less than elo1`},
		{"0,10,0,0.05", SPRT{}, `rating: sprt "0,10,0,0.05": alpha must be between 0 and 1`},
		{"0,10,0.05,1", SPRT{}, `rating: sprt "0,10,0.05,1": beta must be between 0 and 1`},
		{"0,10,0.5,0.5", SPRT{}, `rating: sprt "0,10,0.5,0.5": alpha + beta must be less than 1`},
		{"0,10,0.05,0.05\x1b[2J", SPRT{}, `rating: sprt "0,10,0.05,0.05\x1b[2J": "0.05\x1b[2J" is not a number`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseSPRT(tt.in)
			if tt.err == "" {
				if err != nil || got != tt.want {
					t.Fatalf("got %+v, %v, want %+v, no error", got, err, tt.want)
				}
				if back, err := ParseSPRT(got.String()); err != nil || back != got {
					t.Errorf("ParseSPRT(%q): got %+v, %v, want %+v", got.String(), back, err, got)
				}
				if err := got.Check(); err != nil {
					t.Errorf("Check: got %v, want none", err)
				}
				return
			}
			var e *SPRTError
			if !errors.As(err, &e) || !errors.Is(err, ErrSPRT) {
				t.Fatalf("got error %v, want an *SPRTError wrapping ErrSPRT", err)
			}
			if err.Error() != tt.err {
				t.Errorf("got error %q, want %q", err.Error(), tt.err)
			}
		})
	}
	if err := (SPRT{0, 10, 0.05, 0.96}).Check(); !errors.Is(err, ErrSPRT) || err.Error() != `rating: sprt "0,10,0.05,0.96": alpha + beta must be less than 1` {
		t.Errorf("Check: got %v, want alpha + beta must be less than 1", err)
	}
}
