package class

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/shard"
)

// ShardFile is the file of a shard's folder that says what made it.
const ShardFile = "shard.json"

// A shardFile is a shard's ShardFile: what made it (its Manifest, which
// shard.Check compares), and what Merge needs besides its grades and
// reports to write what one run writes: the run's settings, as
// grade.json keeps them, the categories of the grades, the roster, and
// the LMS's file to write.
type shardFile struct {
	shard.Manifest
	Settings   Settings `json:"settings"`
	Categories []string `json:"categories"`
	Roster     *Roster  `json:"roster,omitempty"`
	LMS        string   `json:"lms,omitempty"`
	Assignment string   `json:"assignment,omitempty"`
}

// write replaces the ShardFile of the shard's folder out.
func (sf shardFile) write(out string) error {
	data, err := json.MarshalIndent(sf, "", "  ")
	if err != nil {
		return err
	}
	return record.ReplaceFile(filepath.Join(out, ShardFile), func(w io.Writer) error { _, err := w.Write(append(data, '\n')); return err })
}

// readShardFile reads the ShardFile of the shard's folder dir, or
// returns a *shard.MergeError that says it is none.
func readShardFile(dir string) (shardFile, error) {
	var sf shardFile
	data, err := os.ReadFile(filepath.Join(dir, ShardFile))
	if err == nil {
		err = json.Unmarshal(data, &sf)
	}
	if err != nil {
		return sf, &shard.MergeError{Path: dir, Msg: fmt.Sprintf("no shard of othello grade -shard: %v", err)}
	}
	return sf, nil
}

// categoryNames returns the names of cs.
func categoryNames(cs []scenario.Category) []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return names
}

// MergeOptions say which shards Merge merges, and where to.
type MergeOptions struct {
	Shards []string  // the shards' folders, each Out of a Grade with a Shard
	Out    string    // the folder of the class's reports, as Grade's
	CSV    string    // the grades; "" for Out/grades.csv
	Log    io.Writer // if not nil, where Merge says what it merged, as Grade says what it graded
}

