// Package terminal is Othello for people at a terminal: it reads the
// moves and commands people type or pipe in, and draws the board with
// its coordinates, in one of two looks. Match plays the computer players
// of package player against each other for a tally, which WriteTally
// writes. Review (review.go, othello review) scores each move of a game
// of a file against the best one, and names the turning points, in the
// words of package session.
//
// A game can go on from a file, or start on its board, and be saved as
// it goes (file.go): ReadFile reads the first game of a file that can be
// played, in any format package record reads; Saver is a Config.Save
// that writes the game in GGF, the file replaced whole each time; and
// SaveBase is what the saved record keeps of the file: all a loaded game
// says, its players' names and ratings for the colours people play, but
// a colour whose computer player was given by name, named after it.
//
// The game itself is a session.Session: Run reads a person's lines and
// hands the moves to it, asks the computer player to move for its reply,
// and shows what the session says (a move and its flips, a refusal and
// why, a pass, undo's answer, the result) in the style chosen. Package
// terminal keeps no game logic and no messages of its own but its
// commands' (help, moves, record, quit) and the looks of the board.
//
// The two looks are Plain, its own, and XO, the classic text game in
// which X (Black) plays O (White) on a board of '-'. Plain marks the last
// move, lists the discs it flipped, marks the legal moves and says the
// score and whose turn it is, and the opening's name when it changes
// (opening.go, from package book); it can draw the board in colour. Package
// terminal never looks at the terminal or the environment: the caller
// says in Config whether to colour, and whether a person types at a
// terminal, so that the end of the input is quitting.
//
// Options (options.go) are othello play's flags as plain values, with
// what the command knows of its terminals and NO_COLOR: Plan makes the
// Config of the game they ask for, or of a match, with its file and its
// Saver, or returns an *OptionsError (ErrOptions) in the words of the
// command line, or a *FileError (ErrFile) for a file of -board or -load
// that cannot be played.
package terminal
