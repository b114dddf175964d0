package player

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

var depthLoss = flag.Bool("depthloss", false, "TestDepthLoss: measure the moves a CPU with a depth loses at 18 empty squares of WTHOR games (make depthloss)")

// TestDepthLoss is the measurement of make depthloss, skipped without
// -depthloss: at 18 empty squares of 30 WTHOR games of ../shared/wthor
// (beside the repository), game 131*i of every seventh year, each move
// is solved exactly, and a CPU with Depth 60 and 500ms a move on 2
// threads, as NBoard's "set depth 60" asks, chooses its move; the test
// logs how many of its moves lose discs and the mean loss, and fails on
// any. It times real searches: a loaded machine may make it fail.
func TestDepthLoss(t *testing.T) {
	if !*depthLoss {
		t.Skip("a measurement: run with -depthloss (make depthloss)")
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "..", "shared", "wthor", "WTH_*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no WTHOR games in ../shared/wthor: %v", err)
	}
	const positions, empties = 30, 18
	wrong, loss := 0, 0
	for i, found := 0, 0; found < positions; i++ {
		path := files[i*7%len(files)]
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games, err := record.ParsePGN(string(text))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		rec := games[i*131%len(games)]
		if len(rec.Moves) < 60-empties {
			continue
		}
		g, err := rec.Continue(rec.Moves[:60-empties]).Game()
		if err != nil || g.Position().Empties().Len() != empties || g.Legal().Len() < 2 {
			continue
		}
		found++
		p := g.Position()
		best, scores := -64, map[othello.Square]int{}
		for _, s := range p.Legal().Squares() {
			after := *p
			after.Play(s)
			r, _ := CPU{Budget: NoLimit, Threads: 2}.Analyze(&after, othello.MostDiscs)
			scores[s] = -r.Score
			best = max(best, -r.Score)
		}
		r, err := CPU{Depth: 60, Budget: 500 * time.Millisecond, Threads: 2}.Search(p, othello.MostDiscs)
		if err != nil {
			t.Fatal(err)
		}
		if l := best - scores[r.Move]; l > 0 {
			wrong++
			loss += l
			t.Logf("%s game %d: played %v (%+d), best %+d", filepath.Base(path), i*131%len(games), r.Move, scores[r.Move], best)
		}
	}
	t.Logf("set depth 60, 500ms a move, at %d empty squares: %d of %d moves wrong, mean loss %.2f discs", empties, wrong, positions, float64(loss)/positions)
	if wrong > 0 {
		t.Errorf("%d of %d moves lose discs, want none", wrong, positions)
	}
}
