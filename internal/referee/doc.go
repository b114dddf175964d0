// Package referee plays games of Othello between players it does not
// trust, and keeps their clocks: the matches of othello match and the
// round robins of othello tournament.
//
// The referee owns the board. A Player (player.go) is asked for a move
// only when it has one, given the position and its time left, and answers
// a square or a pass; the referee makes the passes a player must make, as
// othello.Game does. Our engines (level:N, cpu:DEPTH, greedy, random) play
// in-process; a program (program.go) runs in the sandbox of package
// sandbox for the whole of a game and speaks the plain protocol: each
// turn a line "MOVE B 9500 8 8" (the colour to move, the milliseconds
// left, the rows and the columns) and the board a row a line, in B, W
// and .; and one line back, "ROW COL" from 1 or "pass". An engine of
// others, such as Edax, runs in the sandbox the same way and speaks NBoard
// (nboard.go: "set game GGF", "go", "=== F5") or GTP (gtp.go: "play b
// d3", "genmove w"); it has startLimit, outside its clock, to answer as
// it starts. A Spec names a player as the command line does, its
// Protocol that of its program.
//
// Play (game.go) plays one game under a TimeControl (clock.go), total
// plus increment or a time a move, measured from the request to the
// answer line. A player that plays an illegal move, passes with a move,
// runs out of time (a hang included), exits, or answers with no move
// loses the game then: a *ForfeitError (errors.go) that says which, its
// output quoted, in the Game and in its record.Record (GGF's RE with the
// flag t for time and r otherwise, and a comment CO that says why; PGN's
// Termination tag, "time forfeit" or "rules infraction").
//
// A Match (match.go) plays pairs of games, each random opening with
// both colours, several at once, and stops every process of a game
// once it is over; Summarize adds up its results from player 1's side,
// games and pairs, whose Elo difference and interval package rating
// computes, and WriteRecords writes them in GGF or PGN.
//
// A Tournament (tournament.go) is a round robin: every two of its
// players play a Match, one pairing after the other, each with its own
// seed drawn from the tournament's. Ladder rates the players from the
// pairings (rating.Ratings, anchored on a named player, DefaultAnchor
// by default, ParseAnchor reading -anchor), Crosstable gives each
// player's results against each other, and WriteTournament writes both
// as text.
package referee
