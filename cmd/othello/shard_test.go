package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// timeFields matches what two runs of the same grades or games cannot
// have alike, as doc/grading.md ("On a cluster") names them: a check's
// seconds in report.json, a game's date (GGF's DT, PGN's Date, the
// results' "date") and each move's time (GGF's //SECONDS, the results'
// "times").
var timeFields = regexp.MustCompile(`"seconds": [0-9.]+|[0-9]{4}\.[0-9]{2}\.[0-9]{2}_[0-9]{2}:[0-9]{2}:[0-9]{2}\.UTC|//[0-9.]+|"times":\[[^\]]*\]`)

// sameTree checks that the folders want and got hold the same files, the
// same bytes but for timeFields.
func sameTree(t *testing.T, want, got string) {
	t.Helper()
	files := func(root string) map[string]string {
		out := map[string]string{}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			out[rel] = timeFields.ReplaceAllString(string(mustRead(t, path)), "TIME")
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	w, g := files(want), files(got)
	for name, data := range w {
		switch other, ok := g[name]; {
		case !ok:
			t.Errorf("got no %s in %s, want it as in %s", name, got, want)
		case other != data:
			t.Errorf("got %s in %s:\n%s\nwant it as in %s:\n%s", name, got, other, want, data)
		}
	}
	for name := range g {
		if _, ok := w[name]; !ok {
			t.Errorf("got %s in %s, want none as in %s", name, got, want)
		}
	}
}

// TestGradeShards grades a class with a roster and an LMS's file on one
// machine, then in three shards (the last one's index from a Slurm job
// array's environment) merged, and checks that the merge wrote the same
// files as the one machine; then that merge refuses a shard missing or
// given twice, and other flags.
func TestGradeShards(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	dir := t.TempDir()
	subs := []string{
		writeSubmission(t, dir, "good", ""),
		writeSubmission(t, dir, "spacing", "", `"B: %d  W: %d\n"`, `"B: %d W: %d\n"`),
		writeSubmission(t, dir, "wide", "", "rows, cols = size", "cols, rows = size"),
		writeSubmission(t, dir, "nostart", "-"),
		writeSubmission(t, dir, "fewest", "", `(win == b">")`, "True"),
	}
	roster := filepath.Join(dir, "roster.csv")
	rows := "submission,name,sid,email\ngood,Ann,1,ann@u.edu\nspacing,Ben,2,ben@u.edu\nwide,Cy,3,cy@u.edu\nnostart,Di,4,di@u.edu\nfewest,Ed,5,ed@u.edu\nlate,Flo,6,flo@u.edu\n"
	if err := os.WriteFile(roster, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	grade := func(env environ, extra ...string) (int, string) {
		args := append([]string{"grade", "-n", "3", "-seed", "1", "-timeout", "30s", "-j", "2", "-roster", roster, "-lms", "moodle"}, extra...)
		args = append(append(args, subs...), "--", "python3", "othello.py")
		var stdout, stderr bytes.Buffer
		status := run(args, nil, &stdout, &stderr, env)
		return status, stderr.String()
	}
	one := filepath.Join(dir, "one")
	if status, stderr := grade(environ{}, "-out", one); status != 0 {
		t.Fatalf("one machine: exit status %d, want 0; standard error:\n%s", status, stderr)
	}
	shards := filepath.Join(dir, "shards")
	var parts []string
	for k := range 3 {
		part := filepath.Join(shards, strconv.Itoa(k))
		parts = append(parts, part)
		env, flag := environ{}, strconv.Itoa(k)+"/3"
		if k == 2 {
			slurm := map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}
			env, flag = environ{getenv: func(name string) string { return slurm[name] }}, "auto"
		}
		if status, stderr := grade(env, "-shard", flag, "-out", part); status != 0 {
			t.Fatalf("shard %d: exit status %d, want 0; standard error:\n%s", k, status, stderr)
		}
	}
	// Run again, a shard keeps what it graded.
	if status, stderr := grade(environ{}, "-shard", "0/3", "-out", parts[0]); status != 0 || !strings.Contains(stderr, "kept 2 submissions graded by the earlier run (seed 1); grading 0") {
		t.Fatalf("shard 0 again: exit status %d, standard error:\n%s\nwant 0 and 2 kept", status, stderr)
	}
	merge := func(out string, parts ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		status := run(append([]string{"grade", "-merge", "-out", out}, parts...), nil, &stdout, &stderr, environ{})
		return status, stderr.String()
	}
	merged := filepath.Join(dir, "merged")
	if status, stderr := merge(merged, parts[2], parts[0], parts[1]); status != 0 {
		t.Fatalf("merge: exit status %d, want 0; standard error:\n%s", status, stderr)
	}
	sameTree(t, one, merged)

	for _, tt := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"missing", parts[:2], "missing shard 2/3"},
		{"twice", append(parts[:3:3], parts[1]), parts[1] + ": shard 1/3 again"},
		{"not a shard", []string{parts[0], one, parts[2]}, one + ": no shard of othello grade -shard"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, "refused-"+tt.name)
			status, stderr := merge(out, tt.parts...)
			if status != 2 || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, "nothing merged") {
				t.Errorf("got exit status %d, standard error:\n%s\nwant 2 and %q", status, stderr, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("got %s written, want nothing", out)
			}
		})
	}
	t.Run("other flags", func(t *testing.T) {
		other := filepath.Join(dir, "other")
		if status, stderr := grade(environ{}, "-shard", "1/3", "-timeout", "31s", "-out", other); status != 0 {
			t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr)
		}
		status, stderr := merge(filepath.Join(dir, "refused"), parts[0], other, parts[2])
		if want := other + ": other flags or command: -n=3 -timeout=30s -timeout=31s"; status != 2 || !strings.Contains(stderr, want) {
			t.Errorf("got exit status %d, standard error:\n%s\nwant 2 and %q", status, stderr, want)
		}
	})
}

