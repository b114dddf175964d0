package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// downloadsDir holds Canvas's and Moodle's downloads of a class as they
// come, unzipped (its README.md says what each student handed in);
// Gradescope's export is testdata/gradescope-export.
var downloadsDir = filepath.Join("..", "..", "internal", "grader", "class", "testdata", "downloads")

// TestGradeDownloads grades each platform's download as it comes, with
// the reference game alone (-n 0): Gradescope's export given as one
// folder, and as the glob export/submission_* gives it, its
// submission_metadata.yml among the folders; Canvas's, with its
// gradebook export as the roster and -lms canvas, and again, keeping the
// grades; Moodle's in folders and flat. What grade says of each on
// standard error, the score of each student under the name the
// download gives them, the roster's columns, and reports that name no
// path of the grader's: not where the files were gathered, though one
// program's traceback names its file.
func TestGradeDownloads(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	export := filepath.Join("testdata", "gradescope-export")
	canvas, roster := filepath.Join(downloadsDir, "canvas"), filepath.Join(downloadsDir, "canvas-gradebook.csv")
	tests := []struct {
		name   string
		args   []string // after -out DIR
		line   string   // the first line of standard error, DIR for the folder of the reports
		scores string   // of each row, by name
		names  string   // the roster's names of each row
		lms    string   // DIR/canvas.csv
	}{
		{"Gradescope's export", []string{export + "/", "--", "python3", "othello.py"},
			"othello grade: " + export + "/ is Gradescope's export: 2 submissions, the roster from its submission_metadata.yml",
			"submission_1001 20, submission_1002 0", "Zoë Müller; Ana Lima, Bo Chen", ""},
		{"Gradescope's export, its files", []string{"-roster", filepath.Join(export, "submission_metadata.yml"), filepath.Join(export, "submission_1001"),
			filepath.Join(export, "submission_1002"), filepath.Join(export, "submission_metadata.yml"), "--", "python3", "othello.py"},
			"othello grade: skipped 1 file, not a submission folder: " + filepath.Join(export, "submission_metadata.yml"),
			"submission_1001 20, submission_1002 0", "Zoë Müller; Ana Lima, Bo Chen", ""},
		{"Canvas's", []string{"-roster", roster, "-lms", "canvas", "-assignment", "Othello (4321)", canvas, "--", "python3", "{main}"},
			"othello grade: " + canvas + " is Canvas's download: 3 submissions, each one's files gathered in DIR/staged/NAME; " +
				"named as handed in, 2: limaana: main-1.py as main.py, limaana: othello_logic-1.py as othello_logic.py; left out, 1: ngdana_10424_text.html (a text entry)",
			"chenbo 0, limaana 30, müllerzoë 22.5, (missing) ", "Chen, Bo, Lima, Ana, Müller, Zoë, Ng, Dana",
			"Student,ID,SIS User ID,SIS Login ID,Section,Othello (4321)\n\"Chen, Bo\",10423,0423,bchen,Section B,0\n" +
				"\"Lima, Ana\",10422,0422,alima,Section A,30\n\"Müller, Zoë\",10421,0421,zmuller,Section A,22.5\n"},
		{"Moodle's in folders", []string{filepath.Join(downloadsDir, "moodle-folders"), "--", "python3", "{main}"},
			"othello grade: " + filepath.Join(downloadsDir, "moodle-folders") + " is Moodle's download in folders: 3 submissions; left out, 1: Dana Ng_1234570_assignsubmission_onlinetext (online text)",
			"Ana Lima 30, Bo Chen 0, Zoë Müller 22.5", "", ""},
		{"Moodle's flat", []string{filepath.Join(downloadsDir, "moodle-flat"), "--", "python3", "{main}"},
			"othello grade: " + filepath.Join(downloadsDir, "moodle-flat") + " is Moodle's flat download: 3 submissions, each one's files gathered in DIR/staged/NAME; " +
				"left out, 1: Dana Ng_1234570_assignsubmission_onlinetext_onlinetext.html (online text)",
			"Ana Lima 30, Bo Chen 0, Zoë Müller 22.5", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "out")
			args := append([]string{"grade", "-n", "0", "-seed", "1", "-out", out}, tt.args...)
			var stdout, stderr bytes.Buffer
			if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 {
				t.Fatalf("exit status %d, want 0; standard error:\n%s", status, stderr.String())
			}
			want := strings.ReplaceAll(tt.line, "DIR", out)
			if first, _, _ := strings.Cut(stderr.String(), "\n"); first != want {
				t.Errorf("got the first line of standard error\n%s\nwant\n%s", first, want)
			}
			records := readCSV(t, filepath.Join(out, "grades.csv"))
			column := func(r []string, name string) string {
				if i := slices.Index(records[0], name); i >= 0 {
					return r[i]
				}
				return ""
			}
			var scores, names []string
			for _, r := range records[1:] {
				name := r[0]
				if column(r, "status") == "missing" {
					name = "(missing)"
				}
				scores = append(scores, name+" "+column(r, "score"))
				names = append(names, column(r, "name")+column(r, "Student"))
			}
			if got := strings.Join(scores, ", "); got != tt.scores {
				t.Errorf("got the scores %s, want %s", got, tt.scores)
			}
			if got := strings.Join(names, ", "); tt.names != "" && got != tt.names {
				t.Errorf("got the students %s, want %s", got, tt.names)
			}
			if tt.lms != "" {
				if got := string(mustRead(t, filepath.Join(out, "canvas.csv"))); got != tt.lms {
					t.Errorf("got canvas.csv\n%s\nwant\n%s", got, tt.lms)
				}
			}
			leaks := []string{out, mustAbs(t, downloadsDir), mustAbs(t, export)}
			filepath.WalkDir(filepath.Join(out, "submissions"), func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				text := string(mustRead(t, path))
				for _, leak := range leaks {
					if strings.Contains(text, leak) {
						t.Errorf("%s names %s", path, leak)
					}
				}
				return nil
			})
			for _, r := range records[1:] {
				if name := r[0]; name == "Bo Chen" || name == "chenbo" {
					if text := string(mustRead(t, filepath.Join(out, "submissions", name, "report.txt"))); !strings.Contains(text, `File "main.py", line 2`) {
						t.Errorf("got %s's report\n%s\nwant its traceback, naming main.py", name, text)
					}
				}
			}
			if tt.lms == "" {
				return
			}
			// Again: the grades kept, the files gathered again.
			stderr.Reset()
			if status := run(args, nil, &stdout, &stderr, environ{}); status != 0 || !strings.Contains(stderr.String(), "\nothello grade: kept 3 submissions graded by the earlier run (seed 1); grading 0\n") {
				t.Errorf("again: got exit status %d, standard error\n%s\nwant 0, and the 3 submissions kept", status, stderr.String())
			}
		})
	}
}

// mustAbs returns the absolute path of p.
func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
