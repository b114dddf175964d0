// Package nboard makes the computer player of package player an engine
// that speaks the NBoard protocol, as the NBoard GUI and programs like
// Edax and Ntest speak it, so that such a GUI can play against it and
// ask it for hints.
//
// Run reads commands a line at a time from an io.Reader (through package
// lines, which bounds them), keeps the game in an othello.Position (the
// games of "set game" in GGF are read by package record), asks a
// player.CPU for moves and scores, the scores in discs as
// player.Result.Discs gives them, and writes its answers through one
// bufio.Writer, flushed before it reads the next command and after each
// line a search writes; what it refuses it tells on another writer. A
// search (go, hint, analyze) runs in a goroutine of its own while the
// next command is read: ping and quit stop it (player.CPU's Stop), any
// other command waits for it to end; a mutex guards the writers. It ends
// on quit or at the end of the input. Config says how the CPU searches,
// which clock times it, whether searches run one after the other
// (Serial), and which opening book answers hints (book.go: NBoard's
// "book" lines), so that tests can make every answer reproducible; they
// check the engine against the golden sessions of testdata with package
// protocoltest. Package gtp is the same computer player in the Go Text
// Protocol.
package nboard
