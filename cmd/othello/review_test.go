package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/diff"
)

// reviewDir holds the golden reviews of othello review: each NAME.out is
// the standard output of the case NAME of TestReviewGolden, rewritten
// with -update. simple-fewest-4x6.ggf is a game of two random players
// on 4x6, under the simple rules, won by the fewest discs.
const reviewDir = "testdata/review"

// TestReviewGolden reviews small games, every move solved exactly, so
// that the review is the same on any machine, and compares it with its
// golden file.
func TestReviewGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"reference-4x4", []string{"-threads", "1", "-time", "1h", filepath.Join("..", "..", "testdata", "full", "reference-4x4.in")}},
		{"simple-fewest-4x6", []string{"-threads", "1", "-time", "1h", "-from", "11", filepath.Join(reviewDir, "simple-fewest-4x6.ggf")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if status := run(append([]string{"review"}, tt.args...), strings.NewReader(""), &out, &errOut, environ{}); status != 0 || errOut.Len() > 0 {
				t.Fatalf("got status %d, standard error %q; want 0, nothing", status, errOut.String())
			}
			golden := filepath.Join(reviewDir, tt.name+".out")
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("standard output differs from %s:\n%s", golden, diff.Diff(want, out.Bytes()))
			}
		})
	}
}

func TestReviewErrors(t *testing.T) {
	game := filepath.Join(reviewDir, "simple-fewest-4x6.ggf")
	tests := []struct {
		name    string
		args    []string
		status  int
		wantErr string // the start of standard error
	}{
		{"missing file", []string{filepath.Join(reviewDir, "missing.ggf")}, 1, "othello review: open " + filepath.Join(reviewDir, "missing.ggf") + ": "},
		{"bad GGF move", []string{filepath.Join(solveDir, "bad.ggf")}, 1, "othello review: " + filepath.Join(solveDir, "bad.ggf") + ":3: move 3, B a1: move flips no disc\n"},
		{"no position", []string{filepath.Join(solveDir, "empty.obf")}, 1, "othello review: " + filepath.Join(solveDir, "empty.obf") + ": no game or position in it\n"},
		{"no file", nil, 2, "othello review: FILE is required\n"},
		{"two files", []string{game, game}, 2, `othello review: unexpected argument "` + game + `"`},
		{"zero time", []string{"-time", "0s", game}, 2, "othello review: -time must be positive, got 0s\n"},
		{"from 0", []string{"-from", "0", game}, 2, "othello review: -from must be a move number from 1, got 0\n"},
		{"negative depth", []string{"-depth", "-1", game}, 2, "othello review: -depth must be a whole number from 1, got -1\n"},
		{"no threads", []string{"-threads", "0", game}, 2, "othello review: -threads must be 1 or more, got 0\n"},
		{"bad rules", []string{"-rules", "fancy", game}, 2, `othello review: -rules must be full or simple, got "fancy"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := run(append([]string{"review"}, tt.args...), strings.NewReader(""), &out, &errOut, environ{})
			if status != tt.status || !strings.HasPrefix(errOut.String(), tt.wantErr) {
				t.Errorf("got status %d, standard error %q; want %d, starting %q", status, errOut.String(), tt.status, tt.wantErr)
			}
			if tt.status == 2 && !strings.Contains(errOut.String(), "usage: othello review") {
				t.Errorf("a bad command line must show the usage on standard error: got %q", errOut.String())
			}
		})
	}
}