// TestTournamentShards plays a tournament on one machine and in four
// shards merged, and checks that the merge printed and wrote the same:
// the games, the ladder and crosstable, the page, the PGN, the GGF and
// the file of results. Its players are the engines whose games a seed
// decides alone and, where python3 is, a class's two submissions, one
// of which forfeits every game.
func TestTournamentShards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tournament := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		status := run(append([]string{"tournament"}, args...), nil, &stdout, &stderr, environ{})
		return status, stdout.String(), stderr.String()
	}
	players := []string{"-games", "2", "-seed", "3", "-tc", "20+1", "-j", "2", "random", "greedy"}
	if _, err := exec.LookPath("python3"); err == nil {
		players = append([]string{"-class", filepath.Join("testdata", "ai-class"), "-program", "python3 player.py"}, players...)
	}
	outputs := func(folder string) []string {
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		return []string{"-results", filepath.Join(folder, "results.jsonl"), "-html", filepath.Join(folder, "games.html"),
			"-pgn", filepath.Join(folder, "games.pgn"), "-ggf", filepath.Join(folder, "games.ggf")}
	}
	one := filepath.Join(dir, "one")
	status, stdout, stderr := tournament(append(outputs(one), players...)...)
	if status != 0 {
		t.Fatalf("one machine: exit status %d, want 0; standard error:\n%s", status, stderr)
	}
	if err := os.WriteFile(filepath.Join(one, "stdout.txt"), []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	var parts []string
	for k := range 4 {
		part := filepath.Join(dir, "shard"+strconv.Itoa(k)+".jsonl")
		parts = append(parts, part)
		status, _, stderr := tournament(append([]string{"-shard", strconv.Itoa(k) + "/4", "-results", part}, players...)...)
		if status != 0 {
			t.Fatalf("shard %d: exit status %d, want 0; standard error:\n%s", k, status, stderr)
		}
	}
	// Run again, a shard keeps its games and plays none.
	status, stdout, stderr = tournament(append([]string{"-shard", "1/4", "-results", parts[1]}, players...)...)
	if status != 0 || !strings.Contains(stderr, "kept ") || strings.Contains(stdout, "game ") {
		t.Fatalf("shard 1 again: exit status %d, standard output:\n%s\nstandard error:\n%s\nwant 0, 2 games kept, none played", status, stdout, stderr)
	}
	merged := filepath.Join(dir, "merged")
	status, stdout, stderr = tournament(append(append([]string{"-merge"}, outputs(merged)...), parts[3], parts[1], parts[0], parts[2])...)
	if status != 0 {
		t.Fatalf("merge: exit status %d, want 0; standard error:\n%s", status, stderr)
	}
	if err := os.WriteFile(filepath.Join(merged, "stdout.txt"), []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	sameTree(t, one, merged)

	other := filepath.Join(dir, "other.jsonl")
	if status, _, stderr := tournament("-shard", "2/4", "-results", other, "-games", "5", "-seed", "4", "-tc", "20+1", "random", "greedy"); status != 0 {
		t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr)
	}
	unfinished := filepath.Join(dir, "unfinished.jsonl")
	lines := strings.SplitAfter(string(mustRead(t, parts[1])), "\n")
	if err := os.WriteFile(unfinished, []byte(strings.Join(lines[:2], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"missing", parts[1:], "missing shard 0/4"},
		{"unfinished", []string{parts[0], unfinished, parts[2], parts[3]}, fmt.Sprintf("%s: shard 1/4 has not played %d of its games: run it again to finish", unfinished, len(lines)-3)},
		{"twice", append(parts[:4:4], parts[3]), parts[3] + ": shard 3/4 again"},
		{"seed", []string{parts[0], parts[1], other, parts[3]}, other + ": seed 4, " + parts[0] + "'s 3"},
		{"whole", []string{parts[0], filepath.Join(one, "results.jsonl")}, "no file of results of othello tournament -shard"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, _, stderr := tournament(append([]string{"-merge"}, tt.parts...)...)
			if status != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("got exit status %d, standard error:\n%s\nwant 2 and %q", status, stderr, tt.want)
			}
		})
	}
}
