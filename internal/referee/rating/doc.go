// Package rating is the mathematics of the referee (othello match and
// othello tournament): the Elo difference of a match's results with its
// 95% interval, the sequential probability ratio test that stops a match
// once it is decided, and the maximum-likelihood ratings of a
// tournament's players. It is pure computation: standard library only,
// no I/O, no state.
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
package rating
