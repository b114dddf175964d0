// Package console speaks the judge's protocol of PROTOCOL.md on top of the
// othello engine: it prints FULL or SIMPLE, reads the setup and the move
// lines, and writes the score lines, boards, TURN, VALID, INVALID and
// WINNER lines, byte for byte as graders expect them.
//
// It does nothing else: the rules live in package othello, and the command
// line, exit status and standard error in cmd/othello.
package console
