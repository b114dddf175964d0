package record_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A judgeCase is a golden transcript of the judge: its input, and the last
// board it printed with the player to move then.
type judgeCase struct {
	name     string
	in       string
	board    string
	turn     string // B, W, or "over"
	badSetup bool   // the judge refused the setup: no board
}

// judgeCases reads the transcripts of dir.
func judgeCases(t *testing.T, dir string) []judgeCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts in %s: %v", dir, err)
	}
	var cases []judgeCase
	for _, path := range paths {
		in, err1 := os.ReadFile(path)
		out, err2 := os.ReadFile(strings.TrimSuffix(path, ".in") + ".out")
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		c := judgeCase{name: path, in: string(in)}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		last := len(lines) - 1
		for last >= 0 && !strings.HasPrefix(lines[last], "TURN: ") && !strings.HasPrefix(lines[last], "WINNER: ") {
			last--
		}
		first := last - 1
		for first >= 0 && !strings.HasPrefix(lines[first], "B: ") {
			first--
		}
		if last < 0 || first < 0 {
			c.badSetup = true
		} else {
			c.board = strings.Join(lines[first+1:last], "\n") + "\n"
			c.turn = strings.TrimPrefix(lines[last], "TURN: ")
			if strings.HasPrefix(c.turn, "WINNER: ") {
				c.turn = "over"
			}
		}
		cases = append(cases, c)
	}
	return cases
}
