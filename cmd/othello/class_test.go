package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// classDir is a class whose students name their main modules as they
// like (its README.md says what each submission is).
var classDir = filepath.Join("testdata", "class")

// TestGradeMain grades testdata/class with python3 {main}: each
// submission runs its own main module, and one with none, two, or one
// that cannot start scores 0 with the reason, its standard error shown.
func TestGradeMain(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	tests := []struct {
		name string
		full bool     // full points, and no failure; else 0 points
		why  []string // what report.txt says, and for 0 points its first failure too
	}{
		{"ui-named", true, []string{"check python3 othello_ui.py: FULL"}},
		{"Zoë Müller (late)", true, []string{"check python3 main.py: FULL"}},
		{"two-mains", false, []string{"more than one .py module has an if __name__ == '__main__': block: game.py, test_game.py"}},
		{"no-main", false, []string{"no .py module has an if __name__ == '__main__': block"}},
		{"cannot-start", false, []string{"check: python3 main.py: its first line is \"\"", "its standard error: ",
			"ModuleNotFoundError: No module named 'othello_logic'"}},
	}
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"grade", "-n", "2", "-seed", "1", "-size", "4x4", "-out", out}
	for _, tt := range tests {
		args = append(args, filepath.Join(classDir, tt.name))
	}
	args = append(args, "--", "python3", "{main}")
	var stdout, stderr bytes.Buffer
	if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
		t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr.String())
	}
	f, err := os.Open(filepath.Join(out, "grades.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil || len(records) != 1+len(tests) {
		t.Fatalf("got the CSV %q, %v; want a header and %d rows", records, err, len(tests))
	}
	column := func(name string) int {
		i := slices.Index(records[0], name)
		if i < 0 {
			t.Fatalf("the CSV's header %q has no %s", records[0], name)
		}
		return i
	}
	sub, score, maxPoints, failed, why := column("submission"), column("score"), column("max"), column("failed"), column("first_failure")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := slices.IndexFunc(records[1:], func(r []string) bool { return r[sub] == tt.name })
			if k < 0 {
				t.Fatalf("no row for %q in %q", tt.name, records)
			}
			r := records[1+k]
			if full := r[score] == r[maxPoints] && r[failed] == "0" && r[why] == ""; full != tt.full || (!tt.full && r[score] != "0") {
				t.Errorf("got %s of %s points, %s failed, first failure %q; want full points: %v", r[score], r[maxPoints], r[failed], r[why], tt.full)
			}
			text := string(mustRead(t, filepath.Join(out, "submissions", tt.name, "report.txt")))
			for _, want := range tt.why {
				if (!tt.full && !strings.Contains(r[why], want)) || !strings.Contains(text, want) {
					t.Errorf("got first failure %q and report.txt\n%s\nwant them to say %q", r[why], text, want)
				}
			}
		})
	}
	t.Logf("%s%s", stdout.String(), stderr.String())
}
