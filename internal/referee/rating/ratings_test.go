package rating

import (
	"errors"
	"math"
	"testing"
)

// k400 is 400/ln 10, the Elo of one unit of the natural logistic scale.
const k400 = 400 / math.Ln10

func TestRatings(t *testing.T) {
	// threes is testdata/ratings_check.py's tournament of three players.
	threes := []Pairing{
		{"A", "B", Result{6, 2, 2}},
		{"B", "C", Result{5, 3, 2}},
		{"A", "C", Result{7, 1, 2}},
	}
	type want struct {
		player string
		elo    float64
		margin float64 // (Upper − Lower)/2
	}
	tests := []struct {
		name   string
		games  []Pairing
		anchor Anchor
		prior  float64
		want   []want // highest first
		tol    float64
	}{
		// Two players, 15–5: the maximum-likelihood difference is
		// EloDiff(0.75) = 400·log10 3 = 190.8485; the information is
		// k²·20·(3/4)(1/4), k = ln10/400, so the margin is
		// 1.96/(k·√3.75) = 1.96·400/(ln10·√3.75).
		{"two players", []Pairing{{"A", "B", Result{Wins: 15, Losses: 5}}}, Anchor{"B", 0}, 0,
			[]want{{"A", 190.848501887865, z95 * k400 / math.Sqrt(3.75)}, {"B", 0, 0}}, 1e-6},
		// The same games given the other way round, the anchor moved:
		// every rating moves with it.
		{"reversed, anchored at 1500", []Pairing{{"B", "A", Result{Wins: 5, Losses: 15}}}, Anchor{"A", 1500}, 0,
			[]want{{"A", 1500, 0}, {"B", 1500 - 190.848501887865, z95 * k400 / math.Sqrt(3.75)}}, 1e-6},
		// Symmetric: a cycle, each beating the next 2–1, or all drawn:
		// all equal, so equal ratings sorted by name.
		{"cycle", []Pairing{{"A", "B", Result{Wins: 2, Losses: 1}}, {"B", "C", Result{Wins: 2, Losses: 1}}, {"C", "A", Result{Wins: 2, Losses: 1}}},
			Anchor{"A", 0}, 0, []want{{"A", 0, 0}, {"B", 0, -1}, {"C", 0, -1}}, 1e-6},
		{"drawn", []Pairing{{"x", "y", Result{Draws: 4}}, {"y", "x", Result{Draws: 4}}}, Anchor{"y", 0}, DefaultPrior,
			[]want{{"x", 0, -1}, {"y", 0, 0}}, 1e-6},
		// Three players: testdata/ratings_check.py, by golden-section
		// search and a finite-difference Hessian.
		{"three players", threes, Anchor{"C", 0}, 0,
			[]want{{"A", 215.18657002141975, 200.78602832652157}, {"B", 88.48755770460201, 186.98222954794036}, {"C", 0, 0}}, 1e-3},
		{"three players with the prior", threes, Anchor{"C", 0}, 1,
			[]want{{"A", 192.39047483965862, 186.72788353117934}, {"B", 79.1501615190696, 176.18012097332942}, {"C", 0, 0}}, 1e-3},
		// All won, 10–0, prior 1: A's one virtual draw and B's go to
		// their only pair, 12 games of which A scored 11, so
		// EloDiff(11/12) = 400·log10 11 = 416.5571.
		{"all won", []Pairing{{"A", "B", Result{Wins: 10}}}, Anchor{"B", 0}, 1,
			[]want{{"A", 416.55707406402226, -1}, {"B", 0, 0}}, 1e-6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Ratings(tt.games, tt.anchor, tt.prior)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d ratings, want %d: %+v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				g := got[i]
				if g.Player != w.player || math.Abs(g.Elo-w.elo) > tt.tol {
					t.Errorf("rank %d: got %s at %.6f, want %s at %.6f", i+1, g.Player, g.Elo, w.player, w.elo)
				}
				if !(g.Lower <= g.Elo && g.Elo <= g.Upper) || math.Abs((g.Upper-g.Elo)-(g.Elo-g.Lower)) > 1e-6 {
					t.Errorf("%s: got interval [%v, %v] about %v, want it symmetric about the rating", g.Player, g.Lower, g.Upper, g.Elo)
				}
				if w.margin >= 0 && math.Abs((g.Upper-g.Lower)/2-w.margin) > tt.tol {
					t.Errorf("%s: got margin %.6f, want %.6f", g.Player, (g.Upper-g.Lower)/2, w.margin)
				}
			}
		})
	}
}

