// Package shard splits the work of othello grade and othello tournament
// among the nodes of a cluster, and checks that the parts made there are
// parts of one run before they are merged.
//
// Every node runs the same command with its own index, as a Slurm job
// array, a Kubernetes Indexed Job or a matrix of GitHub Actions runs
// copies of one command, and computes the same split from the names of
// the work alone (Assign), so that the nodes need not talk to each other.
// Each part records a Manifest of what made it; Check refuses parts of
// different runs, or a part missing or given twice, before anything is
// merged.
package shard

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
)

// A Shard is part Index of Count of a run's work, Index from 0. The zero
// Shard is the whole run, not split.
type Shard struct {
	Index, Count int
}

// Whole reports whether s is the whole run.
func (s Shard) Whole() bool { return s.Count == 0 }

// String returns "K/N", as Parse reads it, or "" for the whole run.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count)
}

// ErrShard means a shard is badly named: not K/N with K from 0 to N-1, or
// auto where no scheduler gives the index.
var ErrShard = errors.New("shard: bad shard")

// An Error is a shard that Parse cannot read. It wraps ErrShard.
type Error struct {
	Text string // as given
	Msg  string // what is wrong
}

// Error returns "shard: " and what is wrong with the text.
func (e *Error) Error() string { return fmt.Sprintf("shard: %q: %s", e.Text, e.Msg) }

// Unwrap returns ErrShard.
func (e *Error) Unwrap() error { return ErrShard }

// Parse reads a shard: "K/N", K from 0 to N-1; "auto", the index and
// count a Slurm job array gives each task (SLURM_ARRAY_TASK_ID less
// SLURM_ARRAY_TASK_MIN, over SLURM_ARRAY_TASK_STEP, of
// SLURM_ARRAY_TASK_COUNT), so that --array=0-2 and --array=1-3 are the
// same three shards; or "auto/N", the index from Slurm or from a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX, which gives no count.
// getenv looks up the environment. The error is an *Error.
func Parse(text string, getenv func(string) string) (Shard, error) {
	bad := func(format string, a ...any) (Shard, error) {
		return Shard{}, &Error{Text: text, Msg: fmt.Sprintf(format, a...)}
	}
	k, n, ok := strings.Cut(text, "/")
	if k == "auto" {
		return parseAuto(text, n, ok, getenv)
	}
	if !ok {
		return bad("want K/N (K from 0 to N-1), auto or auto/N")
	}
	index, err1 := strconv.Atoi(k)
	count, err2 := strconv.Atoi(n)
	switch {
	case err1 != nil || err2 != nil:
		return bad("want K/N with K and N numbers")
	case count < 1:
		return bad("want N at least 1")
	case index < 0 || index >= count:
		return bad("want K from 0 to %d: shards are counted from 0", count-1)
	}
	return Shard{Index: index, Count: count}, nil
}

// parseAuto reads "auto" and "auto/N" (count, if hasCount) from the
// scheduler's environment.
func parseAuto(text, count string, hasCount bool, getenv func(string) string) (Shard, error) {
	bad := func(format string, a ...any) (Shard, error) {
		return Shard{}, &Error{Text: text, Msg: fmt.Sprintf(format, a...)}
	}
	number := func(name string, fallback int) (int, error) {
		v := getenv(name)
		if v == "" {
			return fallback, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%s=%q is no number", name, v)
		}
		return n, nil
	}
	var s Shard
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		id, err := number("SLURM_ARRAY_TASK_ID", 0)
		if err != nil {
			return bad("%v", err)
		}
		low, err := number("SLURM_ARRAY_TASK_MIN", 0)
		if err != nil {
			return bad("%v", err)
		}
		step, err := number("SLURM_ARRAY_TASK_STEP", 1)
		if err != nil || step == 0 {
			return bad("SLURM_ARRAY_TASK_STEP=%q is no step", getenv("SLURM_ARRAY_TASK_STEP"))
		}
		if s.Count, err = number("SLURM_ARRAY_TASK_COUNT", 0); err != nil {
			return bad("%v", err)
		}
		if id < low || (id-low)%step != 0 {
			return bad("SLURM_ARRAY_TASK_ID %d is not in the array from %d by %d", id, low, step)
		}
		s.Index = (id - low) / step
	case getenv("JOB_COMPLETION_INDEX") != "":
		id, err := number("JOB_COMPLETION_INDEX", 0)
		if err != nil {
			return bad("%v", err)
		}
		s.Index = id
	default:
		return bad("no SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX in the environment: give -shard K/N")
	}
	if hasCount {
		n, err := strconv.Atoi(count)
		if err != nil || n < 1 {
			return bad("want auto/N with N a number of shards")
		}
		if s.Count != 0 && s.Count != n {
			return bad("SLURM_ARRAY_TASK_COUNT is %d, not %d", s.Count, n)
		}
		s.Count = n
	}
	switch {
	case s.Count == 0:
		return bad("JOB_COMPLETION_INDEX gives no count of shards: give -shard auto/N, N the Job's completions")
	case s.Index >= s.Count:
		return bad("index %d of %d shards: a Slurm array must be one range, such as --array=0-%d", s.Index, s.Count, s.Count-1)
	}
	return s, nil
}

// Assign returns the shard, from 0 to n-1, of each of keys, which must
// differ: the keys are ordered by a hash of each and cut into n runs of
// as many keys as can be, the first runs one key longer than the last
// where n does not divide them. So every node computes the same split
// from the keys alone, in any order; the shards differ by at most one
// key; and a key added (a late submission) moves at most n-1 others to
// another shard, one across each cut, where a split by a hash modulo n
// would be unbalanced and one by the keys' sorted order would move many.
func Assign(keys []string, n int) []int {
	order := make([]int, len(keys))
	hashes := make([]uint64, len(keys))
	for i, k := range keys {
		order[i] = i
		h := fnv.New64a()
		h.Write([]byte(k))
		hashes[i] = h.Sum64()
	}
	slices.SortFunc(order, func(a, b int) int {
		if hashes[a] != hashes[b] {
			if hashes[a] < hashes[b] {
				return -1
			}
			return 1
		}
		return strings.Compare(keys[a], keys[b])
	})
	shards := make([]int, len(keys))
	for place, i := range order {
		shards[i] = place * n / max(len(keys), 1)
	}
	return shards
}

// Owns returns, for each of keys, whether s does it: all for the whole
// run.
func (s Shard) Owns(keys []string) []bool {
	owns := make([]bool, len(keys))
	if s.Whole() {
		for i := range owns {
			owns[i] = true
		}
		return owns
	}
	for i, k := range Assign(keys, s.Count) {
		owns[i] = k == s.Index
	}
	return owns
}
