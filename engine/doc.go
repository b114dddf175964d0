// Package engine makes the computer player of package player an engine
// that Othello GUIs and other programs drive: through the NBoard
// protocol (NBoard, as NBoard and programs like Edax and Ntest speak it)
// and through the Go Text Protocol as Othello engines speak it (GTP).
//
// Each protocol is one function, read and written in its own file: it
// reads commands a line at a time from an io.Reader, keeps the game in
// an othello.Position (NBoard's games in GGF are read by package record),
// asks a player.CPU for moves and scores, and writes
// its answers through one bufio.Writer, flushed before it reads the next
// command. Searches run one at a time, in the goroutine that reads: the
// engine starts no goroutine of its own. It ends on quit or at the end of
// the input. Config says how the CPU searches, and which clock times it,
// so that tests can make every answer reproducible.
package engine
