package terminal

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// solveDir holds othello solve's files, which a review reads too.
const solveDir = "../../../cmd/othello/testdata/solve"

// reviewGame is a game of two random players on 4x6, under the simple
// rules, won by the fewest discs, that othello review's golden test
// reviews too.
var reviewGame = filepath.Join("..", "..", "..", "cmd", "othello", "testdata", "review", "simple-fewest-4x6.ggf")

// TestReviewStopped reviews games with a CPU stopped before it starts,
// on 8x8 (package search) and on 4x6 (the general search): its review
// must be that of a CPU that searches one ply deep after each move, as
// the first ply of a search is never cut short.
func TestReviewStopped(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	for _, path := range []string{filepath.Join(solveDir, "games.ggf"), reviewGame} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			review := func(cpu player.CPU) []string {
				var out bytes.Buffer
				if err := Review(&out, path, ReviewConfig{CPU: cpu, From: 1}); err != nil {
					t.Fatal(err)
				}
				return strings.Split(out.String(), "\n")[1:] // the header says how the CPU searches
			}
			got := review(player.CPU{Budget: time.Hour, Threads: 1, Pool: player.NewPool(1), Stop: stop})
			want := review(player.CPU{Depth: 1, Endgame: 1, Budget: player.NoLimit, Threads: 1, Pool: player.NewPool(1)})
			if !slices.Equal(got, want) {
				t.Errorf("got the review\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestReview reviews small games from a move on, and checks the lines
// that the CPU's search does not change: the header, the number of
// moves' lines and the end.
func TestReview(t *testing.T) {
	cpu := player.CPU{Depth: 1, Endgame: 1, Budget: time.Hour, Threads: 1, Pool: player.NewPool(1)}
	tests := []struct {
		name   string
		path   string
		c      ReviewConfig
		header string // after the path and ": "
		moves  int    // the moves' lines
		end    string // the last line
	}{
		{"from the start", reviewGame, ReviewConfig{CPU: cpu},
			"a game in GGF, 4x6 under the SIMPLE rules, won by <, 20 moves; 1h0m0s, 1 ply deep a move, 1 thread", 20, "Game over: Black 8, White 16. Black wins with fewer discs."},
		{"from move 11", reviewGame, ReviewConfig{CPU: cpu, From: 11},
			"a game in GGF, 4x6 under the SIMPLE rules, won by <, 20 moves; 1h0m0s, 1 ply deep a move, 1 thread", 10, "Game over: Black 8, White 16. Black wins with fewer discs."},
		{"the first of many", filepath.Join(solveDir, "games.ggf"), ReviewConfig{CPU: cpu, From: 40},
			"the first of 4 games in GGF, 8x8 under the FULL rules, won by >, 46 moves; 1h0m0s, 1 ply deep a move, 1 thread", 7, "Not over: Black to move."},
		{"a setup, simple rules", filepath.Join(solveDir, "moves.in"), ReviewConfig{CPU: cpu, Rules: othello.Simple{}},
			"a game in the judge's setup, 4x4 under the SIMPLE rules, won by >, 2 moves; 1h0m0s, 1 ply deep a move, 1 thread", 2, "Not over: Black to move."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := Review(&out, tt.path, tt.c); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if want := tt.path + ": " + tt.header; lines[0] != want {
				t.Errorf("got the header %q, want %q", lines[0], want)
			}
			turning := slices.Index(lines, "Turning points:")
			if turning-1 != tt.moves {
				t.Errorf("got %d lines of moves, want %d:\n%s", turning-1, tt.moves, out.String())
			}
			if last := lines[len(lines)-1]; last != tt.end {
				t.Errorf("got the last line %q, want %q", last, tt.end)
			}
		})
	}
}

// TestReviewErrors checks the errors of files that cannot be reviewed,
// and of a review that cannot be written.
func TestReviewErrors(t *testing.T) {
	cpu := player.CPU{Depth: 1, Budget: time.Hour, Threads: 1}
	tests := []struct {
		name string
		path string
		fail bool // whether the writer fails
		want []error
		msg  string // the error's words, if not ""
	}{
		{"no file", filepath.Join(solveDir, "missing.ggf"), false, []error{fs.ErrNotExist}, ""},
		{"a bad move", filepath.Join(solveDir, "bad.ggf"), false, []error{othello.ErrIllegal},
			filepath.Join(solveDir, "bad.ggf") + ":3: move 3, B a1: move flips no disc"},
		{"no game", filepath.Join(solveDir, "empty.obf"), false, []error{record.ErrNoGame},
			filepath.Join(solveDir, "empty.obf") + ": no game or position in it"},
		{"a write", reviewGame, true, []error{errWrite}, "write failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w io.Writer = new(bytes.Buffer)
			if tt.fail {
				w = failingWriter{}
			}
			err := Review(w, tt.path, ReviewConfig{CPU: cpu})
			for _, want := range tt.want {
				if !errors.Is(err, want) {
					t.Errorf("got the error %v, want one that wraps %v", err, want)
				}
			}
			if tt.msg != "" && (err == nil || err.Error() != tt.msg) {
				t.Errorf("got the error %v, want %q", err, tt.msg)
			}
		})
	}
}

// TestReviewTime checks the header's words for how long and how deep
// each move is searched.
func TestReviewTime(t *testing.T) {
	tests := []struct {
		cpu  player.CPU
		want string
	}{
		{player.CPU{Budget: 500 * time.Millisecond}, "500ms"},
		{player.CPU{Budget: 2 * time.Second, Depth: 1}, "2s, 1 ply deep"},
		{player.CPU{Budget: time.Hour, Depth: 6}, "1h0m0s, 6 plies deep"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := reviewTime(tt.cpu); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
