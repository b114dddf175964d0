// Package txtar reads and writes the text archives in which the tests
// keep their cases, one case a file, in the format of the Go tree's
// tests (golang.org/x/tools/txtar): a comment, then files, each from a
// line "-- NAME --" to the next such line or the end of the archive.
//
// Parse and Format are each other's inverse, as in the Go tree: Parse
// gives the last line of the comment or of a file a newline if it has
// none, and Format writes every file after its marker line. MarkBlanks
// and UnmarkBlanks keep the blanks that end a line of a file, which an
// editor would strip, visible as a "$" after them; the tests mark the
// sections of program output so, and no others.
package txtar
