package train

import (
	"math/bits"
	"math/rand/v2"

	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/othello"
)

// A SelfPlay is how package search plays games against itself for the
// fit to learn from beside real ones: positions that real games do not
// reach, labelled from deeper in the game than real games can be.
type SelfPlay struct {
	Games   int    // the games played
	Seed    uint64 // the seed of their random moves
	Opening int    // the random legal moves that open each game
	Depth   int    // the plies of the midgame search that chooses the moves after
	SolveAt int    // the empty squares from which the solver's best moves are played
	Threads int    // the games played at once
}

// Play plays the games of sp and returns their samples, as Label returns
// a real game's: the positions where the player to move has a move, in
// the order of the games. Each game opens with sp.Opening random legal
// moves; then the midgame search plays sp.Depth plies deep until
// sp.SolveAt empty squares are left, and the solver's best move from
// there on. The exact score that the solver finds there labels every
// position of the game: those before, as Label labels them, and those
// after too, which best play reaches without changing the score. The
// search evaluates by the hand-written weights, so that the games do not
// depend on the weights being learned; each game starts with an empty
// table and draws its random moves from sp.Seed and its number, so that
// the same sp gives the same samples whatever the threads.
func (sp SelfPlay) Play() []Sample {
	return perGame(sp.Games, sp.Threads, gameTable, true, sp.game)
}

// game plays game number i of sp with solver s and returns its samples.
func (sp SelfPlay) game(s *search.Solver, i int) []Sample {
	rng := rand.New(rand.NewPCG(sp.Seed, uint64(i)))
	s.Table.Clear()
	start, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	g, _ := start.NewGame()
	p, o, _ := g.Position().Bits8()
	x := Position{p, o, g.Turn() == othello.Black}
	var line []Position
	var solved *Sample // the first position solved, and its score
	for ply := 0; ; ply++ {
		legal := othello.Moves8(x.P, x.O)
		if legal == 0 {
			if othello.Moves8(x.O, x.P) == 0 {
				break // the game is over
			}
			x = Position{x.O, x.P, !x.Black}
			continue
		}
		line = append(line, x)
		var m int
		switch {
		case ply < sp.Opening:
			m = nthSquare(legal, rng.IntN(bits.OnesCount64(legal)))
		case x.Empties() <= sp.SolveAt:
			r := s.Solve(x.P, x.O, false)
			if solved == nil {
				solved = &Sample{x, int8(r.Score)}
			}
			m = r.Move
		default:
			m = s.Search(x.P, x.O, false, sp.Depth).Move
		}
		f := othello.Flips8(x.P, x.O, m)
		x = Position{x.O &^ f, x.P | f | 1<<m, !x.Black}
	}
	if solved == nil { // over before SolveAt: its final count
		solved = &Sample{x, int8(s.Solve(x.P, x.O, false).Score)}
	}
	out := make([]Sample, len(line))
	for i, y := range line {
		out[i] = Sample{y, solved.Score}
		if y.Black != solved.Black {
			out[i].Score = -solved.Score
		}
	}
	return out
}

// nthSquare returns the square of the n-th set bit of set, from 0.
func nthSquare(set uint64, n int) int {
	for range n {
		set &= set - 1
	}
	return bits.TrailingZeros64(set)
}
