package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeManager writes a version manager into dir, as pyenv lays itself
// out: its shim dir/shims/NAME, and dir/libexec/fakeenv, which answers
// "which NAME" with real after a line to the file calls and a fifth of
// a second, the time for other runs to ask too. It returns the shim.
func fakeManager(t *testing.T, dir, name, real, calls string) string {
	t.Helper()
	manager := filepath.Join(dir, "libexec", "fakeenv")
	shim := filepath.Join(dir, "shims", name)
	files := map[string]string{
		manager: "#!/bin/sh\necho called >> '" + calls + "'\nsleep 0.2\n[ \"$1\" = which ] && echo '" + real + "'\n",
		shim:    "#!/usr/bin/env bash\nset -e\nprogram=\"${0##*/}\"\nexec \"" + manager + "\" exec \"$program\" \"$@\"\n",
	}
	for path, data := range files {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return shim
}

// TestFollowShim checks that a version manager's shim is followed to the
// program it names, that anything else is itself, and that the manager
// is asked once for a shim that eight runs start at the same time.
func TestFollowShim(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	real := filepath.Join(dir, "versions", "3.0", "bin", "fakepy")
	os.MkdirAll(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte("#!/bin/sh\n"), 0o755)
	calls := filepath.Join(dir, "calls")
	shim := fakeManager(t, dir, "fakepy", real, calls)
	wrong := fakeManager(t, filepath.Join(dir, "wrong"), "fakepy", filepath.Join(dir, "missing"), filepath.Join(dir, "wrong-calls"))
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, []byte("#!/bin/sh\nexec \"$0\" exec \"$program\"\n"), 0o755)

	tests := []struct {
		name, prog, want string
	}{
		{"shim", shim, real},
		{"shim-of-nothing", wrong, wrong}, // the manager names a program that is not there
		{"script", plain, plain},
		{"program", real, real},
		{"absent", filepath.Join(dir, "absent"), filepath.Join(dir, "absent")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resolveShim(tt.prog); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}

	os.Remove(calls)
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = followShim(shim)
		}()
	}
	wg.Wait()
	for i, g := range got {
		if g != real {
			t.Errorf("run %d: got %s, want %s", i, g, real)
		}
	}
	data, _ := os.ReadFile(calls)
	if n := strings.Count(string(data), "called"); n != 1 {
		t.Errorf("the manager was asked %d times for 8 runs at once, want once", n)
	}
}
