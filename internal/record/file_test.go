package record_test

import (
	"errors"
	"io"
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

// TestReplaceFile checks that a file replaced is whole before and after,
// never half written, even when writing it fails midway, and that no
// temporary file is left beside it.
func TestReplaceFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.ggf")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	for _, tt := range []struct {
		name string
		err  error // what the write returns midway
		want string
	}{
		{"fails", boom, "old\n"},
		{"writes", nil, "new\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := record.ReplaceFile(path, func(w io.Writer) error {
				io.WriteString(w, "ne")
				if got := string(mustRead(t, path)); got != "old\n" {
					t.Errorf("midway, the file holds %q, want %q", got, "old\n")
				}
				if tt.err != nil {
					return tt.err
				}
				_, err := io.WriteString(w, "w\n")
				return err
			})
			if !errors.Is(err, tt.err) {
				t.Errorf("got %v, want %v", err, tt.err)
			}
			if got := string(mustRead(t, path)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if files, _ := os.ReadDir(dir); len(files) != 1 {
				t.Errorf("got %d files, want the file alone", len(files))
			}
		})
	}
}

// mustRead returns the bytes of the file at path, and fails t if it
// cannot be read.
func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
