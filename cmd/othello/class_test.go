package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// classDir is a class whose students name their main modules as they
// like (its README.md says what each submission is).
var classDir = filepath.Join("testdata", "class")

// TestGradeMain grades testdata/class with python3 {main}: each
// submission runs its own main module, and one with none, two, or one
// that cannot start scores 0 with the reason, its standard error shown;
// one in a single module loses the rules of structure it breaks, which
// its report says with the file.
func TestGradeMain(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	tests := []struct {
		name  string
		score string   // of 100
		why   []string // what report.txt says, and for 0 points its first failure too
	}{
		{"ui-named", "100", []string{"check python3 othello_ui.py: FULL", "4 of 4 rules of structure kept",
			"othello_ui.py:6: imports othello_logic.py, which neither prints nor reads"}},
		{"Zoë Müller (late)", "100", []string{"check python3 main.py: FULL", "4 of 4 rules of structure kept"}},
		{"one-file", "92.5", []string{"1 of 4 rules of structure kept", "  kept        one-main: ",
			"  BROKEN      logic-apart: ", "othello.py: imports no module of its folder: the game logic must be in a module of its own",
			"  BROKEN      a-class: ", "othello.py: no class in any of its 1 modules",
			"  BROKEN      own-exception: ", "othello.py: no class of its own derives from Exception",
			"  structure              1/4          2.5/10"}},
		{"two-mains", "0", []string{"more than one .py module has an if __name__ == '__main__': block: game.py, test_game.py"}},
		{"no-main", "0", []string{"no .py module has an if __name__ == '__main__': block"}},
		{"cannot-start", "0", []string{"check: python3 main.py: its first line is \"\"", "its standard error: ",
			`File "main.py", line 2`, "ModuleNotFoundError: No module named 'othello_logic'"}},
		// Right in logic, wrong in every blank: all but format's points.
		{"blanks", "90", []string{`right but for blanks: output line 2 is "B: 0 W: 0\n", want "B: 0  W: 0\n"`, "4 of 4 rules of structure kept"}},
		// Its exit status 1 does not count in the assignment's profile.
		{"exit-after-winner", "100", []string{"check python3 play.py: FULL", "4 of 4 rules of structure kept"}},
	}
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"grade", "-n", "7", "-seed", "1", "-size", "4x4", "-out", out} // a scenario of each category
	for _, tt := range tests {
		args = append(args, filepath.Join(classDir, tt.name))
	}
	args = append(args, "--", "python3", "{main}")
	var stdout, stderr bytes.Buffer
	if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
		t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr.String())
	}
	rows := readGrades(t, filepath.Join(out, "grades.csv"))
	if len(rows) != len(tests) {
		t.Fatalf("got %d rows of grades, want %d", len(rows), len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := rows[tt.name]
			if !ok {
				t.Fatalf("no row for %q in %q", tt.name, rows)
			}
			full := tt.score == "100"
			if r["score"] != tt.score || r["max"] != "100" || (tt.score != "0" && r["failed"] != "0") || (r["first_failure"] == "") != full {
				t.Errorf("got %s of %s points, %s failed, first failure %q; want %s of 100, no scenario failed unless 0, and a first failure unless full points",
					r["score"], r["max"], r["failed"], r["first_failure"], tt.score)
			}
			if want := map[string]string{"100": "10", "92.5": "2.5", "90": "10", "0": "0"}[tt.score]; r["structure"] != want {
				t.Errorf("got %q points of structure in the CSV, want %q", r["structure"], want)
			}
			text := string(mustRead(t, filepath.Join(out, "submissions", tt.name, "report.txt")))
			for _, want := range tt.why {
				if (tt.score == "0" && !strings.Contains(r["first_failure"], want)) || !strings.Contains(text, want) {
					t.Errorf("got first failure %q and report.txt\n%s\nwant them to say %q", r["first_failure"], text, want)
				}
			}
		})
	}
	t.Logf("%s%s", stdout.String(), stderr.String())

	// Under -profile protocol the exit status counts.
	out = filepath.Join(t.TempDir(), "protocol")
	args = []string{"grade", "-profile", "protocol", "-n", "7", "-seed", "1", "-size", "4x4", "-out", out, filepath.Join(classDir, "exit-after-winner"), "--", "python3", "{main}"}
	if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
		t.Fatalf("-profile protocol: exit status %d, want 0; standard error:\n%s", status, stderr.String())
	}
	r := readGrades(t, filepath.Join(out, "grades.csv"))["exit-after-winner"]
	if want := "it exited with status 1, want status 0 (EOFError)"; fullPoints(r) || !strings.Contains(r["first_failure"], want) {
		t.Errorf("-profile protocol: got %s of %s points, first failure %q; want less than full points, the failure saying %q", r["score"], r["max"], r["first_failure"], want)
	}
}

