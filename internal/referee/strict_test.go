package referee_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/othello"
)

// The strict engines are fakes of real engines as a GUI meets them: each
// accepts only what its GUI sends, in the form the GUI sends it, and
// ends with an error on standard error and exit status 2 (134 for a
// clock it cannot read, as NTest aborts on one) at anything else. Each
// plays the first legal move.

// nboardClockForm is a GGF clock as the NBoard GUI writes it and NTest
// reads it: whole seconds, "59", "1:05" or "1:00:05", maybe followed by
// the increment and the extension after "/".
var nboardClockForm = regexp.MustCompile(`^\d+(:\d\d){0,2}(/[\d:]*){0,2}$`)

// strictNBoard plays the NBoard protocol as NTest does: "nboard 2"
// first; no "go" before "set depth" (it warns, as NTest does, and never
// moves); "set depth" answered by a blank line and "set myname", as
// NTest answers it; a GGF clock in whole seconds; and before each move
// the lines an engine may write while it thinks.
func strictNBoard() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	fail := func(status int, format string, args ...any) {
		fmt.Fprintf(os.Stderr, "strict nboard: "+format+"\n", args...)
		os.Exit(status)
	}
	var game *othello.Game
	depth, lines := 0, 0
	for in.Scan() {
		line := in.Text()
		lines++
		f := strings.Fields(line)
		if lines == 1 && line != "nboard 2" {
			fail(2, "first line %q, want \"nboard 2\"", line)
		}
		switch {
		case line == "nboard 2" && lines == 1:
		case len(f) == 3 && f[0] == "set" && f[1] == "depth":
			d, err := strconv.Atoi(f[2])
			if err != nil || d < 1 || d > 60 {
				fail(2, "bad depth: %q", line)
			}
			depth = d
			fmt.Printf("\nset myname Strict%d\n", d)
		case len(f) == 3 && f[0] == "set" && f[1] == "contempt":
			if _, err := strconv.Atoi(f[2]); err != nil {
				fail(2, "bad contempt: %q", line)
			}
		case strings.HasPrefix(line, "set game "):
			recs, err := record.ParseGGF(strings.TrimPrefix(line, "set game "))
			if err != nil || len(recs) != 1 {
				fail(2, "bad game: %v", err)
			}
			r := recs[0]
			for _, clock := range []string{r.Clock, r.BlackClock, r.WhiteClock} {
				if clock != "" && !nboardClockForm.MatchString(clock) {
					fail(134, "Assertion `c!='.' || i==0' failed: clock %q", clock)
				}
			}
			if game, err = r.Game(); err != nil {
				fail(2, "bad game: %v", err)
			}
		case len(f) == 2 && f[0] == "ping":
			if _, err := strconv.Atoi(f[1]); err != nil {
				fail(2, "bad ping: %q", line)
			}
			fmt.Printf("pong %s\n", f[1])
		case len(f) == 2 && f[0] == "move" && game != nil:
			move, _, _ := strings.Cut(f[1], "/")
			sq, err := othello.ParseSquare(move)
			if err == nil {
				_, err = game.Play(sq)
			}
			if err != nil {
				fail(2, "bad move: %q", line)
			}
		case line == "go" && game != nil:
			if depth == 0 {
				fmt.Println(`warning Must pick a depth with "set depth <n>" first`)
				continue
			}
			move := "PA"
			if moves := game.Moves(); len(moves) > 0 {
				move = strings.ToUpper(moves[0].Square.String())
			}
			fmt.Printf("status thinking\nsearch %s 0.00 0 0.01\nnodestats 1000 0.01\n=== %s/0.00/0.01\nstatus\n", move, move)
		case len(f) == 2 && f[0] == "hint", line == "learn":
		case line == "quit":
			os.Exit(0)
		default:
			fail(2, "line %d: a GUI does not send %q", lines, line)
		}
	}
}

