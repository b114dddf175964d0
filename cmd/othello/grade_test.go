package main

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// correctPy is the correct Python program of the assignment, in the
// structure the assignment asks: its game logic is othello_logic.py's.
var correctPy = filepath.Join(classDir, "ui-named", "othello_ui.py")

// writeSubmission writes a submission folder dir/name holding othello.py:
// correctPy with each of the replacements old, new made, beside its
// othello_logic.py, or the program given, alone.
func writeSubmission(t *testing.T, dir, name string, program string, replace ...string) string {
	t.Helper()
	sub := filepath.Join(dir, name)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if program == "" {
		program = string(mustRead(t, correctPy))
		logic := mustRead(t, filepath.Join(filepath.Dir(correctPy), "othello_logic.py"))
		if err := os.WriteFile(filepath.Join(sub, "othello_logic.py"), logic, 0o644); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(replace); i += 2 {
			if !strings.Contains(program, replace[i]) {
				t.Fatalf("%s has no %q", correctPy, replace[i])
			}
			program = strings.ReplaceAll(program, replace[i], replace[i+1])
		}
	}
	if program != "-" {
		if err := os.WriteFile(filepath.Join(sub, "othello.py"), []byte(program), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return sub
}

// snoop is a submission that looks for another submission and the
// grades, and says what it found.
const snoop = `import os
leaks = []
for p in ["../good/othello.py", "../out/grades.csv", "../out"]:
    try:
        if os.path.isdir(p):
            if os.listdir(p):
                leaks.append(p)
        else:
            with open(p) as f:
                if f.read():
                    leaks.append(p)
    except OSError:
        pass
print("FULL")
print("LEAK " + " ".join(leaks) if leaks else "SAFE")
`

// TestGrade grades a folder of a correct program, three broken ones, one
// that does not start, one that hangs and one that looks at the others,
// and checks the CSV and the reports: each broken one loses the points of
// its own category only, and none sees another submission or the grades.
func TestGrade(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	dir := t.TempDir()
	subs := []string{
		writeSubmission(t, dir, "good", ""),
		writeSubmission(t, dir, "spacing", "", `"B: %d  W: %d\n"`, `"B: %d W: %d\n"`),
		writeSubmission(t, dir, "wide", "", "rows, cols = size", "cols, rows = size"),
		writeSubmission(t, dir, "fewest", "", `(win == b">")`, "True"),
		writeSubmission(t, dir, "nostart", "-"),
		writeSubmission(t, dir, "hang", "import time\nprint('FULL', flush=True)\ntime.sleep(60)\n"),
		writeSubmission(t, dir, "snoop", snoop),
	}
	out := filepath.Join(dir, "out")
	// The time limit is there to end the one that hangs: 4s, twenty times
	// the CPU time of the correct program on 12x12 (0.2 s). With 2s, a
	// loaded machine once made it "too slow on 12x12: 2 s of wall time
	// (0.2 s of CPU)".
	args := append([]string{"grade", "-n", "7", "-seed", "1", "-timeout", "4s", "-j", "3", "-out", out}, subs...)
	args = append(args, "--", "python3", "othello.py")
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
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		score string
		lose  string // the category that loses points; "" for none or all
	}{
		"good": {"100", ""}, "spacing": {"90", "format"}, "wide": {"", "non-square"}, "fewest": {"", "fewest-wins"},
		"nostart": {"0", ""}, "hang": {"0", ""}, "snoop": {"0", ""},
	}
	// The columns of old first, then the status and the categories.
	header := "submission,rules,score,max,passed,failed,not_run,first_failure,status,reference,full-game,passes,blocked-start,fewest-wins,non-square,invalid-moves,lock-step,format,structure"
	if len(records) != 1+len(subs) || strings.Join(records[0], ",") != header {
		t.Fatalf("got the CSV\n%v\nwant the header %s and %d rows", records, header, len(subs))
	}
	for _, r := range records[1:] {
		name, score := r[0], r[2]
		if r[8] != "graded" {
			t.Errorf("%s: status %q, want graded", name, r[8])
		}
		w, ok := want[name]
		if !ok {
			t.Errorf("a row for %q", name)
			continue
		}
		delete(want, name)
		if r[3] != "100" || (w.score != "" && score != w.score) || (w.score == "" && (score == "100" || score == "0")) {
			t.Errorf("%s: got %s of %s points, want %s of 100", name, score, r[3], w.score)
		}
		if (name == "good") != (r[7] == "") {
			t.Errorf("%s: got first failure %q", name, r[7])
		}
		switch name {
		case "nostart":
			if r[1] != "" || !strings.Contains(r[7], "its first line is") {
				t.Errorf("nostart: got rules %q and failure %q, want none and its first line", r[1], r[7])
			}
			continue
		case "snoop":
			if !strings.Contains(r[7], `got "SAFE\n"`) {
				t.Errorf("snoop: got failure %q, want it to have seen nothing", r[7])
			}
		case "hang":
			if passed, _ := strconv.Atoi(r[4]); passed != 0 || !strings.Contains(r[7], "still running after 4s") {
				t.Errorf("hang: got %s passed and failure %q, want 0 and a time-out", r[4], r[7])
			}
		}
		var report struct {
			Score      float64 `json:"score"`
			Categories []struct {
				Name string  `json:"name"`
				P    float64 `json:"points"`
				M    float64 `json:"max_points"`
			} `json:"categories"`
		}
		data, err := os.ReadFile(filepath.Join(out, "submissions", name, "report.json"))
		if err != nil || json.Unmarshal(data, &report) != nil {
			t.Errorf("%s: report.json: %v", name, err)
			continue
		}
		if w.lose != "" {
			for i, c := range report.Categories {
				if (c.P < c.M) != (c.Name == w.lose) {
					t.Errorf("%s: %s got %v of %v points", name, c.Name, c.P, c.M)
				}
				if col := slices.Index(records[0], c.Name); col < 0 || r[col] != check.FormatPoints(c.P) {
					t.Errorf("%s: %s: got %v points in the CSV, want %v", name, c.Name, r[col], report.Categories[i].P)
				}
			}
		}
		for _, file := range []string{"report.txt", "report.json", "report.html"} {
			// The reproducers are named from the report's folder, not by
			// the grader's paths.
			text := string(mustRead(t, filepath.Join(out, "submissions", name, file)))
			if strings.Contains(text, dir) || (w.lose != "" && !strings.Contains(text, "failing/")) {
				t.Errorf("%s/%s names the grader's folder %s, or no reproducer in failing/", name, file, dir)
			}
		}
	}
	for name := range want {
		t.Errorf("no row for %s", name)
	}
	if page := string(mustRead(t, filepath.Join(out, "submissions", "nostart", "report.html"))); !strings.Contains(page, "The program could not be checked") {
		t.Errorf("nostart/report.html does not say it could not be checked:\n%s", page)
	}
	index := string(mustRead(t, filepath.Join(out, "index.html")))
	for _, want := range []string{`<a href="./submissions/good/report.html">good</a>`, `<a href="./submissions/wide/report.html">wide</a>`,
		`<a href="./submissions/nostart/report.html">nostart</a>`, `<td class="num">100/100</td>`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s:\n%s", want, index)
		}
	}
	if !strings.Contains(stdout.String(), "graded 7 of 7 submissions") {
		t.Errorf("standard output %q, want it to say all 7 were graded", stdout.String())
	}
	t.Logf("%s%s", stdout.String(), stderr.String())
}

