package main

import (
	"bufio"
	"encoding/json"
	"io"
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
	errRead, errWrite := io.Pipe()
	exited := make(chan int, 1)
	go func() {
		status := run([]string{"serve", "-addr", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, errWrite, environ{})
		errWrite.Close()
		exited <- status
	}()
	lines := bufio.NewScanner(errRead)
	if !lines.Scan() {
		t.Fatalf("standard error ended before the address: %v", lines.Err())
	}
	url, ok := strings.CutPrefix(lines.Text(), "othello serve: listening on ")
	if !ok {
		t.Fatalf("first line: got %q, want othello serve: listening on http://...", lines.Text())
	}
	rest := make(chan string, 1)
	go func() {
		var b strings.Builder
		for lines.Scan() {
			b.WriteString(lines.Text() + "\n")
		}
		rest <- b.String()
	}()

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
	if got := <-rest; got != "othello serve: shutting down\n" {
		t.Errorf("standard error after the address: got %q, want othello serve: shutting down", got)
	}
	if _, err := http.Get(url + "/"); err == nil {
		t.Errorf("GET / after the end: got an answer, want none")
	}
}
