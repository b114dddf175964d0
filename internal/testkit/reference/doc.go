// Package reference is a deliberately simple Othello board for the
// tests: both rule sets, written square by square from PROTOCOL.md and
// sharing no code with package othello, so that the engine (package
// othello) and the judge (package console) are each checked against a
// second implementation, not only against the code that wrote their
// answers.
//
// A Board is a grid of bytes, 'B', 'W' and '.', row by row; a square is
// a row and a column from 0, and a list of squares holds each as
// row*100+col. Nothing here is fast or clever: every function looks at
// the squares one by one, and imports nothing but package bytes.
package reference
