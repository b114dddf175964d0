// Package gtp makes the computer player of package player an engine that
// speaks the Go Text Protocol (GTP) as Othello engines speak it, so that
// GoGui and other GTP controllers can play against it, on square boards
// from 4x4 to 16x16.
//
// Run reads commands a line at a time from an io.Reader (through package
// lines, which bounds them), keeps the game in an othello.Position with
// the positions before it for undo, asks a player.CPU for its moves, and
// writes each answer through one bufio.Writer, flushed before it reads
// the next command. Searches run one at a time, in the goroutine that
// reads: the engine starts no goroutine of its own. It ends on quit or at
// the end of the input. Its tests check it against the golden sessions
// of testdata with package protocoltest. Package nboard is the same
// computer player in the NBoard protocol.
package gtp
