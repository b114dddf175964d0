package class

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/shard"
)

// Options say what Grade grades, and how.
type Options struct {
	// Config is each submission's check, its Program the command, run in
	// the submission's folder. Its Jobs is both the submissions graded at
	// once and the runs made at once in all, so that a submission whose
	// runs are slow, graded when the others are done, has them all.
	Config check.Config
	// Submissions are the folders, each named by its base name, which no
	// other may have; files among them are left aside, and said on Log.
	// A folder that is the only one and a platform's download
	// (ReadDownload) is the class: its submissions are graded, those
	// whose files are flat gathered first into Out/staged/NAME (Stage),
	// and Gradescope's export is the roster when Roster is "".
	Submissions []string
	Out         string   // the folder of the reports
	CSV         string   // the grades; "" for Out/grades.csv
	Verbose     bool     // report.txt: a block for every failing scenario too
	Fresh       bool     // grade every submission again, keeping none of an earlier run
	SeedSet     bool     // Config.Seed was given: an earlier run's is not taken (Table.Resume)
	Flags       []string // the flags that change a grade, as -name=value, by name (Settings.Flags)
	// Roster, if not "", is the file that says which students handed in
	// each submission (ReadRoster): the grades get their columns, and
	// Grade says on Log which folders it names no student for and which
	// of its students have no folder.
	Roster string
	// LMS, if not "", is the system (LookupLMS) whose file of grades
	// Grade writes too, Out/LMS.csv, a row for each student of Roster,
	// the score in the column named Assignment.
	LMS        string
	Assignment string
	// Log, if not nil, is where Grade says how it goes, as othello grade
	// does on standard error: what it keeps of an earlier run, a line for
	// each submission graded, or with Terminal a Progress written over,
	// the reports it could not write, and the submissions left when it
	// was stopped.
	Log      io.Writer
	Terminal bool
	// Shard, if not the whole run, is the part of the class Grade grades:
	// the submissions shard.Assign gives it of all the class's names.
	// Out is then the shard's folder, which Merge merges with the
	// others': its grades have no roster's columns, and no LMS's file is
	// written, as Merge writes them, from its shard.json (shardFile).
	Shard shard.Shard
	// Version is the program's, which Merge checks is every shard's.
	Version string
}

// A Result is what Grade did: the rows of the grades, by name.
type Result struct {
	Rows    []Row
	CSV     string        // the file of the grades
	Kept    int           // the rows kept from an earlier run
	Elapsed time.Duration // how long the grading took
}

// Count returns how many rows have the status.
func (r Result) Count(status string) int {
	n := 0
	for _, row := range r.Rows {
		if row.Status == status {
			n++
		}
	}
	return n
}

// Summary returns the line, without its end, that says what Grade did:
// "graded 2 of 4 submissions in 12s (1 kept from the earlier run), 1
// error, 1 interrupted: run again to finish: out/grades.csv".
func (r Result) Summary() string {
	line := fmt.Sprintf("graded %d of %d submissions in %v", r.Count(StatusGraded), len(r.Rows), r.Elapsed.Round(time.Second))
	if r.Kept > 0 {
		line += fmt.Sprintf(" (%d kept from the earlier run)", r.Kept)
	}
	if n := r.Count(StatusError); n > 0 {
		line += ", " + plural(n, "error", "errors")
	}
	if n := r.Count(StatusInterrupted); n > 0 {
		line += fmt.Sprintf(", %d interrupted: run again to finish", n)
	}
	return line + ": " + r.CSV
}

// plural returns n and the noun, one or many: "1 error", "2 errors".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

var (
	// ErrSubmission means a submission cannot be graded as it is named:
	// not a folder, a folder with no name of its own, or a name twice.
	ErrSubmission = errors.New("class: bad submission")
	// ErrGrades means the grades could not be written as the class was
	// graded; Grade said so on Log when it happened.
	ErrGrades = errors.New("class: the grades could not be written")
)

// A SubmissionError is a submission that cannot be graded as it is
// named. It wraps ErrSubmission.
type SubmissionError struct {
	Path string // as given
	Msg  string // what is wrong, such as "submission a.py is not a folder"
}

// Error returns "class: " and the message: "class: submission a.py is
// not a folder".
func (e *SubmissionError) Error() string { return "class: " + e.Msg }

// Unwrap returns ErrSubmission.
func (e *SubmissionError) Unwrap() error { return ErrSubmission }

