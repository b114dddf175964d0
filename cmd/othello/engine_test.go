package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// runEnv, when set, makes the test binary the othello command: TestMain
// runs run with the binary's arguments, so that a test can start
// "othello nboard" or "othello gtp" as a process of its own.
const runEnv = "OTHELLO_TEST_RUN"

func TestEngineCommandLine(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantOut    string // the start of standard output
		wantErr    string // the start of standard error
	}{
		{"nboard help", []string{"nboard", "-h"}, "", 0, "usage: othello nboard", ""},
		{"gtp help", []string{"gtp", "-h"}, "", 0, "usage: othello gtp", ""},
		{"nboard", []string{"nboard"}, "nboard 2\nping 3\nquit\n", 0, "set myname othello\npong 3\n", ""},
		{"nboard at the end of input", []string{"nboard"}, "ping 1", 0, "pong 1\n", ""},
		{"nboard error", []string{"nboard"}, "move J\n", 0, "", "nboard: line 1: move \"J\": not a square"},
		{"gtp", []string{"gtp", "-depth", "1", "-threads", "1"}, "1 genmove b\nquit\n", 0, "=1 d3\n\n= \n\n", ""},
		{"gtp at the end of input", []string{"gtp"}, "name", 0, "= othello\n\n", ""},
		{"nboard stray argument", []string{"nboard", "x"}, "", 2, "", `othello nboard: unexpected argument "x"`},
		{"gtp negative depth", []string{"gtp", "-depth", "-1"}, "", 2, "", "othello gtp: -depth must be 0 or more, got -1"},
		{"nboard no time", []string{"nboard", "-time", "0s"}, "", 2, "", "othello nboard: -time must be positive, got 0s"},
		{"gtp no threads", []string{"gtp", "-threads", "0"}, "", 2, "", "othello gtp: -threads must be 1 or more, got 0"},
		{"gtp unknown flag", []string{"gtp", "-x"}, "", 2, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr, environ{})
			if status != tt.wantStatus {
				t.Errorf("exit status: got %d, want %d", status, tt.wantStatus)
			}
			if !strings.HasPrefix(stdout.String(), tt.wantOut) {
				t.Errorf("standard output: got %q, want it to start with %q", stdout.String(), tt.wantOut)
			}
			if !strings.HasPrefix(stderr.String(), tt.wantErr) || (tt.wantErr == "" && stderr.Len() > 0) {
				t.Errorf("standard error: got %q, want it to start with %q", stderr.String(), tt.wantErr)
			}
		})
	}
}

// brokenWriter fails every write.
type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("broken") }

// TestEngineWriteError checks that an engine whose output fails stops,
// with exit status 1 and the error on standard error.
func TestEngineWriteError(t *testing.T) {
	for _, sub := range []string{"nboard", "gtp"} {
		var stderr bytes.Buffer
		status := run([]string{sub}, strings.NewReader("ping 1\nname\n"), brokenWriter{}, &stderr, environ{})
		if want := "othello " + sub + ": broken\n"; status != 1 || stderr.String() != want {
			t.Errorf("%s: got status %d, stderr %q; want 1, %q", sub, status, stderr.String(), want)
		}
	}
}

// An engineProcess is othello nboard or othello gtp, the test binary
// started again as a process of its own, that the test drives as a GUI.
type engineProcess struct {
	t      *testing.T
	name   string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr bytes.Buffer
}

// startEngine starts the test binary as "othello ARGS...", to be killed
// after two minutes at most.
func startEngine(t *testing.T, name string, args ...string) *engineProcess {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	e := &engineProcess{t: t, name: name, cmd: exec.CommandContext(ctx, os.Args[0], args...)}
	e.cmd.Env = append(os.Environ(), runEnv+"=1")
	e.cmd.Stderr = &e.stderr
	var err error
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	e.stdout = bufio.NewReader(stdout)
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return e
}

