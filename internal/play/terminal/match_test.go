package terminal

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestWriteTally checks the lines of a match: the tally, and with stats
// a line for each player that searched.
func TestWriteTally(t *testing.T) {
	cpu := Stats{Moves: 30, Searched: 28, Exact: 8, MinDepth: 2, MaxDepth: 9, Depths: 110,
		Longest: 412*time.Millisecond + 400*time.Microsecond, Total: 2880 * time.Millisecond}
	tally := Tally{A: "cpu:2", B: "greedy", Won: 93, Lost: 5, Drawn: 2, AStats: cpu}
	tests := []struct {
		name  string
		t     Tally
		stats bool
		want  string
	}{
		{"tally", tally, false, "cpu:2 vs greedy: 93 won, 5 lost, 2 drawn\n"},
		{"stats", tally, true, "cpu:2 vs greedy: 93 won, 5 lost, 2 drawn\n" +
			"cpu:2: 30 moves, 28 searched: depth 2 to 9, mean 5.5 before the end, 8 solved to the end; longest move 412ms, mean 96ms\n"},
		{"stats of both", Tally{A: "cpu:1", B: "cpu:2", Lost: 1, AStats: Stats{Moves: 1, Total: time.Millisecond, Longest: time.Millisecond}, BStats: cpu}, true,
			"cpu:1 vs cpu:2: 0 won, 1 lost, 0 drawn\n" +
				"cpu:1: 1 moves, 0 searched: depth 0 to 0, mean 0.0 before the end, 0 solved to the end; longest move 1ms, mean 1ms\n" +
				"cpu:2: 30 moves, 28 searched: depth 2 to 9, mean 5.5 before the end, 8 solved to the end; longest move 412ms, mean 96ms\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			if err := WriteTally(&out, tt.t, tt.stats); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", out.String(), tt.want)
			}
		})
	}
}

// TestWriteTallyError checks that a tally that cannot be written is the
// writer's error.
func TestWriteTallyError(t *testing.T) {
	if err := WriteTally(failingWriter{}, Tally{A: "a", B: "b"}, true); !errors.Is(err, errWrite) {
		t.Errorf("got %v, want %v", err, errWrite)
	}
}
