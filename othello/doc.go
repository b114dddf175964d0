// Package othello is an Othello engine: boards of any even size from 4x4
// to 16x16, the full and the simple rule sets behind one Rules interface,
// positions, and games played to the end with passes, scores and winners.
//
// It does no input or output. Everything it refuses comes back as an error
// wrapping one of the Err variables, for errors.Is, inside a *MoveError or
// a *ValueError, for errors.As.
package othello
