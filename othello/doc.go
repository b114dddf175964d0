// Package othello is an Othello engine: boards of any even size from 4x4
// to 16x16, the full and the simple rule sets behind one Rules interface,
// positions, and games played to the end with passes, scores and winners.
//
// A Setup says how a game starts (rules, board, first player, win rule)
// and Setup.NewGame starts it. A Position is one turn and answers the
// questions of a turn: whose move (Turn), where (Legal) and with what
// flips (Moves), the discs (Discs, Empties, Score), and whether the game
// is over (Over); Play returns the discs it flipped, and Pass is refused
// while there is a move. A Game is a Position played on to the end, with
// the passes made for the player who has no move (Passed) and the
// positions it went through (Ply, Played, Undo).
//
// Boards are bit sets, one a colour (SquareSet), and the rules find moves
// and flips with shifts and masks, a whole line at a time; an 8x8 board
// is worked on as one uint64 a colour (bits8.go). Position.Perft counts
// game trees the way published perft tables do.
//
// It does no input or output. Everything it refuses comes back as an error
// wrapping one of the Err variables, for errors.Is, inside a *MoveError or
// a *ValueError, for errors.As.
//
// Package othello and package console are the module's public API: every
// other package of the module is under internal/ or is a command.
package othello
