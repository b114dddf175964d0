package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPublicAPI checks that the module's importable packages are othello
// and console alone: every other package is a command, under cmd/, or
// under internal/, where only the module may import it.
func TestPublicAPI(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Name}}", "./...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/othello-judge/judge/"
	var public []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, name, _ := strings.Cut(line, " ")
		rel := strings.TrimPrefix(path, module)
		if name == "main" || strings.HasPrefix(rel, "internal/") {
			continue
		}
		public = append(public, rel)
	}
	if got, want := strings.Join(public, " "), "console othello"; got != want {
		t.Errorf("got importable packages %q, want %q", got, want)
	}
}