// Names returns the name of each submission, the base name of its
// folder, or a *SubmissionError for one that is not a folder, has no
// name of its own (such as ..), or has the name of another.
func Names(subs []string) ([]string, error) {
	names := make([]string, len(subs))
	for i, sub := range subs {
		fi, err := os.Stat(sub)
		if err != nil || !fi.IsDir() {
			return nil, &SubmissionError{Path: sub, Msg: "submission " + sub + " is not a folder"}
		}
		names[i] = filepath.Base(filepath.Clean(sub))
		if strings.Trim(names[i], "./"+string(filepath.Separator)) == "" {
			return nil, &SubmissionError{Path: sub, Msg: "submission " + sub + " has no name of its own: name its folder"}
		}
		if slices.Contains(names[:i], names[i]) {
			return nil, &SubmissionError{Path: sub, Msg: "two submissions are named " + names[i]}
		}
	}
	return names, nil
}

// Grade grades the class of o: it checks every submission that an
// earlier run did not grade with the same settings (Table.Resume), -j at
// a time, writes each one's reports into Out/submissions/NAME, and
// replaces the grades and Out/index.html as each is done. No program sees
// the reports, the grades, the roster or another submission.
//
// It refuses, with a *RefusedError, where no wall would keep the
// programs from the grader's files (Refuse), and returns a
// *SubmissionError for a submission badly named or a download it cannot
// read, a *RosterError for a roster it cannot read, an *LMSError for an
// LMS's file it cannot write as asked, and check.ProbeStructure's
// *check.MachineError (which wraps check.ErrGraderMachine) where the
// grader's machine cannot read the structure of the programs, probed
// once for the class, before any report is written. The LMS's file is
// written once all are graded, or stopped. A submission whose reports
// cannot be written has the status error, and is said on Log; if the
// grades cannot be written, the error, which wraps ErrGrades, is
// returned once all are graded. A submission that the grader's machine
// could not check (check.ErrGraderMachine) has the status error too, the
// reason in its first failure, and is said on Log. When ctx is done, the
// submissions not graded have the status interrupted.
func Grade(ctx context.Context, o Options) (Result, error) {
	cfg := o.Config
	if err := Refuse(cfg); err != nil {
		return Result{}, err
	}
	res := Result{CSV: o.CSV}
	if res.CSV == "" {
		res.CSV = filepath.Join(o.Out, "grades.csv")
	}
	given, err := readSubmissions(o.Submissions, abs(o.Out), abs(res.CSV))
	if err != nil {
		return Result{}, err
	}
	dl := given.dl
	if dl != nil {
		cfg.Sandbox.Hide = append(slices.Clone(cfg.Sandbox.Hide), dl.Hide()...)
	}
	var roster *Roster
	rosterPath := o.Roster
	if rosterPath == "" && dl != nil {
		rosterPath = dl.Roster
	}
	if rosterPath != "" {
		if roster, err = dl.ReadRoster(rosterPath); err != nil {
			return Result{}, err
		}
		cfg.Sandbox.Hide = append(slices.Clone(cfg.Sandbox.Hide), abs(rosterPath))
	}
	var lms LMS
	if o.LMS != "" {
		if roster == nil {
			return Result{}, &LMSError{LMS: o.LMS, Msg: "its file needs a roster: -roster FILE, or Gradescope's export as the submission"}
		}
		if lms, err = LookupLMS(o.LMS); err != nil {
			return Result{}, err
		}
		if err := lms.Check(roster, o.Assignment); err != nil {
			return Result{}, err
		}
		if abs(filepath.Join(o.Out, lms.File())) == abs(res.CSV) {
			return Result{}, &LMSError{LMS: o.LMS, Msg: "its file would be the grades, " + res.CSV + ": name them otherwise"}
		}
	}
	// The grader's machine is probed once for the class, in the first
	// submission's folder, before anything is written; a download's,
	// once its files are staged.
	probe := func(subs []string) error {
		if len(subs) == 0 {
			return nil
		}
		err := check.ProbeStructure(ctx, forSubmission(cfg, subs, 0))
		cfg.StructureProbed = err == nil
		return err
	}
	if dl == nil {
		if err := probe(given.folders); err != nil {
			return Result{}, err
		}
	}
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	if len(given.files) > 0 {
		fmt.Fprintf(log, "othello grade: skipped %s: %s\n", plural(len(given.files), "file, not a submission folder", "files, not submission folders"), strings.Join(given.files, ", "))
	}
	staged := filepath.Join(o.Out, Staged)
	if dl != nil {
		fmt.Fprintf(log, "othello grade: %s\n", dl.describe(staged, o.Roster == ""))
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return Result{}, err
	}
	names, subs := given.names, given.folders
	if dl != nil {
		if subs, err = dl.Stage(staged); err != nil {
			return Result{}, err
		}
	}
	if dl != nil {
		if err := probe(subs); err != nil {
			return Result{}, err
		}
	}
	categories, weights := Weights(cfg) // the default weights are the program's
	command := append([]string{cfg.Program.Path}, cfg.Program.Args...)
	// Each check settles its sandbox itself, and says how in its
	// reports; the class's grader says it once, as match does.
	_, mode, err := check.SandboxMode(cfg.Sandbox)
	if err != nil {
		fmt.Fprintf(log, "othello grade: %v: its programs run limited\n", err)
	}
	settings := Settings{Flags: o.Flags, Weights: weights, Command: command, Seed: cfg.Seed, Sandbox: mode}
	if cfg.AI != nil {
		for _, opp := range cfg.AI.Opponents {
			settings.Opponents = append(settings.Opponents, opp.String())
		}
	}
	table := &Table{Path: res.CSV, Categories: categories, Roster: roster}
	if !o.Shard.Whole() {
		table.Roster = nil // Merge adds its columns, and the students of no folder
	}
	owns := o.Shard.Owns(names)
	var mine []string // the names of the submissions this run grades: all, or its shard's
	for i, name := range names {
		if owns[i] {
			mine = append(mine, name)
		}
	}
	kept, note, err := table.Resume(o.Out, &settings, o.SeedSet, o.Fresh, mine)
	if err != nil {
		return Result{}, err
	}
	if note != "" {
		fmt.Fprintf(log, "othello grade: %s\n", note)
	}
	if !o.Shard.Whole() {
		for name := range kept {
			if !slices.Contains(mine, name) {
				delete(kept, name) // another shard's, now or before, or of no submission given
			}
		}
		sf := shardFile{Manifest: shard.Manifest{Command: "grade", Version: o.Version, Shard: o.Shard.String(), Seed: settings.Seed,
			Flags: append(append(slices.Clone(o.Flags), "--"), command...), Class: names},
			Settings: settings, Categories: categoryNames(categories), Roster: roster, LMS: o.LMS, Assignment: o.Assignment}
		if err := sf.write(o.Out); err != nil {
			return Result{}, err
		}
		fmt.Fprintf(log, "othello grade: shard %s: %s of %d\n", o.Shard, plural(len(mine), "submission", "submissions"), len(names))
	}
	cfg.Seed = settings.Seed
	cfg.Sandbox.Hide = append(slices.Clone(cfg.Sandbox.Hide), abs(o.Out), abs(res.CSV))
	cfg.Slots = check.NewSlots(cfg.Jobs)

	var todo []int // the submissions to grade, not kept
	for i, name := range names {
		if _, ok := kept[name]; !ok && owns[i] {
			table.Rows = append(table.Rows, Row{IndexRow: report.IndexRow{Name: name}, Status: StatusInterrupted})
			todo = append(todo, i)
		}
	}
	for _, row := range kept {
		table.Rows = append(table.Rows, row)
	}
	slices.SortFunc(table.Rows, func(a, b Row) int { return strings.Compare(a.Name, b.Name) })
	if table.Roster != nil {
		logMatch(log, roster, table.names())
	}
	if err := table.Write(o.Out); err != nil {
		return Result{}, err
	}
	var mu sync.Mutex
	done := len(kept)
	p := NewProgress(log, "grade", "submissions")
	start := time.Now()
	var writeErr error
	check.Parallel(ctx, len(todo), cfg.Jobs, func(j int) {
		i := todo[j]
		row, err := GradeOne(ctx, forSubmission(cfg, subs, i), names[i], filepath.Join(o.Out, report.Submissions, names[i]), o.Verbose, table.Categories)
		mu.Lock()
		defer mu.Unlock()
		if row.Status == StatusInterrupted {
			return // its row says so already
		}
		table.Rows[slices.IndexFunc(table.Rows, func(r Row) bool { return r.Name == names[i] })] = row
		if err := table.Write(o.Out); err != nil && writeErr == nil {
			writeErr = err
			fmt.Fprintf(log, "\rothello grade: %v\n", err)
		}
		done++
		switch {
		case err != nil:
			fmt.Fprintf(log, "\rothello grade: %s: %v\n", subs[i], err)
		case o.Terminal:
			p.Show(done, len(table.Rows))
		default:
			fmt.Fprintf(log, "graded %s: %s/%s (%d/%d, %v)\n", names[i], row.Score, row.Max, done, len(table.Rows), time.Since(start).Round(time.Second))
		}
	})
	p.End()
	if o.LMS != "" && o.Shard.Whole() {
		path := filepath.Join(o.Out, lms.File())
		n, left, err := lms.WriteFile(path, roster, table.Rows, o.Assignment)
		if err != nil && writeErr == nil {
			writeErr = err
			fmt.Fprintf(log, "othello grade: %v\n", err)
		} else if err == nil {
			line := fmt.Sprintf("othello grade: wrote %s: %s", path, plural(n, "student", "students"))
			if len(left) > 0 {
				line += fmt.Sprintf("; left out, %d: %s", len(left), strings.Join(left, ", "))
			}
			fmt.Fprintln(log, line)
		}
	}
	res.Rows, res.Kept, res.Elapsed = table.Rows, len(kept), time.Since(start)
	if writeErr != nil {
		return res, fmt.Errorf("%w: %w", ErrGrades, writeErr)
	}
	var left []string
	for _, r := range res.Rows {
		if r.Status == StatusInterrupted {
			left = append(left, r.Name)
		}
	}
	if len(left) > 0 {
		fmt.Fprintf(log, "othello grade: stopped: not graded: %s\n", strings.Join(left, ", "))
	}
	return res, nil
}

