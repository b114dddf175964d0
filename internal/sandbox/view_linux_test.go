package sandbox

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestKept checks which paths a run is shown where they are: the
// submission's folder and its argument's folders, but never a folder that
// one of the submission's symbolic links leads to outside it.
func TestKept(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sub, outside, staff := filepath.Join(root, "sub"), filepath.Join(root, "outside"), filepath.Join(root, "staff")
	for _, d := range []string{sub, filepath.Join(sub, "src"), outside, staff} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(sub, "escape")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("src", filepath.Join(sub, "inner")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"folder", []string{"src"}, []string{sub, filepath.Join(sub, "src")}},
		{"link inside", []string{"inner"}, []string{sub, filepath.Join(sub, "src")}},
		{"link out", []string{"escape"}, []string{sub}},
		{"file through link out", []string{"escape/x"}, []string{sub}},
		{"staff's folder", []string{staff}, []string{sub, staff}},
	}
	os.WriteFile(filepath.Join(outside, "x"), nil, 0o644)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := kept(sub, "python3", true, tt.args)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
