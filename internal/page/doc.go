// Package page is the look that every HTML page of the project shares,
// the game of othello serve (package web) and a check's report (package
// report) alike: BoardSVG draws a board as SVG with its Marks (board.go),
// and Style is style.css, embedded, which styles the board and the rest
// of each page (style.go). It holds no page of its own and knows nothing
// of games or checks: the board is drawn on the server, from an
// othello.Board, and each page puts Style in its <style> element or
// serves it as /style.css. Its subpackage pagetest helps the pages'
// tests: strict XML, sets of squares, and a headless Chromium.
package page
