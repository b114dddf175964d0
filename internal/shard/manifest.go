package shard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// A Manifest is what made a shard's part: the run it is part of, and
// which part. Two parts of one run have the same manifest but for Shard.
type Manifest struct {
	Command string   `json:"command"` // the subcommand: "grade", "tournament"
	Version string   `json:"version"` // of the program that made it
	Shard   string   `json:"shard"`   // "K/N"
	Seed    uint64   `json:"seed"`
	Flags   []string `json:"flags"` // those that change the work, as -name=value, and the command it runs
	Class   []string `json:"class"` // the names of all the work's parts: submissions, players
}

// ErrMerge means parts cannot be merged: they are of different runs, or
// one is missing or given twice.
var ErrMerge = errors.New("shard: cannot merge")

// A MergeError says which part cannot be merged, and why. It wraps
// ErrMerge.
type MergeError struct {
	Path string // the part, as given; "" for the parts as a whole
	Msg  string
}

// Error returns "shard: " and the part and what is wrong with it.
func (e *MergeError) Error() string {
	if e.Path == "" {
		return "shard: " + e.Msg
	}
	return "shard: " + e.Path + ": " + e.Msg
}

// Unwrap returns ErrMerge.
func (e *MergeError) Unwrap() error { return ErrMerge }

// Check returns the shard of each of the parts at paths, whose manifests
// are ms, or a *MergeError that names the first part that differs from
// the first part in its command, program version, seed, flags, class or
// count of shards, a part made by the whole run, one given twice, or the
// shards missing.
func Check(paths []string, ms []Manifest) ([]Shard, error) {
	if len(ms) == 0 {
		return nil, &MergeError{Msg: "no shard to merge"}
	}
	shards := make([]Shard, len(ms))
	first := ms[0]
	for i, m := range ms {
		bad := func(format string, a ...any) ([]Shard, error) {
			return nil, &MergeError{Path: paths[i], Msg: fmt.Sprintf(format, a...)}
		}
		s, err := Parse(m.Shard, func(string) string { return "" })
		if err != nil || m.Shard == "" {
			return bad("no shard of a run: made without -shard")
		}
		shards[i] = s
		switch {
		case m.Command != first.Command:
			return bad("a shard of othello %s, not of othello %s as %s", m.Command, first.Command, paths[0])
		case m.Version != first.Version:
			return bad("made by othello %s, %s by othello %s: run every shard with one program", m.Version, paths[0], first.Version)
		case m.Seed != first.Seed:
			return bad("seed %d, %s's %d", m.Seed, paths[0], first.Seed)
		case !slices.Equal(m.Flags, first.Flags):
			return bad("other flags or command: %s, %s's %s", strings.Join(m.Flags, " "), paths[0], strings.Join(first.Flags, " "))
		case !slices.Equal(m.Class, first.Class):
			return bad("another class: %s", classDiff(m.Class, first.Class, paths[0]))
		case s.Count != shards[0].Count:
			return bad("shard %s, of %d shards, not %d as %s", m.Shard, s.Count, shards[0].Count, paths[0])
		}
		for j := range i {
			if shards[j] == s {
				return bad("shard %s again: %s is too", m.Shard, paths[j])
			}
		}
	}
	var missing []string
	for k := range shards[0].Count {
		if !slices.Contains(shards, Shard{Index: k, Count: shards[0].Count}) {
			missing = append(missing, fmt.Sprintf("%d/%d", k, shards[0].Count))
		}
	}
	if len(missing) > 0 {
		return nil, &MergeError{Msg: "missing shard " + strings.Join(missing, ", ") + ": merge every shard of the run"}
	}
	return shards, nil
}

// classDiff says how class differs from the first part's: the names one
// has and the other has not.
func classDiff(class, first []string, firstPath string) string {
	var more, fewer []string
	for _, n := range class {
		if !slices.Contains(first, n) {
			more = append(more, n)
		}
	}
	for _, n := range first {
		if !slices.Contains(class, n) {
			fewer = append(fewer, n)
		}
	}
	var says []string
	if len(more) > 0 {
		says = append(says, "it has "+strings.Join(more, ", ")+" and "+firstPath+" not")
	}
	if len(fewer) > 0 {
		says = append(says, firstPath+" has "+strings.Join(fewer, ", ")+" and it not")
	}
	if len(says) == 0 {
		return "the same names in another order"
	}
	return strings.Join(says, "; ")
}