// The submissions that Grade grades, as readSubmissions finds them.
type submissions struct {
	names   []string  // by name: the rows of the grades
	folders []string  // in the order of names; nil for a download's, until Stage makes them
	files   []string  // the files among them, left aside
	dl      *Download // the download that the only folder is, or nil
}

// readSubmissions returns the submissions of subs: the files among them
// left aside, the one folder a download (ReadDownload, ignoring the
// paths of ignore) when it is one, or else each folder a submission,
// named by Names. Its errors are Names's and ReadDownload's, and a
// *SubmissionError when no submission is a folder.
func readSubmissions(subs []string, ignore ...string) (submissions, error) {
	var given submissions
	var folders []string
	for _, sub := range subs {
		if fi, err := os.Stat(sub); err == nil && !fi.IsDir() {
			given.files = append(given.files, sub)
		} else {
			folders = append(folders, sub) // one that is not there: Names says so
		}
	}
	if len(folders) == 0 && len(given.files) > 0 {
		return given, &SubmissionError{Path: given.files[0], Msg: "no submission is a folder: " + strings.Join(given.files, ", ")}
	}
	if len(folders) == 1 && isDir(folders[0]) {
		dl, err := ReadDownload(folders[0], ignore...)
		if err != nil {
			return given, err
		}
		if dl != nil {
			given.dl = dl
			for _, s := range dl.Submissions {
				given.names = append(given.names, s.Name)
			}
			return given, nil
		}
	}
	names, err := Names(folders)
	if err != nil {
		return given, err
	}
	given.folders = slices.Clone(folders)
	slices.SortFunc(given.folders, func(a, b string) int {
		return strings.Compare(filepath.Base(filepath.Clean(a)), filepath.Base(filepath.Clean(b)))
	})
	slices.Sort(names)
	given.names = names
	return given, nil
}

