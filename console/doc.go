// Package console speaks the judge's protocol of PROTOCOL.md on top of the
// othello engine: it prints FULL or SIMPLE, reads the setup and the move
// lines, and writes the score lines, boards, TURN, VALID, INVALID and
// WINNER lines, byte for byte as graders expect them, and the one line of
// standard error and the exit status of a game that cannot finish.
//
// It does nothing else: the rules live in package othello, and the command
// line in cmd/othello.
package console