func TestRatingsChain(t *testing.T) {
	// Twelve players in a chain, each beating the next 19–1 and meeting
	// no one else: a tree, so each difference is its own pair's,
	// EloDiff(0.95) = 400·log10 19 = 511.5014, and the top is 11 of them
	// above the anchor, 5626.5 Elo: Newton must get there from all equal.
	var games []Pairing
	names := "abcdefghijkl"
	for i := 0; i+1 < len(names); i++ {
		games = append(games, Pairing{names[i : i+1], names[i+1 : i+2], Result{Wins: 19, Losses: 1}})
	}
	got, err := Ratings(games, Anchor{"l", 0}, 0)
	if err != nil {
		t.Fatalf("got error %v, want none", err)
	}
	step := 400 * math.Log10(19)
	for i, g := range got {
		want := float64(len(names)-1-i) * step
		if g.Player != names[i:i+1] || math.Abs(g.Elo-want) > 1e-6 {
			t.Errorf("rank %d: got %s at %.6f, want %s at %.6f", i+1, g.Player, g.Elo, names[i:i+1], want)
		}
	}
}

func TestRatingsCounts(t *testing.T) {
	// Games and points are the real games, summed over both ways round,
	// without the prior's virtual draws.
	got, err := Ratings([]Pairing{
		{"A", "B", Result{3, 1, 1}},
		{"B", "A", Result{2, 0, 3}},
		{"A", "C", Result{Wins: 4}},
		{"C", "D", Result{}}, // no games: D is not a player
	}, Anchor{"C", 0}, DefaultPrior)
	if err != nil {
		t.Fatalf("got error %v, want none", err)
	}
	want := map[string]struct {
		games  int
		points float64
	}{"A": {14, 10.5}, "B": {10, 3.5}, "C": {4, 0}}
	if len(got) != len(want) {
		t.Fatalf("got %d ratings, want %d: %+v", len(got), len(want), got)
	}
	for _, g := range got {
		if w := want[g.Player]; g.Games != w.games || g.Points != w.points {
			t.Errorf("%s: got %d games, %v points, want %d, %v", g.Player, g.Games, g.Points, w.games, w.points)
		}
	}
	if got[0].Player != "A" || got[2].Player != "C" || math.IsInf(got[0].Elo, 0) {
		t.Errorf("got ladder %+v, want A (finite), B, C", got)
	}
}

func TestRatingsErrors(t *testing.T) {
	tests := []struct {
		name    string
		games   []Pairing
		anchor  string
		prior   float64
		want    error
		players []string // the *LadderError's players
		text    string
	}{
		{"negative", []Pairing{{"A", "B", Result{Wins: -1}}}, "A", 1, ErrNegative, nil, ""},
		{"self", []Pairing{{"A", "A", Result{Wins: 1}}}, "A", 1, ErrSelfPairing, nil, ""},
		{"no games", []Pairing{{"A", "B", Result{}}}, "A", 1, ErrNoGames, nil, ""},
		{"anchor", []Pairing{{"A", "B", Result{Wins: 1}}}, "random", 1, ErrAnchor, []string{"random"},
			`rating: the anchor played no game: "random"`},
		{"disconnected", []Pairing{{"A", "B", Result{1, 1, 1}}, {"C", "D\n<b>", Result{1, 1, 1}}}, "A", 1, ErrDisconnected, []string{"C", "D\n<b>"},
			`rating: players not connected to the anchor by games: "C", "D\n<b>"`},
		{"all won, no prior", []Pairing{{"A", "B", Result{Wins: 10}}}, "B", 0, ErrUnbounded, []string{"A"}, ""},
		// B and C each beat A in every game: with no prior they are
		// unbounded above the anchor A.
		{"a group won every game", []Pairing{{"B", "A", Result{Wins: 3}}, {"C", "A", Result{Wins: 2}}, {"B", "C", Result{1, 0, 1}}}, "A", 0, ErrUnbounded, []string{"B", "C"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Ratings(tt.games, Anchor{tt.anchor, 0}, tt.prior)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %+v, error %v, want %v", got, err, tt.want)
			}
			if tt.players == nil {
				return
			}
			var e *LadderError
			if !errors.As(err, &e) {
				t.Fatalf("got error %T, want *LadderError", err)
			}
			if len(e.Players) != len(tt.players) {
				t.Fatalf("got players %q, want %q", e.Players, tt.players)
			}
			for i := range e.Players {
				if e.Players[i] != tt.players[i] {
					t.Errorf("got players %q, want %q", e.Players, tt.players)
				}
			}
			if tt.text != "" && err.Error() != tt.text {
				t.Errorf("got error %q, want %q", err.Error(), tt.text)
			}
		})
	}
}
