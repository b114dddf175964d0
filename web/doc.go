// Package web draws the game in a browser, with the standard library
// only and nothing fetched at run time: the board as SVG (board.go), the
// one look of every page (style.css, embedded), a check's report as one
// self-contained HTML file and the index of a class's reports
// (report.go, its template report.html, embedded, and steps.go, which
// cuts a way's reproducer into the steps the report shows), and the
// pages and handlers of othello serve (server.go).
//
// The board is drawn on the server by BoardSVG, for the report and for
// the game alike; the pages' JavaScript only asks the server and swaps
// what it answers in, so the game's logic stays in package othello.
package web
