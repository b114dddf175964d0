package search

import "github.com/othello-judge/judge/othello"

// UseWeights makes the midgame search of s evaluate by the learned
// weights w rather than the embedded ones.
func UseWeights(s *Solver, w []int16) { s.weights = w }

// StaticEval returns the evaluation of p, o by s's midgame search, with
// no search.
func StaticEval(s *Solver, p, o uint64) int {
	t := s.start(0, false, 1)
	return t.eval(p, o, othello.Moves8(p, o))
}

// NoPresearch makes Solve of s search exactly from the start, without
// selective searches before.
func NoPresearch(s *Solver) { s.presearch = func(int) []int { return nil } }

// ProbCutDepth is probCutDepth.
var ProbCutDepth = probCutDepth

// MidCutDepth is midCutDepth.
var MidCutDepth = midCutDepth
