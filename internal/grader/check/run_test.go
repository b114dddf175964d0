package check_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/othello-judge/judge/internal/grader/check"
)

// TestWithoutFolder checks that the working folder's path, and any path
// it is under, is left out of what a program wrote on standard error,
// and nothing else.
func TestWithoutFolder(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir, stderr, want string
	}{
		{dir, `File "` + dir + `/main.py", line 2`, `File "main.py", line 2`},
		{dir, "/tmp/othello-run-1-2/root" + dir + "/game.py:3: " + dir + "/x", "game.py:3: x"},
		{link, `File "` + dir + `/sub/main.py"`, `File "sub/main.py"`},
		{link, link + "/main.py", "main.py"},
		{dir, dir + "2/main.py " + dir, dir + "2/main.py " + dir}, // another folder, and the folder itself
		{"/", "/etc/passwd", "/etc/passwd"},
	}
	for _, tt := range tests {
		if got := string(check.WithoutFolder([]byte(tt.stderr), tt.dir)); got != tt.want {
			t.Errorf("WithoutFolder(%q, %q): got %q, want %q", tt.stderr, tt.dir, got, tt.want)
		}
	}
}

// TestSlots checks that each hold takes a slot until it is released, and
// that nil Slots hold nothing.
func TestSlots(t *testing.T) {
	s := check.NewSlots(2)
	first, second := s.Hold(), s.Hold()
	if len(s) != 2 {
		t.Fatalf("got %d slots held, want 2", len(s))
	}
	first()
	if len(s) != 1 {
		t.Fatalf("got %d slots held after one is released, want 1", len(s))
	}
	third := s.Hold() // would block were the first not back
	second()
	third()
	if len(s) != 0 {
		t.Errorf("got %d slots held after all are released, want 0", len(s))
	}
	var none check.Slots
	none.Hold()()
	if got := cap(check.NewSlots(0)); got != 1 {
		t.Errorf("NewSlots(0): got %d slots, want 1", got)
	}
}
