package class_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// TestNames checks the names of submissions, and those refused, each
// with a *SubmissionError that wraps ErrSubmission.
func TestNames(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"alice", "bob", filepath.Join("other", "alice")} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		subs    []string
		want    []string
		wantErr string
	}{
		{"two", []string{filepath.Join(dir, "bob"), filepath.Join(dir, "alice") + "/"}, []string{"bob", "alice"}, ""},
		{"none", nil, []string{}, ""},
		{"a file", []string{file}, nil, "class: submission " + file + " is not a folder"},
		{"missing", []string{filepath.Join(dir, "carol")}, nil, "class: submission " + filepath.Join(dir, "carol") + " is not a folder"},
		{"no name", []string{"."}, nil, "class: submission . has no name of its own: name its folder"},
		{"twice", []string{filepath.Join(dir, "alice"), filepath.Join(dir, "other", "alice")}, nil, "class: two submissions are named alice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := class.Names(tt.subs)
			if tt.wantErr == "" {
				if err != nil || strings.Join(got, " ") != strings.Join(tt.want, " ") {
					t.Errorf("got %q, %v; want %q", got, err, tt.want)
				}
				return
			}
			var se *class.SubmissionError
			if !errors.As(err, &se) || !errors.Is(err, class.ErrSubmission) || err.Error() != tt.wantErr {
				t.Errorf("got %v, want a *SubmissionError %q that wraps ErrSubmission", err, tt.wantErr)
			}
		})
	}
}

// writeScript writes a submission dir/name whose run.sh prints lines.
func writeScript(t *testing.T, dir, name, lines string) string {
	t.Helper()
	sub := filepath.Join(dir, name)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "run.sh"), []byte("#!/bin/sh\nprintf '"+lines+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return sub
}

// gradeOptions returns the Options of a class of subs, graded into out
// with one random scenario, Limited, on a seed.
func gradeOptions(t *testing.T, out string, subs ...string) class.Options {
	t.Helper()
	cfg, err := check.Options{Rules: "full", Profile: "assignment", N: 1, Seed: 3, BadRate: -1, LineTimeout: 2 * time.Second,
		Jobs: 2, Limited: true, Limits: sandbox.DefaultLimits}.Config()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Program = check.Program{Path: "./run.sh"}
	return class.Options{Config: cfg, Submissions: subs, Out: out, Flags: []string{"-n=1"}, SeedSet: true}
}

// TestGrade grades a class of two programs that do not play, one that
// is not a judge and one that says only FULL, then again, keeping both,
// and then stopped before it starts: the grades, the reports, what it
// says on its log and its summary.
func TestGrade(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	subs := []string{writeScript(t, dir, "hello", `HELLO\n`), writeScript(t, dir, "full", `FULL\n`)}
	out := filepath.Join(dir, "out")
	tests := []struct {
		name     string
		stopped  bool
		fresh    bool
		log      string // a regular expression of the whole log
		summary  string // a regular expression of the whole summary
		statuses string // of the rows, by name
	}{
		{"first", false, false,
			`^graded (full|hello): 0/\d+ \(1/2, \d+s\)\ngraded (full|hello): 0/\d+ \(2/2, \d+s\)\n$`,
			`^graded 2 of 2 submissions in \d+s: ` + regexp.QuoteMeta(filepath.Join(out, "grades.csv")) + `$`, "graded graded"},
		{"again", false, false,
			`^othello grade: kept 2 submissions graded by the earlier run \(seed 3\); grading 0\n$`,
			`^graded 2 of 2 submissions in 0s \(2 kept from the earlier run\): `, "graded graded"},
		{"stopped", true, true,
			`^othello grade: grading all 2 submissions: -fresh; the earlier grades are now in .*grades.old.csv\nothello grade: stopped: not graded: full, hello\n$`,
			`^graded 0 of 2 submissions in 0s, 2 interrupted: run again to finish: `, "interrupted interrupted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.stopped {
				cancel()
			}
			var log strings.Builder
			o := gradeOptions(t, out, subs...)
			o.Log, o.Fresh = &log, tt.fresh
			res, err := class.Grade(ctx, o)
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(tt.log).MatchString(log.String()) {
				t.Errorf("got the log %q, want it to match %q", log.String(), tt.log)
			}
			if !regexp.MustCompile(tt.summary).MatchString(res.Summary()) {
				t.Errorf("got the summary %q, want it to match %q", res.Summary(), tt.summary)
			}
			var statuses []string
			for _, r := range res.Rows {
				statuses = append(statuses, r.Status)
			}
			if got := strings.Join(statuses, " "); got != tt.statuses || res.Rows[0].Name != "full" {
				t.Errorf("got the rows %v, want full then hello, %s", res.Rows, tt.statuses)
			}
			csv, err := os.ReadFile(filepath.Join(out, "grades.csv"))
			if err != nil || !strings.HasPrefix(string(csv), "submission,rules,score,max,") || strings.Count(string(csv), "\n") != 3 {
				t.Errorf("got grades.csv %q, %v; want a header and two rows", csv, err)
			}
			if tt.stopped {
				return
			}
			for _, file := range []string{"index.html", "submissions/hello/report.html", "submissions/full/report.json"} {
				if _, err := os.Stat(filepath.Join(out, file)); err != nil {
					t.Errorf("got no %s: %v", file, err)
				}
			}
			if hello := res.Rows[1]; !strings.Contains(hello.FirstFailure, `got "HELLO\n"`) || hello.Score != "0" {
				t.Errorf("hello: got %+v, want 0 points and its HELLO as the first failure", hello)
			}
		})
	}
}

