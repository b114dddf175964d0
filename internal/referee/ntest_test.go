package referee_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/referee"
)

var ntest = flag.String("ntest", "", "TestNTest: the folder where ../shared/yardsticks/build-ntest.sh built NTest (make ntest)")

// TestNTest plays NTest, a real engine with its trained evaluation,
// through NBoard as its GUI plays it, with no shim between them: the
// engine at depth DEPTH (nboard:DEPTH:PATH, in its own folder, where its
// coefficients are), against ours at the same nominal depth, from
// random 4-ply openings. Every game must be played to its end, with no
// forfeit; the score is in the log. make ntest runs it.
func TestNTest(t *testing.T) {
	if *ntest == "" {
		t.Skip("no -ntest folder: make ntest runs it")
	}
	program := filepath.Join(*ntest, "run", "ntest")
	if _, err := os.Stat(program); err != nil {
		t.Skipf("no NTest in %s (%v): build it with ../shared/yardsticks/build-ntest.sh", *ntest, err)
	}
	for _, tt := range []struct {
		ours, depth string
		pairs       int
	}{
		{"cpu:4", "4", 4},
		{"cpu:8", "8", 4},
		{"level:10", "12", 2},
	} {
		t.Run(tt.ours+"-vs-"+tt.depth, func(t *testing.T) {
			m := match(t, tt.ours, "nboard:"+tt.depth+":"+program, mark(t))
			referee.OwnFolders(m.Players[:], &m.Sandbox)
			m.Pairs, m.Openings.Random, m.Seed, m.Jobs = tt.pairs, 4, 1, 1
			m.Clocks = referee.Clocks{{Total: 60 * time.Second}, {Total: 60 * time.Second}}
			results, err := m.Run(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range results {
				if r.Forfeit != nil {
					t.Errorf("game %d: got %v, want no forfeit", r.Number, r.Forfeit)
				}
				if g, err := r.Record.Game(); err != nil || !g.Over() {
					t.Errorf("game %d: got %v, error %v, want a game played to its end", r.Number, r.Record.Moves, err)
				}
			}
			var summary strings.Builder
			if err := referee.WriteSummary(&summary, m, results); err != nil {
				t.Fatal(err)
			}
			ours, theirs := timeAGame(results)
			t.Logf("\n%stime a game: %s %.2fs, NTest %.2fs", summary.String(), tt.ours, ours.Seconds(), theirs.Seconds())
		})
	}
}

// timeAGame returns the mean time a game of player 1 and of player 2 of
// a match's results, from each game's notes: a note a turn, passes and
// the opening's moves among them with no time, the first player's
// turns first.
func timeAGame(results []referee.Result) (p1, p2 time.Duration) {
	for _, r := range results {
		for i, n := range r.Record.Notes {
			s, err := strconv.ParseFloat(n.Time, 64)
			if err != nil {
				continue
			}
			d := time.Duration(s * float64(time.Second))
			if (i%2 == 0) == (r.First == r.Record.Setup.First) {
				p1 += d
			} else {
				p2 += d
			}
		}
	}
	if n := time.Duration(len(results)); n > 0 {
		return p1 / n, p2 / n
	}
	return 0, 0
}
