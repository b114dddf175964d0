package class_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

var update = flag.Bool("update", false, "rewrite the golden files of the grades and of the LMSs' files in testdata")

// readTestRoster reads a roster of testdata/roster.
func readTestRoster(t *testing.T, file string) *class.Roster {
	t.Helper()
	r, err := class.ReadRoster(filepath.Join("testdata", "roster", file))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// handRows returns rows of the grades made by hand, by name: of the
// three submissions of testdata/roster but those left out, one graded
// in full, one with a failure, one interrupted, and a folder that no
// roster names, =1+1, graded with no points.
func handRows(leftOut ...string) []class.Row {
	rows := []class.Row{
		{IndexRow: report.IndexRow{Name: "=1+1", Rules: "FULL", Score: "0", Max: "100", Failed: 201,
			FirstFailure: `output line 1: want "FULL\n", got "=HYPERLINK(\"x\")\n"`}, Status: class.StatusGraded, Points: []string{"0", "0", "0"}},
		{IndexRow: report.IndexRow{Name: "submission_245101377", Rules: "FULL", Score: "100", Max: "100", Passed: 201},
			Status: class.StatusGraded, Points: []string{"10", "10", "10"}},
		{IndexRow: report.IndexRow{Name: "submission_245109802", Rules: "FULL", Score: "76.21", Max: "100", Passed: 189, Failed: 12,
			FirstFailure: `output line 14: want "WINNER: NONE\n", got "WINNER: B\n"`}, Status: class.StatusGraded, Points: []string{"10", "6.9", "10"}},
		{IndexRow: report.IndexRow{Name: "submission_245117736"}, Status: class.StatusInterrupted},
	}
	return slices.DeleteFunc(rows, func(r class.Row) bool { return slices.Contains(leftOut, r.Name) })
}

// handCategories are the categories of handRows' points.
var handCategories = []scenario.Category{scenario.Reference, scenario.FullGame, scenario.Format}

// TestTableRoster writes the grades of handRows with each roster of
// testdata/roster and compares them with their golden files: the
// students' columns last, a group's cells joined, a folder the roster
// does not name with empty cells, a row missing for each entry with no
// folder, and every cell that a spreadsheet would run written as text.
// Table.Read reads the rows back, with a roster or none: a run resumes
// whatever roster made the file before.
func TestTableRoster(t *testing.T) {
	tests := []struct {
		roster, golden string
		leftOut        []string
	}{
		{"submission_metadata.yml", "grades-gradescope.csv", []string{"submission_245117736"}},
		{"roster.csv", "grades-canvas.csv", nil},
	}
	for _, tt := range tests {
		t.Run(tt.roster, func(t *testing.T) {
			dir := t.TempDir()
			table := &class.Table{Path: filepath.Join(dir, "grades.csv"), Categories: handCategories, Rows: handRows(tt.leftOut...), Roster: readTestRoster(t, tt.roster)}
			if err := table.Write(dir); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(table.Path)
			if err != nil {
				t.Fatal(err)
			}
			gradetest.CompareGolden(t, filepath.Join("testdata", tt.golden), got, *update)
			records, err := csv.NewReader(bytes.NewReader(got)).ReadAll()
			if err != nil {
				t.Fatalf("not CSV: %v", err)
			}
			if want := strings.Join(append(slices.Clone(records[0][:len(records[0])-len(table.Roster.Columns)]), table.Roster.Columns...), ","); strings.Join(records[0], ",") != want ||
				!strings.HasPrefix(want, "submission,rules,score,max,passed,failed,not_run,first_failure,status,reference,full-game,format,") {
				t.Errorf("got the header %q, want the grades' columns, then the roster's", records[0])
			}
			for _, roster := range []*class.Roster{nil, readTestRoster(t, "roster.csv"), readTestRoster(t, "submission_metadata.yml")} {
				read := &class.Table{Path: table.Path, Categories: handCategories, Roster: roster}
				rows, err := read.Read()
				if err != nil {
					t.Fatal(err)
				}
				for _, want := range table.Rows {
					if got := rows[want.Name]; got.Name != want.Name || got.Score != want.Score || got.Status != want.Status || !slices.Equal(got.Points, append(want.Points, make([]string, 3-len(want.Points))...)) {
						t.Errorf("read the row %+v, want %+v", got, want)
					}
				}
				if len(rows) != len(table.Rows) {
					t.Errorf("read %d rows, want %d: the missing ones are not read", len(rows), len(table.Rows))
				}
			}
		})
	}
}

// TestLMS writes each LMS's file of handRows and compares it with its
// golden file, checks it as the system's import reads it (importable),
// and checks the students left out.
func TestLMS(t *testing.T) {
	tests := []struct {
		lms, roster, assignment string
		written                 int
		left                    string
	}{
		{"canvas", "roster.csv", "Othello (4321)", 3,
			`"=HYPERLINK(\"http://x.example\",\"click\")" (submission_245117736: interrupted); "Ng, Dana" (no submission)`},
		{"moodle", "submission_metadata.yml", "Othello", 5,
			`"Ari Ben-David" (submission_245117736: interrupted)`},
		{"gradescope", "submission_metadata.yml", "Othello", 5,
			`"Ari Ben-David" (submission_245117736: interrupted)`},
	}
	for _, tt := range tests {
		t.Run(tt.lms, func(t *testing.T) {
			l, err := class.LookupLMS(tt.lms)
			if err != nil {
				t.Fatal(err)
			}
			r := readTestRoster(t, tt.roster)
			if err := l.Check(r, tt.assignment); err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			written, left, err := l.Write(&b, r, handRows(), tt.assignment)
			if err != nil {
				t.Fatal(err)
			}
			if written != tt.written || strings.Join(left, "; ") != tt.left {
				t.Errorf("got %d students written and left out %q, want %d and %q", written, left, tt.written, tt.left)
			}
			gradetest.CompareGolden(t, filepath.Join("testdata", "lms", l.File()), b.Bytes(), *update)
			importable(t, tt.lms, tt.assignment, b.Bytes(), written)
		})
	}
}

// importable checks the file of an LMS as its import reads it, as each
// system documents it (or its code does), and that every row has a
// score.
func importable(t *testing.T, lms, assignment string, data []byte, students int) {
	t.Helper()
	records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v", err)
	}
	header, rows := records[0], records[1:]
	if len(rows) != students {
		t.Errorf("got %d rows, want one for each of %d students", len(rows), students)
	}
	var want []string
	var ids []int // the columns by which the system finds a student
	switch lms {
	case "canvas":
		// Canvas's GradebookImporter (app/models/gradebook_importer.rb):
		// a header whose first column includes Student and second ID,
		// then SIS User ID and SIS Login ID, the student's columns
		// ending with Section; the others are assignments, "Name (id)".
		want = []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment}
		ids = []int{0, 1, 2, 3}
	case "moodle":
		// Moodle's grade import (grade/import/csv): any columns, one of
		// them mapped from to find the user (id, idnumber, email or
		// username; a row with it blank is skipped), another to the
		// grade item, as its own test fixture grade_import.csv, "First
		// name,Last name,Email address,Manual item 1".
		want = []string{"Full name", "ID number", "Email address", "Username", assignment}
		ids = []int{1, 2, 3}
	case "gradescope":
		// The columns of Gradescope's roster and grades.
		want = []string{"Name", "SID", "Email", assignment}
		ids = []int{1, 2}
	}
	if !slices.Equal(header, want) {
		t.Errorf("got the header %q, want %q", header, want)
	}
	for _, row := range rows {
		if !slices.ContainsFunc(ids, func(i int) bool { return row[i] != "" }) {
			t.Errorf("row %q has none of the columns by which %s finds a student", row, lms)
		}
		if _, err := strconv.ParseFloat(row[len(row)-1], 64); err != nil {
			t.Errorf("row %q: its score is not a number", row)
		}
		for _, cell := range row {
			if cell != class.Cell(cell) && !strings.HasPrefix(cell, "'") {
				t.Errorf("row %q: the cell %q would run as a formula", row, cell)
			}
		}
	}
}

