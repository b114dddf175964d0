package shard

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(name string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == name {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	slurm := env("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_COUNT", "3")
	for _, tt := range []struct {
		text string
		env  func(string) string
		want Shard
		err  string // in the error, "" for none
	}{
		{text: "0/1", want: Shard{0, 1}},
		{text: "2/3", want: Shard{2, 3}},
		{text: "3/3", err: "want K from 0 to 2"},
		{text: "-1/3", err: "want K from 0 to 2"},
		{text: "1/0", err: "want N at least 1"},
		{text: "1", err: "want K/N"},
		{text: "a/b", err: "numbers"},
		{text: "auto", env: slurm, want: Shard{2, 3}},
		{text: "auto/3", env: slurm, want: Shard{2, 3}},
		{text: "auto/4", env: slurm, err: "SLURM_ARRAY_TASK_COUNT is 3, not 4"},
		{text: "auto", env: env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "3"), want: Shard{2, 3}},
		{text: "auto", env: env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "3"), want: Shard{2, 3}},
		{text: "auto", env: env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_COUNT", "3"), err: "--array=0-2"},
		{text: "auto", env: env("SLURM_ARRAY_TASK_ID", "x", "SLURM_ARRAY_TASK_COUNT", "3"), err: "no number"},
		{text: "auto/5", env: env("JOB_COMPLETION_INDEX", "4"), want: Shard{4, 5}},
		{text: "auto", env: env("JOB_COMPLETION_INDEX", "4"), err: "-shard auto/N"},
		{text: "auto/5", env: env("JOB_COMPLETION_INDEX", "5"), err: "index 5 of 5"},
		{text: "auto", env: env(), err: "give -shard K/N"},
	} {
		t.Run(tt.text, func(t *testing.T) {
			if tt.env == nil {
				tt.env = env()
			}
			got, err := Parse(tt.text, tt.env)
			if tt.err != "" {
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, ErrShard) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v, %v, want an *Error saying %q", got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %v, %v, want %v", got, err, tt.want)
			}
			if s := got.String(); s != fmt.Sprintf("%d/%d", tt.want.Index, tt.want.Count) {
				t.Errorf("got String %q, want %d/%d", s, tt.want.Index, tt.want.Count)
			}
		})
	}
}

// names returns n names as a class has them.
func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("student%03d", i)
	}
	return out
}

// TestAssignBalanced checks that shards differ by at most one key, and
// that the split does not depend on the keys' order.
func TestAssignBalanced(t *testing.T) {
	for _, tt := range []struct{ keys, n int }{{0, 3}, {1, 3}, {2, 3}, {7, 3}, {300, 3}, {300, 7}, {5000, 16}, {5, 1}} {
		t.Run(fmt.Sprintf("%d/%d", tt.keys, tt.n), func(t *testing.T) {
			keys := names(tt.keys)
			got := Assign(keys, tt.n)
			count := make([]int, tt.n)
			for _, s := range got {
				count[s]++
			}
			for k, c := range count {
				if c < tt.keys/tt.n || c > (tt.keys+tt.n-1)/tt.n {
					t.Errorf("got %d keys in shard %d of %d keys in %d, want %d or %d", c, k, tt.keys, tt.n, tt.keys/tt.n, (tt.keys+tt.n-1)/tt.n)
				}
			}
			reversed := make([]string, len(keys))
			for i, k := range keys {
				reversed[len(keys)-1-i] = k
			}
			back := Assign(reversed, tt.n)
			for i := range keys {
				if back[len(keys)-1-i] != got[i] {
					t.Fatalf("got %s in shard %d, in shard %d with the keys reversed", keys[i], got[i], back[len(keys)-1-i])
				}
			}
		})
	}
}

// TestAssignStable adds a key to a class, at every place of the hash
// order, and checks that at most n-1 others move.
func TestAssignStable(t *testing.T) {
	for _, n := range []int{2, 3, 8} {
		keys := names(100)
		before := Assign(keys, n)
		for i := range 50 {
			late := fmt.Sprintf("late%02d", i)
			after := Assign(append(keys[:100:100], late), n)
			moved := 0
			for j := range keys {
				if after[j] != before[j] {
					moved++
				}
			}
			if moved > n-1 {
				t.Errorf("n=%d: got %d keys moved by adding %s, want at most %d", n, moved, late, n-1)
			}
		}
	}
}

func TestOwns(t *testing.T) {
	keys := names(10)
	all := make([]int, len(keys))
	for k := range 3 {
		for i, owns := range (Shard{k, 3}).Owns(keys) {
			if owns {
				all[i]++
			}
		}
	}
	for i, n := range all {
		if n != 1 {
			t.Errorf("got %s owned by %d shards, want 1", keys[i], n)
		}
	}
	for i, owns := range (Shard{}).Owns(keys) {
		if !owns {
			t.Errorf("got %s not owned by the whole run, want owned", keys[i])
		}
	}
}

func TestCheck(t *testing.T) {
	base := func(shard string) Manifest {
		return Manifest{Command: "grade", Version: "v1", Shard: shard, Seed: 7, Flags: []string{"-n=20", "--", "python3", "a.py"}, Class: []string{"alice", "bob"}}
	}
	with := func(shard string, change func(*Manifest)) Manifest {
		m := base(shard)
		change(&m)
		return m
	}
	for _, tt := range []struct {
		name string
		ms   []Manifest
		err  string // "" for none
	}{
		{"whole", []Manifest{base("0/3"), base("2/3"), base("1/3")}, ""},
		{"one", []Manifest{base("0/1")}, ""},
		{"none", nil, "no shard to merge"},
		{"missing", []Manifest{base("0/3"), base("2/3")}, "missing shard 1/3"},
		{"twice", []Manifest{base("0/2"), base("1/2"), base("1/2")}, "p2: shard 1/2 again: p1 is too"},
		{"unsharded", []Manifest{base("0/2"), base("")}, "p1: no shard of a run"},
		{"count", []Manifest{base("0/2"), base("1/3")}, "p1: shard 1/3, of 3 shards, not 2"},
		{"seed", []Manifest{base("0/2"), with("1/2", func(m *Manifest) { m.Seed = 8 })}, "p1: seed 8, p0's 7"},
		{"version", []Manifest{base("0/2"), with("1/2", func(m *Manifest) { m.Version = "v2" })}, "p1: made by othello v2"},
		{"command", []Manifest{base("0/2"), with("1/2", func(m *Manifest) { m.Command = "tournament" })}, "p1: a shard of othello tournament"},
		{"flags", []Manifest{base("0/2"), with("1/2", func(m *Manifest) { m.Flags = []string{"-n=30", "--", "python3", "a.py"} })}, "p1: other flags or command: -n=30"},
		{"class", []Manifest{base("0/2"), with("1/2", func(m *Manifest) { m.Class = []string{"alice", "bob", "carol"} })}, "p1: another class: it has carol and p0 not"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			paths := make([]string, len(tt.ms))
			for i := range paths {
				paths[i] = fmt.Sprintf("p%d", i)
			}
			shards, err := Check(paths, tt.ms)
			if tt.err == "" {
				if err != nil || len(shards) != len(tt.ms) {
					t.Fatalf("got %v, %v, want %d shards", shards, err, len(tt.ms))
				}
				return
			}
			var e *MergeError
			if !errors.As(err, &e) || !errors.Is(err, ErrMerge) || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("got %v, want a *MergeError saying %q", err, tt.err)
			}
		})
	}
}
