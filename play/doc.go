// Package play is Othello for people at a terminal: it draws the board
// with its coordinates, reads moves and commands typed or piped in,
// explains a refused move, announces passes and the winner, and lets the
// computer players of package player take either side, or both. Match
// plays computer players against each other for a tally.
//
// It has two looks: Plain, its own, and XO, the classic text game in
// which X (Black) plays O (White) on a board of '-'. Plain marks the last
// move, lists the discs it flipped, marks the legal moves and says the
// score and whose turn it is; it can draw the board in colour. Package
// play never looks at the terminal or the environment: the caller says
// in Config whether to colour, and whether a person types at a
// terminal, so that the end of the input is quitting.
package play