// TestCheckHTML checks a program with a mistake on non-square boards
// with -html, and reads the page: the report beside the text one, with a
// board for each step of the way it fails, and nothing outside the file.
func TestCheckHTML(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	dir := t.TempDir()
	sub := writeSubmission(t, dir, "wide", "", "rows, cols = size", "cols, rows = size")
	page := filepath.Join(dir, "report.html")
	var stdout, stderr bytes.Buffer
	args := []string{"check", "-n", "7", "-seed", "1", "-html", page, "-out", filepath.Join(dir, "failing"), "--", "python3", filepath.Join(sub, "othello.py")}
	if status := run(args, nil, &stdout, &stderr, environ{}); status != 1 || !strings.Contains(stdout.String(), "WAY 1 of") {
		t.Fatalf("exit status %d, want 1 and a way of failing; standard output:\n%s\nstandard error:\n%s", status, stdout.String(), stderr.String())
	}
	html := string(mustRead(t, page))
	report := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	// The reproducers are named from beside -out, not by the grader's path.
	if want := "written with its expected output to failing/"; !strings.Contains(stdout.String(), want) {
		t.Errorf("the report does not say %q:\n%s", want, stdout.String())
	}
	for _, want := range []string{"<!DOCTYPE html>", `<section class="way" id="way1">`, "non-square", "<svg", `class="line first"`,
		report[len(report)-1], "written with its expected output to <code>failing/"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if n := strings.Count(html, "<script"); n != 1 || strings.Contains(html, "http") {
		t.Errorf("got %d scripts and an address: %v, want one script and none", n, strings.Contains(html, "http"))
	}

	// A program that cannot be started still leaves a page, which says so.
	stdout.Reset()
	stderr.Reset()
	args = []string{"check", "-n", "1", "-html", page, "--", filepath.Join(dir, "no-such-program")}
	if status := run(args, nil, &stdout, &stderr, environ{}); status != 1 {
		t.Fatalf("exit status %d, want 1; standard error:\n%s", status, stderr.String())
	}
	if html := string(mustRead(t, page)); !strings.Contains(html, "The program could not be checked") || !strings.Contains(html, "no-such-program") {
		t.Errorf("the page of a program that cannot start does not say so:\n%s", html)
	}
}

// TestGradescope writes an autograder, unpacks it into a folder that
// stands for /autograder, and runs its run_autograder on a correct
// submission and a broken one.
func TestGradescope(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	bin := buildJudge(t)
	dir := t.TempDir()
	weights := filepath.Join(dir, "weights.txt")
	os.WriteFile(weights, []byte("reference 20\nfull-game 30\ngolden 40\nformat 10\n"), 0o644)
	zipPath := filepath.Join(dir, "autograder.zip")
	// A few golden pairs, bad setups among them: each is a run of each
	// submission.
	golden := filepath.Join(dir, "golden")
	os.Mkdir(golden, 0o755)
	for _, name := range []string{"reference-4x4", "tie", "pass-4x4", "bad-rows-odd", "bad-player-x"} {
		files, _ := filepath.Glob(filepath.Join(goldenDir, "full", name+".*"))
		for _, f := range files {
			os.WriteFile(filepath.Join(golden, filepath.Base(f)), mustRead(t, f), 0o644)
		}
	}
	// -memory and -env are parsed by functions, and written again from
	// what they parsed.
	cmd := exec.Command(bin, "gradescope", "-out", zipPath, "-n", "7", "-weights", weights, "-golden", golden,
		"-hidden", "golden", "-memory", "256MiB", "-env", "COURSE=othello 101", "--", "python3", "othello.py")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	z, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	for _, tt := range []struct {
		name    string
		replace []string
		score   float64 // -1 for less than 100: it passes the golden bad setups
		// nested runs run_autograder as root where no namespace can be
		// had (nestEnv), as in a Docker container without them: its
		// sandbox line, in results.json, must say so.
		nested  bool
		sandbox string // how the sandbox line starts
	}{
		{"correct", nil, 100, false, "sandbox: "},
		{"spacing", []string{`"B: %d  W: %d\n"`, `"B: %d W: %d\n"`}, -1, false, "sandbox: "}, // right but for blanks, but for the golden bad setups: it loses most of the format
		{"correct without namespaces", nil, 100, true, "sandbox: limited, isolation unavailable"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.nested && (runtime.GOOS != "linux" || os.Geteuid() != 0) {
				t.Skip("the grader must be root on Linux to run where no namespace can be had")
			}
			root := filepath.Join(t.TempDir(), "autograder")
			for _, f := range z.File {
				path := filepath.Join(root, "source", filepath.FromSlash(f.Name))
				os.MkdirAll(filepath.Dir(path), 0o755)
				r, err := f.Open()
				if err != nil {
					t.Fatal(err)
				}
				data, _ := io.ReadAll(r)
				r.Close()
				if err := os.WriteFile(path, data, f.Mode()); err != nil {
					t.Fatal(err)
				}
			}
			os.Rename(filepath.Join(root, "source", "run_autograder"), filepath.Join(root, "run_autograder"))
			if err := autograder.CheckStatic(filepath.Join(root, "source", "othello")); err != nil {
				t.Errorf("the zip's binary: %v", err)
			}
			writeSubmission(t, root, "submission", "", tt.replace...)
			for _, script := range []string{filepath.Join(root, "source", "setup.sh"), filepath.Join(root, "run_autograder")} {
				command := func() *exec.Cmd {
					c := exec.Command("sh", script)
					c.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root)
					if tt.nested && filepath.Base(script) == "run_autograder" {
						self, err := os.Executable()
						if err != nil {
							t.Fatal(err)
						}
						c = exec.Command(self, "/bin/sh", script)
						c.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root, nestEnv+"=0")
					}
					return c
				}
				// A child that a parallel test forked while this one wrote
				// the zip's binary may hold it open for writing until it
				// execs (golang.org/issue/22315): the shell then cannot
				// run it, "Text file busy", and the script runs again.
				out, err := command().CombinedOutput()
				for try := 0; err != nil && bytes.Contains(out, []byte("Text file busy")) && try < 3; try++ {
					time.Sleep(100 * time.Millisecond)
					out, err = command().CombinedOutput()
				}
				if err != nil {
					t.Fatalf("%s: %v\n%s", script, err, out)
				}
			}
			data := mustRead(t, filepath.Join(root, "results", "results.json"))
			var results struct {
				Score     float64 `json:"score"`
				Output    string  `json:"output"`
				ExtraData struct {
					Sandbox string `json:"sandbox"`
				} `json:"extra_data"`
				Tests []struct {
					Name       string  `json:"name"`
					Score      float64 `json:"score"`
					Max        float64 `json:"max_score"`
					Visibility string  `json:"visibility"`
				} `json:"tests"`
			}
			if err := json.Unmarshal(data, &results); err != nil {
				t.Fatalf("results.json: %v\n%s", err, data)
			}
			if sb := results.ExtraData.Sandbox; !strings.HasPrefix(sb, tt.sandbox) || !strings.Contains(results.Output, sb) {
				t.Errorf("results.json: got the sandbox %q in extra_data, want the report's sandbox line starting %q, in the output too:\n%s", sb, tt.sandbox, results.Output)
			}
			sum, most := 0.0, 0.0
			for _, test := range results.Tests {
				sum += test.Score
				most += test.Max
				if hidden := strings.HasPrefix(test.Name, "golden:"); hidden != (test.Visibility == "after_published") {
					t.Errorf("%s: visibility %s", test.Name, test.Visibility)
				}
			}
			if want := tt.score; (want >= 0 && results.Score != want) || (want < 0 && results.Score >= 100) || sum != results.Score || most != 100 {
				t.Errorf("got score %v, tests adding up to %v of %v; want %v of 100:\n%s", results.Score, sum, most, tt.score, data)
			}
		})
	}
}

