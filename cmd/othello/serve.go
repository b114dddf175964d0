package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/othello-judge/judge/internal/play/web"
)

const serveUsage = `usage: othello serve [flags]

Serves the game in a browser, at the address it says on standard error
("othello serve: listening on http://127.0.0.1:8080"): play against the
computer or another person with othello play's options (rules, size,
first player, win rule, level, who plays each colour), with undo, hints,
the legal moves and the last move marked; replay a game in GGF, a move
list or a judge's .in move by move, and play on from any move; and see
the judge's transcript of a setup and move lines, as othello -explain
writes it. Keys on the board: arrows and Enter or Space play, u undoes,
? hints; or type a square such as d3 in the Move field. Nothing is
fetched from the network. Ctrl-C or SIGTERM stops it, once the requests
under way have ended (a computer's move is cut short). Exit status: 0
stopped by Ctrl-C or SIGTERM, 1 if it cannot listen or requests have not
ended 10s after it was asked to stop, 2 bad command line.

Flags:
  -addr HOST:PORT
	where to listen (default 127.0.0.1:8080: this computer only). Port 0
	takes a free port. On a loopback address, a request that names
	another host is refused (403), so that a web page elsewhere cannot
	reach the server through a name of its own. On any other address
	(such as -addr :8080, every network interface, for a phone), it says
	so on standard error: anyone who can reach the address can play, use
	this computer's CPU for the computer's moves, and have what they
	send replayed and judged, and a request is answered whatever host it
	names. Listen beyond this computer only on a network you trust
  -games N
	the most games held at once (default 1000); a new game beyond them
	is refused until some are dropped
  -idle D
	drop a game not played for D, such as 30m (default 1h)
`

// runServe runs "othello serve" until Ctrl-C or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("serve", stderr)
	addr := flags.String("addr", "127.0.0.1:8080", "")
	games := flags.Int("games", web.DefaultMaxGames, "")
	idle := flags.Duration("idle", web.DefaultIdle, "")
	if status, ok := parseFlags(flags, args, serveUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "serve", serveUsage, format, a...) }
	if flags.NArg() > 0 {
		return usageError("unexpected argument %q", flags.Arg(0))
	}
	if *games < 1 || *idle <= 0 {
		return usageError("-games must be 1 or more and -idle positive")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := web.ListenAndServe(ctx, *addr, web.Options{MaxGames: *games, Idle: *idle}, stderr); err != nil {
		return failed(stderr, "serve", err, "web")
	}
	return 0
}
