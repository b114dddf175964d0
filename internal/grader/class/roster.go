package class

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"github.com/othello-judge/judge/internal/yaml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/othello-judge/judge/internal/grader/scenario"
)

// A Roster says which students handed in each submission folder, as
// othello grade -roster reads it: Gradescope's submission_metadata.yml,
// or a CSV file with a column submission.
type Roster struct {
	Path string
	// Columns are what the roster says of a student: name, sid and
	// email in Gradescope's; the columns of a CSV file but submission,
	// in its order.
	Columns []string
	Entries []Entry // in the file's order
}

// An Entry is a submission of a roster and its students.
type Entry struct {
	Submission string // the folder's name; "" for a student of a CSV file with none
	Line       int    // where the file names it, from 1
	Students   []Student
}

// A Student is what a roster says of a student.
type Student struct {
	Line  int      // where the roster names the student, from 1
	Cells []string // one for each of the roster's Columns
}

// ErrRoster means a roster cannot be read, or is not one.
var ErrRoster = errors.New("class: bad roster")

// A RosterError is a roster that cannot be read, where and why. It
// wraps ErrRoster, and Err when there is one: a *yaml.Error, a
// *csv.ParseError or the error of reading the file.
type RosterError struct {
	Path string
	Line int    // from 1; 0 for the whole file
	Msg  string // such as "submission_2 has no :submitters:"
	Err  error
}

// Error returns "class: roster PATH: line N: MSG", without the line for
// the whole file.
func (e *RosterError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("class: roster %s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("class: roster %s: line %d: %s", e.Path, e.Line, e.Msg)
}

// Unwrap returns ErrRoster and Err.
func (e *RosterError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrRoster}
	}
	return []error{ErrRoster, e.Err}
}

// SubmissionColumn is the column of a CSV roster that names each
// student's submission folder.
const SubmissionColumn = "submission"

// gradescopeColumns are what a roster of Gradescope's says of each
// student, and the keys of its submitters.
var gradescopeColumns = []string{"name", "sid", "email"}

// ReadRoster reads the roster of path, by its extension: Gradescope's
// submission_metadata.yml (.yml or .yaml), which maps each submission
// folder to its :submitters:, each with a :name:, a :sid: and an
// :email:; or a CSV file (.csv) whose header names a column
// submission, the folder, and the students' other columns, one row a
// student, the students of a group in rows of the same submission. A
// student of no submission has an Entry of their own with none. What it
// cannot read, or a student named twice, is a *RosterError.
func ReadRoster(path string) (*Roster, error) {
	return readRoster(path, nil)
}

// An idMatch says how a download finds the submission of each student
// of a CSV roster with no column submission: by the student's id on the
// platform, in Column.
type idMatch struct {
	Column      string
	Submissions map[string]string // the submission of each id
}

// readRoster reads the roster of path as ReadRoster does, and a CSV
// file with no column submission but ids' Column, where ids is not nil:
// each student's submission is the one of their id, or none, and a row
// with no id (Canvas's Points Possible) is no student.
func readRoster(path string, ids *idMatch) (*Roster, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &RosterError{Path: path, Msg: "cannot be read: " + pathError(err), Err: err}
	}
	var r *Roster
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yml", ".yaml":
		r, err = readGradescopeRoster(path, data)
	case ".csv":
		r, err = readCSVRoster(path, data, ids)
	default:
		return nil, &RosterError{Path: path, Msg: "want Gradescope's submission_metadata.yml (.yml) or a CSV file (.csv)"}
	}
	if err != nil {
		return nil, err
	}
	if len(r.Entries) == 0 {
		return nil, &RosterError{Path: path, Msg: "names no student"}
	}
	return r, r.check()
}

