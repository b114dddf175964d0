package rating

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// ErrSPRT means an SPRT's parameters that make no test.
var ErrSPRT = errors.New("rating: invalid sprt")

// An SPRTError is an SPRT's parameters, as given, that make no test, and
// why. It wraps ErrSPRT.
type SPRTError struct {
	Value  string // the parameters as given: "elo0,elo1,alpha,beta"
	Reason string
}

// Error returns "rating: sprt ", the parameters quoted, and the reason.
func (e *SPRTError) Error() string {
	return "rating: sprt " + strconv.Quote(e.Value) + ": " + e.Reason
}

// Unwrap returns ErrSPRT.
func (e *SPRTError) Unwrap() error { return ErrSPRT }

// An SPRT is a sequential probability ratio test of H0, that a player is
// Elo0 stronger than its opponent, against H1, that it is Elo1 stronger,
// with error rates Alpha (accepting H1 when H0 holds) and Beta (accepting
// H0 when H1 holds): fastchess's and cutechess-cli's -sprt
// elo0,elo1,alpha,beta. The Elo is logistic, the scale of EloDiff
// (fastchess's model=logistic); normalized Elo (fastchess's default) and
// BayesElo (cutechess-cli's) are not supported, so that the test speaks
// of the same Elo as the match's reported difference.
//
// After each game (or pair), the log-likelihood ratio of the results so
// far is compared with Bounds: at or below the lower bound H0 is
// accepted, at or above the upper one H1, and the match goes on between.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads an SPRT written as String writes it: four numbers
// separated by commas, "elo0,elo1,alpha,beta", such as "0,10,0.05,0.05".
// The error is an *SPRTError.
func ParseSPRT(s string) (SPRT, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return SPRT{}, &SPRTError{s, "want four numbers: elo0,elo1,alpha,beta"}
	}
	var v [4]float64
	for i, x := range f {
		n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return SPRT{}, &SPRTError{s, strconv.Quote(x) + " is not a number"}
		}
		v[i] = n
	}
	t := SPRT{v[0], v[1], v[2], v[3]}
	if reason := t.invalid(); reason != "" {
		return SPRT{}, &SPRTError{s, reason}
	}
	return t, nil
}

// String returns t as ParseSPRT reads it: "elo0,elo1,alpha,beta".
func (t SPRT) String() string {
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return g(t.Elo0) + "," + g(t.Elo1) + "," + g(t.Alpha) + "," + g(t.Beta)
}

// Check returns an *SPRTError if t makes no test: unless Elo0 < Elo1,
// Alpha and Beta are in (0, 1) and Alpha + Beta < 1, as fastchess
// requires.
func (t SPRT) Check() error {
	if reason := t.invalid(); reason != "" {
		return &SPRTError{t.String(), reason}
	}
	return nil
}

// invalid returns why t makes no test, or "".
func (t SPRT) invalid() string {
	switch {
	case !(t.Elo0 < t.Elo1):
		return "elo0 must be less than elo1"
	case !(t.Alpha > 0 && t.Alpha < 1):
		return "alpha must be between 0 and 1"
	case !(t.Beta > 0 && t.Beta < 1):
		return "beta must be between 0 and 1"
	case !(t.Alpha+t.Beta < 1):
		return "alpha + beta must be less than 1"
	}
	return ""
}

// Bounds returns Wald's bounds of the log-likelihood ratio:
// lower = ln(β/(1−α)), upper = ln((1−β)/α). For α = β = 0.05 they are
// ∓2.944.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// A Decision is what an SPRT says of the results so far.
type Decision int

// The decisions: play on, or stop with H0 or H1 accepted.
const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

// String returns "continue", "H0" or "H1".
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0"
	case AcceptH1:
		return "H1"
	}
	return "continue"
}

// Decide returns the decision of a log-likelihood ratio: AcceptH0 at or
// below the lower bound, AcceptH1 at or above the upper, else Continue.
func (t SPRT) Decide(llr float64) Decision {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// LLR returns the log-likelihood ratio of H1 against H0 given a match's
// games: the generalized SPRT (GSPRT) of fastchess and of Fishtest, in
// which each hypothesis stands for the distribution of a game's points
// (0, 1/2, 1) closest to the observed one (the most likely one given the
// results) whose mean is Score(Elo0) or Score(Elo1). That distribution is
// Van den Bergh's ("Comparing the approximations for the generalized log
// likelihood ratio of a multinomial distribution", Proposition 1.1):
// p_i = p̂_i / (1 + θ(a_i − s)), θ the root of Σ p̂_i (a_i − s)/(1 + θ(a_i − s)) = 0,
// found here by bisection. A count of zero is taken as 0.001, as fastchess
// does, so that no observed probability is 0. An empty or negative count
// returns 0.
func (t SPRT) LLR(r Result) float64 {
	if r.Wins < 0 || r.Draws < 0 || r.Losses < 0 {
		return 0
	}
	return t.llr([]int{r.Losses, r.Draws, r.Wins})
}

// PairsLLR returns the log-likelihood ratio of H1 against H0 given a
// match's game pairs, as LLR does with the distribution of a pair's score
// fraction (0, 1/4, 1/2, 3/4, 1) in place of a game's points: fastchess's
// pentanomial GSPRT. The Elo of the hypotheses is still a game's.
func (t SPRT) PairsLLR(p Pairs) float64 {
	for _, n := range p {
		if n < 0 {
			return 0
		}
	}
	return t.llr(p[:])
}

// llr returns the GSPRT's log-likelihood ratio of counts[k] samples
// scoring k/(len(counts)−1) each.
func (t SPRT) llr(counts []int) float64 {
	sum := 0
	for _, c := range counts {
		sum += c
	}
	if sum == 0 {
		return 0
	}
	last := float64(len(counts) - 1)
	a := make([]float64, len(counts))    // the scores
	phat := make([]float64, len(counts)) // the observed probabilities
	total := 0.0
	for k, c := range counts {
		a[k] = float64(k) / last
		phat[k] = float64(c)
		if c == 0 {
			phat[k] = 1e-3
		}
		total += phat[k]
	}
	for k := range phat {
		phat[k] /= total
	}
	p0 := closest(a, phat, Score(t.Elo0))
	p1 := closest(a, phat, Score(t.Elo1))
	llr := 0.0
	for k := range phat {
		llr += phat[k] * (math.Log(p1[k]) - math.Log(p0[k]))
	}
	return total * llr
}

// closest returns the distribution over the scores a (in increasing
// order, a[0] < s < a[last]) with mean s that is most likely given the
// observed probabilities phat (none zero).
func closest(a, phat []float64, s float64) []float64 {
	// f(θ) = Σ p̂_i (a_i − s)/(1 + θ(a_i − s)) decreases from +∞ at
	// θ = −1/(a_last − s) to −∞ at θ = −1/(a_0 − s): bisect between.
	f := func(theta float64) float64 {
		v := 0.0
		for i := range a {
			v += phat[i] * (a[i] - s) / (1 + theta*(a[i]-s))
		}
		return v
	}
	lo, hi := -1/(a[len(a)-1]-s), -1/(a[0]-s)
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := lo + (hi-lo)/2
	p := make([]float64, len(a))
	for i := range a {
		p[i] = phat[i] / (1 + theta*(a[i]-s))
	}
	return p
}