// spoofPy writes what would spoof a report if it were shown as it is: on
// standard error, escape codes that clear the screen, a fake verdict, an
// escape code that hides what follows and U+202E, then the fake verdict
// in a line of its own; then, on a board that is not square, a Python
// traceback whose exception's name is 65 KB long; when the fewest discs
// win, a C++ exception named in escape codes; otherwise, a first score
// line of the escape codes and 65 KB more.
const spoofPy = `import sys
spoofer = "\x1b[2J\r250 passed, 0 failed\x1b[8m\u202e"
out, err = sys.stdout.buffer, sys.stderr.buffer
out.write(b"FULL\n")
out.flush()
rows, cols = int(input()), int(input())
input()
win = input().strip()
err.write((spoofer + "\n250 passed, 0 failed\n").encode())
if rows != cols:
    err.write(b'Traceback (most recent call last):\n  File "othello.py", line 1, in <module>\n' + b"X" * 65000 + b"Error: boom\n")
elif win == "<":
    err.write(("terminate called after throwing an instance of '" + spoofer + "'\n").encode())
else:
    out.write((spoofer + "Y" * 65000 + "\n").encode())
sys.exit(1)
`

// TestGradeSpoofAndNames grades a class whose submissions are named as
// the grader's own files, grades.csv and index.html, and as a formula,
// =1+1, with one that writes what would spoof a report: the class is
// graded whole, the formula is text in the CSV, and no report (the text,
// the JSON, the page, the CSV, the index) shows what the spoof wrote but
// quoted, cut, and in lines of the grader's. Gradescope's results.json
// is checked so in package check.
func TestGradeSpoofAndNames(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	dir := t.TempDir()
	subs := []string{
		writeSubmission(t, dir, "grades.csv", ""),
		writeSubmission(t, dir, "index.html", ""),
		writeSubmission(t, dir, "=1+1", ""),
		writeSubmission(t, dir, "spoof", spoofPy),
	}
	out := filepath.Join(dir, "out")
	// Scenarios 3 and 4 of seed 1: the fewest discs win, a board not square.
	args := append([]string{"grade", "-n", "5", "-seed", "1", "-j", "4", "-out", out}, subs...)
	args = append(args, "--", "python3", "othello.py")
	var stdout, stderr bytes.Buffer
	if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
		t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr.String())
	}
	grades := string(mustRead(t, filepath.Join(out, "grades.csv")))
	records, err := csv.NewReader(strings.NewReader(grades)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range records[1:] {
		names = append(names, r[0])
		if want := map[bool]string{true: "0", false: r[3]}[r[0] == "spoof"]; r[2] != want {
			t.Errorf("%s: got %s of %s points, want %s", r[0], r[2], r[3], want)
		}
	}
	if got := strings.Join(names, " "); got != "'=1+1 grades.csv index.html spoof" {
		t.Errorf("got the rows of %s, want '=1+1, grades.csv, index.html and spoof, by name", got)
	}
	index := string(mustRead(t, filepath.Join(out, "index.html")))
	for _, want := range []string{`<a href="./submissions/grades.csv/report.html">grades.csv</a>`,
		`<a href="./submissions/index.html/report.html">index.html</a>`, `<a href="./submissions/=1&#43;1/report.html">=1&#43;1</a>`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	for _, name := range []string{"grades.csv", "index.html", "=1+1", "spoof"} {
		for _, file := range []string{"report.txt", "report.json", "report.html"} {
			if _, err := os.Stat(filepath.Join(out, "submissions", name, file)); err != nil {
				t.Error(err)
			}
		}
	}

	reports := map[string]string{"grades.csv": grades, "index.html": index}
	for _, file := range []string{"report.txt", "report.json", "report.html"} {
		reports[file] = string(mustRead(t, filepath.Join(out, "submissions", "spoof", file)))
	}
	for name, text := range reports {
		for _, bad := range []string{"\x1b", "\r", "\u202e", "\x00"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s holds %q", name, bad)
			}
		}
		for _, l := range strings.Split(text, "\n") {
			if strings.TrimSpace(l) == "250 passed, 0 failed" {
				t.Errorf("%s has the program's fake verdict as a line of its own", name)
			}
		}
		if long := regexp.MustCompile(`[XY]+`).FindAllString(text, -1); slices.ContainsFunc(long, func(s string) bool { return len(s) > check.MaxLine }) {
			t.Errorf("%s shows more than %d of the program's 65,000 X or Y in a row", name, check.MaxLine)
		}
		if !strings.Contains(text, `\x1b[2J\r250 passed, 0 failed\x1b[8m\u202e`) && !strings.Contains(text, `\\x1b[2J\\r250 passed, 0 failed\\x1b[8m\\u202e`) {
			t.Errorf("%s does not show what the program wrote, quoted", name)
		}
	}
}

