package rating

import (
	"errors"
	"math"
)

// z95 is the standard normal quantile of 0.975: a 95% interval is the
// estimate plus or minus z95 standard errors.
const z95 = 1.959963984540054

// ErrNoGames means a count of results that holds no game (or no pair),
// whose score and Elo are undefined.
var ErrNoGames = errors.New("rating: no games")

// ErrNegative means a count of results with a negative count in it.
var ErrNegative = errors.New("rating: negative count")

// EloDiff returns the logistic Elo difference of a score fraction s (the
// points a player scored over the games it played): -400·log10(1/s − 1),
// so that a score of 0.5 is 0, 0.75 is +190.85 and 0.25 is −190.85. A
// score of 1 is +Inf and 0 is −Inf; outside [0, 1] it is NaN.
func EloDiff(s float64) float64 {
	if s < 0 || s > 1 || math.IsNaN(s) {
		return math.NaN()
	}
	return -400 * math.Log10(1/s-1)
}

// Score returns the expected score fraction of a logistic Elo difference,
// 1/(1 + 10^(−elo/400)): the inverse of EloDiff.
func Score(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// A Result counts a player's games against one opponent from the
// player's side: the games it won, drew and lost.
type Result struct {
	Wins, Draws, Losses int
}

// Games returns the number of games r counts.
func (r Result) Games() int { return r.Wins + r.Draws + r.Losses }

// Points returns the points r's player scored: one a win, half a draw.
func (r Result) Points() float64 { return float64(r.Wins) + float64(r.Draws)/2 }

// Reverse returns r from the opponent's side: its wins are the losses.
func (r Result) Reverse() Result { return Result{r.Losses, r.Draws, r.Wins} }

// Elo returns the Elo difference between r's player and its opponent and
// its 95% interval, as fastchess and cutechess-cli compute it: the score
// s is the mean points a game; its standard error is the square root of
// the trinomial variance of a game's points (wins at 1, draws at 1/2,
// losses at 0, about s) over the number of games; the interval is
// s ± 1.96 standard errors, cut to [0, 1], each end mapped through
// EloDiff. The error is ErrNoGames or ErrNegative.
func (r Result) Elo() (Interval, error) {
	if r.Wins < 0 || r.Draws < 0 || r.Losses < 0 {
		return Interval{}, ErrNegative
	}
	return interval([]int{r.Losses, r.Draws, r.Wins})
}

// Pairs counts game pairs, the two games of one opening with the colours
// swapped, by the points a player scored in the pair: Pairs[k] is the
// number of pairs in which it scored k/2 points (0, 1/2, 1, 3/2, 2), so
// Pairs[2] holds both a win and a loss and two draws. This is fastchess's
// pentanomial count (LL, LD, WL+DD, WD, WW).
type Pairs [5]int

// Count returns the number of pairs p counts.
func (p Pairs) Count() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Points returns the points p's player scored over all its pairs' games.
func (p Pairs) Points() float64 {
	return (float64(p[1]) + 2*float64(p[2]) + 3*float64(p[3]) + 4*float64(p[4])) / 2
}

// Reverse returns p from the opponent's side.
func (p Pairs) Reverse() Pairs { return Pairs{p[4], p[3], p[2], p[1], p[0]} }

// Elo returns the Elo difference between p's player and its opponent and
// its 95% interval from the pentanomial variance, as fastchess computes
// it: the score s is the mean points a game; its standard error is the
// square root of the variance of a pair's score fraction (0, 1/4, 1/2,
// 3/4, 1, about s) over the number of pairs; the interval is s ± 1.96
// standard errors, cut to [0, 1], each end mapped through EloDiff. Pairs
// played from balanced openings have a smaller variance than as many
// games counted one by one, and so a narrower interval. The error is
// ErrNoGames or ErrNegative.
func (p Pairs) Elo() (Interval, error) {
	for _, n := range p {
		if n < 0 {
			return Interval{}, ErrNegative
		}
	}
	return interval(p[:])
}

// interval returns the Elo interval of counts[k] samples scoring
// k/(len(counts)−1) each.
func interval(counts []int) (Interval, error) {
	n, sum := 0, 0.0
	last := float64(len(counts) - 1)
	for k, c := range counts {
		n += c
		sum += float64(c) * float64(k) / last
	}
	if n == 0 {
		return Interval{}, ErrNoGames
	}
	s := sum / float64(n)
	variance := 0.0
	for k, c := range counts {
		d := float64(k)/last - s
		variance += float64(c) / float64(n) * d * d
	}
	se := math.Sqrt(variance / float64(n))
	return Interval{
		Score: s,
		Elo:   EloDiff(s),
		Lower: EloDiff(math.Max(0, s-z95*se)),
		Upper: EloDiff(math.Min(1, s+z95*se)),
	}, nil
}

// An Interval is an Elo difference with its 95% interval: the score
// fraction it comes from, the Elo difference of that score, and the
// interval's lower and upper ends, which are ±Inf where the score's
// interval reaches 0 or 1 (a player that won or lost nearly every game).
type Interval struct {
	Score        float64
	Elo          float64
	Lower, Upper float64
}

// Margin returns half the interval's width, the "±" that fastchess and
// cutechess-cli print after the Elo difference: (Upper − Lower)/2. The
// interval itself is not symmetric about Elo.
func (i Interval) Margin() float64 { return (i.Upper - i.Lower) / 2 }
