package record_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// TestReadFile checks the one reader of game files: the games of a file,
// the games skipped, and each error as a person reads it, with what it
// wraps.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	const game = "(;GM[Othello]TY[8]B[f5]W[d6];)\n"
	const bad = "(;GM[Othello]TY[8]\nB[a1];)\n"
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		name    string
		path    string
		games   int
		skipped int
		err     string // the error's text; "" for none
		wraps   error
	}{
		{"a game", write("one.ggf", game), 1, 0, "", nil},
		{"one skipped", write("some.ggf", bad+game), 1, 1, "", nil},
		{"none to play", write("bad.ggf", bad), 0, 0, "bad.ggf:2: move 1, B a1: move flips no disc", othello.ErrIllegal},
		{"nothing", write("empty.obf", ""), 0, 0, "empty.obf: no game or position in it", record.ErrNoGame},
		{"missing", filepath.Join(dir, "missing.ggf"), 0, 0, "", fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, _, se, err := record.ReadFile(tt.path, othello.Full{})
			if tt.wraps == nil && err != nil || tt.wraps != nil && !errors.Is(err, tt.wraps) {
				t.Fatalf("got error %v, want one wrapping %v", err, tt.wraps)
			}
			var fe *record.FileError
			if tt.err != "" && (!errors.As(err, &fe) || err.Error() != filepath.Join(dir, tt.err)) {
				t.Errorf("got error %q, want a *FileError %q", err, filepath.Join(dir, tt.err))
			}
			skipped := 0
			if se != nil {
				skipped = len(se.Skipped)
			}
			if len(games) != tt.games || skipped != tt.skipped {
				t.Errorf("got %d games and %d skipped, want %d and %d", len(games), skipped, tt.games, tt.skipped)
			}
		})
	}
}