// TestLMSErrors checks the LMSs that cannot be written as asked: an
// *LMSError that wraps ErrLMS.
func TestLMSErrors(t *testing.T) {
	yml, csvRoster := readTestRoster(t, "submission_metadata.yml"), readTestRoster(t, "roster.csv")
	tests := []struct {
		name, lms  string
		roster     *class.Roster
		assignment string
		want       string
	}{
		{"no such system", "blackboard", nil, "", "class: lms blackboard: no such system: want canvas, moodle, gradescope"},
		{"no column of moodle's", "moodle", csvRoster, "Othello",
			"class: lms moodle: it finds a student by ID number, Email address, Username, and roster testdata/roster/roster.csv has none of the columns ID number, sid, Email address, email, Username, username"},
		{"no column of gradescope's", "gradescope", &class.Roster{Path: "r.csv", Columns: []string{"name", "ID"}}, "Othello",
			"class: lms gradescope: it finds a student by Email, SID, and roster r.csv has none of the columns SID, sid, Email, email"},
		{"an assignment named as a column", "canvas", yml, "Section", `class: lms canvas: the assignment's column cannot be named "Section"`},
		{"no assignment", "gradescope", yml, " ", `class: lms gradescope: the assignment's column cannot be named " "`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := class.LookupLMS(tt.lms)
			if err == nil {
				err = l.Check(tt.roster, tt.assignment)
			}
			var le *class.LMSError
			if !errors.As(err, &le) || !errors.Is(err, class.ErrLMS) || err.Error() != tt.want {
				t.Errorf("got %v, want an *LMSError %q that wraps ErrLMS", err, tt.want)
			}
		})
	}
}
