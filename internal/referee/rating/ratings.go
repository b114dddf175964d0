package rating

import (
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"
)

// DefaultPrior is the number of virtual draws each player brings to
// Ratings unless told otherwise: one, enough to keep the rating of a
// player that won (or lost) every game finite, and little against the
// tens of games a tournament plays a pair.
const DefaultPrior = 1.0

// The errors of Ratings: a *LadderError wraps ErrAnchor, ErrDisconnected
// or ErrUnbounded.
var (
	ErrSelfPairing  = errors.New("rating: a player paired with itself")
	ErrAnchor       = errors.New("rating: the anchor played no game")
	ErrDisconnected = errors.New("rating: players not connected to the anchor by games")
	ErrUnbounded    = errors.New("rating: players whose ratings are unbounded (they won or lost every game against the others)")
)

// A LadderError is a set of players that Ratings cannot rate, and why. It
// wraps one of ErrAnchor, ErrDisconnected and ErrUnbounded.
type LadderError struct {
	Players []string
	Err     error
}

// Error returns the reason and the players' names, quoted.
func (e *LadderError) Error() string {
	q := make([]string, len(e.Players))
	for i, p := range e.Players {
		q[i] = strconv.Quote(p)
	}
	return e.Err.Error() + ": " + strings.Join(q, ", ")
}

// Unwrap returns the reason: ErrAnchor, ErrDisconnected or ErrUnbounded.
func (e *LadderError) Unwrap() error { return e.Err }

// A Pairing is the games player A played against player B, counted from
// A's side. Several pairings of the same two players, either way round,
// add up.
type Pairing struct {
	A, B string
	Result
}

// An Anchor is the player whose rating Ratings fixes, and that rating:
// every other rating is a difference from it.
type Anchor struct {
	Player string
	Elo    float64
}

// A Rating is a player's place on the ladder: its rating and the 95%
// interval of its difference from the anchor's (the anchor's own interval
// is its rating), and the games it played and the points it scored in
// them (virtual draws not counted).
type Rating struct {
	Player       string
	Elo          float64
	Lower, Upper float64
	Games        int
	Points       float64
}

