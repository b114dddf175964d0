package class_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/class"
)

// downloads holds a download of each platform as it comes, unzipped
// (its README.md says what each student handed in).
var downloads = filepath.Join("testdata", "downloads")

// gradescopeExport is Gradescope's export that othello grade's tests
// and the grading guide grade.
var gradescopeExport = filepath.Join("..", "..", "..", "cmd", "othello", "testdata", "gradescope-export")

// submissionsOf returns the submissions of d as "NAME ID: FILES", FILES
// each file's name in the folder it is staged into, or the base name of
// its folder and a slash.
func submissionsOf(d *class.Download) []string {
	var subs []string
	for _, s := range d.Submissions {
		files := filepath.Base(s.Dir) + "/"
		if s.Dir == "" {
			var names []string
			for _, f := range s.Files {
				names = append(names, f.Name)
			}
			slices.Sort(names)
			files = strings.Join(names, " ")
		}
		subs = append(subs, s.Name+" "+s.ID+": "+files)
	}
	return subs
}

// writeFiles writes an empty file, or a folder for a name that ends in
// a slash, for each of names in a new folder, and returns the folder.
func writeFiles(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		path := filepath.Join(dir, name)
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestReadDownload reads each platform's download as it comes, those of
// the tests' testdata and some made for the test, and folders that are
// none: their kind, submissions, ids, files and what they leave out.
func TestReadDownload(t *testing.T) {
	tests := []struct {
		name    string
		dir     string
		kind    string   // "" for none
		subs    []string // as submissionsOf returns them
		left    []string
		renamed []string
		roster  bool // Gradescope's submission_metadata.yml
	}{
		{"Gradescope's export", gradescopeExport, "Gradescope's export",
			[]string{"submission_1001 : submission_1001/", "submission_1002 : submission_1002/"}, nil, nil, true},
		{"Canvas's download", filepath.Join(downloads, "canvas"), "Canvas's download",
			[]string{"chenbo 10423: main.py", "limaana 10422: main.py othello_logic.py", "müllerzoë 10421: othello.py"},
			[]string{"ngdana_10424_text.html (a text entry)"},
			[]string{"limaana: main-1.py as main.py", "limaana: othello_logic-1.py as othello_logic.py"}, false},
		{"Moodle's download in folders", filepath.Join(downloads, "moodle-folders"), "Moodle's download in folders",
			[]string{"Ana Lima 1234568: Ana Lima_1234568_assignsubmission_file/", "Bo Chen 1234569: Bo Chen_1234569_assignsubmission_file/",
				"Zoë Müller 1234567: Zoë Müller_1234567_assignsubmission_file/"},
			[]string{"Dana Ng_1234570_assignsubmission_onlinetext (online text)"}, nil, false},
		{"Moodle's flat download", filepath.Join(downloads, "moodle-flat"), "Moodle's flat download",
			[]string{"Ana Lima 1234568: main.py othello_logic.py", "Bo Chen 1234569: main.py", "Zoë Müller 1234567: othello.py"},
			[]string{"Dana Ng_1234570_assignsubmission_onlinetext_onlinetext.html (online text)"}, nil, false},
		{"Moodle before 4.1, blind marking", writeFiles(t, "Participant_11_assignsubmission_file_/a.py", "Participant_12_assignsubmission_file_/b.py",
			"Participant_12_assignsubmission_onlinetext_/onlinetext.html"), "Moodle's download in folders",
			[]string{"Participant_11 11: Participant_11_assignsubmission_file_/", "Participant_12 12: Participant_12_assignsubmission_file_/"},
			[]string{"Participant_12_assignsubmission_onlinetext_ (online text)"}, nil, false},
		{"Moodle's teams", writeFiles(t, "Team A_7_assignsubmission_file/a.py", "Default group_assignsubmission_file/b.py"), "Moodle's download in folders",
			[]string{"Default group : Default group_assignsubmission_file/", "Team A 7: Team A_7_assignsubmission_file/"}, nil, nil, false},
		{"Canvas, anonymous", writeFiles(t, "anon_k3l9a_11_a.py", "LATE_anon_x7p2q_12_b-1.py", "anon_x7p2q_link.html"), "Canvas's download",
			[]string{"anon_k3l9a : a.py", "anon_x7p2q : b.py"}, []string{"anon_x7p2q_link.html (a URL)"}, []string{"anon_x7p2q: b-1.py as b.py"}, false},
		{"Canvas, two of a name", writeFiles(t, "smithjohn_1_11_a.py", "smithjohn_2_21_a.py", "o_brienpat_3_31_a.py"), "Canvas's download",
			[]string{"o_brienpat 3: a.py", "smithjohn_1 1: a.py", "smithjohn_2 2: a.py"}, nil, nil, false},
		{"Canvas, names kept", writeFiles(t,
			"a_1_11_othello.py", "a_1_12_othello-1.py", // the name without -1 is taken
			"b_2_21_x-1.py", "b_2_22_x-2.py", // two would take it
			"c_3_31_data-0.txt", "c_3_32_v1.2-1.tar.gz", "c_3_33_Makefile-3", "c_3_34_z-8f14e45f-ceea-467f-a0c6-2b1e2ad6c3a9.py"),
			"Canvas's download",
			[]string{"a 1: othello-1.py othello.py", "b 2: x-1.py x-2.py", "c 3: Makefile data-0.txt v1.2.tar.gz z.py"}, nil,
			[]string{"c: v1.2-1.tar.gz as v1.2.tar.gz", "c: Makefile-3 as Makefile", "c: z-8f14e45f-ceea-467f-a0c6-2b1e2ad6c3a9.py as z.py"}, false},
		{"a student's folder", filepath.Join("..", "..", "..", "cmd", "othello", "testdata", "class", "ui-named"), "", nil, nil, nil, false},
		{"Canvas's files and another", writeFiles(t, "a_1_11_a.py", "README.md"), "", nil, nil, nil, false},
		{"Canvas's and Moodle's", writeFiles(t, "a_1_11_a.py", "A_1_assignsubmission_file_a.py"), "", nil, nil, nil, false},
		{"a folder in Canvas's", writeFiles(t, "a_1_11_a.py", "grades/"), "", nil, nil, nil, false},
		{"empty", writeFiles(t), "", nil, nil, nil, false},
		{"only dot files", writeFiles(t, ".DS_Store", "__MACOSX/"), "", nil, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := class.ReadDownload(tt.dir)
			if err != nil {
				t.Fatal(err)
			}
			if tt.kind == "" {
				if d != nil {
					t.Errorf("got %s with %q, want none", d.Kind, submissionsOf(d))
				}
				return
			}
			if d == nil {
				t.Fatalf("got none, want %s", tt.kind)
			}
			if d.Kind != tt.kind || d.Dir != tt.dir {
				t.Errorf("got %s of %s, want %s of %s", d.Kind, d.Dir, tt.kind, tt.dir)
			}
			if got := submissionsOf(d); !slices.Equal(got, tt.subs) {
				t.Errorf("got the submissions %q, want %q", got, tt.subs)
			}
			if !slices.Equal(d.Left, tt.left) || !slices.Equal(d.Renamed, tt.renamed) {
				t.Errorf("got left %q, renamed %q; want %q, %q", d.Left, d.Renamed, tt.left, tt.renamed)
			}
			if want := filepath.Join(tt.dir, "submission_metadata.yml"); tt.roster != (d.Roster == want) {
				t.Errorf("got the roster %q, want it %v", d.Roster, tt.roster)
			}
		})
	}
}

