package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

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

// shutdownTime is how long requests under way have to end once the
// server is asked to stop.
const shutdownTime = 10 * time.Second

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
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "othello serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "othello serve: listening on http://%s\n", ln.Addr())
	tcp, ok := ln.Addr().(*net.TCPAddr)
	loopback := ok && tcp.IP.IsLoopback()
	if !loopback {
		fmt.Fprint(stderr, exposed(ln.Addr()))
	}
	return serve(ctx, ln, web.NewServer(web.Options{MaxGames: *games, Idle: *idle, Loopback: loopback}), stderr)
}

// exposed says, in two lines for standard error, what a server that
// listens on addr, which is not a loopback address, lets anyone who can
// reach it do, and that it answers a request whatever host it names.
func exposed(addr net.Addr) string {
	where := "on " + addr.String()
	if a, ok := addr.(*net.TCPAddr); ok && a.IP.IsUnspecified() {
		where = "on every network interface"
	}
	return "othello serve: warning: listening " + where + ", not on this computer only: anyone who can reach it on the network" +
		" can play games, use this computer's CPU for the computer's moves (within -games and each level's time)," +
		" and have the games and transcripts they send replayed and judged\n" +
		"othello serve: warning: a request that names another host is answered, not refused as on a loopback address:" +
		" listen beyond this computer only on a network you trust\n"
}

// serve serves h on ln until ctx is done, then shuts the server down:
// it stops listening, cancels the requests' contexts (ctx is their
// base), so that a computer thinking is not waited for, and waits up to
// shutdownTime for them to end. It returns the exit status.
func serve(ctx context.Context, ln net.Listener, h http.Handler, stderr io.Writer) int {
	srv := &http.Server{
		Handler:           h,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintf(stderr, "othello serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "othello serve: shutting down")
	done, cancel := context.WithTimeout(context.Background(), shutdownTime)
	defer cancel()
	err := srv.Shutdown(done)
	if serr := <-served; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err != nil {
		srv.Close()
		fmt.Fprintf(stderr, "othello serve: %v\n", err)
		return 1
	}
	return 0
}