// Ratings returns the ladder of the players of games, highest rating
// first (equal ratings by name): their maximum a posteriori ratings in
// the logistic Elo model, the model of EloDiff and of Ordo, in which the
// player rated d above its opponent is expected to score Score(d) of a
// game and a draw counts as half a win and half a loss. (BayesElo's model
// adds a draw parameter; this one needs none, and its differences are
// those of the match's EloDiff, so a tournament and a match of the same
// games agree.)
//
// The prior is virtual draws, as BayesElo's is: each player brings prior
// virtual draws, spread over its opponents in proportion to the games it
// played against each, added to those pairs' games. They keep a player
// that won or lost every game at a finite rating and pull ratings of few
// games together a little; DefaultPrior is one. With a prior of 0 the
// ratings are Ordo's maximum-likelihood ones, which a player who won or
// lost every game does not have (ErrUnbounded).
//
// The ratings are found by Newton's method, each step halved until it
// raises the likelihood, from all ratings equal, until a step moves no
// rating by more than 1e-7. The intervals are ±1.96 standard errors from
// the inverse of the Fisher information with the anchor held fixed: each
// is the interval of the player's difference from the anchor, and
// symmetric on the Elo scale.
//
// The error is ErrNegative or ErrSelfPairing for a pairing with a
// negative count or of a player with itself; ErrNoGames if there are none; or a *LadderError: the anchor
// played no game (ErrAnchor), some players are not connected to the
// anchor by games (ErrDisconnected), or, some set of players having won
// every game against the others, ratings are unbounded (ErrUnbounded;
// only with a prior of 0).
func Ratings(games []Pairing, anchor Anchor, prior float64) ([]Rating, error) {
	// Index the players by name.
	index := map[string]int{}
	var names []string
	for _, g := range games {
		if g.Wins < 0 || g.Draws < 0 || g.Losses < 0 {
			return nil, ErrNegative
		}
		if g.A == g.B {
			return nil, ErrSelfPairing
		}
		if g.Games() == 0 {
			continue
		}
		for _, p := range []string{g.A, g.B} {
			if _, ok := index[p]; !ok {
				index[p] = 0
				names = append(names, p)
			}
		}
	}
	if len(names) == 0 {
		return nil, ErrNoGames
	}
	sort.Strings(names)
	for i, p := range names {
		index[p] = i
	}
	a, ok := index[anchor.Player]
	if !ok {
		return nil, &LadderError{[]string{anchor.Player}, ErrAnchor}
	}
	n := len(names)

	// games[i][j] and points[i][j]: the games i and j played, the points
	// i scored in them; with the prior's virtual draws in played, scored.
	played, scored := square(n), square(n)
	out := make([]Rating, n)
	for i, p := range names {
		out[i].Player = p
	}
	for _, g := range games {
		i, j := index[g.A], index[g.B]
		if g.Games() == 0 {
			continue
		}
		played[i][j] += float64(g.Games())
		played[j][i] += float64(g.Games())
		scored[i][j] += g.Points()
		scored[j][i] += g.Reverse().Points()
		out[i].Games += g.Games()
		out[j].Games += g.Games()
		out[i].Points += g.Points()
		out[j].Points += g.Reverse().Points()
	}
	if err := connected(names, played, scored, a, prior); err != nil {
		return nil, err
	}
	if prior > 0 {
		// Each player's virtual draws, in proportion to the real games.
		virtual := square(n)
		for i := range n {
			for j := range n {
				v := prior * played[i][j] / float64(out[i].Games)
				virtual[i][j] += v
				virtual[j][i] += v
			}
		}
		for i := range n {
			for j := range n {
				played[i][j] += virtual[i][j]
				scored[i][j] += virtual[i][j] / 2
			}
		}
	}

	r := newton(played, scored, a)
	cov := invert(information(played, r, a))
	for i := range n {
		out[i].Elo = anchor.Elo + r[i]
		out[i].Lower, out[i].Upper = out[i].Elo, out[i].Elo
		if i == a {
			continue
		}
		k := reduced(i, a)
		se := math.Sqrt(cov[k][k])
		out[i].Lower -= z95 * se
		out[i].Upper += z95 * se
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Elo > out[j].Elo })
	return out, nil
}

