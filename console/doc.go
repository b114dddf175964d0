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
// why, its standard output unchanged by one byte. Move lines are read by
// the scanner of scan.go, in bounded memory whatever their length.
//
// The judge's output is one format in one place, transcript.go: the
// judge writes its lines with the functions there, and the same file
// reads them back for those who check a program against the judge
// (packages check and report): ReadOutput reads the whole output into an
// Output of Positions, which WriteOutput writes again byte for byte;
// AnswerSizes cuts it into the answers to each input line; KindOf tells
// what a line of any program's output looks like, ReadBoard reads the
// board of an answer, and ReadMove reads a move line with the judge's
// own scanner.
//
// It does nothing else: the rules live in package othello, and the command
// line in cmd/othello. Its tests check the golden transcripts of the
// top-level testdata folder (go test -update rewrites them) against an
// independent reference judge of their own, read each one back and write
// it again, and fuzz the judge against the reference.
//
// Package console and package othello are the module's public API: every
// other package of the module is under internal/ or is a command.
package console
