package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// ShutdownTime is how long the requests under way have to end once a
// server that Serve serves is asked to stop.
const ShutdownTime = 10 * time.Second

// ErrServe means a server could not listen, stopped serving on an error,
// or had requests that did not end in time once it was asked to stop.
var ErrServe = errors.New("web: serving failed")

// A ServeError is what ended a server other than its stop: what it was
// doing, Op ("listen", "serve" or "shutdown"), and the error. It wraps
// ErrServe and Err.
type ServeError struct {
	Op  string
	Err error
}

// Error returns "web: " and the error, such as "web: listen tcp
// 127.0.0.1:80: bind: permission denied".
func (e *ServeError) Error() string { return "web: " + e.Err.Error() }

// Unwrap returns ErrServe and the error.
func (e *ServeError) Unwrap() []error { return []error{ErrServe, e.Err} }

// ListenAndServe listens on the TCP address addr and serves a Server of
// o, Loopback set when addr is a loopback address, as othello serve does:
// it says on log where it listens ("othello serve: listening on
// http://127.0.0.1:8080") and, on an address beyond this computer, what
// that exposes (Exposed), then serves until ctx is done (Serve). A
// failure is a *ServeError.
func ListenAndServe(ctx context.Context, addr string, o Options, log io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return &ServeError{Op: "listen", Err: err}
	}
	fmt.Fprintf(log, "othello serve: listening on http://%s\n", ln.Addr())
	tcp, ok := ln.Addr().(*net.TCPAddr)
	o.Loopback = ok && tcp.IP.IsLoopback()
	if !o.Loopback {
		fmt.Fprint(log, Exposed(ln.Addr()))
	}
	return Serve(ctx, ln, NewServer(o), log)
}

// Exposed says, in two lines for standard error, what a server that
// listens on addr, which is not a loopback address, lets anyone who can
// reach it do, and that it answers a request whatever host it names.
func Exposed(addr net.Addr) string {
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

// Serve serves h on ln until ctx is done, then shuts the server down,
// saying so on log: it stops listening, cancels the requests' contexts
// (ctx is their base), so that a computer thinking is not waited for, and
// waits up to ShutdownTime for them to end. It returns nil once they
// have, and a *ServeError if they have not, or if serving failed before.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, log io.Writer) error {
	return serve(ctx, ln, h, log, ShutdownTime)
}

// serve is Serve, the requests given grace to end.
func serve(ctx context.Context, ln net.Listener, h http.Handler, log io.Writer, grace time.Duration) error {
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
		return &ServeError{Op: "serve", Err: err}
	case <-ctx.Done():
	}
	fmt.Fprintln(log, "othello serve: shutting down")
	done, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(done)
	if serr := <-served; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err != nil {
		srv.Close()
		return &ServeError{Op: "shutdown", Err: err}
	}
	return nil
}
