package nboard

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/testkit/protocoltest"
	"github.com/othello-judge/judge/othello"
)

func TestDepthText(t *testing.T) {
	tests := []struct {
		r    player.Result
		want string
	}{
		{player.Result{Exact: true, Score: -6, Depth: 12}, "100%"},
		{player.Result{Score: player.Won + 300, Depth: 9}, "100%W"},
		{player.Result{Score: -player.Won - 200, Depth: 9}, "100%W"},
		{player.Result{Score: 250, Depth: 4}, "4"},
		{player.Result{Score: -75, Depth: 1}, "1"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.r), func(t *testing.T) {
			if got := depthText(tt.r); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLongLine gives the engine a line longer than maxLine: it is
// refused, and the next is answered.
func TestLongLine(t *testing.T) {
	in := "ping " + strings.Repeat("1", maxLine) + "\nping 2\n"
	var out, errs strings.Builder
	if err := Run(strings.NewReader(in), &out, &errs, Config{}); err != nil {
		t.Fatal(err)
	}
	wantErr := fmt.Sprintf("nboard: line 1: a line longer than %d bytes, ignored\n", maxLine)
	if out.String() != "pong 2\n" || errs.String() != wantErr {
		t.Errorf("got %q and on errs %q, want %q and %q", out.String(), errs.String(), "pong 2\n", wantErr)
	}
}

// TestIOErrors checks that the engine returns the error of a reader or a
// writer that fails, and stops.
func TestIOErrors(t *testing.T) {
	protocoltest.IOErrors(t, func(in io.Reader, out, errs io.Writer) error { return Run(in, out, errs, Config{}) })
}

// TestPingStopsSearch starts searches that would not end for years, a CPU
// with no limit of time solving the game from its start, and checks that
// ping stops each and is answered after its last answer: a search runs
// while the commands after it are read. The answer of go is the move and
// score of a search one ply deep, as a stop never cuts the first ply
// short.
func TestPingStopsSearch(t *testing.T) {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	g, _ := setup.NewGame()
	onePly := player.CPU{Depth: 1, Endgame: 1, Budget: player.NoLimit, Threads: 1, Pool: player.NewPool(1)}
	first, err := onePly.Search(g.Position(), othello.MostDiscs)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		command string
		last    string // the start of the search's last answer, before pong
	}{
		{"go", fmt.Sprintf("=== %s/%.2f/", move{square: first.Move}, first.Discs())},
		{"hint 3", "status"},
		{"analyze", "status"},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			in, typed := io.Pipe()
			answers, out := io.Pipe()
			ended := make(chan error, 1)
			c := Config{CPU: player.CPU{Budget: player.NoLimit, Threads: 1, Pool: player.NewPool(1)}}
			go func() {
				err := Run(in, out, io.Discard, c)
				out.Close()
				ended <- err
			}()
			go func() {
				fmt.Fprintf(typed, "nboard 2\n%s\nping 1\nquit\n", tt.command)
				typed.Close()
			}()
			var got []string
			lines := bufio.NewScanner(answers)
			done := make(chan struct{})
			go func() {
				defer close(done)
				for lines.Scan() {
					got = append(got, lines.Text())
				}
			}()
			select {
			case <-done:
			case <-time.After(time.Minute):
				t.Fatal("ping did not stop the search")
			}
			if err := <-ended; err != nil {
				t.Fatal(err)
			}
			n := len(got)
			if n < 2 || got[n-1] != "pong 1" || !strings.HasPrefix(got[n-2], tt.last) {
				t.Errorf("got %q, want the search's last answer %q, then pong 1", got, tt.last)
			}
		})
	}
}

// TestAnswerWhileReading checks that the answer of a search reaches the
// GUI while the engine waits for the next command.
func TestAnswerWhileReading(t *testing.T) {
	in, typed := io.Pipe()
	answers, out := io.Pipe()
	c := Config{CPU: player.CPU{Depth: 2, Threads: 1}}
	go func() {
		Run(in, out, io.Discard, c)
		out.Close()
	}()
	go fmt.Fprintf(typed, "nboard 2\ngo\n")
	lines := bufio.NewScanner(answers)
	found := make(chan bool)
	go func() {
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), "=== ") {
				found <- true
				return
			}
		}
		found <- false
	}()
	select {
	case ok := <-found:
		if !ok {
			t.Error("the engine ended without answering go")
		}
	case <-time.After(time.Minute):
		t.Error("no answer to go while the engine waits for the next command")
	}
	typed.Close()
	io.Copy(io.Discard, answers)
}