// TestReadDownloadRefused checks the downloads that cannot be graded as
// they are: each a *SubmissionError that wraps ErrSubmission.
func TestReadDownloadRefused(t *testing.T) {
	tests := []struct {
		name string
		dir  string
		want string // the error, after the folder
	}{
		{"Canvas: two files of a name", writeFiles(t, "a_1_11_x.py", "a_1_12_x.py"), " gives a two files named x.py"},
		{"Moodle: a folder and files", writeFiles(t, "A_1_assignsubmission_file/x.py", "A_1_assignsubmission_file_y.py"), " gives A_1 its files twice: A_1_assignsubmission_file_y.py"},
		{"Moodle: two folders", writeFiles(t, "A_1_assignsubmission_file/x.py", "A_1_assignsubmission_file_/x.py"), " gives A_1 its files twice: A_1_assignsubmission_file_"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := class.ReadDownload(tt.dir)
			var se *class.SubmissionError
			if want := "class: " + tt.dir + tt.want; !errors.As(err, &se) || !errors.Is(err, class.ErrSubmission) || err.Error() != want {
				t.Errorf("got %v, %v; want a *SubmissionError %q", d, err, want)
			}
		})
	}
}

// TestReadDownloadIgnore checks that what othello grade writes in a
// download, its -out folder, is not read as the download's.
func TestReadDownloadIgnore(t *testing.T) {
	dir := writeFiles(t, "a_1_11_a.py", "grades/")
	d, err := class.ReadDownload(dir, filepath.Join(dir, "grades"))
	if err != nil || d == nil || d.Kind != "Canvas's download" || len(d.Submissions) != 1 || len(d.Left) != 0 {
		t.Errorf("got %+v, %v; want Canvas's download of a, the folder grades ignored", d, err)
	}
}

