// Package othello is an Othello engine: boards of any even size from 4x4
// to 16x16, the full and the simple rule sets behind one Rules interface,
// positions, and games played to the end with passes, scores and winners.
//
// Boards are bit sets, one a colour (SquareSet), and the rules find moves
// and flips with shifts and masks, a whole line at a time; an 8x8 board
// is worked on as one uint64 a colour (bits8.go). Position.Perft counts
// game trees the way published perft tables do.
//
// It does no input or output. Everything it refuses comes back as an error
// wrapping one of the Err variables, for errors.Is, inside a *MoveError or
// a *ValueError, for errors.As.
package othello