// readCSV returns the rows of a grades CSV file, its header first,
// failing the test if it is not whole CSV.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	records, err := csv.NewReader(bytes.NewReader(mustRead(t, path))).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return records
}

// TestGradeSurvives grades a class of three with the built binary, one
// submission at a time, the second one hanging, and stops it with SIGINT
// once the first row is written: the CSV, read all the while, is always
// whole, with a row for every submission, those not done interrupted.
// Run again, it keeps the first row and grades the others; -fresh and
// other flags grade all again, keeping the earlier grades aside.
func TestGradeSurvives(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	bin := buildJudge(t)
	dir := t.TempDir()
	const good = "" // writeSubmission's correct program
	subs := []string{
		writeSubmission(t, dir, "a-good", good),
		writeSubmission(t, dir, "b-hang", "import time\nprint('FULL', flush=True)\ntime.sleep(600)\n"),
		writeSubmission(t, dir, "c-good", good),
	}
	out := filepath.Join(dir, "out")
	csvPath := filepath.Join(out, "grades.csv")
	grade := func(flags ...string) *exec.Cmd {
		// Long limits: the hanging program runs until it is stopped.
		args := append(append([]string{"grade", "-j", "1", "-timeout", "5m", "-cpu", "5m", "-out", out}, flags...), subs...)
		return exec.Command(bin, append(args, "--", "python3", "othello.py")...)
	}
	statuses := func(records [][]string) string {
		var s []string
		for _, r := range records[1:] {
			s = append(s, r[0]+":"+r[8])
		}
		return strings.Join(s, " ")
	}

	cmd := grade("-n", "4", "-seed", "1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for first := false; !first; {
		select {
		case err := <-exited:
			t.Fatalf("grade ended (%v) before its first row; standard error:\n%s", err, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if _, err := os.Stat(csvPath); err != nil {
			continue
		}
		records := readCSV(t, csvPath)
		if len(records) != 4 {
			t.Fatalf("got %d lines of CSV, want a header and a row for each of 3 submissions from the start:\n%v", len(records), records)
		}
		first = records[1][8] == "graded"
	}
	cmd.Process.Signal(os.Interrupt)
	err := <-exited
	if status := cmd.ProcessState.ExitCode(); status != 3 {
		t.Fatalf("exit status %d (%v), want 3; standard error:\n%s", status, err, stderr.String())
	}
	records := readCSV(t, csvPath)
	if got, want := statuses(records), "a-good:graded b-hang:interrupted c-good:interrupted"; got != want {
		t.Fatalf("got rows %s, want %s", got, want)
	}
	firstRow := records[1]
	if firstRow[2] != firstRow[3] || records[2][2] != "" || records[3][2] != "" {
		t.Errorf("got scores %q of %q, %q, %q; want full points and none for the two interrupted", firstRow[2], firstRow[3], records[2][2], records[3][2])
	}
	if want := "graded 1 of 3 submissions"; !strings.Contains(stdout.String(), want) || !strings.Contains(stdout.String(), "2 interrupted: run again to finish") {
		t.Errorf("standard output %q, want %q and 2 interrupted", stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "not graded: b-hang, c-good") {
		t.Errorf("standard error does not name the submissions not graded:\n%s", stderr.String())
	}

	// Run again, with the hanging program fixed: the first row is kept
	// as it was, the others graded, with the seed of the first run.
	writeSubmission(t, dir, "b-hang", good)
	for _, tt := range []struct {
		name  string
		flags []string
		kept  string // what standard error says of the earlier grades
		old   bool   // the earlier grades were moved to grades.old.csv
	}{
		{"again", []string{"-n", "4", "-seed", "1"}, "kept 1 submission graded by the earlier run (seed 1); grading 2", false},
		{"no seed", []string{"-n", "4"}, "kept 3 submissions graded by the earlier run (seed 1); grading 0", false},
		{"fresh", []string{"-n", "4", "-seed", "1", "-fresh"}, "grading all 3 submissions: -fresh", true},
		{"other flags", []string{"-n", "3", "-seed", "1"}, "made with other flags or another command: -cpu=5m -n=4 -timeout=5m -- python3 othello.py, now -cpu=5m -n=3 -timeout=5m -- python3 othello.py", true},
		{"other seed", []string{"-n", "3", "-seed", "2"}, "made with seed 1, now 2", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := mustRead(t, csvPath)
			os.Remove(filepath.Join(out, "grades.old.csv"))
			cmd := grade(tt.flags...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v; standard error:\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.kept) {
				t.Errorf("standard error does not say %q:\n%s", tt.kept, stderr.String())
			}
			records := readCSV(t, csvPath)
			if got, want := statuses(records), "a-good:graded b-hang:graded c-good:graded"; got != want {
				t.Errorf("got rows %s, want %s", got, want)
			}
			if !strings.Contains(stdout.String(), "graded 3 of 3 submissions") {
				t.Errorf("standard output %q, want all 3 graded", stdout.String())
			}
			old, err := os.ReadFile(filepath.Join(out, "grades.old.csv"))
			if tt.old != (err == nil) || (tt.old && !bytes.Equal(old, before)) {
				t.Errorf("grades.old.csv: %v, want the earlier grades there: %v", err, tt.old)
			}
			if !tt.old && !slices.Equal(records[1], firstRow) {
				t.Errorf("got the kept row %q, want %q as before", records[1], firstRow)
			}
		})
	}
}

func TestGradeFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-n", "7", "-seed", "1", "-j", "3", "-out", "o", "-csv", "g.csv", "-fresh", "a", "--", "python3"}, "-n=7"},
		{[]string{"-seed=1", "-n=7", "a", "--", "python3"}, "-n=7"},
		{[]string{"-v", "-n", "7", "-golden", "x", "-golden=y", "-sandbox=false", "--", "a", "--", "python3"}, "-golden=x -golden=y -n=7 -sandbox=false -v=true"},
		{[]string{"-out", "o", "a", "--", "python3", "-n", "3"}, ""},
		{[]string{"-roster", "r.yml", "-lms", "canvas", "-assignment", "A (1)", "-n", "2", "a", "--", "python3"}, "-n=2"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			flags := newFlagSet("grade", io.Discard)
			addCheckFlags(flags)
			flags.String("out", "", "")
			flags.String("csv", "", "")
			flags.Bool("v", false, "")
			flags.Bool("fresh", false, "")
			flags.String("roster", "", "")
			flags.String("lms", "", "")
			flags.String("assignment", "", "")
			if err := flags.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(gradeFlags(flags, tt.args), " "); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestGradeRosterRefused checks the command lines of othello grade
// -roster and -lms refused, and the rosters it cannot read: exit status
// 2 and why, before anything is graded or written.
func TestGradeRosterRefused(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "submission_1")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"bad.yml": "submission_1:\n  :submitters: &a []\n", "names.csv": "submission,name\nsubmission_1,Ann\n"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		flags []string
		want  string // the first line of standard error
	}{
		{"-lms without a roster", []string{"-lms", "canvas"}, "othello grade: lms canvas: its file needs a roster: -roster FILE, or Gradescope's export as the submission"},
		{"-assignment without -lms", []string{"-roster", filepath.Join(dir, "names.csv"), "-assignment", "A"}, "othello grade: -assignment names the column of -lms's file: give -lms"},
		{"no such LMS", []string{"-roster", filepath.Join(dir, "names.csv"), "-lms", "blackboard"}, "othello grade: lms blackboard: no such system: want canvas, moodle, gradescope"},
		{"no column of the LMS", []string{"-roster", filepath.Join(dir, "names.csv"), "-lms", "moodle"}, "othello grade: lms moodle: it finds a student by ID number, Email address, Username, and roster " + filepath.Join(dir, "names.csv") + " has none of the columns ID number, sid, Email address, email, Username, username"},
		{"the grades as the LMS's file", []string{"-roster", filepath.Join(dir, "names.csv"), "-lms", "canvas", "-csv", filepath.Join(dir, "out", "canvas.csv")}, "othello grade: lms canvas: its file would be the grades, " + filepath.Join(dir, "out", "canvas.csv") + ": name them otherwise"},
		{"a roster not read", []string{"-roster", filepath.Join(dir, "bad.yml")}, "othello grade: roster " + filepath.Join(dir, "bad.yml") + ": line 2: an anchor (&a): anchors and aliases are not read"},
		{"no roster", []string{"-roster", filepath.Join(dir, "none.yml")}, "othello grade: roster " + filepath.Join(dir, "none.yml") + ": cannot be read: no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, "out")
			args := append(append([]string{"grade", "-n", "0", "-out", out}, tt.flags...), sub, "--", "python3", "othello.py")
			var stdout, stderr bytes.Buffer
			status := run(args, nil, &stdout, &stderr, environ{})
			if first, _, _ := strings.Cut(stderr.String(), "\n"); status != 2 || first != tt.want || stdout.Len() > 0 {
				t.Errorf("got exit status %d, standard output %q, standard error\n%s\nwant 2, nothing and %s", status, stdout.String(), stderr.String(), tt.want)
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("got the folder of the reports (%v), want none", err)
			}
		})
	}
}

