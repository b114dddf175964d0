package gtp

import (
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/testkit/protocoltest"
	"github.com/othello-judge/judge/othello"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line        string
		wantID      string
		wantCommand string
		wantArgs    []string
		wantOK      bool
	}{
		{"name", "", "name", nil, true},
		{"12 play b f5", "12", "play", []string{"b", "f5"}, true},
		{"\tplay\tw  d3\r", "", "play", []string{"w", "d3"}, true},
		{"pl\x01ay b f5", "", "play", []string{"b", "f5"}, true},
		{"genmove b # and a comment", "", "genmove", []string{"b"}, true},
		{"7", "7", "", nil, true},
		{"", "", "", nil, false},
		{"  \t ", "", "", nil, false},
		{"# only a comment", "", "", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			id, command, args, ok := parseCommand(tt.line)
			if id != tt.wantID || command != tt.wantCommand || !slices.Equal(args, tt.wantArgs) || ok != tt.wantOK {
				t.Errorf("got %q, %q, %q, %v; want %q, %q, %q, %v",
					id, command, args, ok, tt.wantID, tt.wantCommand, tt.wantArgs, tt.wantOK)
			}
		})
	}
}

// TestVertex writes every square of every board size as a vertex and
// reads it back, in both cases.
func TestVertex(t *testing.T) {
	for size := othello.MinSize; size <= othello.MaxSize; size += 2 {
		g := &session{size: size}
		seen := map[string]bool{}
		for row := range size {
			for col := range size {
				s := othello.Square{Row: row, Col: col}
				v := g.vertex(s)
				if strings.ContainsRune(v, 'i') || seen[v] {
					t.Errorf("%dx%d: vertex(%v) = %q: an i, or twice", size, size, s, v)
				}
				seen[v] = true
				for _, text := range []string{v, strings.ToUpper(v)} {
					got, pass, err := g.parseVertex(text)
					if got != s || pass || err != nil {
						t.Errorf("%dx%d: parseVertex(%q): got %v, %v, %v; want %v", size, size, text, got, pass, err, s)
					}
				}
			}
		}
		for _, off := range []string{g.vertex(othello.Square{Row: size}), g.vertex(othello.Square{Col: size}), "a0"} {
			if _, _, err := g.parseVertex(off); !errors.Is(err, errIllegal) {
				t.Errorf("%dx%d: parseVertex(%q): got %v, want %v", size, size, off, err, errIllegal)
			}
		}
	}
	if _, _, err := (&session{size: 16}).parseVertex("i3"); !errors.Is(err, errSyntax) {
		t.Errorf("parseVertex(i3): got %v, want %v", err, errSyntax)
	}
}

// TestLongLine gives the engine a line longer than maxLine: it is a
// syntax error, and the next is answered.
func TestLongLine(t *testing.T) {
	in := "1 known_command " + strings.Repeat("x", maxLine) + "\n2 name\n"
	var out strings.Builder
	if err := Run(strings.NewReader(in), &out, player.CPU{}); err != nil {
		t.Fatal(err)
	}
	if want := "?1 syntax error\n\n=2 othello\n\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestIOErrors checks that the engine returns the error of a reader or a
// writer that fails, and stops.
func TestIOErrors(t *testing.T) {
	protocoltest.IOErrors(t, func(in io.Reader, out, _ io.Writer) error { return Run(in, out, player.CPU{}) })
}

// TestClockBudget checks the time a genmove may take under each clock:
// the CPU's own without one, a share of main time, of a byo-yomi period,
// or of the first period once main time is over.
func TestClockBudget(t *testing.T) {
	const own = 5 * time.Second
	tests := []struct {
		name     string
		commands []string
		want     time.Duration
	}{
		{"no clock", nil, own},
		{"no time limit", []string{"time_settings 0 1 0"}, own},
		{"main time", []string{"time_settings 60 0 0"}, player.ClockBudget(own, time.Minute, player.MovesLeft(60))},
		{"time left", []string{"time_settings 600 0 0", "time_left b 3 0"}, player.ClockBudget(own, 3*time.Second, player.MovesLeft(60))},
		{"byo-yomi", []string{"time_settings 600 30 10", "time_left b 20 4"}, player.ClockBudget(own, 20*time.Second, 4)},
		{"main time over", []string{"time_settings 600 30 10", "time_left b 0 0"}, player.ClockBudget(own, 30*time.Second, 10)},
		{"the other player's clock", []string{"time_settings 600 0 0", "time_left w 1 0"}, own},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &session{cpu: player.CPU{Budget: own}, size: 8}
			g.clear()
			for _, c := range tt.commands {
				_, command, args, _ := parseCommand(c)
				if _, err := g.run(command, args); err != nil {
					t.Fatalf("%s: %v", c, err)
				}
			}
			if got := g.budget(othello.Black, 60); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestSpend checks that a move's time comes off the clock: main time,
// then byo-yomi periods, a new one when its moves are played.
func TestSpend(t *testing.T) {
	g := &session{cpu: player.CPU{}, size: 8}
	g.run("time_settings", []string{"10", "30", "2"})
	steps := []struct {
		took time.Duration
		want clock
	}{
		{4 * time.Second, clock{left: 6 * time.Second}},
		{7 * time.Second, clock{}},
		{5 * time.Second, clock{left: 25 * time.Second, stones: 1}},
		{5 * time.Second, clock{left: 30 * time.Second, stones: 2}},
	}
	for i, s := range steps {
		g.spend(othello.Black, s.took)
		if got := g.clocks[othello.Black]; got != s.want {
			t.Errorf("move %d, %v: got %+v, want %+v", i+1, s.took, got, s.want)
		}
	}
}

// TestGenmoveOutOfTime checks that genmove with no time left on the
// clock and a search stopped before it starts still plays the move of a
// search one ply deep, whose first ply is never cut short: on 8x8
// (package search) and 10x10 (the general search), in positions of
// random games where that move is not the first legal one.
func TestGenmoveOutOfTime(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	onePly := player.CPU{Depth: 1, Endgame: 1, Budget: player.NoLimit, Threads: 1, Pool: player.NewPool(1)}
	rng := rand.New(rand.NewPCG(38, 2))
	for _, size := range []int{8, 10} {
		t.Run(strconv.Itoa(size), func(t *testing.T) {
			g := &session{cpu: player.CPU{Budget: time.Hour, Threads: 1, Pool: player.NewPool(1), Stop: stop}, size: size}
			var want player.Result
			for tries := 0; ; tries++ {
				if tries == 100 {
					t.Fatal("no position found whose best move at one ply is not the first legal move")
				}
				g.clear()
				for g.pos.Empties().Len() > size*size-20 && !g.pos.Legal().IsEmpty() {
					legal := g.pos.Legal().Squares()
					g.play(g.pos.Turn(), legal[rng.IntN(len(legal))], false)
				}
				legal := g.pos.Legal()
				first, _ := legal.Pop()
				var err error
				if want, err = onePly.Search(&g.pos, othello.MostDiscs); err == nil && !want.Forced && want.Move != first {
					break
				}
			}
			c := strings.ToLower(g.pos.Turn().String())
			for _, command := range []string{"time_settings 300 0 0", "time_left " + c + " 0 0", "genmove " + c} {
				_, name, args, _ := parseCommand(command)
				got, err := g.run(name, args)
				if err != nil {
					t.Fatalf("%s: %v", command, err)
				}
				if name == "genmove" && got != g.vertex(want.Move) {
					t.Errorf("genmove: got %s, want %s", got, g.vertex(want.Move))
				}
			}
		})
	}
}
