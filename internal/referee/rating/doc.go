// Package rating is the mathematics of the referee (othello match and
// othello tournament): the Elo difference of a match's results with its
// 95% interval, the sequential probability ratio test that stops a match
// once it is decided, and the ratings of a tournament's players (a
// ladder). It is pure computation: standard library only, no I/O, no
// state.
//
// elo.go holds EloDiff and Score (the logistic Elo scale), the counts of a
// match (Result: wins, draws, losses; Pairs: the pentanomial count of
// game pairs, one opening played with both colours) and their Elo
// Interval, computed as fastchess and cutechess-cli compute theirs.
//
// sprt.go holds SPRT, the test of fastchess's -sprt elo0,elo1,alpha,beta
// (ParseSPRT reads the flag's value, String writes it): Wald's Bounds, the
// generalized log-likelihood ratio of a match's games (LLR) or game pairs
// (PairsLLR) in logistic Elo, and the Decision it gives.
//
// ratings.go holds Ratings, a tournament's ladder: each player's rating in
// the logistic Elo model (a draw half a win, as Ordo counts it), anchored
// on a named player, with BayesElo's prior of virtual draws so that a
// player who won every game still has a finite rating, found by Newton's
// method, each with the 95% interval of its difference from the anchor
// from the inverse of the Fisher information.
//
// The worked values of the tests come from fastchess's own tests and from
// the Python scripts in testdata, which compute them by other methods
// than the Go code (python3 testdata/NAME_check.py prints them).
package rating