// TestGradeSameUnderLoad grades two submissions of testdata/class, then
// grades them again beside a CPU-bound loop for each CPU: each row of the
// grades must be the same, as no limit of a run is so tight that a
// loaded machine changes a verdict.
func TestGradeSameUnderLoad(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	grade := func(out string) [][]string {
		t.Helper()
		args := []string{"grade", "-n", "3", "-seed", "1", "-size", "4x4", "-out", out}
		for _, name := range []string{"ui-named", "blanks"} {
			args = append(args, filepath.Join(classDir, name))
		}
		args = append(args, "--", "python3", "{main}")
		var stdout, stderr bytes.Buffer
		if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
			t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr.String())
		}
		return readCSV(t, filepath.Join(out, "grades.csv"))
	}
	quiet := grade(filepath.Join(t.TempDir(), "quiet"))
	for range runtime.NumCPU() {
		loop := exec.Command("sh", "-c", "while :; do :; done")
		if err := loop.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() {
			loop.Process.Kill()
			loop.Wait()
		}()
	}
	loaded := grade(filepath.Join(t.TempDir(), "loaded"))
	if len(loaded) != len(quiet) {
		t.Fatalf("got %d rows loaded, want %d as quiet", len(loaded), len(quiet))
	}
	for i := range quiet {
		if !slices.Equal(loaded[i], quiet[i]) {
			t.Errorf("row %d: got %q loaded, want %q as quiet", i, loaded[i], quiet[i])
		}
	}
}

// TestGradeSlowButRight grades a correct program that needs ten times a
// plain program's CPU (some 2 s for a 16x16 game): full points with the
// default limits, which grow with the board, and a way of its own, too
// slow, under -cpu 0.5s. The CPU it used when stopped may pass the limit
// by a measurement's delay, which a loaded machine lengthens, up to the
// backstop of RLIMIT_CPU, a whole second more than the limit rounded up.
func TestGradeSlowButRight(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	for _, tt := range []struct {
		flags []string
		full  bool
		why   *regexp.Regexp // its first failure
	}{
		{nil, true, regexp.MustCompile(`\A\z`)},
		{[]string{"-cpu", "0.5s"}, false, regexp.MustCompile(`\Atoo slow on 16x16: (0\.[5-9]|1(\.[0-9])?|2) s of CPU, the limit 0\.5 s\z`)},
	} {
		t.Run(strings.Join(append([]string{"flags"}, tt.flags...), " "), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := append([]string{"grade", "-n", "1", "-seed", "1", "-size", "16x16", "-out", out}, tt.flags...)
			args = append(args, filepath.Join(classDir, "slow-but-right"), "--", "python3", "{main}")
			var stdout, stderr bytes.Buffer
			if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
				t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr.String())
			}
			r := readGrades(t, filepath.Join(out, "grades.csv"))["slow-but-right"]
			if fullPoints(r) != tt.full || !tt.why.MatchString(r["first_failure"]) {
				t.Errorf("got %s of %s points, first failure %q; want full points: %v, first failure matching %q", r["score"], r["max"], r["first_failure"], tt.full, tt.why)
			}
		})
	}
}

// TestGradeRunScript grades a submission run by its own ./run.sh, which
// is taken from the submission's folder, not the grader's, Isolated and
// Limited.
func TestGradeRunScript(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	sub := filepath.Join(dir, "scripted")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"othello_ui.py", "othello_logic.py"} {
		if err := os.WriteFile(filepath.Join(sub, name), mustRead(t, filepath.Join(classDir, "ui-named", name)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(sub, "run.sh"), []byte("#!/bin/sh\nexec python3 othello_ui.py\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, sandboxed := range []string{"true", "false"} {
		t.Run("sandbox="+sandboxed, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+sandboxed)
			args := []string{"grade", "-sandbox=" + sandboxed, "-n", "1", "-seed", "1", "-size", "4x4", "-out", out, sub, "--", "./run.sh"}
			var stdout, stderr bytes.Buffer
			if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
				t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr.String())
			}
			r := readGrades(t, filepath.Join(out, "grades.csv"))["scripted"]
			text := string(mustRead(t, filepath.Join(out, "submissions", "scripted", "report.txt")))
			if !fullPoints(r) || !strings.HasPrefix(text, "check ./run.sh: FULL") {
				t.Errorf("got the grades %q and report.txt\n%s\nwant ./run.sh checked, with full points", r, text)
			}
		})
	}
}

// readGrades reads the CSV file of grades at path: each row by its
// submission, each cell by its column's name.
func readGrades(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil || len(records) == 0 || !slices.Contains(records[0], "submission") {
		t.Fatalf("got the CSV %q, %v; want a header with a column submission", records, err)
	}
	rows := map[string]map[string]string{}
	for _, r := range records[1:] {
		row := map[string]string{}
		for i, name := range records[0] {
			row[name] = r[i]
		}
		rows[row["submission"]] = row
	}
	return rows
}

// fullPoints reports whether a row of the grades has every point and no
// failure.
func fullPoints(row map[string]string) bool {
	return row["score"] != "" && row["score"] == row["max"] && row["failed"] == "0" && row["first_failure"] == ""
}
