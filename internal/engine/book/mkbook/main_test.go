package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pgn returns a game in PGN as the WTHOR collection writes it: its moves,
// two plies a numbered line.
func pgn(result, moves string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "[Event \"test\"]\n[Date \"2000\"]\n[Black \"b\"]\n[White \"w\"]\n[Result \"%s\"]\n", result)
	for i := 0; i < len(moves); i += 4 {
		pair := strings.ToUpper(moves[i : i+2])
		if i+4 <= len(moves) {
			pair += " " + strings.ToUpper(moves[i+2:i+4])
		}
		fmt.Fprintf(&sb, "%d. %s\n", i/4+1, pair)
	}
	return sb.String() + "\n"
}

// TestRun builds a book from two files of WTHOR 2000's games, one of them
// unfinished, and checks what it writes and says.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	game1 := "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2e1c1c2f7a6a5a4b4g1b3a3b2c8d8c7c6a1b8e8g8a8f8h8f1b1a2g7a7b7h7"
	game2 := "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3f7h7g3c5e2d2c6e1b5h2f2f1b4f8g7c8d8b3c2a4a5b1a3h8g8e8g2b6c7b2a1a2c1d1g1h1b8a8b7a6a7"
	files := map[string]string{
		"WTH_2000.pgn": pgn("28-36", game1) + pgn("38-26", game2),
		"WTH_2001.pgn": pgn("30-34", game1[:40]),
		"README.md":    "not a game\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "book.txt")
	var stdout, stderr strings.Builder
	if status := run([]string{"-games", dir, "-out", out, "-plies", "3", "-min", "2"}, &stdout, &stderr); status != 0 {
		t.Fatalf("exit status %d, stderr %q", status, stderr.String())
	}
	if want := "mkbook: 2 games (1 unfinished, 0 refused) of 2 files: 3 positions, "; !strings.HasPrefix(stdout.String(), want) {
		t.Errorf("got %q, want it to start %q", stdout.String(), want)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// Margins for Black: -8 and +12.
	want := "f5 2 -2.0\nf5f6 2 +2.0\nf5f6e6 2 -2.0\n"
	if got := string(text); !strings.HasSuffix(got, want) || !strings.HasPrefix(got, "# The opening book") {
		t.Errorf("got\n%s\nwant the comment, then\n%s", got, want)
	}
}