// Merge writes into Out from the shards what Grade writes when it grades
// the whole class on one machine with the same flags and seed: every
// submission's reports, copied from the shard that graded it, the
// grades, index.html and grade.json, the LMS's file, and the staged
// folders of a download. The files are the same byte for byte, but for
// each report.json's "seconds", which is how long its check took.
//
// It refuses, with a *shard.MergeError (which wraps shard.ErrMerge) and
// writing nothing, shards that are not all of one run (shard.Check: its
// command, program version, seed, flags, class, count of shards), a
// shard missing or given twice, shards whose weights, sandbox, roster or
// LMS differ, a shard that has not graded every submission of its share
// (run it again to finish), a submission whose name is a path (its
// reports would be copied outside Out), and an Out that is one of the
// shards.
func Merge(o MergeOptions) (Result, error) {
	start := time.Now()
	res := Result{CSV: o.CSV}
	if res.CSV == "" {
		res.CSV = filepath.Join(o.Out, "grades.csv")
	}
	files := make([]shardFile, len(o.Shards))
	manifests := make([]shard.Manifest, len(o.Shards))
	for i, dir := range o.Shards {
		if abs(dir) == abs(o.Out) {
			return res, &shard.MergeError{Path: dir, Msg: "is -out: merge into another folder"}
		}
		sf, err := readShardFile(dir)
		if err != nil {
			return res, err
		}
		files[i], manifests[i] = sf, sf.Manifest
	}
	shards, err := shard.Check(o.Shards, manifests)
	if err != nil {
		return res, err
	}
	first := files[0]
	for i, sf := range files {
		bad := func(what string) (Result, error) {
			return res, &shard.MergeError{Path: o.Shards[i], Msg: what + " than " + o.Shards[0] + "'s"}
		}
		switch {
		case !sameJSON(sf.Settings.Weights, first.Settings.Weights) || !slices.Equal(sf.Settings.Opponents, first.Settings.Opponents) || !slices.Equal(sf.Categories, first.Categories):
			return bad("other weights or opponents")
		case sf.Settings.Sandbox != first.Settings.Sandbox:
			return bad(fmt.Sprintf("its programs ran %s, other", sf.Settings.Sandbox))
		case !sameJSON(sf.Roster, first.Roster):
			return bad("another roster")
		case sf.LMS != first.LMS || sf.Assignment != first.Assignment:
			return bad("another -lms or -assignment")
		}
	}
	for _, name := range first.Class {
		if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
			return res, &shard.MergeError{Path: o.Shards[0], Msg: fmt.Sprintf("a submission named %q, which no folder is", name)}
		}
	}
	categories := make([]scenario.Category, len(first.Categories))
	for i, c := range first.Categories {
		categories[i] = scenario.Category(c)
	}
	var lms LMS
	if first.LMS != "" {
		if lms, err = LookupLMS(first.LMS); err != nil {
			return res, err
		}
	}
	// The rows, each from the shard that owns it, all read before anything is written.
	owner := shard.Assign(first.Class, shards[0].Count)
	dirOf := make([]string, shards[0].Count)
	for i, s := range shards {
		dirOf[s.Index] = o.Shards[i]
	}
	table := &Table{Path: res.CSV, Categories: categories, Roster: first.Roster}
	for k, dir := range dirOf {
		shardTable := &Table{Path: filepath.Join(dir, "grades.csv"), Categories: categories}
		rows, err := shardTable.Read()
		if err != nil {
			return res, &shard.MergeError{Path: dir, Msg: fmt.Sprintf("its grades: %v", err)}
		}
		var left []string
		for i, name := range first.Class {
			if owner[i] != k {
				continue
			}
			row, ok := rows[name]
			if !ok || row.Status != StatusGraded && row.Status != StatusError {
				left = append(left, name)
				continue
			}
			table.Rows = append(table.Rows, row)
		}
		if len(left) > 0 {
			return res, &shard.MergeError{Path: dir, Msg: fmt.Sprintf("shard %d/%d has not graded %s: run it again to finish", k, len(dirOf), strings.Join(left, ", "))}
		}
	}
	slices.SortFunc(table.Rows, func(a, b Row) int { return strings.Compare(a.Name, b.Name) })

	log := o.Log
	if log == nil {
		log = io.Discard
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return res, err
	}
	for i, name := range first.Class {
		for _, sub := range []string{report.Submissions, Staged} {
			from := filepath.Join(dirOf[owner[i]], sub, name)
			if _, err := os.Lstat(from); errors.Is(err, fs.ErrNotExist) {
				continue
			}
			to := filepath.Join(o.Out, sub, name)
			if err := os.RemoveAll(to); err != nil {
				return res, err
			}
			if err := copyTree(from, to); err != nil {
				return res, err
			}
		}
	}
	data, err := json.MarshalIndent(first.Settings, "", "  ")
	if err != nil {
		return res, err
	}
	if err := record.ReplaceFile(filepath.Join(o.Out, "grade.json"), func(w io.Writer) error { _, err := w.Write(append(data, '\n')); return err }); err != nil {
		return res, err
	}
	if first.Roster != nil {
		logMatch(log, first.Roster, table.names())
	}
	if err := table.Write(o.Out); err != nil {
		return res, err
	}
	if first.LMS != "" {
		path := filepath.Join(o.Out, lms.File())
		n, left, err := lms.WriteFile(path, first.Roster, table.Rows, first.Assignment)
		if err != nil {
			return res, err
		}
		line := fmt.Sprintf("othello grade: wrote %s: %s", path, plural(n, "student", "students"))
		if len(left) > 0 {
			line += fmt.Sprintf("; left out, %d: %s", len(left), strings.Join(left, ", "))
		}
		fmt.Fprintln(log, line)
	}
	res.Rows, res.Elapsed = table.Rows, time.Since(start)
	fmt.Fprintf(log, "othello grade: merged %s of %s\n", plural(len(dirOf), "shard", "shards"), plural(len(first.Class), "submission", "submissions"))
	return res, nil
}

// sameJSON reports whether a and b are written the same in JSON.
func sameJSON(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// copyTree copies the folder from, its folders and regular files, to a
// new folder to; it follows no link.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			return copyFile(path, target)
		}
		return nil // the grader writes no other kind of file
	})
}
