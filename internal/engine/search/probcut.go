package search

import (
	"math"

	"github.com/othello-judge/judge/othello"
)

// Before its exact search, Solve searches the position to the end of the
// game selectively, at rising confidence, as Edax and Egaroucid do: by
// ProbCut (Buro), a null-window node with probCutFrom empty squares or
// more is cut when a shallow midgame search of it (probCutDepth plies)
// predicts, by a linear regression of the exact score on the shallow
// one, that the exact score lies beyond the window with the level's
// confidence. Each level's score is the guess that the next starts from,
// and what it stores in the table (the bounds of its level, which only a
// search of the same level or a less sure one may cut by, and the best
// moves, which every search tries first) orders the moves of the next.
// The exact search then starts knowing the score and the best move of
// most positions on the principal variation. Its scores stay exact: it
// cuts only by bounds of searches without ProbCut.

// probCutLevels are the confidences of the selective searches: a cut is
// made when the regression's prediction is this many of its standard
// deviations beyond the window (1.1 deviations: 86% one-sided, 73%
// two-sided, as Edax counts). A search's level is an index in it;
// noProbCut, past them, is the exact search's. (Level 0 at 0.8
// deviations made FFO #40-#44 take 35% more nodes, at 1.5 8% more.)
var probCutLevels = [...]float64{1.1, 1.5, 2.0, 2.6, 3.3}

// noProbCut is the level of a search without ProbCut.
const noProbCut = len(probCutLevels)

// probCutFrom is the fewest empty squares at which a selective search
// tries ProbCut: from 10 rather than 14, FFO #40-#49 took 6% fewer
// nodes and no more time; from 17, #40-#44 took 50% more nodes.
const probCutFrom = 10

// probCutDepth returns the plies of the shallow search of ProbCut at a
// position with empties empty squares: about a third of them, of the
// same parity, as Egaroucid's endgame does. (A quarter of them made FFO
// #40-#44 take 10% more nodes, in as much time.)
func probCutDepth(empties int) int {
	return empties/3&^1 | empties&1
}

// presearch returns the levels of the selective searches that Solve
// makes before the exact one at a position with empties empty squares:
// none below selectiveFrom, more the more empty squares, as Edax does.
// (Level 0 alone from 24 took as many nodes on FFO #40-#49, 1,074.6
// million; levels 0 and 1 from 18, 0.6% more. Levels 0 and 1 alone from
// 24 to 26 empty squares: 4.5% more nodes, in 2% more time.)
func presearch(empties int) []int {
	switch {
	case empties < selectiveFrom:
		return nil
	case empties < 24:
		return allLevels[:1]
	}
	return allLevels[:3]
}

// allLevels are the levels of ProbCut, least sure first.
var allLevels = []int{0, 1, 2, 3, 4}

// selectiveFrom is the fewest empty squares at which Solve searches
// selectively before its exact search. (From 21, FFO #40-#44 took 2%
// more nodes: #40 has 20 empty squares.)
const selectiveFrom = 18

// A regression predicts the exact score of a position from a shallow
// search of it: Slope*shallow/100 + Offset, the shallow score in
// hundredths of a disc, with errors of standard deviation Sigma, in
// discs.
type regression struct {
	Slope, Offset, Sigma float64
}

// probCut returns alpha or beta and true when a shallow search of p, o,
// with empties empty squares, predicts that its score lies beyond the
// null window (alpha, beta) with the confidence of the thread's level.
// The shallow search is the midgame search (mid), with its own entries
// in the table; the static evaluation chooses which side is tried, and
// the shallow score, a bound, may settle the other. (Trying the other
// side as well when the first fails made FFO #40-#44 take 45% more
// nodes; skipping the shallow search when the static evaluation is 4
// discs or more short of a cut, as Egaroucid does, 4% more, in as much
// time.)
func (s *thread) probCut(p, o uint64, empties, alpha, beta int) (int, bool) {
	if s.weights == nil {
		return 0, false // fitted to the learned evaluation under MostDiscs
	}
	depth := probCutDepth(empties)
	r := probCutFit[min(empties, len(probCutFit)-1)]
	margin := probCutLevels[s.level] * r.Sigma
	// The shallow scores beyond which the exact one is beyond the window.
	high := int(math.Ceil(100 * (float64(beta) + margin - r.Offset) / r.Slope))
	low := int(math.Floor(100 * (float64(alpha) - margin - r.Offset) / r.Slope))
	if float64(beta)+margin >= maxScore {
		high = infinity
	}
	if float64(alpha)-margin <= -maxScore {
		low = -infinity
	}
	if high == infinity && low == -infinity {
		return 0, false
	}
	var vs views
	vs.read(p, o)
	tryHigh := high != infinity
	if low != -infinity && high != infinity {
		tryHigh = s.evalView(p, o, othello.Moves8(p, o), &vs[0]) >= (high+low)/2
	}
	kind := s.kind
	s.kind &^= kindExact // the midgame search's entries
	var v int
	if tryHigh {
		v = s.mid(p, o, &vs, depth, high-1, high, false)
	} else {
		v = s.mid(p, o, &vs, depth, low, low+1, false)
	}
	s.kind = kind
	switch {
	case v >= high:
		return beta, true
	case v <= low:
		return alpha, true
	}
	return 0, false
}