// strictGTP plays GTP as a strict engine does: only the commands of
// GTP's specification and Othello's use of them, each with its
// arguments as the specification writes them, an unknown command
// answered "? unknown command" (which the referee must never need), a
// vertex a1 the top-left corner. It passes for a player with no move, as
// GTP's Othello engines do, when told or asked for the other's move.
func strictGTP() {
	in := bufio.NewScanner(os.Stdin)
	var game *othello.Game
	vertex := regexp.MustCompile(`^[a-hj-z]\d{1,2}$`)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) > 0 && strings.Trim(f[0], "0123456789") == "" {
			f = f[1:] // an id
		}
		answer, ok := "", true
		color := func(i int) (othello.Color, bool) {
			switch {
			case len(f) <= i:
				return 0, false
			case strings.EqualFold(f[i], "b") || strings.EqualFold(f[i], "black"):
				return othello.Black, true
			case strings.EqualFold(f[i], "w") || strings.EqualFold(f[i], "white"):
				return othello.White, true
			}
			return 0, false
		}
		turnTo := func(c othello.Color) {
			if game.Turn() != c && game.Legal().IsEmpty() == false {
				ok = false // it is the other's turn, and it has a move
			}
		}
		switch {
		case len(f) == 0:
			continue
		case len(f) == 1 && (f[0] == "protocol_version" || f[0] == "name" || f[0] == "version" || f[0] == "list_commands"):
			answer = map[string]string{"protocol_version": "2", "name": "strict", "version": "1", "list_commands": "boardsize\nclear_board\ngenmove\nplay\nquit\ntime_left\ntime_settings"}[f[0]]
		case len(f) == 2 && f[0] == "boardsize":
			n, err := strconv.Atoi(f[1])
			setup, err2 := othello.StandardSetup(othello.Full{}, n, n)
			if ok = err == nil && err2 == nil; ok {
				game, _ = setup.NewGame()
			}
		case len(f) == 1 && f[0] == "clear_board":
			if ok = game != nil; ok {
				game, _ = game.Setup().NewGame()
			}
		case len(f) == 4 && f[0] == "time_settings":
			for _, n := range f[1:] {
				if _, err := strconv.Atoi(n); err != nil {
					ok = false
				}
			}
		case len(f) == 4 && f[0] == "time_left":
			_, okc := color(1)
			_, err1 := strconv.Atoi(f[2])
			_, err2 := strconv.Atoi(f[3])
			ok = okc && err1 == nil && err2 == nil
		case len(f) == 3 && f[0] == "play" && game != nil:
			c, okc := color(1)
			if ok = okc && vertex.MatchString(strings.ToLower(f[2])); ok {
				turnTo(c)
				col := int(strings.ToLower(f[2])[0] - 'a')
				if col > 8 {
					col--
				}
				row, _ := strconv.Atoi(f[2][1:])
				if _, err := game.Play(othello.Square{Row: row - 1, Col: col}); err != nil {
					ok = false
				}
			}
		case len(f) == 2 && f[0] == "genmove" && game != nil:
			c, okc := color(1)
			if ok = okc; ok {
				turnTo(c)
				answer = "pass"
				if moves := game.Moves(); len(moves) > 0 {
					sq := moves[0].Square
					game.Play(sq)
					letter := byte('a' + sq.Col)
					if letter >= 'i' {
						letter++
					}
					answer = string(letter) + strconv.Itoa(sq.Row+1)
				}
			}
		case len(f) == 1 && f[0] == "quit":
			fmt.Print("=\n\n")
			os.Exit(0)
		default:
			fmt.Fprintf(os.Stderr, "strict gtp: a GUI does not send %q\n", strings.Join(f, " "))
			fmt.Print("? unknown command\n\n")
			continue
		}
		if !ok {
			fmt.Fprintf(os.Stderr, "strict gtp: bad command %q\n", strings.Join(f, " "))
			fmt.Print("? syntax error\n\n")
			continue
		}
		fmt.Printf("= %s\n\n", answer)
	}
}

// TestStrictEngines plays level:1 against the strict fakes of NTest and
// of a GTP engine, the NBoard engine named with its depth
// (nboard:DEPTH:COMMAND): every game is played to its end, with clocks
// of parts of a second (which NTest cannot read) and from a 4-ply
// opening, the engine's clock of more than a minute (time odds).
func TestStrictEngines(t *testing.T) {
	for _, tt := range []struct {
		protocol, mode, spec string
		rows                 int
	}{
		{"nboard", "nboard-strict", "nboard:12:", 8},
		{"gtp", "gtp-strict", "gtp:", 8},
		{"gtp", "gtp-strict", "gtp:", 6},
	} {
		t.Run(fmt.Sprintf("%s-%d", tt.mode, tt.rows), func(t *testing.T) {
			t.Parallel()
			m := engineMatch(t, tt.protocol, tt.mode, tt.rows, tt.rows)
			m.Players[1] = specs(t, tt.spec+engineBinary)[0]
			m.Clocks = referee.Clocks{{Total: 2500 * time.Millisecond, Increment: 100 * time.Millisecond}, {Total: 65500 * time.Millisecond}}
			m.Openings.Random = 4
			for _, r := range run(t, m, mark(t)) {
				if r.Forfeit != nil {
					t.Errorf("game %d: got %v, want no forfeit", r.Number, r.Forfeit)
				}
				if g, err := r.Record.Game(); err != nil || !g.Over() {
					t.Errorf("game %d: got %v, error %v, want a game played to its end", r.Number, r.Record.Moves, err)
				}
			}
		})
	}
}

// TestNBoardClock checks the clock of set game's GGF: whole seconds,
// rounded down, as NBoard writes them.
func TestNBoardClock(t *testing.T) {
	for _, tt := range []struct {
		left time.Duration
		want string
	}{
		{0, "0"},
		{999 * time.Millisecond, "0"},
		{9500 * time.Millisecond, "9"},
		{60 * time.Second, "60"},
		{65 * time.Second, "1:05"},
		{3600 * time.Second, "60:00"},
		{3661 * time.Second, "1:01:01"},
	} {
		if got := referee.NBoardClock(tt.left); got != tt.want || !nboardClockForm.MatchString(got) {
			t.Errorf("NBoardClock(%v): got %q, want %q", tt.left, got, tt.want)
		}
	}
}

// TestNBoardWithoutDepth plays the strict NBoard engine named without a
// depth: it is sent none, warns as NTest does at each go, and loses on
// time, its warning quoted.
func TestNBoardWithoutDepth(t *testing.T) {
	m := engineMatch(t, "nboard", "nboard-strict", 8, 8)
	m.Clocks = referee.Clocks{{PerMove: 300 * time.Millisecond}, {PerMove: 300 * time.Millisecond}}
	for _, r := range run(t, m, mark(t)) {
		if !errors.Is(r.Forfeit, referee.ErrTime) || !strings.Contains(r.Forfeit.Detail, `its last warning: "warning Must pick a depth`) {
			t.Errorf("game %d: got forfeit %v, want a time forfeit quoting the engine's warning", r.Number, r.Forfeit)
		}
	}
}
