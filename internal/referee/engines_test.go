package referee_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/protocol/gtp"
	"github.com/othello-judge/judge/internal/protocol/nboard"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// engineVar names the engine that the test binary runs as, instead of
// its tests, when it is the program of an nboard: or gtp: player.
const engineVar = "REFEREE_TEST_ENGINE"

// TestMain runs the test binary as an engine when engineVar says which:
// our engine's NBoard or GTP server, a shallow CPU, or one that breaks
// its protocol.
func TestMain(m *testing.M) {
	mode := os.Getenv(engineVar)
	if mode == "" {
		os.Exit(runTests(m))
	}
	cpu := player.CPU{Depth: 1, Budget: 20 * time.Millisecond, Threads: 1}
	switch mode {
	case "nboard":
		nboard.Run(os.Stdin, os.Stdout, os.Stderr, nboard.Config{CPU: cpu})
	case "gtp":
		gtp.Run(os.Stdin, os.Stdout, cpu)
	case "nboard-strict":
		strictNBoard()
	case "gtp-strict":
		strictGTP()
	default:
		badEngine(mode)
	}
	os.Exit(0)
}

// engineBinary is a copy of the test binary that every user may run, for
// the engines' tests: a program runs as a user of its own, who cannot
// reach the go command's temporary folder.
var engineBinary string

// runTests runs the tests with engineBinary.
func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "referee-engine")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		panic(err)
	}
	engineBinary = filepath.Join(dir, "engine")
	if err := os.WriteFile(engineBinary, self, 0o755); err != nil {
		panic(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		panic(err)
	}
	return m.Run()
}

// badEngine plays an engine that answers its first command after the
// start as mode says.
func badEngine(mode string) {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := in.Text()
		switch mode {
		case "nboard-illegal":
			if n, ok := strings.CutPrefix(line, "ping "); ok {
				fmt.Println("pong " + n)
			}
			if line == "go" {
				fmt.Println("status thinking\n=== A1/0.00/0.1")
			}
		case "nboard-silent":
			if line == "ping 1" {
				fmt.Println("pong 1") // and to no other ping
			}
		case "gtp-refuses":
			if strings.HasPrefix(line, "play") || strings.HasPrefix(line, "genmove") {
				fmt.Print("? illegal move\n\n")
			} else {
				fmt.Print("=\n\n")
			}
		case "gtp-resigns":
			if strings.HasPrefix(line, "genmove") {
				fmt.Print("= resign\n\n")
			} else {
				fmt.Print("= \n\n")
			}
		}
	}
}

// engineMatch returns a match of one pair between level:1 and the test
// binary run as the engine mode, through protocol ("nboard" or "gtp"),
// run Limited (the binary is in the go command's temporary folder,
// which an Isolated program does not see) on a rows x cols board.
func engineMatch(t *testing.T, protocol, mode string, rows, cols int) referee.Match {
	t.Helper()
	m := match(t, "level:1", protocol+":"+engineBinary, mark(t))
	setup, err := othello.StandardSetup(othello.Full{}, rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	m.Setup = setup
	m.Sandbox.Mode = sandbox.Limited
	m.Sandbox.Env = append(m.Sandbox.Env, engineVar+"="+mode)
	m.Clocks = referee.Clocks{{Total: 3 * time.Second}, {Total: 3 * time.Second}}
	return m
}

// TestEngineProtocols plays level:1 against our engine's NBoard and GTP
// servers, each a program of its own for the whole of each game: both
// games are played to their end, NBoard on 8x8 and GTP on 6x6.
func TestEngineProtocols(t *testing.T) {
	for _, tt := range []struct {
		protocol   string
		rows, cols int
	}{{"nboard", 8, 8}, {"gtp", 6, 6}} {
		t.Run(fmt.Sprintf("%s-%dx%d", tt.protocol, tt.rows, tt.cols), func(t *testing.T) {
			t.Parallel()
			results := run(t, engineMatch(t, tt.protocol, tt.protocol, tt.rows, tt.cols), mark(t))
			for _, r := range results {
				if r.Forfeit != nil {
					t.Errorf("game %d: got %v, want no forfeit", r.Number, r.Forfeit)
				}
				if g, err := r.Record.Game(); err != nil || !g.Over() || g.Board().Rows() != tt.rows {
					t.Errorf("game %d: got %v, error %v, want a %dx%d game played to its end", r.Number, r.Record.Moves, err, tt.rows, tt.cols)
				}
			}
		})
	}
}

// TestEngineForfeits plays engines that break their protocol: each loses
// both its games, with its reason.
func TestEngineForfeits(t *testing.T) {
	tests := []struct {
		protocol, mode string
		want           error
		detail         string
	}{
		{"nboard", "nboard-illegal", referee.ErrIllegal, "played 1 1"},
		{"nboard", "nboard-silent", referee.ErrTime, "no answer in"},
		{"gtp", "gtp-refuses", referee.ErrGarbage, `answered "? illegal move\n" to "`},
		{"gtp", "gtp-resigns", referee.ErrGarbage, `answered "= resign" to genmove`},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			m := engineMatch(t, tt.protocol, tt.mode, 4, 4)
			m.Clocks = referee.Clocks{{PerMove: 500 * time.Millisecond}, {PerMove: 500 * time.Millisecond}}
			results := run(t, m, mark(t))
			for _, r := range results {
				bad := othello.White
				if r.First == othello.White {
					bad = othello.Black
				}
				if !errors.Is(r.Forfeit, tt.want) || r.Winner != bad.Opponent() || !strings.Contains(r.Forfeit.Detail, tt.detail) {
					t.Errorf("game %d: got winner %v, forfeit %v; want %v to win, the engine to lose with %v, %q", r.Number, r.Winner, r.Forfeit, bad.Opponent(), tt.want, tt.detail)
				}
			}
		})
	}
}

