package search

import "github.com/othello-judge/judge/othello"

// HandWritten makes s evaluate by the hand-written weights: the engine
// before the learned evaluation, for the measurements of strength.
func HandWritten(s *Solver) { s.handWritten = true }

// StaticEval returns the evaluation of p, o by s's midgame search, with
// no search.
func StaticEval(s *Solver, p, o uint64) int {
	t := s.start(0, false, 1)
	return t.eval(p, o, othello.Moves8(p, o))
}
