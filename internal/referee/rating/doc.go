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
package rating
