// Package referee plays games of Othello between players it does not
// trust, and keeps their clocks: the matches of othello match and the
// round robins and gauntlets of othello tournament.
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
// Play (game.go) plays one game under a TimeControl (clock.go) for each
// player, total plus increment or a time a move, measured from the
// request to the answer line: the same for both, or time odds (Clocks). A player that plays an illegal move, passes with a move,
// runs out of time (a hang included), exits, or answers with no move
// loses the game then: a *ForfeitError (errors.go) that says which, its
// output quoted, in the Game and in its record.Record (GGF's RE with the
// flag t for time and r otherwise, and a comment CO that says why; PGN's
// Termination tag, "time forfeit" or "rules infraction").
//
// A Match (match.go) plays pairs of games, each opening with both
// colours (random, the book's or a file's, ParseOpenings in
// openings.go), its players each with its own clock, several at once, and stops every process of a game
// once it is over; Summarize adds up its results from player 1's side,
// games and pairs, whose Elo difference and interval package rating
// computes, and WriteRecords writes them in GGF or PGN.
//
// A Tournament (tournament.go) is a round robin, every two of its
// players playing a Match, or a gauntlet, its first Gauntlet players (a
// class's submissions, whose programs each run in its own folder,
// Spec.Dir) each playing every other player but not each other. Each
// pairing's seed is drawn from the tournament's and the two players'
// names (GameKey names a game), and Run plays the games of all the
// pairings in one pool, Match.Jobs at once, giving each to its caller in
// the tournament's order, and stops starting games when its context is
// done. Ladder rates the players from the pairings (rating.Ratings,
// anchored on a named player, DefaultAnchor by default, ParseAnchor
// reading -anchor), Crosstable gives each player's results against each
// other, and WriteTournament writes both as text.
//
// Results (tournamentresults.go) is a tournament's file of results,
// JSON lines, its settings first, then a game a line appended as each is
// over, which OpenResults reads back so that Run plays only the games
// left: a last line cut short is dropped, a file of another tournament
// moved aside, a bad line before the last a *ResultsError (ErrResults).
//
// WritePage (tournamentpage.go, tournamentpage.html) writes a
// tournament's page: one HTML file with package page's style, the
// ladder, the crosstable, and every game, replayed move by move in the
// browser from boards made here, each name and result escaped as text.
package referee