// send writes a command line.
func (e *engineProcess) send(line string) {
	e.t.Helper()
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		e.t.Fatalf("%s: writing %q: %v", e.name, line, err)
	}
}

// read returns the next line of the engine's output, without its "\n".
func (e *engineProcess) read() string {
	e.t.Helper()
	line, err := e.stdout.ReadString('\n')
	if err != nil {
		e.t.Fatalf("%s: reading after %q: %v; standard error: %q", e.name, line, err, e.stderr.String())
	}
	return strings.TrimSuffix(line, "\n")
}

// quit sends quit and checks that the engine ends with exit status 0
// and nothing on standard error.
func (e *engineProcess) quit() {
	e.t.Helper()
	e.send("quit")
	e.stdin.Close()
	io.Copy(io.Discard, e.stdout)
	if err := e.cmd.Wait(); err != nil || e.stderr.Len() > 0 {
		e.t.Errorf("%s: ended with %v, standard error %q; want status 0 and nothing", e.name, err, e.stderr.String())
	}
}

// TestNBoardSelfPlay plays a whole game between two othello nboard
// processes on 8x8 and on 4x4, the test as the GUI: each move must be legal, a pass only
// when there is no move, and the score of the last move the final margin.
func TestNBoardSelfPlay(t *testing.T) {
	for _, size := range []int{8, 4} {
		t.Run(fmt.Sprintf("%dx%d", size, size), func(t *testing.T) { nboardSelfPlay(t, size) })
	}
}

// nboardSelfPlay is TestNBoardSelfPlay on a board of size x size.
func nboardSelfPlay(t *testing.T, size int) {
	engines := map[othello.Color]*engineProcess{
		othello.Black: startEngine(t, "black", "nboard", "-threads", "1"),
		othello.White: startEngine(t, "white", "nboard", "-threads", "1"),
	}
	for c, e := range engines {
		e.send("nboard 2")
		if got := e.read(); got != "set myname othello" {
			t.Fatalf("%s: answered nboard 2 with %q, want set myname othello", e.name, got)
		}
		e.send("set depth " + strconv.Itoa(int(c)+1)) // 2 for Black, 3 for White
		e.send(fmt.Sprintf("set game (;GM[Othello]PC[test]TY[%d];)", size))
	}
	b, _ := othello.NewStartBoard(size, size)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	var lastScore float64
	var lastMover othello.Color
	passes := 0
	for ping := 1; !p.Over(); ping++ {
		e := engines[p.Turn()]
		e.send("ping " + strconv.Itoa(ping))
		e.send("go")
		for line := e.read(); line != "pong "+strconv.Itoa(ping); line = e.read() {
			t.Fatalf("%s: got %q before pong %d", e.name, line, ping)
		}
		var answer string
		for answer == "" {
			switch line := e.read(); {
			case strings.HasPrefix(line, "=== "):
				answer = strings.TrimPrefix(line, "=== ")
			case !strings.HasPrefix(line, "status") && !strings.HasPrefix(line, "nodestats ") && !strings.HasPrefix(line, "search "):
				t.Fatalf("%s: got %q while thinking", e.name, line)
			}
		}
		fields := strings.Split(answer, "/")
		if len(fields) != 3 {
			t.Fatalf("%s: answered %q, want MOVE/EVAL/TIME", e.name, answer)
		}
		score, err := strconv.ParseFloat(fields[1], 64)
		if err != nil {
			t.Fatalf("%s: answered %q: %v", e.name, answer, err)
		}
		mover := p.Turn()
		if fields[0] == "PA" {
			err = p.Pass()
			passes++
		} else {
			_, err = p.Play(parseNBoardSquare(t, fields[0]))
		}
		if err != nil {
			t.Fatalf("%s: played %s: %v", e.name, fields[0], err)
		}
		lastScore, lastMover = score, mover
		for _, e := range engines {
			e.send("move " + answer)
		}
	}
	// After the last move the opponent is to move.
	if want := float64(-finalMargin(p, othello.MostDiscs)); lastScore != want || p.Turn() == lastMover {
		t.Errorf("the last move's score: got %v, want the final margin %v", lastScore, want)
	}
	black, white := p.Score()
	t.Logf("the game ended %d to %d, with %d passes", black, white, passes)
	for _, e := range engines {
		e.quit()
	}
}

