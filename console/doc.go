// Package console speaks the judge's protocol of PROTOCOL.md on top of the
// othello engine: it prints FULL or SIMPLE, reads the setup and the move
// lines, and writes the score lines, boards, TURN, VALID, INVALID and
// WINNER lines, byte for byte as graders expect them, and the one line of
// standard error and the exit status of a game that cannot finish.
//
// The setup's text is read by ReadSetup and written by WriteSetup, both in
// setup.go; the engine's othello.Setup is what they read and write. Judge
// reads the setup, makes the game with Setup.NewGame and answers each move
// line; its output goes through one bufio.Writer, flushed before any read
// that may block. RunExplained is Run for a person typing at a terminal:
// each INVALID answer is followed by one line on standard error that says
// why, its standard output unchanged by one byte.
//
// It does nothing else: the rules live in package othello, and the command
// line in cmd/othello. Its tests check the golden transcripts of the
// top-level testdata folder (go test -update rewrites them) against an
// independent reference judge of their own, and fuzz the judge against it.
package console
