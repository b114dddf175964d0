package search_test

import (
	"cmp"
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/search"
)

var (
	fitProbCut = flag.Bool("fitprobcut", false, "fit ProbCut's regressions on held-out WTHOR games and print them (minutes)")
	fitSamples = flag.Int("fitsamples", 200, "the positions of each number of empty squares that -fitprobcut solves")
	fitFrom    = flag.Int("fitfrom", 14, "the fewest empty squares that -fitprobcut fits")
	fitTo      = flag.Int("fitto", 22, "the most empty squares that -fitprobcut fits")
	fitVerbose = flag.Bool("fitverbose", false, "log each position that -fitprobcut solves")
)

// TestFitProbCut fits the regressions of ProbCut (probCutFit in
// probcut.go) and prints them as Go: for each number of empty squares n
// from -fitfrom to -fitto, -fitsamples positions of the WTHOR games that
// training kept out (heldOutGames, each game giving one position, of n
// empty squares by the game's number modulo the span, the player to move
// having a move) are solved exactly, and searched by the midgame search
// probCutDepth(n) plies deep; the least squares line of the exact score
// on the shallow one gives Slope and Offset, the standard deviation of
// its errors Sigma. It also logs Sigma for every depth from 0 to 10, to
// choose probCutDepth by, and with -fitverbose each position's scores,
// nodes and time. Up to 22 empty squares the positions are solved
// without the selective searches; above, with them, as Solve does, which
// is faster and exact all the same, the exact search cutting only by
// exact bounds. Skipped unless -fitprobcut is given:
//
//	go test ./internal/engine/search -run TestFitProbCut -fitprobcut -v -timeout 0
func TestFitProbCut(t *testing.T) {
	if !*fitProbCut {
		t.Skip("fits ProbCut's regressions: run with -fitprobcut")
	}
	lines := heldOutGames(t)
	const maxDepth = 10
	span := *fitTo - *fitFrom + 1
	type sample struct {
		exact   float64
		shallow [maxDepth + 1]float64 // by depth, in hundredths of a disc
		rule    float64               // at ProbCutDepth
	}
	samples := make([][]sample, span)
	s := search.NewSolver(0)
	exact := search.NewSolver(0) // without the selective searches
	search.NoPresearch(exact)
	for i, line := range lines {
		k := i % span
		n := *fitFrom + k
		if len(samples[k]) >= *fitSamples {
			continue
		}
		x, ok := at(line, n)
		if !ok || x.Empties() != n {
			continue
		}
		var smp sample
		solver := exact
		if n > 22 {
			solver = s
		}
		start := time.Now()
		r := solver.Solve(x.P, x.O, false)
		smp.exact = float64(r.Score)
		s.Table.NewSearch()
		smp.shallow[0] = float64(search.StaticEval(s, x.P, x.O))
		for d := 1; d <= max(maxDepth, search.ProbCutDepth(n)); d++ {
			v := float64(fromWon(s.Search(x.P, x.O, false, d).Score))
			if d <= maxDepth {
				smp.shallow[d] = v
			}
			if d == search.ProbCutDepth(n) {
				smp.rule = v
			}
		}
		samples[k] = append(samples[k], smp)
		if *fitVerbose {
			t.Logf("%d empties: %+d, shallow %v at depth %d, %v by depth, %d nodes, %v", n, r.Score, smp.rule, search.ProbCutDepth(n), smp.shallow, r.Nodes, time.Since(start).Round(time.Millisecond))
		}
	}
	var table strings.Builder
	for k, ss := range samples {
		n := *fitFrom + k
		var sigmas, fits []string
		for d := 0; d <= maxDepth; d++ {
			xs, ys := make([]float64, len(ss)), make([]float64, len(ss))
			for i, smp := range ss {
				xs[i], ys[i] = smp.shallow[d]/100, smp.exact
			}
			a, b, sigma := leastSquares(xs, ys)
			sigmas = append(sigmas, fmt.Sprintf("%d:%.2f", d, sigma))
			fits = append(fits, fmt.Sprintf("%d:{%.3f, %.3f, %.3f}", d, a, b, sigma))
		}
		t.Logf("%d empties, %d positions: sigma by depth %s", n, len(ss), strings.Join(sigmas, " "))
		t.Logf("%d empties: regression by depth %s", n, strings.Join(fits, " "))
		xs, ys := make([]float64, len(ss)), make([]float64, len(ss))
		for i, smp := range ss {
			xs[i], ys[i] = smp.rule/100, smp.exact
		}
		a, b, sigma := leastSquares(xs, ys)
		fmt.Fprintf(&table, "\t%d: {%.3f, %.3f, %.3f}, // depth %d, %d positions\n", n, a, b, sigma, search.ProbCutDepth(n), len(ss))
	}
	fmt.Printf("var probCutFit = [...]regression{\n%s}\n", table.String())
}

