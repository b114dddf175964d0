package web

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// lineLog is a log that sends each line written to it on lines.
type lineLog struct {
	mu    sync.Mutex
	buf   string
	lines chan string
}

func (l *lineLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf += string(p)
	for {
		line, rest, ok := strings.Cut(l.buf, "\n")
		if !ok {
			return len(p), nil
		}
		l.lines <- line
		l.buf = rest
	}
}

// TestListenAndServe serves on a free loopback port: it says where, a
// request for another host is refused, and it stops when asked.
func TestListenAndServe(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	log := &lineLog{lines: make(chan string, 10)}
	ended := make(chan error, 1)
	go func() { ended <- ListenAndServe(ctx, "127.0.0.1:0", Options{}, log) }()
	url, ok := strings.CutPrefix(<-log.lines, "othello serve: listening on ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("got the address %q, want http://127.0.0.1:PORT", url)
	}
	tests := []struct {
		name, host string
		want       int
	}{
		{"its own host", "", http.StatusOK},
		{"another host", "rebound.example", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", url+"/", nil)
			if tt.host != "" {
				req.Host = tt.host
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("got %d, want %d", resp.StatusCode, tt.want)
			}
		})
	}
	stop()
	if err := <-ended; err != nil {
		t.Errorf("got %v, want nil", err)
	}
	if got := <-log.lines; got != "othello serve: shutting down" {
		t.Errorf("got %q, want othello serve: shutting down", got)
	}
}

// TestListenAndServeEverywhere serves on every interface: it warns,
// twice, before it serves.
func TestListenAndServeEverywhere(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	log := &lineLog{lines: make(chan string, 10)}
	ended := make(chan error, 1)
	go func() { ended <- ListenAndServe(ctx, "0.0.0.0:0", Options{}, log) }()
	<-log.lines
	for _, want := range []string{"othello serve: warning: listening on every network interface", "othello serve: warning: a request that names another host"} {
		if got := <-log.lines; !strings.HasPrefix(got, want) {
			t.Errorf("got %q, want it to start %q", got, want)
		}
	}
	stop()
	if err := <-ended; err != nil {
		t.Errorf("got %v, want nil", err)
	}
}

// TestServeErrors checks that what ends a server but its stop is a
// *ServeError that says what it was doing: listening on a bad address,
// serving on a listener closed, or waiting for a request that does not
// end.
func TestServeErrors(t *testing.T) {
	started, release := make(chan struct{}, 1), make(chan struct{})
	defer close(release)
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-release // whatever its context says
	})
	tests := []struct {
		name  string
		serve func(t *testing.T) error
		op    string
		cause error // what else it wraps, if not nil
	}{
		{"a bad address", func(t *testing.T) error {
			return ListenAndServe(context.Background(), "256.0.0.1:0", Options{}, io.Discard)
		}, "listen", nil},
		{"a listener closed", func(t *testing.T) error {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ln.Close()
			return Serve(context.Background(), ln, slow, io.Discard)
		}, "serve", net.ErrClosed},
		{"a request that does not end", func(t *testing.T) error {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ctx, stop := context.WithCancel(context.Background())
			go func() {
				if resp, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
					resp.Body.Close()
				}
			}()
			go func() {
				<-started
				stop()
			}()
			return serve(ctx, ln, slow, io.Discard, 50*time.Millisecond)
		}, "shutdown", context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.serve(t)
			var se *ServeError
			if !errors.As(err, &se) || !errors.Is(err, ErrServe) || se.Op != tt.op || !strings.HasPrefix(err.Error(), "web: ") {
				t.Fatalf("got %v, want a *ServeError of %s that wraps ErrServe", err, tt.op)
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("got %v, want it to wrap %v", err, tt.cause)
			}
		})
	}
}

// TestExposed checks the warning of a server beyond this computer: where
// it listens, and what that lets others do.
func TestExposed(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string // the start of the first line
	}{
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "othello serve: warning: listening on every network interface, not on this computer only"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, "othello serve: warning: listening on every network interface,"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 2), Port: 80}, "othello serve: warning: listening on 192.168.1.2:80, not on this computer only"},
	}
	for _, tt := range tests {
		t.Run(tt.addr.String(), func(t *testing.T) {
			got := Exposed(tt.addr)
			lines := strings.Split(got, "\n")
			if len(lines) != 3 || lines[2] != "" || !strings.HasPrefix(lines[0], tt.want) {
				t.Fatalf("got %q, want two lines, the first starting %q", got, tt.want)
			}
			for _, want := range []string{"anyone who can reach it", "CPU", "replayed and judged", "another host is answered", "a network you trust"} {
				if !strings.Contains(got, want) {
					t.Errorf("got %q, want it to say %q", got, want)
				}
			}
		})
	}
}