// square returns an n×n matrix of zeros.
func square(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

// reduced returns the index of player i in the vectors and matrices that
// leave out the anchor a.
func reduced(i, a int) int {
	if i > a {
		return i - 1
	}
	return i
}

// connected returns a *LadderError unless every player is connected to
// the anchor a by games and, with no prior, every set of players scored
// against the others (the condition for finite maximum-likelihood
// ratings: the graph of "i scored against j" strongly connected).
func connected(names []string, played, scored [][]float64, a int, prior float64) error {
	// reach returns who a reaches along edges i→j where edge(i, j).
	reach := func(edge func(i, j int) bool) []bool {
		seen := make([]bool, len(names))
		seen[a] = true
		todo := []int{a}
		for len(todo) > 0 {
			i := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for j := range names {
				if !seen[j] && edge(i, j) {
					seen[j] = true
					todo = append(todo, j)
				}
			}
		}
		return seen
	}
	missing := func(seen ...[]bool) []string {
		var out []string
		for i, p := range names {
			for _, s := range seen {
				if !s[i] {
					out = append(out, p)
					break
				}
			}
		}
		return out
	}
	if m := missing(reach(func(i, j int) bool { return played[i][j] > 0 })); m != nil {
		return &LadderError{m, ErrDisconnected}
	}
	if prior > 0 {
		return nil
	}
	forward := reach(func(i, j int) bool { return scored[i][j] > 0 })
	backward := reach(func(i, j int) bool { return scored[j][i] > 0 })
	if m := missing(forward, backward); m != nil {
		return &LadderError{m, ErrUnbounded}
	}
	return nil
}

// k is the slope of the logistic Elo scale: d ln(10^(x/400))/dx.
const k = math.Ln10 / 400

// likelihood returns the log-likelihood of ratings r given the games.
func likelihood(played, scored [][]float64, r []float64) float64 {
	l := 0.0
	for i := range r {
		for j := range r {
			if scored[i][j] > 0 {
				l += scored[i][j] * math.Log(Score(r[i]-r[j]))
			}
		}
	}
	return l
}

// information returns the Fisher information of the ratings other than
// the anchor a's: k²·Σ n_ij p_ij (1−p_ij) on the diagonal, minus each
// pair's term off it. (The logistic model's observed and expected
// information are the same.)
func information(played [][]float64, r []float64, a int) [][]float64 {
	n := len(r)
	m := square(n - 1)
	for i := range n {
		for j := range n {
			if i == j || played[i][j] == 0 {
				continue
			}
			p := Score(r[i] - r[j])
			w := k * k * played[i][j] * p * (1 - p)
			if i != a {
				m[reduced(i, a)][reduced(i, a)] += w
				if j != a {
					m[reduced(i, a)][reduced(j, a)] -= w
				}
			}
		}
	}
	return m
}

// newton returns the ratings that maximize the likelihood of the games,
// the anchor a's at 0.
func newton(played, scored [][]float64, a int) []float64 {
	n := len(played)
	r := make([]float64, n)
	l := likelihood(played, scored, r)
	for range 200 {
		// The gradient: k·Σ_j (w_ij − n_ij p_ij), the anchor's left out.
		g := make([]float64, n-1)
		for i := range n {
			if i == a {
				continue
			}
			for j := range n {
				if i != j && played[i][j] > 0 {
					g[reduced(i, a)] += k * (scored[i][j] - played[i][j]*Score(r[i]-r[j]))
				}
			}
		}
		inv := invert(information(played, r, a))
		step := make([]float64, n-1)
		for i := range step {
			for j := range g {
				step[i] += inv[i][j] * g[j]
			}
		}
		biggest := 0.0
		for _, s := range step {
			biggest = math.Max(biggest, math.Abs(s))
		}
		if biggest < 1e-7 {
			break // a ten-millionth of an Elo point
		}
		better := false
		for t := 1.0; t > 1e-6 && !better; t /= 2 {
			next := make([]float64, n)
			for i := range n {
				if i != a {
					next[i] = r[i] + t*step[reduced(i, a)]
				}
			}
			if nl := likelihood(played, scored, next); nl > l {
				r, l, better = next, nl, true
			}
		}
		if !better {
			break // the likelihood's maximum, to rounding
		}
	}
	return r
}

// invert returns the inverse of m by Gauss–Jordan elimination with
// partial pivoting; m is an information matrix here, positive definite.
func invert(m [][]float64) [][]float64 {
	n := len(m)
	aug := square(n) // m, then the identity, side by side
	for i := range n {
		copy(aug[i], m[i])
		aug[i] = append(aug[i], make([]float64, n)...)
		aug[i][n+i] = 1
	}
	for c := range n {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(aug[i][c]) > math.Abs(aug[p][c]) {
				p = i
			}
		}
		aug[c], aug[p] = aug[p], aug[c]
		pivot := aug[c][c]
		for j := range aug[c] {
			aug[c][j] /= pivot
		}
		for i := range n {
			if f := aug[i][c]; i != c && f != 0 {
				for j := range aug[i] {
					aug[i][j] -= f * aug[c][j]
				}
			}
		}
	}
	inv := make([][]float64, n)
	for i := range n {
		inv[i] = aug[i][n:]
	}
	return inv
}