// readGradescopeRoster reads Gradescope's submission_metadata.yml.
func readGradescopeRoster(path string, data []byte) (*Roster, error) {
	bad := func(line int, format string, a ...any) error {
		return &RosterError{Path: path, Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	doc, err := yaml.Read(data)
	if err != nil {
		ye := err.(*yaml.Error)
		return nil, &RosterError{Path: path, Line: ye.Line, Msg: ye.Msg, Err: err}
	}
	r := &Roster{Path: path, Columns: gradescopeColumns}
	if doc == nil {
		return r, nil
	}
	if doc.Kind != yaml.Mapping {
		return nil, bad(doc.Line, "not a mapping of each submission folder to its :submitters:")
	}
	for i, folder := range doc.Keys {
		sub := doc.Values[i]
		submitters := sub.Get(":submitters")
		switch {
		case sub.Kind != yaml.Mapping:
			return nil, bad(sub.Line, "submission %s: not a mapping with :submitters:", folder)
		case submitters == nil:
			return nil, bad(sub.Line, "submission %s has no :submitters:", folder)
		case submitters.Kind != yaml.Sequence:
			return nil, bad(submitters.Line, "submission %s: :submitters: is not a sequence", folder)
		}
		e := Entry{Submission: folder, Line: doc.Lines[i]}
		for _, s := range submitters.Values {
			if s.Kind != yaml.Mapping {
				return nil, bad(s.Line, "submission %s: a submitter that is not a mapping of :name:, :sid: and :email:", folder)
			}
			st := Student{Line: s.Line}
			for _, c := range gradescopeColumns {
				v := s.Get(":" + c)
				switch {
				case v == nil || v.Kind == yaml.Null:
					st.Cells = append(st.Cells, "")
				case v.Kind == yaml.Scalar:
					st.Cells = append(st.Cells, strings.TrimSpace(v.Text))
				default:
					return nil, bad(v.Line, "submission %s: a submitter's :%s: that is not text", folder, c)
				}
			}
			e.Students = append(e.Students, st)
		}
		r.Entries = append(r.Entries, e)
	}
	return r, nil
}

// readCSVRoster reads a CSV roster, its students' submissions in the
// column submission, or else by ids where it is not nil.
func readCSVRoster(path string, data []byte, ids *idMatch) (*Roster, error) {
	bad := func(line int, format string, a ...any) error {
		return &RosterError{Path: path, Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF"))))
	header, err := cr.Read()
	if err != nil {
		return nil, csvRosterError(path, err)
	}
	at, idAt := -1, -1
	r := &Roster{Path: path}
	for i, h := range header {
		h = strings.TrimSpace(h)
		switch {
		case strings.EqualFold(h, SubmissionColumn) && at < 0:
			at = i
			continue
		case h == "":
			return nil, bad(1, "column %d has no name", i+1)
		case slices.Contains(r.Columns, h) || strings.EqualFold(h, SubmissionColumn):
			return nil, bad(1, "two columns are named %s", h)
		case ids != nil && h == ids.Column:
			idAt = i
		}
		r.Columns = append(r.Columns, h)
	}
	switch {
	case at < 0 && ids != nil && idAt < 0:
		return nil, bad(1, "no column is named %s or %s: name the column of each student's submission so, or of their id", SubmissionColumn, ids.Column)
	case at < 0 && ids == nil:
		return nil, bad(1, "no column is named %s: name the column of each student's submission folder so", SubmissionColumn)
	case at >= 0:
		ids = nil // the submissions are named
	}
	byName := map[string]int{} // the entry of each submission
	for {
		rec, err := cr.Read()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return r, nil
			}
			return nil, csvRosterError(path, err)
		}
		line, _ := cr.FieldPos(0)
		st := Student{Line: line}
		for i, cell := range rec {
			if i != at {
				st.Cells = append(st.Cells, strings.TrimSpace(cell))
			}
		}
		var sub string
		if ids != nil {
			id := strings.TrimSpace(rec[idAt])
			if id == "" {
				continue // not a student: Canvas's Points Possible
			}
			sub = ids.Submissions[id]
		} else {
			sub = strings.TrimSpace(rec[at])
		}
		if sub == "" && strings.Join(st.Cells, "") == "" {
			continue // a row of empty cells
		}
		if i, ok := byName[sub]; ok && sub != "" {
			r.Entries[i].Students = append(r.Entries[i].Students, st)
			continue
		}
		byName[sub] = len(r.Entries)
		r.Entries = append(r.Entries, Entry{Submission: sub, Line: line, Students: []Student{st}})
	}
}

// csvRosterError returns the *RosterError of a CSV roster that
// encoding/csv could not read.
func csvRosterError(path string, err error) error {
	if errors.Is(err, io.EOF) {
		return &RosterError{Path: path, Msg: "empty: want a header that names a column " + SubmissionColumn}
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &RosterError{Path: path, Line: pe.Line, Msg: pe.Err.Error(), Err: err}
	}
	return &RosterError{Path: path, Msg: err.Error(), Err: err}
}

// check returns a *RosterError for a column named as one of the grades'
// own, a cell that holds a control character, or a student named twice
// (the same cells).
func (r *Roster) check() error {
	for _, c := range r.Columns {
		if slices.Contains(gradeColumns, c) || slices.ContainsFunc(scenario.Categories, func(cat scenario.Category) bool { return cat.String() == c }) {
			return &RosterError{Path: r.Path, Line: 1, Msg: "a column is named " + c + ", as one of the grades' own: rename it"}
		}
	}
	seen := map[string]int{} // the line of each student
	for _, e := range r.Entries {
		for _, st := range append([]Student{{e.Line, []string{e.Submission}}}, e.Students...) {
			for _, cell := range st.Cells {
				if strings.ContainsFunc(cell, unicode.IsControl) {
					return &RosterError{Path: r.Path, Line: st.Line, Msg: fmt.Sprintf("a control character in %s", strconv.QuoteToGraphic(cell))}
				}
			}
		}
		for _, st := range e.Students {
			key := strings.Join(st.Cells, "\x00")
			if strings.Trim(key, "\x00") == "" {
				continue
			}
			if line, ok := seen[key]; ok {
				return &RosterError{Path: r.Path, Line: st.Line, Msg: fmt.Sprintf("%s again, as on line %d", r.Describe(st), line)}
			}
			seen[key] = st.Line
		}
	}
	return nil
}

// Cell returns what the roster says of the student in its column, or ""
// if it has no such column.
func (r *Roster) Cell(s Student, column string) string {
	if i := slices.Index(r.Columns, column); i >= 0 && i < len(s.Cells) {
		return s.Cells[i]
	}
	return ""
}

// Describe returns the student as the log shows it, quoted: the name,
// or the first cell of the student that is not empty.
func (r *Roster) Describe(s Student) string {
	for _, c := range []string{"name", "Name", "Student", "Full name"} {
		if v := r.Cell(s, c); v != "" {
			return strconv.QuoteToGraphic(v)
		}
	}
	for _, v := range s.Cells {
		if v != "" {
			return strconv.QuoteToGraphic(v)
		}
	}
	return `""`
}

// Match returns the folders that the roster names no student for and
// its entries that name none of the folders, each in its order.
func (r *Roster) Match(folders []string) (unnamed []string, missing []Entry) {
	entries, given := r.lookup(), map[string]bool{}
	for _, f := range folders {
		given[f] = true
		if entries[f] == nil {
			unnamed = append(unnamed, f)
		}
	}
	for _, e := range r.Entries {
		if !given[e.Submission] || e.Submission == "" {
			missing = append(missing, e)
		}
	}
	return unnamed, missing
}

// lookup returns the entries of r by submission, none for "".
func (r *Roster) lookup() map[string]*Entry {
	m := map[string]*Entry{}
	if r == nil {
		return m
	}
	for i, e := range r.Entries {
		if e.Submission != "" {
			m[e.Submission] = &r.Entries[i]
		}
	}
	return m
}