// fromWon returns a score of the midgame search with Won taken off a
// game seen to its end: 100 times its margin.
func fromWon(v int) int {
	switch {
	case v >= search.Won:
		return v - search.Won
	case v <= -search.Won:
		return v + search.Won
	}
	return v
}

// leastSquares returns the line y = a*x + b nearest the points in least
// squares, and the standard deviation of the points about it.
func leastSquares(xs, ys []float64) (a, b, sigma float64) {
	n := float64(len(xs))
	if n < 3 {
		return 1, 0, 0
	}
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx += xs[i]
		sy += ys[i]
		sxx += xs[i] * xs[i]
		sxy += xs[i] * ys[i]
	}
	a = (n*sxy - sx*sy) / (n*sxx - sx*sx)
	b = (sy - a*sx) / n
	var ss float64
	for i := range xs {
		e := ys[i] - a*xs[i] - b
		ss += e * e
	}
	return a, b, math.Sqrt(ss / (n - 2))
}

var (
	fitMidProbCut = flag.Bool("fitmidprobcut", false, "fit the midgame ProbCut's deviations on held-out WTHOR games and print them (minutes)")
	fitMidDepth   = flag.Int("fitmiddepth", 10, "the deepest full-width search of -fitmidprobcut")
)

// TestFitMidProbCut fits the deviations of the midgame's ProbCut
// (midCutFit in probcut.go) and prints them as Go: -fitsamples positions
// of the WTHOR games that training kept out, one a game, at 14 to 54
// empty squares by the game's number, are searched full width (FullWidth)
// to each depth up to -fitmiddepth; for each depth D from 3 the error of
// the search midCutDepth(D) plies deep as a prediction of the search D
// plies deep, in discs, gives a deviation for D and each ten empty
// squares (its root mean square: the cut takes the shallow score as it
// is, with no offset), and the plane through them by least squares, weighted by
// their positions, is midCutSigma. Skipped unless -fitmidprobcut is
// given:
//
//	go test ./internal/engine/search -run TestFitMidProbCut -fitmidprobcut -fitsamples 200 -v -timeout 0
func TestFitMidProbCut(t *testing.T) {
	if !*fitMidProbCut {
		t.Skip("fits the midgame ProbCut's deviations: run with -fitmidprobcut")
	}
	lines := heldOutGames(t)
	maxDepth := *fitMidDepth
	s := search.NewSolver(0)
	s.FullWidth = true
	type cell struct{ n, sum, sumSq float64 }
	cells := map[[2]int]*cell{} // by depth and empty squares / 10
	start := time.Now()
	samples := 0
	for i, line := range lines {
		if samples >= *fitSamples {
			break
		}
		x, ok := at(line, 14+i%41)
		if !ok {
			continue
		}
		samples++
		v := make([]float64, maxDepth+1)
		s.Table.NewSearch()
		v[0] = float64(search.StaticEval(s, x.P, x.O)) / 100
		for d := 1; d <= maxDepth; d++ {
			v[d] = float64(fromWon(s.Search(x.P, x.O, false, d).Score)) / 100
		}
		for d := 3; d <= maxDepth; d++ {
			k := [2]int{d, x.Empties() / 10}
			if cells[k] == nil {
				cells[k] = &cell{}
			}
			e := v[d] - v[search.MidCutDepth(d)]
			cells[k].n++
			cells[k].sum += e
			cells[k].sumSq += e * e
		}
	}
	// The plane sigma = c0 + c1*depth + c2*empties through the cells'
	// deviations, weighted by their positions: the normal equations.
	var m [3][4]float64
	var keys [][2]int
	for k := range cells {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int) int { return cmp.Or(a[1]-b[1], a[0]-b[0]) })
	for _, k := range keys {
		c := cells[k]
		mean := c.sum / c.n
		sigma := math.Sqrt(c.sumSq / c.n) // about 0, not the mean: the cut takes the shallow score as it is
		t.Logf("depth %2d (shallow %d), %2d-%2d empties: %3.0f positions, mean %+.2f, sigma %.2f", k[0], search.MidCutDepth(k[0]), 10*k[1], 10*k[1]+9, c.n, mean, sigma)
		row := [3]float64{1, float64(k[0]), float64(10*k[1] + 5)}
		for i := range 3 {
			for j := range 3 {
				m[i][j] += c.n * row[i] * row[j]
			}
			m[i][3] += c.n * row[i] * sigma
		}
	}
	for i := range 3 { // Gauss-Jordan elimination
		for r := range 3 {
			if r != i {
				f := m[r][i] / m[i][i]
				for j := range 4 {
					m[r][j] -= f * m[i][j]
				}
			}
		}
	}
	fmt.Printf("var midCutFit = [3]float64{%.3f, %.3f, %.3f} // %d positions, depths 3 to %d, %v\n",
		m[0][3]/m[0][0], m[1][3]/m[1][1], m[2][3]/m[2][2], samples, maxDepth, time.Since(start).Round(time.Second))
}
