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

Serves the game in a browser, at the address it says on standard error:
play against the computer or another person, replay a game move by move,
and see the judge's transcript of a setup. Nothing is fetched from the
network. Ctrl-C or SIGTERM stops it. Exit status: 0 stopped, 1 if it
cannot listen or requests have not ended 10s after it was asked to stop,
2 bad command line.

Flags:
  -addr HOST:PORT
	where to listen (default 127.0.0.1:8080: this computer only; port 0
	takes a free port); on any other, anyone who can reach it can play
  -games N
	the most games held at once (default 1000)
  -idle D
	drop a game not played for D, such as 30m (default 1h)

See doc/playing.md.
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
