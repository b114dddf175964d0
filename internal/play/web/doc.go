// Package web is othello serve: the game in a browser, with the standard
// library only and nothing fetched at run time. It holds the pages and
// handlers of the server (server.go, which drives a session.Session for
// each game), the games it holds (store.go) and the page and its script
// (static/). The board and the style sheet are package page's, shared
// with a check's HTML report, which is package report's.
//
// The board is drawn on the server by page.BoardSVG; the page's
// JavaScript only asks the server and swaps what it answers in, so the
// game's logic stays in packages othello and session.
//
// ListenAndServe (listen.go) is othello serve itself: it listens, says
// where, and warns of an address beyond this computer (Exposed), then
// Serve serves until its context is done and shuts the server down,
// giving the requests under way ShutdownTime to end. What ends a server
// but its stop is a *ServeError, which wraps ErrServe.
//
// A Server is othello serve's http.Handler. Its routes:
//
//	GET  /                        the page (static/index.html)
//	GET  /app.js, /style.css      its script and style.css
//	GET  /serve.css               its own look, over style.css
//	POST /api/games               a new game: body NewGame, answer State (201)
//	GET  /api/games/{id}          the game's State
//	POST /api/games/{id}/move     play a square for the person to move: body Move
//	POST /api/games/{id}/undo     back to the previous turn of a person
//	POST /api/games/{id}/hint     the State with the move the computer suggests and every move's score
//	POST /api/games/{id}/goto     a game of people to a move of its line: body Goto
//	POST /api/games/{id}/review   the State with more of its line reviewed: each move's loss, the turning points
//	POST /api/judge               the judge's Transcript of a Judgement
//
// Every POST takes a JSON body (Content-Type: application/json; an empty
// body for undo and hint) of at most 64 KiB. After a person's move, and
// when a game starts with the computer to move, the computer's replies
// are played before the answer, so that a State always waits for a
// person or is over (in a game of two computer players, one move is
// played a request, so that the page shows the game move by move); its Messages say what happened, in othello play's
// words: each move, each pass, the result. A request the server refuses
// is answered in plain text, one line that says why, with status 400 (a
// bad option or JSON, a square the game refuses and why, as othello play
// says it), 404 (no such game), 405 (another method), 413 (a body over
// 64 KiB), 415 (a body that is not JSON) or 503 (too many games, or the
// server is shutting down); with Options.Loopback, a request for another
// host than localhost is refused with 403.
//
// The server holds at most Options.MaxGames games, each locked while a
// request uses it, and drops a game idle longer than Options.Idle when it
// makes a new one. Computer players think within their level's time, no
// more than Options.Searches at once, and a request whose context ends
// stops waiting for them (503); a GET of the game then plays the moves
// the computer owes.
//
// The page's query starts what it names, for links and for the tests in
// a headless browser: the new game form's fields (?size=6x6&white=human),
// a game to replay (?replay=f5d6c3), the squares to play (?moves=d3,c5),
// the keys to press on the board (?keys=ArrowLeft,Enter,u), the buttons
// to click, by id or data-go (?click=end,back), a review of the game
// (?review=1), and a setup and move lines to judge (?judge=...).
package web