// isDir reports whether path is a folder.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// forSubmission returns cfg for the submission subs[i]: run in its
// folder, the other submissions hidden.
func forSubmission(cfg check.Config, subs []string, i int) check.Config {
	cfg.Sandbox.Dir = abs(subs[i])
	cfg.Sandbox.Hide = slices.Clone(cfg.Sandbox.Hide)
	for _, other := range subs {
		if other != subs[i] {
			cfg.Sandbox.Hide = append(cfg.Sandbox.Hide, abs(other))
		}
	}
	return cfg
}

// logMatch says on log which folders the roster names no student for,
// and which of its students have no folder.
func logMatch(log io.Writer, r *Roster, folders []string) {
	unnamed, missing := r.Match(folders)
	if len(unnamed) > 0 {
		fmt.Fprintf(log, "othello grade: %s names no student for %s: %s\n", r.Path, plural(len(unnamed), "folder", "folders"), strings.Join(unnamed, ", "))
	}
	var students []string
	for _, e := range missing {
		for _, st := range e.Students {
			students = append(students, fmt.Sprintf("%s (%s)", r.Describe(st), noFolder(e)))
		}
	}
	if len(students) > 0 {
		fmt.Fprintf(log, "othello grade: %s names %s with no folder: %s\n", r.Path, plural(len(students), "student", "students"), strings.Join(students, ", "))
	}
}

// abs returns the absolute path of p, or p if it has none.
func abs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