// TestStage gathers the files of Canvas's download into a folder for
// each student, the stale files of an earlier run removed, and keeps
// Moodle's folders where they are: their files and what a program must
// not see of each download.
func TestStage(t *testing.T) {
	staged := filepath.Join(t.TempDir(), "staged")
	stale := filepath.Join(staged, "gone", "old.py")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	canvas := filepath.Join(downloads, "canvas")
	tests := []struct {
		name  string
		dir   string
		files []string // each submission's folder and files, from its parent
		hide  []string
	}{
		{"Canvas", canvas, []string{"chenbo/main.py", "limaana/main.py limaana/othello_logic.py", "müllerzoë/othello.py"}, []string{canvas}},
		{"Moodle in folders", filepath.Join(downloads, "moodle-folders"),
			[]string{"Ana Lima_1234568_assignsubmission_file/main.py Ana Lima_1234568_assignsubmission_file/othello_logic.py",
				"Bo Chen_1234569_assignsubmission_file/main.py", "Zoë Müller_1234567_assignsubmission_file/othello.py"},
			[]string{filepath.Join(downloads, "moodle-folders", "Dana Ng_1234570_assignsubmission_onlinetext")}},
		{"Gradescope's export", gradescopeExport, []string{"submission_1001/othello.py", "submission_1002/othello.py"},
			[]string{filepath.Join(gradescopeExport, "submission_metadata.yml")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := class.ReadDownload(tt.dir)
			if err != nil || d == nil {
				t.Fatalf("got %v, %v; want a download", d, err)
			}
			folders, err := d.Stage(staged)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for i, folder := range folders {
				if d.Submissions[i].Dir == "" && folder != filepath.Join(staged, d.Submissions[i].Name) {
					t.Errorf("got %s staged in %s, want %s", d.Submissions[i].Name, folder, filepath.Join(staged, d.Submissions[i].Name))
				}
				entries, err := os.ReadDir(folder)
				if err != nil {
					t.Fatal(err)
				}
				var files []string
				for _, e := range entries {
					files = append(files, filepath.Join(filepath.Base(folder), e.Name()))
					if d.Submissions[i].Dir != "" {
						continue
					}
					// Each staged file is the download's file it came from.
					from := d.Submissions[i].Files[slices.IndexFunc(d.Submissions[i].Files, func(f class.File) bool { return f.Name == e.Name() })].Path
					if a, b := mustReadFile(t, from), mustReadFile(t, filepath.Join(folder, e.Name())); a != b {
						t.Errorf("got %s staged as %d bytes, want the %d of %s", e.Name(), len(b), len(a), from)
					}
				}
				got = append(got, strings.Join(files, " "))
			}
			if !slices.Equal(got, tt.files) {
				t.Errorf("got the folders %q, want %q", got, tt.files)
			}
			var hide []string
			for _, p := range tt.hide {
				hide = append(hide, abs(t, p))
			}
			if !slices.Equal(d.Hide(), hide) {
				t.Errorf("got %q hidden, want %q", d.Hide(), hide)
			}
			if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("got %s after staging (%v), want it removed", stale, err)
			}
		})
	}
}

// mustReadFile returns the text of the file at path.
func mustReadFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// abs returns the absolute path of p.
func abs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestDownloadRoster reads Canvas's gradebook export as the roster of
// Canvas's download, each student's submission found by ID and its
// Points Possible row no student, and the rosters it reads as ReadRoster
// does.
func TestDownloadRoster(t *testing.T) {
	canvas, err := class.ReadDownload(filepath.Join(downloads, "canvas"))
	if err != nil {
		t.Fatal(err)
	}
	moodle, err := class.ReadDownload(filepath.Join(downloads, "moodle-flat"))
	if err != nil {
		t.Fatal(err)
	}
	named := writeFiles(t, "roster.csv")
	if err := os.WriteFile(filepath.Join(named, "roster.csv"), []byte("Student,ID,submission\n\"Lima, Ana\",10422,Ana\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noID := writeFiles(t, "roster.csv")
	if err := os.WriteFile(filepath.Join(noID, "roster.csv"), []byte("Student,SIS User ID\n\"Lima, Ana\",0422\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		d       *class.Download
		path    string
		want    []string // each entry's submission and students' first cells
		wantErr string
	}{
		{"Canvas by ID", canvas, filepath.Join(downloads, "canvas-gradebook.csv"),
			[]string{"müllerzoë: Müller, Zoë", "limaana: Lima, Ana", "chenbo: Chen, Bo", ": Ng, Dana"}, ""},
		{"Canvas, a column submission", canvas, filepath.Join(named, "roster.csv"), []string{"Ana: Lima, Ana"}, ""},
		{"Canvas, no ID", canvas, filepath.Join(noID, "roster.csv"), nil,
			"class: roster " + filepath.Join(noID, "roster.csv") + ": line 1: no column is named submission or ID: name the column of each student's submission so, or of their id"},
		{"Moodle, no column submission", moodle, filepath.Join(downloads, "canvas-gradebook.csv"), nil,
			"class: roster " + filepath.Join(downloads, "canvas-gradebook.csv") + ": line 1: no column is named submission: name the column of each student's submission folder so"},
		{"Gradescope's", canvas, filepath.Join(gradescopeExport, "submission_metadata.yml"),
			[]string{"submission_1001: Zoë Müller Ana Lima", "submission_1002: Bo Chen"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tt.d.ReadRoster(tt.path)
			if tt.wantErr != "" {
				var re *class.RosterError
				if !errors.As(err, &re) || !errors.Is(err, class.ErrRoster) || err.Error() != tt.wantErr {
					t.Errorf("got %v, want a *RosterError %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range r.Entries {
				var students []string
				for _, st := range e.Students {
					students = append(students, st.Cells[0])
				}
				got = append(got, e.Submission+": "+strings.Join(students, " "))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
