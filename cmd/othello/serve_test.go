package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestServe runs othello serve on a free port, as a person would: it
// reads the address on standard error, gets the page, starts a game and
// plays a move, then stops the server with SIGINT, which must end it
// cleanly with status 0.
func TestServe(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on Windows")
	}
	url, rest, exited := startServe(t, "-addr", "127.0.0.1:0")
	resp, err := http.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "<title>Othello</title>") {
		t.Errorf("GET /: got %d %.40q, want 200 and the page", resp.StatusCode, page)
	}
	var st struct {
		ID       string
		Messages []string
	}
	for _, req := range []struct{ path, body string }{
		{"/api/games", `{"level":"1"}`},
		{"/api/games/ID/move", `{"square":"d3"}`},
	} {
		resp, err := http.Post(url+strings.Replace(req.path, "ID", st.ID, 1), "application/json", strings.NewReader(req.body))
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if err != nil || resp.StatusCode >= 300 {
			t.Fatalf("POST %s: got %d, %v", req.path, resp.StatusCode, err)
		}
	}
	if len(st.Messages) != 2 || st.Messages[0] != "Black plays d3 and flips 1 disc: d4." {
		t.Errorf("after d3: got %q, want Black's d3 and White's reply", st.Messages)
	}

	req, _ := http.NewRequest("GET", url+"/", nil)
	req.Host = "rebound.example"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("GET / of another host on loopback: got %s, want 403", resp.Status)
	}

	stopServe(t, exited)
	if got := <-rest; got != "othello serve: shutting down\n" {
		t.Errorf("standard error after the address: got %q, want othello serve: shutting down", got)
	}
	if _, err := http.Get(url + "/"); err == nil {
		t.Errorf("GET / after the end: got an answer, want none")
	}
}

// TestServeEverywhere runs othello serve on every network interface: it
// says so, and what that lets anyone who can reach it do, and answers a
// request that names another host.
func TestServeEverywhere(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on Windows")
	}
	url, rest, exited := startServe(t, "-addr", "0.0.0.0:0")
	host, port, err := net.SplitHostPort(strings.TrimPrefix(url, "http://"))
	if err != nil || (host != "0.0.0.0" && host != "::") {
		t.Errorf("got the address %s, want http://0.0.0.0:PORT or http://[::]:PORT", url)
	}
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+"/", nil)
	req.Host = "rebound.example"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET / of another host on every interface: got %s, want 200", resp.Status)
	}
	stopServe(t, exited)
	lines := strings.Split(<-rest, "\n")
	if len(lines) != 4 || lines[2] != "othello serve: shutting down" {
		t.Fatalf("standard error after the address: got %q, want two lines of warning and othello serve: shutting down", lines)
	}
	for _, want := range []string{"warning: listening on every network interface", "anyone who can reach it", "play games",
		"CPU", "replayed and judged", "another host is answered"} {
		if !strings.Contains(lines[0]+lines[1], want) {
			t.Errorf("the warning %q lacks %q", lines[:2], want)
		}
	}
}

// startServe runs othello serve with args, and returns the address that
// the first line of its standard error says, the rest of its standard
// error once it has ended, and then its exit status.
func startServe(t *testing.T, args ...string) (url string, rest <-chan string, exited <-chan int) {
	t.Helper()
	errRead, errWrite := io.Pipe()
	status := make(chan int, 1)
	go func() {
		s := run(append([]string{"serve"}, args...), strings.NewReader(""), io.Discard, errWrite, environ{})
		errWrite.Close()
		status <- s
	}()
	lines := bufio.NewScanner(errRead)
	if !lines.Scan() {
		t.Fatalf("standard error ended before the address: %v", lines.Err())
	}
	url, ok := strings.CutPrefix(lines.Text(), "othello serve: listening on ")
	if !ok {
		t.Fatalf("first line: got %q, want othello serve: listening on http://...", lines.Text())
	}
	others := make(chan string, 1)
	go func() {
		var b strings.Builder
		for lines.Scan() {
			b.WriteString(lines.Text() + "\n")
		}
		others <- b.String()
	}()
	return url, others, status
}

// stopServe stops othello serve with SIGINT, which must end it cleanly
// with status 0.
func stopServe(t *testing.T, exited <-chan int) {
	t.Helper()
	p, _ := os.FindProcess(os.Getpid())
	if err := p.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case status := <-exited:
		if status != 0 {
			t.Errorf("exit status after SIGINT: got %d, want 0", status)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("othello serve did not end 15s after SIGINT")
	}
}
