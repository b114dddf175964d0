// Package book is the opening book of 8x8 Othello under the full rules:
// the positions that many tournament games reached in their first moves,
// each with how many games reached it and their mean final margin, and
// the names of the common openings.
//
// A position is known with its 8 symmetries (the square's rotations and
// reflections): the key of a position (key.go) is the least of its 8
// images, so the start's four first moves are one. A Book (book.go) gives
// the moves of a position that lead to positions it knows, with their
// games and scores; it is read from and written to text (format.go),
// one line a position: the moves that reach it from the start, its games
// and its mean margin. Standard is the book of the repository
// (book.txt, embedded), which make book rebuilds from the WTHOR games
// with Builder (build.go, run by internal/engine/book/mkbook). Openings (names.go) are
// the named lines of openings.txt, "name<TAB>moves" a line; Name gives
// the name of the longest that a game has reached, and Lines each line.
//
// The package never prints or reads files: mkbook does.
package book
