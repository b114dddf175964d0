package referee_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/othello"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// specs returns the players of names.
func specs(t *testing.T, names ...string) []referee.Spec {
	t.Helper()
	var out []referee.Spec
	for _, n := range names {
		s, err := referee.ParseSpec(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// TestTournament plays a round robin of cpu:1, greedy and random, two
// pairs a pairing: cpu:1 is rated above random, the anchor at 0; the
// crosstable adds up; and the same seed plays the same games (those of
// the engines that do not read the clock).
func TestTournament(t *testing.T) {
	players := specs(t, "cpu:1", "greedy", "random")
	m := match(t, "greedy", "random", mark(t))
	m.Pairs, m.Openings.Random, m.Seed = 2, 0, 5
	m.Clocks = referee.Clocks{{Total: time.Second}, {Total: time.Second}}
	tour := referee.Tournament{Players: players, Match: m}
	games := func(pairings []referee.Pairing) []string {
		var moves []string
		for _, p := range pairings {
			if p.Match.Players[0].Name == "cpu:1" {
				continue // it solves the end as far as its clock allows
			}
			for _, r := range p.Results {
				moves = append(moves, p.Match.Players[0].Name+" "+record.FormatMoveList(r.Record.Moves))
			}
		}
		return moves
	}
	pairings, err := tour.Run(context.Background(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairings) != 3 {
		t.Fatalf("got %d pairings, want 3", len(pairings))
	}

	anchor := referee.DefaultAnchor(players)
	if anchor != (rating.Anchor{Player: "random"}) {
		t.Errorf("got the anchor %+v, want random at 0", anchor)
	}
	ladder, err := referee.Ladder(pairings, anchor)
	if err != nil {
		t.Fatal(err)
	}
	place := map[string]int{}
	for i, r := range ladder {
		place[r.Player] = i
		if r.Player == "random" && r.Elo != 0 {
			t.Errorf("got random at %v, want the anchor at 0", r.Elo)
		}
		if r.Games != 8 {
			t.Errorf("got %s with %d games, want 8", r.Player, r.Games)
		}
	}
	if place["cpu:1"] > place["random"] {
		t.Errorf("got the ladder %+v, want cpu:1 above random", ladder)
	}

	table := referee.Crosstable(players, pairings)
	for i := range players {
		for j := range players {
			got, back := table[i][j], table[j][i]
			want := 4
			if i == j {
				want = 0
			}
			if got.Games() != want || got != back.Reverse() || got.Points()+back.Points() != float64(want) {
				t.Errorf("%s against %s: got %+v and back %+v, want %d games between them, one the other's reverse", players[i].Name, players[j].Name, got, back, want)
			}
		}
	}

	again, err := tour.Run(context.Background(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := games(pairings), games(again); !slices.Equal(a, b) {
		t.Errorf("seed 5 twice: got %q and %q, want the same games", a, b)
	}
}

// TestTournamentErrors checks what a tournament refuses: too few
// players, a name twice, an anchor that is none of them or no name.
func TestTournamentErrors(t *testing.T) {
	for _, names := range [][]string{{"greedy"}, {"greedy", "random", "greedy"}} {
		if _, err := (referee.Tournament{Players: specs(t, names...)}).Pairings(); !errors.Is(err, referee.ErrPlayers) {
			t.Errorf("%q: got %v, want ErrPlayers", names, err)
		}
	}
	if _, err := referee.Ladder(handMade(t), rating.Anchor{Player: "level:3"}); !errors.Is(err, referee.ErrAnchor) {
		t.Errorf("Ladder anchored on a stranger: got %v, want ErrAnchor", err)
	}
	if _, err := referee.ParseAnchor("=100"); !errors.Is(err, referee.ErrAnchor) {
		t.Errorf("ParseAnchor(=100): got %v, want ErrAnchor", err)
	}
}

// TestParseAnchor reads -anchor's NAME[=ELO].
func TestParseAnchor(t *testing.T) {
	tests := []struct {
		in   string
		want rating.Anchor
	}{
		{"random", rating.Anchor{Player: "random"}},
		{"level:3=1500", rating.Anchor{Player: "level:3", Elo: 1500}},
		{"greedy=-50.5", rating.Anchor{Player: "greedy", Elo: -50.5}},
		{"prog:x --a=b", rating.Anchor{Player: "prog:x --a=b"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := referee.ParseAnchor(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

// handMade returns the pairings of a tournament of cpu:1, greedy and
// a program with a tab in its name that no game was played for: two pairs a pairing, player 1
// winning the games listed in wins (by pairing) and drawing one where
// it says so.
func handMade(t *testing.T) []referee.Pairing {
	t.Helper()
	players := specs(t, "cpu:1", "greedy", "prog:python3\tplayer.py")
	B, W, E := othello.Black, othello.White, othello.Empty
	// winners of games 1 to 4 of each pairing; player 1 is Black in odd games.
	winners := [][4]othello.Color{
		{B, W, B, E}, // cpu:1 against greedy: 3.5/4
		{B, W, B, W}, // cpu:1 against the program: 4/4
		{W, B, B, W}, // greedy against the program: 2/4
	}
	var out []referee.Pairing
	k := 0
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			p := referee.Pairing{Match: referee.Match{Players: [2]referee.Spec{players[i], players[j]}, Pairs: 2}}
			for n, w := range winners[k] {
				first := B
				if n%2 == 1 {
					first = W
				}
				p.Results = append(p.Results, referee.Result{Number: n + 1, First: first, Game: referee.Game{Winner: w}})
			}
			out = append(out, p)
			k++
		}
	}
	return out
}

// TestWriteTournament writes the ladder and crosstable of hand-made
// pairings, a name with a tab in it quoted, against
// testdata/tournament.golden (go test -update rewrites it).
func TestWriteTournament(t *testing.T) {
	pairings := handMade(t)
	players := []referee.Spec{pairings[0].Match.Players[0], pairings[0].Match.Players[1], pairings[1].Match.Players[1]}
	var b bytes.Buffer
	if err := referee.WriteTournament(&b, players, pairings, rating.Anchor{Player: "greedy"}); err != nil {
		t.Fatal(err)
	}
	compareGolden(t, filepath.Join("testdata", "tournament.golden"), b.Bytes())
}

// compareGolden compares got with the golden file, which go test
// -update rewrites first.
func compareGolden(t *testing.T, golden string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("got\n%s\nwant the golden file %s (go test -update rewrites it):\n%s", got, golden, want)
	}
}

// TestPairings checks who plays whom, in a round robin and in a
// gauntlet, and that a pairing's seed is drawn from the two players'
// names, not their places: the same in a tournament of another player.
func TestPairings(t *testing.T) {
	tests := []struct {
		name     string
		players  []string
		gauntlet int
		want     []string
	}{
		{"round robin", []string{"a", "b", "c"}, 0, []string{"a-b", "a-c", "b-c"}},
		{"gauntlet of 2", []string{"s1", "s2", "greedy", "random"}, 2, []string{"s1-greedy", "s1-random", "s2-greedy", "s2-random"}},
		{"gauntlet of 1", []string{"s1", "greedy", "random"}, 1, []string{"s1-greedy", "s1-random"}},
	}
	seeds := map[string]uint64{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var players []referee.Spec
			for _, n := range tt.players {
				players = append(players, referee.Spec{Name: n, Engine: "random"})
			}
			ms, err := referee.Tournament{Players: players, Gauntlet: tt.gauntlet, Match: referee.Match{Seed: 1}}.Pairings()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				pair := m.Players[0].Name + "-" + m.Players[1].Name
				got = append(got, pair)
				if s, ok := seeds[pair]; ok && s != m.Seed {
					t.Errorf("%s: got seed %d, want %d as in another tournament", pair, m.Seed, s)
				}
				seeds[pair] = m.Seed
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	if _, err := (referee.Tournament{Players: specs(t, "greedy", "random"), Gauntlet: 2}).Pairings(); !errors.Is(err, referee.ErrPlayers) {
		t.Errorf("a gauntlet of every player: got %v, want ErrPlayers", err)
	}
}