// probCutFit is the regression of ProbCut at each number of empty
// squares, for its shallow search of probCutDepth plies; past the last,
// the last's. Written by TestFitProbCut (probcut_test.go): 14 to 22 by
// -fitsamples 120 (2m19s of CPU), 10 to 13 by -fitsamples 120 -fitfrom
// 10 -fitto 13 (4s). (Lines of their own from 23 to 28 empty squares,
// fitted on 19 positions each with the weights before, Sigma 3.0 to 5.8
// at depths 7 to 9, made FFO #40 to #59 take 2% more nodes: their
// narrower margins cut more in the selective searches, which take a few
// percent of the nodes, and the exact search, which takes the rest, was
// ordered worse.)
var probCutFit = [...]regression{
	10: {1.021, 0.149, 7.401},  // depth 2, 120 positions
	11: {0.992, 0.838, 6.660},  // depth 3, 120 positions
	12: {0.970, 0.574, 5.809},  // depth 4, 120 positions
	13: {0.990, -0.431, 6.479}, // depth 5, 120 positions
	14: {1.040, -0.045, 5.565}, // depth 4, 120 positions
	15: {0.995, 0.156, 6.746},  // depth 5, 120 positions
	16: {0.939, 0.577, 6.458},  // depth 4, 120 positions
	17: {0.966, -0.054, 5.625}, // depth 5, 120 positions
	18: {0.933, 0.108, 4.994},  // depth 6, 120 positions
	19: {0.938, 1.069, 4.930},  // depth 7, 120 positions
	20: {0.978, 0.326, 5.039},  // depth 6, 120 positions
	21: {0.956, 0.176, 4.089},  // depth 7, 120 positions
	22: {1.048, 1.215, 4.984},  // depth 6, 120 positions
}

// The midgame search (Search) cuts by ProbCut too, as NTest, Edax and
// Egaroucid do (Buro's Multi-ProbCut): at a null-window node depth plies
// from its leaves, depth midCutFrom or more and short of the end of the
// game (a search to the end stays exact), a search midCutDepth(depth)
// plies deep predicts the deep one's score, which it matches up to an
// error of standard deviation midCutSigma(depth, empties) discs; a node
// is cut when the shallow score is midCutConfidence deviations beyond
// the window. The deep search's scores are then no longer those of a
// full-width search, only likely the same: Result.Exact still says only
// that the search was not stopped.
const (
	midCutFrom = 3
	// midCutConfidence, 2 deviations, won 56% of 80 games at 4 seconds a
	// game against 1.5 (and 1.5 59% against 1), and 61% against 2.5:
	// each engine in-process in half of them, over NBoard in the other.
	midCutConfidence = 2.0
)

// midCutDepth returns the plies of the shallow search of the midgame's
// ProbCut of a node depth plies deep: about half as many, of the same
// parity.
func midCutDepth(depth int) int {
	return depth/4*2 + depth&1
}

// midCutSigma returns the standard deviation, in discs, of the error of
// the shallow search of a node depth plies deep with empties empty
// squares, as a prediction of the deep one: a plane fitted by
// TestFitMidProbCut (probcut_test.go).
func midCutSigma(depth, empties int) float64 {
	return midCutFit[0] + midCutFit[1]*float64(depth) + midCutFit[2]*float64(empties)
}

// midCutFit are midCutSigma's constant and its slopes by depth and by
// empty squares: 3.3 discs at depth 10 and 35 empty squares. Written by
// TestFitMidProbCut, on 300 positions at 14 to 54 empty squares, depths
// 3 to 10 (1m31s of CPU): the deviation is about 3 to 4 discs, more near
// the end of the game (5.8 at depth 10 from 10 to 19 empty squares),
// less at its start (2.7 from 50 to 59).
var midCutFit = [3]float64{5.571, -0.048, -0.050}

// midProbCut returns alpha or beta and true when a search of p, o,
// viewed as vs, with empties empty squares, midCutDepth(depth) plies
// deep predicts that its score depth plies deep lies beyond the null
// window (alpha, beta) with midCutConfidence: the side the static
// evaluation points to first, then the other.
func (s *thread) midProbCut(p, o uint64, vs *views, depth, empties, alpha, beta int) (int, bool) {
	margin := int(100 * midCutConfidence * midCutSigma(depth, empties))
	d := midCutDepth(depth)
	high, low := beta+margin, alpha-margin
	tryHigh, tryLow := high < Won, low > -Won
	if tryHigh && tryLow && s.evalView(p, o, othello.Moves8(p, o), &vs[0]) < (high+low)/2 {
		if s.mid(p, o, vs, d, low, low+1, false) <= low {
			return alpha, true
		}
		tryLow = false
	}
	if tryHigh && s.mid(p, o, vs, d, high-1, high, false) >= high {
		return beta, true
	}
	if tryLow && s.mid(p, o, vs, d, low, low+1, false) <= low {
		return alpha, true
	}
	return 0, false
}