// TestParseSpecPrograms reads the specs of programs: each protocol's
// prefix, its command split into words; a prefix with no command is an
// error wrapping ErrSpec.
func TestParseSpecPrograms(t *testing.T) {
	tests := []struct {
		s        string
		protocol referee.Protocol
		path     string
		args     []string
		depth    int
	}{
		{"prog:python3 player.py", referee.Plain, "python3", []string{"player.py"}, 0},
		{"nboard:/opt/edax/lEdax -nboard  -l 10", referee.NBoard, "/opt/edax/lEdax", []string{"-nboard", "-l", "10"}, 0},
		{"gtp:othello gtp", referee.GTP, "othello", []string{"gtp"}, 0},
		{"nboard:16:ntest", referee.NBoard, "ntest", nil, 16},
		{"nboard:/opt/x:y", referee.NBoard, "/opt/x:y", nil, 0},
		{"gtp:16:x", referee.GTP, "16:x", nil, 0},
	}
	for _, tt := range tests {
		s, err := referee.ParseSpec(tt.s)
		if err != nil || s.Protocol != tt.protocol || s.Path != tt.path || !slices.Equal(s.Args, tt.args) || !s.IsProgram() || s.Name != tt.s || s.Depth != tt.depth {
			t.Errorf("ParseSpec(%q): got %+v, %v; want protocol %d, %s %q, depth %d", tt.s, s, err, tt.protocol, tt.path, tt.args, tt.depth)
		}
	}
	for _, bad := range []string{"nboard:", "gtp:  ", "NBoard:edax", "uci:stockfish", "nboard:0:ntest", "nboard:61:ntest", "nboard:16:", "nboard:16: "} {
		if _, err := referee.ParseSpec(bad); !errors.Is(err, referee.ErrSpec) {
			t.Errorf("ParseSpec(%q): got %v, want ErrSpec", bad, err)
		}
	}
}

// TestInOwnFolder checks the folder a program runs in: that of the first
// of its arguments, else of its command, that names a file or a folder.
func TestInOwnFolder(t *testing.T) {
	class := t.TempDir()
	alice := filepath.Join(class, "alice")
	if err := os.MkdirAll(alice, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"player.py", "run"} {
		if err := os.WriteFile(filepath.Join(alice, f), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	py := filepath.Join(alice, "player.py")
	tests := []struct {
		spec, dir string
	}{
		{"prog:python3 -u " + py, alice},
		{"prog:/usr/bin/env python3 " + py, alice},
		{"prog:java -cp " + alice + " Main", alice},
		{"nboard:" + filepath.Join(alice, "run") + " -l 5", alice},
		{"prog:python3 no-such-player.py", ""},
		{"prog:java Main", ""},
		{"level:3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			s, err := referee.ParseSpec(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.InOwnFolder().Dir; got != tt.dir {
				t.Errorf("got Dir %q, want %q", got, tt.dir)
			}
		})
	}
	s, _ := referee.ParseSpec("prog:python3 " + py)
	s.Dir = class
	if got := s.InOwnFolder().Dir; got != class {
		t.Errorf("a Dir already set: got %q, want %q kept", got, class)
	}
}
