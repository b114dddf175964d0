package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/internal/shard"
)

// A Shard makes a tournament one shard of a run split among the nodes of
// a cluster: which part it is, and what its file of results records
// besides the tournament's settings, for MergeResults to write what the
// whole run writes.
type Shard struct {
	Part    shard.Shard
	Version string        // the program's, which every shard's must be
	Flags   []string      // those that change the games, as -name=value, by name
	Title   string        // the line othello tournament prints first
	Anchor  rating.Anchor // the ladder's
}

// shardHeader is a shard's part of its file's first line.
type shardHeader struct {
	shard.Manifest
	Gauntlet int           `json:"gauntlet"`
	Pairs    int           `json:"pairs"`
	Title    string        `json:"title"`
	Anchor   rating.Anchor `json:"anchor"`
}

// shardHeader returns what the file of results of t's shard says of it,
// nil for a whole run. The seed is the header's own.
func (t Tournament) shardHeader() *shardHeader {
	if t.Shard == nil {
		return nil
	}
	var names []string
	for _, p := range t.Players {
		names = append(names, p.Name)
	}
	return &shardHeader{Manifest: shard.Manifest{Command: "tournament", Version: t.Shard.Version, Shard: t.Shard.Part.String(),
		Flags: t.Shard.Flags, Class: names}, Gauntlet: t.Gauntlet, Pairs: t.Match.Pairs, Title: t.Shard.Title, Anchor: t.Shard.Anchor}
}

// gameName returns the name by which shard.Assign splits the games: the
// key's players and number.
func gameName(k GameKey) string {
	return k.Players[0] + "\x00" + k.Players[1] + "\x00" + strconv.Itoa(k.Number)
}

// owns returns the games of matches that t plays: all of them, or those
// of its shard.
func (t Tournament) owns(matches []Match) map[GameKey]bool {
	var keys []GameKey
	var names []string
	for _, m := range matches {
		for i := range 2 * m.Pairs {
			keys = append(keys, m.Key(i+1))
			names = append(names, gameName(m.Key(i+1)))
		}
	}
	part := shard.Shard{}
	if t.Shard != nil {
		part = t.Shard.Part
	}
	owns := map[GameKey]bool{}
	for i, mine := range part.Owns(names) {
		owns[keys[i]] = mine
	}
	return owns
}

// A Merged is a tournament put together from its shards by MergeResults:
// the tournament, its players known by name only, its title and anchor,
// and every game of every pairing.
type Merged struct {
	Tournament Tournament
	Title      string
	Anchor     rating.Anchor
	Pairings   []Pairing
	header     resultsHeader // of the whole run
}

// MergeResults reads the files of results of a tournament's shards, each
// written by a run with a Shard, and returns the whole tournament, every
// game as its shard played it. It returns a *shard.MergeError (which
// wraps shard.ErrMerge) for a file that is no shard's, shards of
// different runs (shard.Check, and the tournament's settings), a shard
// missing or given twice, or one that has not played all its games; a
// *ResultsError for a game that cannot be read.
func MergeResults(paths []string) (Merged, error) {
	headers := make([]resultsHeader, len(paths))
	games := make([][][]byte, len(paths))
	manifests := make([]shard.Manifest, len(paths))
	for i, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return Merged{}, err
		}
		whole := data[:bytes.LastIndexByte(data, '\n')+1] // a torn last line dropped, as OpenResults drops it
		lines := bytes.Split(bytes.TrimSuffix(whole, []byte("\n")), []byte("\n"))
		if err := json.Unmarshal(lines[0], &headers[i]); err != nil || headers[i].Format != resultsFormat || headers[i].Shard == nil {
			return Merged{}, &shard.MergeError{Path: path, Msg: "no file of results of othello tournament -shard"}
		}
		manifests[i] = headers[i].Shard.Manifest
		manifests[i].Seed = headers[i].Seed
		games[i] = lines[1:]
	}
	shards, err := shard.Check(paths, manifests)
	if err != nil {
		return Merged{}, err
	}
	first := headers[0]
	for i, h := range headers {
		a, b := h, first
		aShard, bShard := *a.Shard, *b.Shard
		aShard.Shard, bShard.Shard = "", ""
		a.Shard, b.Shard = &aShard, &bShard
		if !sameJSON(a, b) {
			return Merged{}, &shard.MergeError{Path: paths[i], Msg: "another tournament's settings (clock, openings, board, players or programs) than " + paths[0] + "'s"}
		}
	}
	setups, err := record.ParseGGF(first.Setup)
	if err != nil || len(setups) != 1 {
		return Merged{}, &shard.MergeError{Path: paths[0], Msg: fmt.Sprintf("its board: %v", err)}
	}
	t := Tournament{Gauntlet: first.Shard.Gauntlet}
	t.Match.Pairs, t.Match.Seed, t.Match.Setup = first.Shard.Pairs, first.Seed, setups[0].Setup
	for _, name := range first.Shard.Class {
		p := Spec{Name: name}
		if cmd, ok := first.Programs[name]; ok && len(cmd) >= 2 {
			p.Dir, p.Path, p.Args = cmd[0], cmd[1], cmd[2:]
		}
		t.Players = append(t.Players, p)
	}
	matches, err := t.Pairings()
	if err != nil {
		return Merged{}, &shard.MergeError{Path: paths[0], Msg: err.Error()}
	}
	var names []string
	for _, m := range matches {
		for i := range 2 * m.Pairs {
			names = append(names, gameName(m.Key(i+1)))
		}
	}
	owner := map[string]int{}
	for i, k := range shard.Assign(names, shards[0].Count) {
		owner[names[i]] = k
	}
	kept := map[GameKey]Result{}
	for i, lines := range games {
		for j, line := range lines {
			key, r, err := t.parseResult(line)
			if err != nil {
				return Merged{}, &ResultsError{Path: paths[i], Line: j + 2, Msg: err.Error()}
			}
			if k, ok := owner[gameName(key)]; ok && k == shards[i].Index {
				kept[key] = r
			}
		}
	}
	merged := Merged{Tournament: t, Title: first.Shard.Title, Anchor: first.Shard.Anchor, header: first}
	merged.header.Shard = nil
	left := make([]int, len(paths))
	for _, m := range matches {
		p := Pairing{Match: m}
		for i := range 2 * m.Pairs {
			r, ok := kept[m.Key(i+1)]
			if !ok {
				left[slices.Index(shards, shard.Shard{Index: owner[gameName(m.Key(i+1))], Count: shards[0].Count})]++
				continue
			}
			p.Results = append(p.Results, r)
		}
		merged.Pairings = append(merged.Pairings, p)
	}
	for i, n := range left {
		if n > 0 {
			return Merged{}, &shard.MergeError{Path: paths[i], Msg: fmt.Sprintf("shard %s has not played %d of its games: run it again to finish", shards[i], n)}
		}
	}
	return merged, nil
}

// WriteResults writes the file of results that the whole run writes:
// its settings, then every game in the order of the pairings.
func (m Merged) WriteResults(path string) error {
	return record.ReplaceFile(path, func(w io.Writer) error {
		res := &Results{Path: path, w: w}
		if err := res.writeLine(m.header); err != nil {
			return err
		}
		for _, p := range m.Pairings {
			for _, r := range p.Results {
				if err := res.Append(p.Match, r); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// sameJSON reports whether a and b are written the same in JSON.
func sameJSON(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}