// TestGraderMachine checks check and grade where the grader's Python
// lacks json, as python3-minimal does (gradetest.FakePython), for a
// correct program: found by the probe, or only at the structure check's
// run, check gives no grade, exit status 4, and says what to install,
// in Gradescope's results.json too; grade grades nothing (4) or marks
// each submission an error (1); a Python that is not there is the
// command's, reported as ever (1).
func TestGraderMachine(t *testing.T) {
	t.Parallel()
	const minimal = "the structure check needs Python's json module, which PY here lacks (python3-minimal?): install python3 (Debian: apt-get install python3)"
	tests := []struct {
		name   string
		lacks  string // where the machine's python3 lacks json; "" for no python3
		grade  bool   // othello grade rather than check
		format string // check's -format
		status int
		stdout string // a regular expression of the whole standard output; PY for the python3
		stderr string // what standard error holds; PY for the python3, MAIN for the main module
	}{
		{"check", gradetest.LacksJSON, false, "text", 4, `^$`, "othello check: " + minimal + "\n"},
		{"check, json lacking at the run", gradetest.LacksJSONAfterProbe, false, "text", 4, `^$`, "othello check: " + minimal + "\n"},
		{"check, gradescope", gradetest.LacksJSON, false, "gradescope", 4, `(?s)^\{\n  "score": 0,\n  .*"output": "Not graded: .*"grader_error": "check: ` + regexp.QuoteMeta(minimal) + `"`, "othello check: " + minimal + "\n"},
		{"check, no python3", "", false, "text", 1, `^$`, "othello check: PY MAIN: sandbox: cannot start PY: "},
		{"grade", gradetest.LacksJSON, true, "", 4, `^$`, "othello grade: " + minimal + "\n"},
		{"grade, json lacking at the runs", gradetest.LacksJSONAfterProbe, true, "", 1, `^graded 0 of 2 submissions in \d+s, 2 errors: .*grades.csv\n$`, "ana: check: " + minimal + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			// The machine's Python is outside the submissions, where every
			// user may read it, as the runs' users may.
			machine := filepath.Join(dir, "machine")
			for _, d := range []string{filepath.Dir(dir), dir} {
				if err := os.Chmod(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Mkdir(machine, 0o755); err != nil {
				t.Fatal(err)
			}
			subs := []string{writeSubmission(t, dir, "ana", ""), writeSubmission(t, dir, "bo", "")}
			python := filepath.Join(machine, "python3")
			if tt.lacks != "" {
				gradetest.FakePython(t, machine, "python3", tt.lacks)
			}
			out := filepath.Join(dir, "out")
			main := filepath.Join(subs[0], "othello.py")
			args := []string{"check", "-n", "0", "-seed", "1", "-bind", machine, "-format", tt.format, "--", python, main}
			if tt.grade {
				args = append([]string{"grade", "-n", "0", "-seed", "1", "-bind", machine, "-out", out}, subs...)
				args = append(args, "--", python, "othello.py")
			}
			var stdout, stderr bytes.Buffer
			status := run(args, nil, &stdout, &stderr, environ{})
			stdoutRE := regexp.MustCompile(strings.ReplaceAll(tt.stdout, "PY", regexp.QuoteMeta(python)))
			wantErr := strings.NewReplacer("PY", python, "MAIN", main).Replace(tt.stderr)
			if status != tt.status || !stdoutRE.MatchString(stdout.String()) || !strings.Contains(stderr.String(), wantErr) {
				t.Errorf("got exit status %d, standard output\n%s\nstandard error\n%s\nwant %d, output matching %s, error holding %q",
					status, stdout.String(), stderr.String(), tt.status, stdoutRE, wantErr)
			}
			if tt.grade && tt.status == 4 {
				if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("got the folder of the reports (%v), want none", err)
				}
			}
		})
	}
}
