package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
)

// TestGradescopeRefusesDynamic runs othello gradescope and othello vpl
// in this test's binary, which is dynamically linked when cgo is on: they
// must refuse, saying how to build a static one, and write nothing.
func TestGradescopeRefusesDynamic(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(autograder.CheckStatic(self), autograder.ErrDynamic) {
		t.Skip("this test's binary is static (CGO_ENABLED=0): package autograder's TestCheckStatic checks the refusal")
	}
	for _, sub := range []string{"gradescope", "vpl"} {
		t.Run(sub, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "autograder")
			var stdout, stderr bytes.Buffer
			status := run([]string{sub, "-out", out, "--", "python3", "othello.py"}, nil, &stdout, &stderr, environ{})
			if status != 1 || !strings.Contains(stderr.String(), "is dynamically linked") || !strings.Contains(stderr.String(), "CGO_ENABLED=0") {
				t.Errorf("got status %d, want 1 and why:\n%s", status, stderr.String())
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("wrote %s all the same", out)
			}
		})
	}
}
