package class

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/othello-judge/judge/internal/record"
)

// An LMS is the CSV file of grades that a learning management system's
// gradebook imports, as othello grade -lms writes it: a row for each
// student, the columns that say who the student is, each filled from
// the roster, then the assignment's, the student's score.
type LMS struct {
	Name   string  // as -lms names it; the file is NAME.csv
	Fields []Field // the columns before the assignment's
	// Match are the headers of the fields by which the system finds a
	// student: a student with none of them is left out of the file.
	Match []string
}

// A Field is a column of an LMS's file, filled from the first column of
// From that the roster has.
type Field struct {
	Header string
	From   []string
}

// LMSs are the systems of othello grade -lms:
//
//   - canvas: the Gradebook's Import, which reads the columns of its
//     export, Student, ID, SIS User ID, SIS Login ID and Section in this
//     order, then one for each assignment, named as the export names it
//     ("Othello (1234)", the assignment's ID in parentheses) or a new
//     assignment. It finds a student by ID (Canvas's), SIS User ID, SIS
//     Login ID, then by name: a roster from Canvas's export has them
//     all; Gradescope's sid goes in SIS User ID and its name in Student.
//   - moodle: the Grader report's Import as a CSV file, where one
//     chooses the column that finds a student ("Map from", here ID
//     number, Email address or Username, to Moodle's "Map to" of the
//     same) and the grade item of the assignment's column.
//   - gradescope: the columns of Gradescope's roster and grades, Name,
//     SID and Email.
var LMSs = []LMS{
	{Name: "canvas", Fields: []Field{
		{"Student", []string{"Student", "name"}},
		{"ID", []string{"ID"}},
		{"SIS User ID", []string{"SIS User ID", "sid"}},
		{"SIS Login ID", []string{"SIS Login ID"}},
		{"Section", []string{"Section"}},
	}, Match: []string{"ID", "SIS User ID", "SIS Login ID", "Student"}},
	{Name: "moodle", Fields: []Field{
		{"Full name", []string{"Full name", "name"}},
		{"ID number", []string{"ID number", "sid"}},
		{"Email address", []string{"Email address", "email"}},
		{"Username", []string{"Username", "username"}},
	}, Match: []string{"ID number", "Email address", "Username"}},
	{Name: "gradescope", Fields: []Field{
		{"Name", []string{"Name", "name"}},
		{"SID", []string{"SID", "sid"}},
		{"Email", []string{"Email", "email"}},
	}, Match: []string{"Email", "SID"}},
}

// ErrLMS means an LMS's file cannot be written as it is asked.
var ErrLMS = errors.New("class: bad LMS")

// An LMSError is an LMS's file that cannot be written as it is asked:
// no such system, or a roster that does not say who its students are
// to it. It wraps ErrLMS.
type LMSError struct {
	LMS string
	Msg string
}

// Error returns "class: lms NAME: " and the message.
func (e *LMSError) Error() string { return "class: lms " + e.LMS + ": " + e.Msg }

// Unwrap returns ErrLMS.
func (e *LMSError) Unwrap() error { return ErrLMS }

// LookupLMS returns the LMS of LMSs named name, or an *LMSError.
func LookupLMS(name string) (LMS, error) {
	var names []string
	for _, l := range LMSs {
		if l.Name == name {
			return l, nil
		}
		names = append(names, l.Name)
	}
	return LMS{}, &LMSError{LMS: name, Msg: "no such system: want " + strings.Join(names, ", ")}
}

// File returns the name of the LMS's file: NAME.csv.
func (l LMS) File() string { return l.Name + ".csv" }

// Check returns an *LMSError if the roster fills none of the fields of
// l.Match, or if the assignment's column would be one of l's own.
func (l LMS) Check(r *Roster, assignment string) error {
	if strings.TrimSpace(assignment) == "" || slices.ContainsFunc(l.Fields, func(f Field) bool { return f.Header == assignment }) {
		return &LMSError{LMS: l.Name, Msg: fmt.Sprintf("the assignment's column cannot be named %q", assignment)}
	}
	var from []string
	for _, f := range l.Fields {
		if slices.Contains(l.Match, f.Header) {
			if l.column(r, f) != "" {
				return nil
			}
			from = append(from, f.From...)
		}
	}
	return &LMSError{LMS: l.Name, Msg: fmt.Sprintf("it finds a student by %s, and roster %s has none of the columns %s",
		strings.Join(l.Match, ", "), r.Path, strings.Join(from, ", "))}
}

// column returns the roster's column that fills the field, or "".
func (l LMS) column(r *Roster, f Field) string {
	for _, c := range f.From {
		if slices.Contains(r.Columns, c) {
			return c
		}
	}
	return ""
}

// Write writes the LMS's file of the grades: its header, then a row for
// each student of each row graded, in the order of rows and of the
// roster, the row's score in the assignment's column; every cell as
// Cell writes it. It returns how many students it wrote, and those it
// left out, as the log shows them: the students of rows not graded and
// of entries of the roster with no row, with no grade, and those of
// whom the roster fills none of the fields of l.Match.
func (l LMS) Write(w io.Writer, r *Roster, rows []Row, assignment string) (written int, left []string, err error) {
	cw := csv.NewWriter(w)
	header := []string{}
	for _, f := range l.Fields {
		header = append(header, f.Header)
	}
	cw.Write(cellsOf(append(header, assignment)))
	byName := r.lookup()
	for _, row := range rows {
		e := byName[row.Name]
		if e == nil {
			continue // no student: said before grading
		}
		for _, st := range e.Students {
			if row.Status != StatusGraded {
				left = append(left, fmt.Sprintf("%s (%s: %s)", r.Describe(st), row.Name, row.Status))
				continue
			}
			var cells []string
			found := false
			for _, f := range l.Fields {
				v := r.Cell(st, l.column(r, f))
				cells = append(cells, v)
				found = found || v != "" && slices.Contains(l.Match, f.Header)
			}
			if !found {
				left = append(left, fmt.Sprintf("%s (none of %s)", r.Describe(st), strings.Join(l.Match, ", ")))
				continue
			}
			cw.Write(cellsOf(append(cells, row.Score)))
			written++
		}
	}
	named := map[string]bool{}
	for _, row := range rows {
		named[row.Name] = true
	}
	for _, e := range r.Entries {
		if e.Submission == "" || !named[e.Submission] {
			for _, st := range e.Students {
				left = append(left, fmt.Sprintf("%s (%s)", r.Describe(st), noFolder(e)))
			}
		}
	}
	cw.Flush()
	return written, left, cw.Error()
}

// WriteFile replaces the LMS's file at path whole with Write's, so that
// a reader never sees half of one.
func (l LMS) WriteFile(path string, r *Roster, rows []Row, assignment string) (written int, left []string, err error) {
	err = record.ReplaceFile(path, func(w io.Writer) error {
		written, left, err = l.Write(w, r, rows, assignment)
		return err
	})
	return written, left, err
}

// noFolder says why an entry of the roster has no row: "no submission"
// or "no folder submission_3".
func noFolder(e Entry) string {
	if e.Submission == "" {
		return "no submission"
	}
	return "no folder " + e.Submission
}
