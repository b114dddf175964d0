package player

import (
	"math"
	"math/rand/v2"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/othello"
)

// A CPU with a Book plays from it while the position to move from is in
// it, without searching: in a game won by the most discs, on an 8x8
// board under the full rules, when some legal move leads to a position
// of the book. Each such move has the games that reached it and their
// mean final margin; its score is that mean drawn towards the mean of all
// the position's book moves by bookPrior games more (a move few games
// played says less than one many did).
//
// Levels 9 and 10, and a CPU of no level, play the move of the best
// score, the most played first among equal ones: the same game every
// time, the strongest the book knows. Levels 1 to 8 play for variety,
// as people do: a move drawn at random among those that score at most
// bookSlack discs below the best, each as likely as its games times how
// close it is to the best (a move bookSlack below never). The draws come
// from the CPU's Rand, so that a seed repeats the games.
const (
	bookTopLevel = 9   // the lowest level that plays the best book move
	bookPrior    = 50  // the games a move's score is drawn towards the mean by
	bookSlack    = 3.0 // how far below the best, in discs, a move is never drawn
)

// bookMove returns the move the CPU plays from its book in p, and
// whether it has one (see bookTopLevel): a Result with Book set, its
// score the move's mean margin in the book.
func (c CPU) bookMove(p *othello.Position, win othello.WinRule) (Result, bool) {
	if c.Book == nil || win != othello.MostDiscs {
		return Result{}, false
	}
	moves := c.Book.Moves(p)
	if len(moves) == 0 {
		return Result{}, false
	}
	scores := bookScores(moves)
	best := 0
	for i, s := range scores {
		if s > scores[best] {
			best = i
		}
	}
	choice := best
	if l, ok := c.Level(); ok && l < bookTopLevel {
		choice = drawBookMove(scores, moves, scores[best], c.Rand)
	}
	m := moves[choice]
	return Result{Move: m.Square, Book: true, Score: int(math.Round(m.Score * disc))}, true
}

// bookScores returns the score of each book move: its mean margin drawn
// towards the mean of them all, weighted by their games, by bookPrior
// games.
func bookScores(moves []book.Move) []float64 {
	var sum float64
	var games int
	for _, m := range moves {
		sum += m.Score * float64(m.Games)
		games += m.Games
	}
	prior := sum / float64(games)
	scores := make([]float64, len(moves))
	for i, m := range moves {
		scores[i] = (m.Score*float64(m.Games) + prior*bookPrior) / float64(m.Games+bookPrior)
	}
	return scores
}

// drawBookMove returns the index of a move drawn from rng (the global
// source if nil) among moves whose score is within bookSlack of best,
// each weighted by its games and by how close its score is to best.
func drawBookMove(scores []float64, moves []book.Move, best float64, rng *rand.Rand) int {
	weights := make([]float64, len(moves))
	var total float64
	for i, m := range moves {
		if w := float64(m.Games) * (1 - (best-scores[i])/bookSlack); w > 0 {
			weights[i] = w
			total += w
		}
	}
	var x float64
	if rng == nil {
		x = rand.Float64() * total
	} else {
		x = rng.Float64() * total
	}
	last := 0
	for i, w := range weights {
		if w <= 0 {
			continue
		}
		if x < w {
			return i
		}
		x -= w
		last = i
	}
	return last // rounding
}
