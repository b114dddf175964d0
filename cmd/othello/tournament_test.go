package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTournamentClass plays a gauntlet of a class of two submissions
// against greedy, one game a pairing's colour: each submission runs in
// its own folder and sees no other, the games are kept in -results, and
// -html writes the page. The program, the same for both, reads the
// player.py of bob's folder and answers what it found, a forfeit whose
// answer the result line quotes: bob's own file is SEEN, alice finds it
// HIDDEN.
func TestTournamentClass(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	program := `import os, sys
try:
    seen = "SEEN %d" % len(open(os.path.join("..", "bob", "player.py")).read())
except OSError as e:
    seen = "HIDDEN " + type(e).__name__
print(seen, flush=True)
sys.stdin.readline()
`
	for _, name := range []string{"alice", "bob", ".git"} {
		if err := os.MkdirAll(filepath.Join(class, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(class, name, "player.py"), []byte(program), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	results, page := filepath.Join(dir, "results.jsonl"), filepath.Join(dir, "class.html")
	args := []string{"tournament", "-seed", "1", "-tc", "5", "-openings", "random:0", "-class", class, "-program", "python3 player.py",
		"-gauntlet", "-results", results, "-html", page, "greedy"}
	var stdout, stderr bytes.Buffer
	status := run(args, strings.NewReader(""), &stdout, &stderr, environ{})
	if status == 1 && strings.Contains(stderr.String(), "refusing") {
		t.Skipf("no wall here: %s", stderr.String())
	}
	if status != 0 {
		t.Fatalf("got exit status %d and standard error\n%s\nwant 0", status, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		`(?m)^gauntlet of 2 against 1 players, `,
		`(?m)^game 1: alice \(B\) .*answered "HIDDEN FileNotFoundError\\n"$`,
		`(?m)^game 1: bob \(B\) .*answered "SEEN \d+\\n"$`,
		`(?m)^1  greedy  -    2/2  2/2$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("got standard output\n%s\nwant a line matching %s", out, want)
		}
	}
	html, err := os.ReadFile(page)
	if err != nil || !bytes.Contains(html, []byte("<h3>alice vs greedy</h3>")) {
		t.Errorf("the page: got %v, want alice's games in it", err)
	}
	// Run again, it plays no game: all four are in -results.
	stdout.Reset()
	stderr.Reset()
	if status := run(args, strings.NewReader(""), &stdout, &stderr, environ{}); status != 0 || strings.Contains(stdout.String(), "game 1:") ||
		!strings.Contains(stderr.String(), "kept 4 games of "+results) || !strings.Contains(stdout.String(), "1  greedy  -    2/2  2/2") {
		t.Errorf("run again: got status %d, standard output\n%s\nstandard error\n%s\nwant 0, no game played, 4 kept, the same table", status, stdout.String(), stderr.String())
	}
}

// TestMatchOwnFolders plays a match, run from a class's folder, between
// two students' programs named by their paths: each runs in its own
// folder and sees the other's file HIDDEN, as a tournament's class does.
// The program, the same for both, answers the name of its working folder
// and what it found of the other's player.py: a forfeit whose answer the
// result line quotes.
func TestMatchOwnFolders(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	class := t.TempDir()
	program := `import os, sys
own = os.path.dirname(os.path.abspath(__file__))
other = os.path.join(own, "..", "bob" if own.endswith("alice") else "alice", "player.py")
try:
    seen = "SEEN %d" % len(open(other).read())
except OSError as e:
    seen = "HIDDEN " + type(e).__name__
print(os.path.basename(os.getcwd()), seen, flush=True)
sys.stdin.readline()
`
	for _, name := range []string{"alice", "bob"} {
		if err := os.MkdirAll(filepath.Join(class, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(class, name, "player.py"), []byte(program), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(buildJudge(t), "match", "-games", "1", "-tc", "5", "-openings", "random:0", "-seed", "1",
		"prog:python3 alice/player.py", "prog:python3 bob/player.py")
	cmd.Dir = class
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if strings.Contains(stderr.String(), "refusing") {
		t.Skipf("no wall here: %s", stderr.String())
	}
	if err != nil {
		t.Fatalf("othello match: %v\n%s", err, stderr.String())
	}
	for _, want := range []string{
		`(?m)^game 1: .*(wrote|answered) "alice HIDDEN FileNotFoundError\\n"`,
		`(?m)^game 2: .*(wrote|answered) "bob HIDDEN FileNotFoundError\\n"`,
	} {
		if !regexp.MustCompile(want).MatchString(stdout.String()) {
			t.Errorf("got standard output\n%s\nwant a line matching %s", stdout.String(), want)
		}
	}
}
