package gradetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreferSystemPython checks that a python3 that PATH finds first,
// such as a shim, gives way to the system's, and that the folders
// before it keep their place.
func TestPreferSystemPython(t *testing.T) {
	system := SystemPython(t)
	before, shim := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(shim, "python3"), []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", strings.Join([]string{before, shim, "/nonexistent"}, string(os.PathListSeparator)))
	PreferSystemPython()
	if got, err := exec.LookPath("python3"); err != nil || got != system {
		t.Errorf("got python3 %q (%v), want %q", got, err, system)
	}
	want := strings.Join([]string{before, filepath.Dir(system), shim, "/nonexistent"}, string(os.PathListSeparator))
	if got := os.Getenv("PATH"); got != want {
		t.Errorf("got PATH %q, want %q", got, want)
	}
}