// TestGradeRefusesNames checks that Grade writes nothing for a class
// whose submissions are badly named.
func TestGradeRefusesNames(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	_, err := class.Grade(context.Background(), gradeOptions(t, out, filepath.Join(dir, "missing")))
	if !errors.Is(err, class.ErrSubmission) {
		t.Errorf("got %v, want an error that wraps ErrSubmission", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("got the folder of the reports (%v), want none", err)
	}
}

// TestSummary checks the line that says what Grade did.
func TestSummary(t *testing.T) {
	row := func(status string) class.Row { return class.Row{Status: status} }
	tests := []struct {
		name string
		res  class.Result
		want string
	}{
		{"none", class.Result{CSV: "g.csv"}, "graded 0 of 0 submissions in 0s: g.csv"},
		{"all", class.Result{Rows: []class.Row{row(class.StatusGraded)}, CSV: "g.csv", Elapsed: 1600 * time.Millisecond},
			"graded 1 of 1 submissions in 2s: g.csv"},
		{"kept", class.Result{Rows: []class.Row{row(class.StatusGraded), row(class.StatusGraded)}, Kept: 1, CSV: "g.csv"},
			"graded 2 of 2 submissions in 0s (1 kept from the earlier run): g.csv"},
		{"an error", class.Result{Rows: []class.Row{row(class.StatusError), row(class.StatusGraded)}, CSV: "g.csv"},
			"graded 1 of 2 submissions in 0s, 1 error: g.csv"},
		{"errors and interrupted", class.Result{Rows: []class.Row{row(class.StatusError), row(class.StatusError), row(class.StatusInterrupted)}, CSV: "g.csv"},
			"graded 0 of 3 submissions in 0s, 2 errors, 1 interrupted: run again to finish: g.csv"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.res.Summary(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestGradeRoster grades a class of two programs with no random
// scenario, with Gradescope's roster, then again without it and again
// with it and -lms gradescope: the grades are kept each time, and have
// the roster's columns when it is given; a folder it names no student
// for and a student with no folder are said on the log and have rows,
// and the LMS's file has a row for each student graded. The program
// that looks for the roster does not see it.
func TestGradeRoster(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	// The roster in the folder of the program that looks for it, which
	// would see it there but for the grader.
	snoop := writeScript(t, dir, "submission_2", "")
	if err := os.WriteFile(filepath.Join(snoop, "run.sh"), []byte("#!/bin/sh\nhead -c 4 roster.yml 2>/dev/null\nprintf 'HELLO\\n'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	roster := filepath.Join(snoop, "roster.yml")
	yml := `---
submission_1:
  :submitters:
  - :name: Zoë Müller
    :sid: '01'
    :email: zoe@example.edu
  - :name: Ann Lee
    :sid: '02'
    :email: ann@example.edu
submission_3:
  :submitters:
  - :name: Bo Chen
    :sid: '03'
    :email: bo@example.edu
`
	if err := os.WriteFile(roster, []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	subs := []string{writeScript(t, dir, "submission_1", `FULL\n`), snoop}
	out := filepath.Join(dir, "out")
	match := regexp.QuoteMeta(roster) + ` names no student for 1 folder: submission_2
othello grade: ` + regexp.QuoteMeta(roster) + ` names 1 student with no folder: "Bo Chen" \(no folder submission_3\)
`
	var first []byte
	for i, tt := range []struct {
		roster, lms bool
		log         string // a regular expression of the whole log
	}{
		{true, false, `^othello grade: ` + match + `graded submission_\d: 0/\d+ \(1/2, \d+s\)\ngraded submission_\d: 0/\d+ \(2/2, \d+s\)\n$`},
		{false, false, `^othello grade: kept 2 submissions graded by the earlier run \(seed 3\); grading 0\n$`},
		{true, true, `^othello grade: kept 2 submissions graded by the earlier run \(seed 3\); grading 0
othello grade: ` + match + `othello grade: wrote ` + regexp.QuoteMeta(filepath.Join(out, "gradescope.csv")) + `: 2 students; left out, 1: "Bo Chen" \(no folder submission_3\)
$`},
	} {
		var log strings.Builder
		o := gradeOptions(t, out, subs...)
		o.Config.N, o.Flags, o.Log = 0, []string{"-n=0"}, &log
		if tt.roster {
			o.Roster = roster
		}
		if tt.lms {
			o.LMS, o.Assignment = "gradescope", "Othello"
		}
		res, err := class.Grade(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(tt.log).MatchString(log.String()) {
			t.Errorf("run %d: got the log %q, want it to match %q", i+1, log.String(), tt.log)
		}
		if res.Count(class.StatusGraded) != 2 || len(res.Rows) != 2 {
			t.Fatalf("run %d: got the rows %+v, want two graded", i+1, res.Rows)
		}
		grades, err := os.ReadFile(filepath.Join(out, "grades.csv"))
		if err != nil {
			t.Fatal(err)
		}
		score := res.Rows[0].Score
		want := `^submission,.*,status,reference,.*,format
submission_1,FULL,` + score + `,.*,graded,[^a-z]*
submission_2,FULL,0,.* got ""HELLO\\n""",graded,[^a-z]*
$`
		if tt.roster {
			want = `^submission,.*,status,reference,.*,format,name,sid,email
submission_1,FULL,` + score + `,.*,graded,.*,Zoë Müller; Ann Lee,01; 02,zoe@example.edu; ann@example.edu
submission_2,FULL,0,.* got ""HELLO\\n""",graded,.*,,,
submission_3,,,,,,,,missing,.*,Bo Chen,03,bo@example.edu
$`
		}
		if !regexp.MustCompile(want).Match(grades) {
			t.Errorf("run %d: got the grades\n%s\nwant them to match\n%s", i+1, grades, want)
		}
		if i == 0 {
			first = grades
		} else if tt.roster && !bytes.Equal(grades, first) {
			t.Errorf("run %d: got the grades\n%s\nwant them as run 1 wrote them\n%s", i+1, grades, first)
		}
		lms, err := os.ReadFile(filepath.Join(out, "gradescope.csv"))
		if want := "Name,SID,Email,Othello\nZoë Müller,01,zoe@example.edu," + score + "\nAnn Lee,02,ann@example.edu," + score + "\n"; tt.lms && (err != nil || string(lms) != want) {
			t.Errorf("run %d: got gradescope.csv %q, %v; want %q", i+1, lms, err, want)
		}
	}
}

// TestGradeDownload grades a download given as the only submission:
// Canvas's, its files gathered into a folder for each student, where a
// program that looks for another student's files, staged or as they
// came, finds none; then again, keeping both; Gradescope's export, its
// submission_metadata.yml the roster of -lms; and submissions among
// which are files, skipped. What Grade says on its log, and the rows.
func TestGradeDownload(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	for _, d := range []string{dir, filepath.Dir(dir)} {
		os.Chmod(d, 0o755) // so that only the sandbox keeps a program from the others' files
	}
	out := filepath.Join(dir, "out")
	canvas := filepath.Join(dir, "canvas")
	alice := filepath.Join(canvas, "alice_1_11_run.sh")
	snoop := "#!/bin/sh\nprintf 'FULL\\n'\nfor f in " + filepath.Join(out, class.Staged, "alice", "run.sh") + " " + alice + "; do\n" +
		"  if cat $f >/dev/null 2>&1; then echo LEAK; exit; fi\ndone\necho SAFE\n"
	export := filepath.Join(dir, "export")
	files := map[string]string{
		alice: "#!/bin/sh\nprintf 'FULL\\n'\n",
		filepath.Join(canvas, "bob_LATE_2_21_run-1.sh"): snoop,
		filepath.Join(canvas, "carol_3_text.html"):      "<p>no program</p>\n",
		filepath.Join(export, "submission_1", "run.sh"): "#!/bin/sh\nprintf 'FULL\\n'\n",
		filepath.Join(export, "submission_2", "run.sh"): "#!/bin/sh\nprintf 'HELLO\\n'\n",
		filepath.Join(export, "notes.txt"):              "",
		filepath.Join(export, "submission_metadata.yml"): "submission_1:\n  :submitters:\n  - :name: Ann Lee\n    :sid: '01'\n    :email: ann@example.edu\n" +
			"submission_2:\n  :submitters:\n  - :name: Bo Chen\n    :sid: '02'\n    :email: bo@example.edu\n",
	}
	for path, text := range files {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	exportOut := filepath.Join(dir, "export-out")
	tests := []struct {
		name  string
		out   string
		subs  []string
		lms   string
		log   string // a regular expression of the whole log
		rows  string // the names and statuses of the rows
		first string // in the first failure of the last row
	}{
		{"Canvas's", out, []string{canvas}, "",
			`^othello grade: ` + regexp.QuoteMeta(canvas+" is Canvas's download: 2 submissions, each one's files gathered in "+filepath.Join(out, "staged", "NAME")+
				"; named as handed in, 1: bob: run-1.sh as run.sh; left out, 1: carol_3_text.html (a text entry)") + `\n` +
				`graded (alice|bob): 0/\d+ \(1/2, \d+s\)\ngraded (alice|bob): 0/\d+ \(2/2, \d+s\)\n$`,
			"alice graded, bob graded", `got "SAFE\n"`},
		{"Canvas's again", out, []string{canvas}, "",
			`^othello grade: ` + regexp.QuoteMeta(canvas) + ` is Canvas's download: .*\nothello grade: kept 2 submissions graded by the earlier run \(seed 3\); grading 0\n$`,
			"alice graded, bob graded", `got "SAFE\n"`},
		{"Gradescope's", exportOut, []string{export}, "gradescope",
			`^othello grade: ` + regexp.QuoteMeta(export+" is Gradescope's export: 2 submissions, the roster from its submission_metadata.yml; left out, 1: notes.txt") + `\n` +
				`graded submission_\d: 0/\d+ \(1/2, \d+s\)\ngraded submission_\d: 0/\d+ \(2/2, \d+s\)\n` +
				`othello grade: wrote ` + regexp.QuoteMeta(filepath.Join(exportOut, "gradescope.csv")) + `: 2 students\n$`,
			"submission_1 graded, submission_2 graded", `got "HELLO\n"`},
		{"files skipped", filepath.Join(dir, "skipped-out"), []string{filepath.Join(export, "submission_2"), filepath.Join(export, "notes.txt"), alice},
			"", `^othello grade: skipped 2 files, not submission folders: ` + regexp.QuoteMeta(filepath.Join(export, "notes.txt")+", "+alice) + `\n` +
				`graded submission_2: 0/\d+ \(1/1, \d+s\)\n$`,
			"submission_2 graded", `got "HELLO\n"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log strings.Builder
			o := gradeOptions(t, tt.out, tt.subs...)
			o.Config.N, o.Flags, o.Log = 0, []string{"-n=0"}, &log
			o.LMS, o.Assignment = tt.lms, "Othello"
			res, err := class.Grade(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(tt.log).MatchString(log.String()) {
				t.Errorf("got the log %q, want it to match %q", log.String(), tt.log)
			}
			var rows []string
			for _, r := range res.Rows {
				rows = append(rows, r.Name+" "+r.Status)
			}
			if got := strings.Join(rows, ", "); got != tt.rows {
				t.Errorf("got the rows %s, want %s", got, tt.rows)
			}
			if last := res.Rows[len(res.Rows)-1]; !strings.Contains(last.FirstFailure, tt.first) {
				t.Errorf("got %s's first failure %q, want it to hold %q", last.Name, last.FirstFailure, tt.first)
			}
		})
	}
	if _, err := class.Grade(context.Background(), gradeOptions(t, filepath.Join(dir, "none"), alice)); !errors.Is(err, class.ErrSubmission) ||
		err.Error() != "class: no submission is a folder: "+alice {
		t.Errorf("got %v, want a *SubmissionError: no submission is a folder", err)
	}
}

// pythonSubmission writes a submission dir/name of the class's correct
// program, which keeps every rule of structure, with a fake Python of
// its own, python3, that lacks json where lacks says
// (gradetest.FakePython); "" for none.
func pythonSubmission(t *testing.T, dir, name, lacks string) string {
	t.Helper()
	from := filepath.Join("..", "..", "..", "cmd", "othello", "testdata", "class", "ui-named")
	sub := filepath.Join(dir, name)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"othello_ui.py", "othello_logic.py", "helpers.py"} {
		data, err := os.ReadFile(filepath.Join(from, file))
		if err == nil {
			err = os.WriteFile(filepath.Join(sub, file), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if lacks != "" {
		gradetest.FakePython(t, sub, "python3", lacks)
	}
	return sub
}

// TestGradeMachine grades a class of two correct Python programs where
// a Python lacks json. The machine's Python, found by the probe once for
// the class: nothing is graded or written, and Grade says what to
// install. The machine's, lacking json only at the structure check's
// runs, or each submission's own Python, which each check probes: each
// submission is an error, not graded, the reason its first failure. On
// a good machine, each is graded with every point.
func TestGradeMachine(t *testing.T) {
	const minimal = "check: the structure check needs Python's json module, which PY here lacks (python3-minimal?): install python3 (Debian: apt-get install python3)"
	tests := []struct {
		name   string
		lacks  string // where the Python lacks json; "" for the system's python3
		own    bool   // each submission has its own, ./python3, rather than the machine's
		err    bool   // Grade stops with the machine's error
		status string // each row's
	}{
		{"python3-minimal", gradetest.LacksJSON, false, true, ""},
		{"json lacking at the runs", gradetest.LacksJSONAfterProbe, false, false, class.StatusError},
		{"python3-minimal, each submission's own", gradetest.LacksJSON, true, false, class.StatusError},
		{"a good machine", "", false, false, class.StatusGraded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			// The machine's Python is outside the submissions, where every
			// user may read it, as the runs' users may.
			machine := filepath.Join(dir, "machine")
			for _, d := range []string{filepath.Dir(dir), dir} {
				if err := os.Chmod(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Mkdir(machine, 0o755); err != nil {
				t.Fatal(err)
			}
			python := gradetest.SystemPython(t)
			switch {
			case tt.own:
				python = "./python3"
			case tt.lacks != "":
				python = gradetest.FakePython(t, machine, "python3", tt.lacks)
			}
			own := ""
			if tt.own {
				own = tt.lacks
			}
			subs := []string{pythonSubmission(t, dir, "ana", own), pythonSubmission(t, dir, "bo", own)}
			out := filepath.Join(dir, "out")
			o := gradeOptions(t, out, subs...)
			o.Config.Program = check.Program{Path: python, Args: []string{"othello_ui.py"}}
			o.Config.Sandbox.Bind = []string{machine}
			var log strings.Builder
			o.Log = &log
			res, err := class.Grade(context.Background(), o)
			want := strings.ReplaceAll(minimal, "PY", python)
			var me *check.MachineError
			switch {
			case tt.err:
				if !errors.Is(err, check.ErrGraderMachine) || !errors.As(err, &me) || err.Error() != want {
					t.Fatalf("got %v, want %q, a *check.MachineError", err, want)
				}
				if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("got the folder of the reports (%v), want none", err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			if len(res.Rows) != 2 {
				t.Fatalf("got the rows %+v, want 2", res.Rows)
			}
			for _, r := range res.Rows {
				switch {
				case r.Status != tt.status:
					t.Errorf("%s: got the status %s (%q), want %s", r.Name, r.Status, r.FirstFailure, tt.status)
				case tt.status == class.StatusGraded && (r.Score != r.Max || r.FirstFailure != "" || r.Points[len(r.Points)-1] != "10"):
					t.Errorf("%s: got %s of %s, structure %q (%q), want every point", r.Name, r.Score, r.Max, r.Points, r.FirstFailure)
				case tt.status == class.StatusError && (r.Score != "" || r.FirstFailure != want || !strings.Contains(log.String(), r.Name+": "+want)):
					t.Errorf("%s: got the score %q, the first failure %q and the log %q, want no score and %q on the log too", r.Name, r.Score, r.FirstFailure, log.String(), want)
				}
			}
			csv, err := os.ReadFile(filepath.Join(out, "grades.csv"))
			if err != nil || strings.Count(string(csv), ","+tt.status+",") != 2 {
				t.Errorf("got grades.csv %q, %v; want two rows %s", csv, err, tt.status)
			}
		})
	}
}
