package class_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/othello-judge/judge/internal/grader/class"
)

// TestCell checks the cells of the grades that a spreadsheet would
// take for formulas: written as text, after a ', but for numbers.
func TestCell(t *testing.T) {
	tests := []struct {
		cell, want string
	}{
		{"alice", "alice"},
		{"=1+1", "'=1+1"},
		{`=HYPERLINK("http://x.example","click")`, `'=HYPERLINK("http://x.example","click")`},
		{"+1+1", "'+1+1"},
		{"-1+1", "'-1+1"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"a=1", "a=1"},
		{"", ""},
		{"100", "100"},
		{"85.69", "85.69"},
		{"-1.5", "-1.5"},
		{"+2", "+2"},
		{"-Inf", "'-Inf"},
		{"-", "'-"},
	}
	for _, tt := range tests {
		t.Run(tt.cell, func(t *testing.T) {
			if got := class.Cell(tt.cell); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReplaceFile checks that a file replaced is whole before and after,
// never half written, even when writing it fails midway, and that no
// temporary file is left beside it.
func TestReplaceFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "grades.csv")
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
			err := class.ReplaceFile(path, func(w io.Writer) error {
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

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
