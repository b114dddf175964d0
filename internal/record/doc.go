// Package record reads and writes the records of games: how a game
// started, the moves played, the players, the date and the place; and
// positions to solve, each read as a game with no moves. It reads and
// writes text (a WTHOR file's bytes as a string), and never the
// terminal; ReadFile, the one reader of game files that othello play
// (-load, -board), solve and review share, reads a file and says its
// problems as *FileError; ReplaceFile, its writer side, replaces a file
// whole, as othello play -save writes its game (and package class its
// grades). The web server's loaded games call Read.
//
// A Record holds an othello.Setup and the squares played, what its text
// says of the game, and nothing it can work out: Game replays the moves
// into an othello.Game, which makes the passes and gives the board, whose
// turn it is and the result. Its formats, each read and written in one
// file:
//
//   - GGF, the Generic Game Format of the GGS game servers, which NBoard
//     and most Othello programs read and write (ggf.go): ParseGGF reads
//     every game of a text, synchro and komi games among them, and
//     FormatGGF writes one. What a GGF game says besides its moves is
//     kept from reading to writing: the players, their ratings, the
//     clocks, the type, the result as written, each move's evaluation
//     and time (Notes), and every other property, verbatim (Props).
//   - SGF, the Smart Game Format, as Edax and other Othello programs
//     write it (sgf.go): ParseSGF reads the main line of every game of a
//     text, read only.
//   - PGN, the Portable Game Notation, as the WTHOR collections and Edax
//     write games of 8x8 from the standard start (pgn.go): ParsePGN reads
//     every game of a text, and FormatPGN writes one.
//   - WTHOR's game files, .wtb, the binary format of the French
//     federation's database of tournament games (wtb.go): ParseWTB reads
//     every game of a file, read only.
//   - A move list, the squares played, as players write a game:
//     f5d6c3d3c4 (movelist.go).
//   - The judge's input, a setup and move lines, as a .in file holds it
//     (judge.go): read only, as the judge plays it.
//   - OBF, positions one a line with the exact scores of some moves, as
//     the FFO test positions are written (obf.go): read only, by
//     ParseOBF, each position a record of a game with no moves and its
//     known scores (Known).
//
// Read reads a text of any of them, telling the format by content
// (Detect): its games or positions as records, and the format. Parse is
// Read for a caller that wants games played, refusing OBF.
//
// GGF cannot say everything this engine plays; what it cannot, this
// package writes so that other readers skip it or refuse it plainly:
//
//   - A board that is not square has the size ROWSxCOLS in TY and BO:
//     TY[8x10], BO[8x10 ...] for 8 rows of 10 columns. GGS has no such
//     boards and no convention for them, and no way to write them can
//     make NBoard read them: its GGF reader (COsGame, in
//     github.com/weltyc/othello) reads TY and BO as one number, the side
//     of a square board of 4, 6, 8, 10, 12 or 14 (or 88, the octagon),
//     its board holds n*n squares, and it refuses a game whose TY has
//     another letter after the number, such as the x of 8x10: it
//     throws, and NBoard keeps the game it had. So it does for our 16x16
//     boards, and for RU, since it refuses any property it does not
//     know.
//   - The simple rules are RU[simple], a property GGF does not have; a
//     reader that does not know it skips it, and reads the game under the
//     full rules, in which its moves may be refused. No RU is the full
//     rules.
//   - A game that goes on has no RE, as on the servers: the result is
//     written once the game is over, and read from the moves, not from
//     RE. RE[?] and results that the moves do not give, such as a
//     resignation, are kept as written (Result) and written back, and
//     never taken for the result.
//
// Passes: othello.Game passes on its own for a player who has no legal
// move, so a record keeps only the squares played. GGF writes every pass
// as PA and a move list writes none; both are read with passes written
// (PA, pa) or left out, and a pass written where the player to move has
// a legal move is refused.
//
// Errors are typed: a text that cannot be read is a *ParseError naming
// its line, wrapping ErrSyntax, ErrUnsupported, ErrNoGame or ErrFormat,
// an othello error such as othello.ErrSquare or othello.ErrSize, or a
// *MoveError, which names the move the game refused, its number, player
// and square, and wraps ErrTurn or the othello error of the refusal. A
// text of many games of which some cannot be read or played gives the
// others, and a *SkipError, wrapping ErrSkipped, that lists the games
// skipped, each its number in the text and its *ParseError.
package record
