package sandbox_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/othello-judge/judge/internal/sandbox"
)

// TestLandlock runs a program Limited, where Landlock is the wall (as
// root, in a private copy of its folder, behind its own user too), in a
// folder that holds what it must not read: a hidden golden folder that
// holds its argument, with an expected output, a .git and the grader's
// report. It reads and lists its own files and its argument, writes in
// its home, and reaches nothing else: not the hidden paths, not a file
// of another folder that anybody may read, not its folder for writing,
// not the shared /tmp.
func TestLandlock(t *testing.T) {
	if sandbox.LandlockABI() == 0 {
		t.Skip("no Landlock here")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	outside := t.TempDir()
	os.Chmod(outside, 0o755)
	for name, data := range map[string]string{
		"data.txt": "data", "golden/x.in": "in", "golden/x.out": "expected", ".git/config": "git", "report.txt": "report",
	} {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(data+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	shared := filepath.Join("/tmp", "othello-landlock-test-"+filepath.Base(dir))
	defer os.Remove(shared)
	tests := []struct {
		name, script, want string
	}{
		{"its file", "cat data.txt", "data\n"},
		{"its folder", "ls | grep -c -e data.txt -e golden", "2\n"},
		{"its home", `echo home > "$HOME/x" && cat "$HOME/x"`, "home\n"},
		{"/dev/null", "echo x > /dev/null && echo ok", "ok\n"},
		{"the system", "head -c 4 /etc/passwd", "root"},
		{"its argument", `cat "$1"`, "in\n"},
		{"expected output", "cat golden/x.out || echo refused", "refused\n"},
		{".git", "cat .git/config || echo refused", "refused\n"},
		{"hidden", "cat report.txt || echo refused", "refused\n"},
		{"beside", "cat " + secret + " || echo refused", "refused\n"},
		{"list beside", "ls " + outside + " || echo refused", "refused\n"},
		{"write its folder", "echo x > new.txt || echo refused", "refused\n"},
		{"write /tmp", "echo x > " + shared + " || echo refused", "refused\n"},
	}
	c := sandbox.Config{Mode: sandbox.Limited, Limits: sandbox.DefaultLimits, Dir: dir,
		Hide: []string{filepath.Join(dir, "golden"), filepath.Join(dir, "report.txt")}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, st := run(t, c, "", "sh", "-c", "{ "+tt.script+"; } 2>/dev/null", "sh", "golden/x.in")
			if out != tt.want || st.Exit != 0 {
				t.Errorf("%s: got %q and %+v, want %q and status 0", tt.script, out, st, tt.want)
			}
		})
	}
	if _, err := os.Stat(shared); err == nil {
		t.Errorf("the program wrote %s", shared)
	}
}
