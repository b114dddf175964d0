package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

// TestCheckOwnBinary checks the built judge with othello check, in both
// modes and under both rule sets, on random scenarios: it passes them
// all, right to the byte. TestGoldenBinary runs it on the project's
// golden transcripts.
func TestCheckOwnBinary(t *testing.T) {
	t.Parallel()
	bin := buildJudge(t)
	for _, rules := range []string{"full", "simple"} {
		for _, mode := range []string{"batch", "lock-step"} {
			t.Run(rules+"/"+mode, func(t *testing.T) {
				args := []string{"check", "-n", "8", "-seed", "1"}
				if mode == "lock-step" {
					args = append(args, "-interactive")
				}
				args = append(args, "--", bin, "-rules", rules)
				var stdout, stderr bytes.Buffer
				status := run(args, nil, &stdout, &stderr, environ{})
				report := stdout.String()
				if status != 0 || stderr.Len() > 0 {
					t.Fatalf("exit status %d, standard error %q, want 0 and nothing:\n%s", status, stderr.String(), report)
				}
				want := "9 passed, 0 failed\n"
				if !strings.HasSuffix(report, want) {
					t.Errorf("got report\n%s\nwant it to end %q", report, want)
				}
				if !strings.Contains(report, strings.ToUpper(rules)+" (its first line), assignment profile, "+mode+", seed 1:") {
					t.Errorf("the report's first line does not say the rules, mode and seed:\n%s", report)
				}
			})
		}
	}
}

// TestGen writes 200 scenarios of the protocol profile, replays each
// through the judge, and counts in the files what graders need: every
// board size, non-square boards, both first players and win rules, a
// first player passed over, boards full or blocked from the start, passes
// in play, bad lines, bad setups.
func TestGen(t *testing.T) {
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		t.Run(rules.Name(), func(t *testing.T) {
			dir := t.TempDir()
			var stdout, stderr bytes.Buffer
			status := run([]string{"gen", "-rules", rules.Name(), "-profile", "protocol", "-seed", "5", "-out", dir}, nil, &stdout, &stderr, environ{})
			if status != 0 {
				t.Fatalf("exit status %d, want 0; standard error %q", status, stderr.String())
			}
			if want := "wrote 200 " + rules.Name() + " scenarios of the protocol profile, seed 5, to " + dir + "\n"; stdout.String() != want {
				t.Errorf("got %q, want %q", stdout.String(), want)
			}
			ts, err := scenario.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(ts) != 200 {
				t.Fatalf("got %d scenarios, want 200", len(ts))
			}
			seen := map[string]int{}
			for _, tr := range ts {
				again := scenario.Judge(tr.Name, tr.Rules, tr.Input)
				if tr.Rules != rules || !bytes.Equal(again.Output, tr.Output) || again.Status != tr.Status || !bytes.Equal(again.Errors, tr.Errors) {
					t.Errorf("%s: does not replay through the judge", tr.Name)
				}
				if tr.Status != 0 {
					seen["bad setup"]++
					continue
				}
				for _, f := range fileFeatures(tr) {
					seen[f]++
				}
			}
			want := []string{"non-square", "first B", "first W", "win >", "win <", "first passed over",
				"over at once", "pass in play", "INVALID", "no bad line", "bad setup"}
			for n := othello.MinSize; n <= othello.MaxSize; n += 2 {
				want = append(want, "rows "+strconv.Itoa(n), "cols "+strconv.Itoa(n))
			}
			for _, f := range want {
				if seen[f] == 0 {
					t.Errorf("no scenario has %q", f)
				}
			}
			t.Logf("%v", seen)
		})
	}
}

// fileFeatures lists what a written scenario shows in its files.
func fileFeatures(tr scenario.Transcript) []string {
	in := strings.Split(string(tr.Input), "\n")
	out := strings.Split(strings.TrimSuffix(string(tr.Output), "\n"), "\n")
	fs := []string{"rows " + in[0], "cols " + in[1], "first " + in[2], "win " + in[3]}
	if in[0] != in[1] {
		fs = append(fs, "non-square")
	}
	var turns []string // each TURN line's player, and "V" after each VALID
	invalid := false
	for _, l := range out {
		switch {
		case strings.HasPrefix(l, "TURN: "):
			turns = append(turns, strings.TrimPrefix(l, "TURN: "))
		case l == "VALID":
			turns = append(turns, "V")
		case l == "INVALID":
			invalid = true
		}
	}
	switch {
	case len(turns) == 0:
		fs = append(fs, "over at once")
	case turns[0] != in[2]:
		fs = append(fs, "first passed over")
	}
	for i := 2; i < len(turns); i++ {
		if turns[i-1] == "V" && turns[i] == turns[i-2] {
			fs = append(fs, "pass in play")
			break
		}
	}
	if invalid {
		fs = append(fs, "INVALID")
	} else {
		fs = append(fs, "no bad line")
	}
	return fs
}

// TestPerft runs othello perft to depth 6 and checks its lines: depth,
// the published count, and seconds with three decimals.
func TestPerft(t *testing.T) {
	published := []string{"4", "12", "56", "244", "1396", "8200"}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"perft", "6"}, strings.NewReader(""), &stdout, &stderr, environ{}); status != 0 {
		t.Fatalf("exit status: got %d, want 0; standard error %q", status, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(published) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(published), stdout.String())
	}
	for i, line := range lines {
		fields := strings.Fields(line)
		if len(fields) != 3 || fields[0] != strconv.Itoa(i+1) || fields[1] != published[i] || !regexp.MustCompile(`^[0-9]+\.[0-9]{3}$`).MatchString(fields[2]) {
			t.Errorf("line %d: got %q, want \"%d %s SECONDS\"", i+1, line, i+1, published[i])
		}
	}
}