// parseNBoardSquare reads a square as NBoard writes it, such as F5.
func parseNBoardSquare(t *testing.T, text string) othello.Square {
	t.Helper()
	if len(text) != 2 || text[0] < 'A' || text[0] > 'H' || text[1] < '1' || text[1] > '8' {
		t.Fatalf("%q is not a square from A1 to H8", text)
	}
	return othello.Square{Row: int(text[1] - '1'), Col: int(text[0] - 'A')}
}

// TestGTPSelfPlay plays a whole game between two othello gtp processes
// on 8x8 and on 4x4, the test as the controller: each genmove must be legal, pass only when
// there is no move, and both engines must show the final score.
func TestGTPSelfPlay(t *testing.T) {
	for _, size := range []int{8, 4} {
		t.Run(fmt.Sprintf("%dx%d", size, size), func(t *testing.T) { gtpSelfPlay(t, size) })
	}
}

// gtpSelfPlay is TestGTPSelfPlay on a board of size x size.
func gtpSelfPlay(t *testing.T, size int) {
	engines := map[othello.Color]*engineProcess{
		othello.Black: startEngine(t, "black", "gtp", "-depth", "2", "-threads", "1"),
		othello.White: startEngine(t, "white", "gtp", "-depth", "3", "-threads", "1"),
	}
	// ask sends a command and returns the result of its answer, which
	// must be a success.
	ask := func(e *engineProcess, command string) string {
		t.Helper()
		e.send(command)
		var lines []string
		for line := e.read(); line != ""; line = e.read() {
			lines = append(lines, line)
		}
		result, ok := strings.CutPrefix(strings.Join(lines, "\n"), "= ")
		if !ok {
			t.Fatalf("%s: answered %q with %q, want \"= ...\"", e.name, command, lines)
		}
		return result
	}
	for _, e := range engines {
		ask(e, "boardsize "+strconv.Itoa(size))
		ask(e, "clear_board")
	}
	names := map[othello.Color]string{othello.Black: "b", othello.White: "w"}
	b, _ := othello.NewStartBoard(size, size)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	passes := 0
	for !p.Over() {
		c := p.Turn()
		vertex := ask(engines[c], "genmove "+names[c])
		var err error
		if vertex == "pass" {
			err = p.Pass()
			passes++
		} else {
			_, err = p.Play(parseNBoardSquare(t, strings.ToUpper(vertex)))
		}
		if err != nil {
			t.Fatalf("%s: played %s: %v", engines[c].name, vertex, err)
		}
		ask(engines[c.Opponent()], "play "+names[c]+" "+vertex)
	}
	black, white := p.Score()
	want := "B " + strconv.Itoa(black) + ", W " + strconv.Itoa(white) + ", game over"
	t.Logf("the game ended %d to %d, with %d passes", black, white, passes)
	for _, e := range engines {
		board := strings.Split(ask(e, "showboard"), "\n")
		if got := board[len(board)-1]; got != want {
			t.Errorf("%s: showboard ends %q, want %q", e.name, got, want)
		}
		e.quit()
	}
}

// finalMargin returns the margin of the finished game p for the player to
// move, as FFO counts it: with MostDiscs their discs less the opponent's,
// with FewestDiscs the opponent's less theirs, and the empty squares to
// the winner.
func finalMargin(p *othello.Position, win othello.WinRule) int {
	black, white := p.Score()
	m := black - white
	if p.Turn() == othello.White {
		m = -m
	}
	if win == othello.FewestDiscs {
		m = -m
	}
	switch empty := p.Empties().Len(); {
	case m > 0:
		m += empty
	case m < 0:
		m -= empty
	}
	return m
}
