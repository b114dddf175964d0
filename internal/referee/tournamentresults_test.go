package referee_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/othello"
)

// resumable returns a round robin of greedy, random and Random (random
// again, by another name), whose games the seed decides: none reads its
// clock.
func resumable(t *testing.T) referee.Tournament {
	t.Helper()
	m := match(t, "greedy", "random", mark(t))
	m.Pairs, m.Openings.Random, m.Seed, m.Jobs = 2, 2, 7, 2
	m.Clocks = referee.Clocks{{Total: 5 * time.Second}, {Total: 5 * time.Second}}
	return referee.Tournament{Players: specs(t, "greedy", "random", "Random"), Match: m}
}

// table runs t with the file of results at path, stopping once stopAfter
// games are played (0: never), and returns the ladder and crosstable it
// writes, the games it played, and Run's error.
func table(t *testing.T, tour referee.Tournament, path string, stopAfter int) (string, int, error) {
	t.Helper()
	res, _, err := referee.OpenResults(path, &tour, true)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	played := 0
	pairings, runErr := tour.Run(ctx, res.Kept, func(m referee.Match, r referee.Result) {
		if err := res.Append(m, r); err != nil {
			t.Error(err)
		}
		if played++; played == stopAfter {
			cancel()
		}
	})
	var b bytes.Buffer
	if err := referee.WriteTournament(&b, tour.Players, pairings, rating.Anchor{Player: "random"}); err != nil {
		t.Fatal(err)
	}
	for _, p := range pairings {
		for _, r := range p.Results {
			b.WriteString(r.Line() + "\n")
		}
	}
	return b.String(), played, runErr
}

// TestTournamentResume stops a tournament, played a game at a time,
// after 5 games, cuts the last line of its file of results short as a
// run killed while writing it would, and runs it again, two games at
// once: it plays only the games left, and ends with the ladder,
// crosstable and games of the tournament run whole.
func TestTournamentResume(t *testing.T) {
	dir := t.TempDir()
	whole, played, err := table(t, resumable(t), filepath.Join(dir, "whole.jsonl"), 0)
	if err != nil || played != 12 {
		t.Fatalf("whole: got %d games and %v, want 12 and no error", played, err)
	}

	path := filepath.Join(dir, "resumed.jsonl")
	one := resumable(t)
	one.Match.Jobs = 1 // a game at a time: none over but those given
	_, played, err = table(t, one, path, 5)
	if !errors.Is(err, context.Canceled) || played != 5 {
		t.Fatalf("stopped after 5: got %d games and %v, want 5 and context.Canceled", played, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data[:len(data)-20], 0o644); err != nil { // the last game torn
		t.Fatal(err)
	}
	stopped := played
	resumed, played, err := table(t, resumable(t), path, 0)
	if err != nil || played != 12-stopped+1 {
		t.Errorf("resumed: got %d games played and %v, want %d and no error", played, err, 12-stopped+1)
	}
	if resumed != whole {
		t.Errorf("resumed: got\n%s\nwant, as run whole,\n%s", resumed, whole)
	}
	again, played, err := table(t, resumable(t), path, 0)
	if err != nil || played != 0 || again != whole {
		t.Errorf("run a third time: got %d games played, %v, and\n%s\nwant none, no error, and the same table", played, err, again)
	}
}

// TestOpenResults checks what a file of results keeps of an earlier
// run: the earlier seed unless one is given; nothing of another
// tournament's, which is moved aside; and that a line before the last
// that is no game is refused.
func TestOpenResults(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.jsonl")
	tour := resumable(t)
	tour.Players = tour.Players[:2]
	if _, _, err := table(t, tour, path, 0); err != nil {
		t.Fatal(err)
	}

	other := resumable(t)
	other.Match.Seed = 99
	res, note, err := referee.OpenResults(path, &other, false)
	if err != nil || other.Match.Seed != 7 || len(res.Kept) != 4 || !strings.Contains(note, "kept 4 games") {
		t.Errorf("without -seed: got seed %d, %d games kept, %q, %v; want seed 7, 4 games and a note that says so", other.Match.Seed, len(res.Kept), note, err)
	}
	res.Close()

	book := other
	book.Match.Openings.Lines = [][]othello.Square{{{Row: 2, Col: 3}}}
	res, note, err = referee.OpenResults(path, &book, false)
	if err != nil || len(res.Kept) != 0 || !strings.Contains(note, "another tournament") {
		t.Errorf("other openings: got %d games kept, %q, %v; want none and a note that says why", len(res.Kept), note, err)
	}
	res.Close()
	os.Rename(path+".old", path)

	other.Match.Clocks = referee.Clocks{{Total: time.Second}, {Total: time.Second}}
	res, note, err = referee.OpenResults(path, &other, false)
	if err != nil || len(res.Kept) != 0 || !strings.Contains(note, "another tournament") {
		t.Errorf("another clock: got %d games kept, %q, %v; want none and a note that says why", len(res.Kept), note, err)
	}
	res.Close()
	if _, err := os.Stat(path + ".old"); err != nil {
		t.Errorf("another clock: the earlier file: %v, want it moved to .old", err)
	}

	data, err := os.ReadFile(path + ".old")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	bad := lines[0] + "{\"players\": 3}\n" + lines[1]
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	tour = resumable(t)
	var re *referee.ResultsError
	if _, _, err := referee.OpenResults(path, &tour, true); !errors.As(err, &re) || !errors.Is(err, referee.ErrResults) || re.Line != 2 {
		t.Errorf("a bad line 2: got %v, want a *ResultsError at line 2 wrapping ErrResults", err)
	}
}

// TestResultsRoundTrip writes hand-made games, a forfeit with a
// program's hostile answer among them, and reads them back as they were.
func TestResultsRoundTrip(t *testing.T) {
	players, pairings := pagePairings(t)
	tour := referee.Tournament{Players: players, Match: match(t, "greedy", "random", mark(t))}
	path := filepath.Join(t.TempDir(), "results.jsonl")
	res, _, err := referee.OpenResults(path, &tour, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pairings {
		p.Match.Seed = 3
		for _, r := range p.Results {
			if err := res.Append(p.Match, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	res.Close()
	res, _, err = referee.OpenResults(path, &tour, true)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	for _, p := range pairings {
		p.Match.Seed = 3
		for _, want := range p.Results {
			got, ok := res.Kept[p.Match.Key(want.Number)]
			if !ok {
				t.Errorf("%s vs %s game %d: not read back", p.Match.Players[0].Name, p.Match.Players[1].Name, want.Number)
				continue
			}
			if got.Line() != want.Line() || !slices.Equal(got.Record.Notes, want.Record.Notes) || (got.Forfeit == nil) != (want.Forfeit == nil) ||
				want.Forfeit != nil && !errors.Is(got.Forfeit, want.Forfeit.Err) {
				t.Errorf("got %s, %v, want %s, %v", got.Line(), got.Record.Notes, want.Line(), want.Record.Notes)
			}
			gotPGN, err1 := record.FormatPGN(got.Record)
			wantPGN, err2 := record.FormatPGN(want.Record)
			if err1 != nil || err2 != nil || gotPGN != wantPGN {
				t.Errorf("got the PGN %s (%v), want %s (%v)", gotPGN, err1, wantPGN, err2)
			}
		}
	}
}
