package class

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/shard"
)

// writeShards writes the folders of a class graded in n shards, as Grade
// with a Shard writes them, each shard's file changed by change (nil for
// none) and its grades' status that of status (StatusGraded for all), and
// returns them.
func writeShards(t *testing.T, dir string, n int, change func(k int, sf *shardFile), status func(name string) string) []string {
	t.Helper()
	class := []string{"ann", "ben", "cy", "di", "ed"}
	owner := shard.Assign(class, n)
	var dirs []string
	for k := range n {
		out := filepath.Join(dir, fmt.Sprint(k))
		sf := shardFile{Manifest: shard.Manifest{Command: "grade", Version: "v1", Shard: fmt.Sprintf("%d/%d", k, n), Seed: 1,
			Flags: []string{"-n=3", "--", "python3", "a.py"}, Class: class},
			Settings:   Settings{Flags: []string{"-n=3"}, Weights: map[string]float64{"format": 10}, Command: []string{"python3", "a.py"}, Seed: 1, Sandbox: "isolated"},
			Categories: []string{"format"}}
		if change != nil {
			change(k, &sf)
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := sf.write(out); err != nil {
			t.Fatal(err)
		}
		csv := strings.Join(gradeColumns, ",") + ",format\n"
		for i, name := range class {
			if owner[i] != k {
				continue
			}
			st := StatusGraded
			if status != nil {
				st = status(name)
			}
			csv += name + ",FULL,10,10,1,0,0,," + st + ",10\n"
			if err := os.MkdirAll(filepath.Join(out, report.Submissions, name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(out, report.Submissions, name, "report.txt"), []byte(name+" by "+fmt.Sprint(k)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(out, "grades.csv"), []byte(csv), 0o644); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, out)
	}
	return dirs
}

// TestMerge merges shards written by hand, and checks that each
// submission's reports are its shard's, and the grades every row.
func TestMerge(t *testing.T) {
	dir := t.TempDir()
	dirs := writeShards(t, dir, 3, nil, nil)
	out := filepath.Join(dir, "merged")
	res, err := Merge(MergeOptions{Shards: dirs, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Count(StatusGraded); got != 5 {
		t.Errorf("got %d graded, want 5", got)
	}
	owner := shard.Assign([]string{"ann", "ben", "cy", "di", "ed"}, 3)
	for i, name := range []string{"ann", "ben", "cy", "di", "ed"} {
		data, err := os.ReadFile(filepath.Join(out, report.Submissions, name, "report.txt"))
		if want := fmt.Sprintf("%s by %d", name, owner[i]); err != nil || string(data) != want {
			t.Errorf("got %q, %v, want %q", data, err, want)
		}
	}
	grades, err := os.ReadFile(filepath.Join(out, "grades.csv"))
	if err != nil || strings.Count(string(grades), ",graded,") != 5 {
		t.Errorf("got grades %q, %v, want 5 rows graded", grades, err)
	}
}

// TestMergeRefused checks what Merge refuses, and that it then writes
// nothing.
func TestMergeRefused(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(k int, sf *shardFile)
		status func(name string) string
		want   string // in the error, after the shard's folder
	}{
		{name: "version", change: func(k int, sf *shardFile) {
			if k == 1 {
				sf.Version = "v2"
			}
		}, want: "1: made by othello v2"},
		{name: "sandbox", change: func(k int, sf *shardFile) {
			if k == 2 {
				sf.Settings.Sandbox = "limited: no user namespaces"
			}
		}, want: "2: its programs ran limited: no user namespaces, other than"},
		{name: "weights", change: func(k int, sf *shardFile) {
			if k == 1 {
				sf.Settings.Weights["format"] = 20
			}
		}, want: "1: other weights or opponents"},
		{name: "roster", change: func(k int, sf *shardFile) {
			if k == 2 {
				sf.Roster = &Roster{Path: "r.csv", Columns: []string{"name"}}
			}
		}, want: "2: another roster"},
		{name: "lms", change: func(k int, sf *shardFile) {
			if k == 0 {
				sf.LMS = "canvas"
			}
		}, want: "1: another -lms or -assignment"},
		{name: "class", change: func(k int, sf *shardFile) {
			if k == 2 {
				sf.Class = append(sf.Class, "flo")
			}
		}, want: "2: another class: it has flo"},
		{name: "a path for a name", change: func(k int, sf *shardFile) {
			sf.Class = append(sf.Class, "../../etc")
		}, want: `0: a submission named "../../etc", which no folder is`},
		{name: "unfinished", status: func(name string) string {
			if name == "cy" {
				return StatusInterrupted
			}
			return StatusGraded
		}, want: "has not graded cy: run it again to finish"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			dirs := writeShards(t, dir, 3, tt.change, tt.status)
			out := filepath.Join(dir, "merged")
			_, err := Merge(MergeOptions{Shards: dirs, Out: out})
			var me *shard.MergeError
			if !errors.As(err, &me) || !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want a *shard.MergeError saying %q", err, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("got %s written, want nothing", out)
			}
		})
	}
	t.Run("out is a shard", func(t *testing.T) {
		dirs := writeShards(t, t.TempDir(), 2, nil, nil)
		_, err := Merge(MergeOptions{Shards: dirs, Out: dirs[1]})
		if want := dirs[1] + ": is -out"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
	})
}
