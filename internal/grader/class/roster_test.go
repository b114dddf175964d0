package class_test

import (
	"encoding/csv"
	"errors"
	"fmt"
	"github.com/othello-judge/judge/internal/yaml"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/class"
)

// entries writes the entries of a roster as the tests want them: a line
// "SUBMISSION@LINE: CELL|CELL, CELL|CELL" for each.
func entries(r *class.Roster) string {
	var lines []string
	for _, e := range r.Entries {
		var students []string
		for _, s := range e.Students {
			students = append(students, fmt.Sprintf("%d:%s", s.Line, strings.Join(s.Cells, "|")))
		}
		lines = append(lines, fmt.Sprintf("%s@%d: %s", e.Submission, e.Line, strings.Join(students, ", ")))
	}
	return strings.Join(lines, "\n")
}

// TestReadRoster reads Gradescope's submission_metadata.yml, with a
// group of three, non-ASCII names, quoted values, a student with no sid,
// each submission's results and history, and a CSV roster as Excel
// saves a Canvas export with a column Submission added: a byte-order
// mark, CRLF, a group, a student with no submission, a name that a
// spreadsheet would take for a formula and a row of empty cells.
func TestReadRoster(t *testing.T) {
	tests := []struct {
		file, columns, entries string
	}{
		{"submission_metadata.yml", "name|sid|email", `submission_245101377@2: 4:Zoë Müller|00421|zoe.muller@example.edu, 7:José Álvarez-Núñez|00422|jose.alvarez@example.edu, 10:Nguyễn Văn An|00423|an.nguyen@example.edu
submission_245109802@38: 40:Siobhán O'Connor|00431|siobhan.oconnor@example.edu, 43:Lee #2||lee.2@example.edu
submission_245117736@66: 68:Ari Ben-David|00441|ari.bendavid@example.edu`},
		{"roster.csv", "Student|ID|SIS User ID|SIS Login ID|Section", `submission_245101377@2: 2:Müller, Zoë|10421|00421|zmuller|CS 101, Section A, 3:Álvarez-Núñez, José|10422|00422|jalvarez|CS 101, Section A
submission_245109802@4: 4:O'Connor, Siobhán|10431|00431|soconnor|CS 101, Section B
@5: 5:Ng, Dana|10424|00424|dng|CS 101, Section B
submission_245117736@6: 6:=HYPERLINK("http://x.example","click")|10450|00450|evil|CS 101, Section B`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", "roster", tt.file)
			r, err := class.ReadRoster(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(r.Columns, "|"); got != tt.columns || r.Path != path {
				t.Errorf("got the columns %s of %s, want %s of %s", got, r.Path, tt.columns, path)
			}
			if got := entries(r); got != tt.entries {
				t.Errorf("got the entries\n%s\nwant\n%s", got, tt.entries)
			}
		})
	}
}

// TestRosterMatch checks the folders a roster names no student for, and
// its entries with no folder, and how the log shows a student.
func TestRosterMatch(t *testing.T) {
	r, err := class.ReadRoster(filepath.Join("testdata", "roster", "roster.csv"))
	if err != nil {
		t.Fatal(err)
	}
	unnamed, missing := r.Match([]string{"extra", "submission_245101377", "submission_245109802"})
	var got []string
	for _, e := range missing {
		got = append(got, e.Submission+"="+r.Describe(e.Students[0]))
	}
	if strings.Join(unnamed, " ") != "extra" || strings.Join(got, " ") != `="Ng, Dana" submission_245117736="=HYPERLINK(\"http://x.example\",\"click\")"` {
		t.Errorf("got %q and %q, want extra, and Dana Ng's and submission_245117736", unnamed, got)
	}
	if got := r.Describe(class.Student{Cells: []string{"", "", "x\u202e"}}); got != `"x\u202e"` {
		t.Errorf("got %s, want the first cell not empty, quoted", got)
	}
	if got := r.Cell(class.Student{Cells: []string{"a", "1"}}, "ID"); got != "1" || r.Cell(class.Student{Cells: []string{"a"}}, "Email") != "" {
		t.Errorf("got the ID %q, want 1, and no cell of a column not there", got)
	}
}

// TestReadRosterErrors checks what is not a roster: a *RosterError that
// wraps ErrRoster and names the line, and the error of YAML, of CSV or
// of the file under it.
func TestReadRosterErrors(t *testing.T) {
	tests := []struct {
		name, file, text string
		line             int
		msg              string
		under            any // a pointer to the type of the error under it; nil for none
	}{
		{"yaml", "s.yml", "submission_1:\n  :submitters:\n\t- :name: A\n", 3, "a tab in the indentation: indent with spaces", new(*yaml.Error)},
		{"yaml alias", "s.yml", "submission_1:\n  :submitters: *1\n", 2, "an alias (*1): anchors and aliases are not read", new(*yaml.Error)},
		{"no submitters", "s.yml", "submission_1:\n  :score: 1\n", 2, "submission submission_1 has no :submitters:", nil},
		{"submitters not a sequence", "s.yml", "submission_1:\n  :submitters: x\n", 2, "submission submission_1: :submitters: is not a sequence", nil},
		{"submitter not a mapping", "s.yml", "submission_1:\n  :submitters:\n  - Ann\n", 3, "submission submission_1: a submitter that is not a mapping of :name:, :sid: and :email:", nil},
		{"name not text", "s.yml", "submission_1:\n  :submitters:\n  - :name:\n      first: Ann\n", 4, "submission submission_1: a submitter's :name: that is not text", nil},
		{"submission not a mapping", "s.yml", "submission_1: x\n", 1, "submission submission_1: not a mapping with :submitters:", nil},
		{"not a mapping", "s.yml", "- submission_1\n", 1, "not a mapping of each submission folder to its :submitters:", nil},
		{"empty yaml", "s.yml", "---\n", 0, "names no student", nil},
		{"student twice", "s.yml", "s_1:\n  :submitters:\n  - :name: Ann\n    :sid: '1'\ns_2:\n  :submitters:\n  - :name: Bo\n  - :name: Ann\n    :sid: '1'\n", 8, `"Ann" again, as on line 3`, nil},
		{"control character", "s.yml", "s_1:\n  :submitters:\n  - :sid: '1'\n    :name: \"Ann\\e[2J\"\n", 3, `a control character in "Ann\x1b[2J"`, nil},
		{"no submission column", "r.csv", "name,folder\nAnn,a\n", 1, "no column is named submission: name the column of each student's submission folder so", nil},
		{"unnamed column", "r.csv", "submission,name,\na,Ann,\n", 1, "column 3 has no name", nil},
		{"two columns", "r.csv", "submission,name,Name ,name\na,Ann,Ann,Ann\n", 1, "two columns are named name", nil},
		{"two submission columns", "r.csv", "submission,Submission\na,b\n", 1, "two columns are named Submission", nil},
		{"a grade column", "r.csv", "submission,score\na,1\n", 1, "a column is named score, as one of the grades' own: rename it", nil},
		{"a category column", "r.csv", "submission,full-game\na,1\n", 1, "a column is named full-game, as one of the grades' own: rename it", nil},
		{"ragged row", "r.csv", "submission,name\na,Ann\nb\n", 3, "wrong number of fields", new(*csv.ParseError)},
		{"bad quote", "r.csv", "submission,name\na,\"Ann\n", 2, "extraneous or missing \" in quoted-field", new(*csv.ParseError)},
		{"empty csv", "r.csv", "", 0, "empty: want a header that names a column submission", nil},
		{"no students", "r.csv", "submission,name\n", 0, "names no student", nil},
		{"csv student twice", "r.csv", "submission,name\na,Ann\nb,Bo\nb,Ann\n", 4, `"Ann" again, as on line 2`, nil},
		{"csv control character in a submission", "r.csv", "submission,name\na,Ann\n\"b\x1b\",Bo\n", 3, `a control character in "b\x1b"`, nil},
		{"csv control character", "r.csv", "submission,name\na,\"A\tnn\"\n", 2, `a control character in "A\tnn"`, nil},
		{"another extension", "r.txt", "submission,name\n", 0, "want Gradescope's submission_metadata.yml (.yml) or a CSV file (.csv)", nil},
		{"no file", "missing.csv", "", 0, "cannot be read: no such file or directory", new(*fs.PathError)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.file)
			if tt.file != "missing.csv" {
				if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r, err := class.ReadRoster(path)
			var re *class.RosterError
			if !errors.As(err, &re) || !errors.Is(err, class.ErrRoster) {
				t.Fatalf("got %v, %v; want a *RosterError that wraps ErrRoster", r, err)
			}
			if re.Path != path || re.Line != tt.line || re.Msg != tt.msg {
				t.Errorf("got %s line %d: %s; want %s line %d: %s", re.Path, re.Line, re.Msg, path, tt.line, tt.msg)
			}
			want := "class: roster " + path + ": " + tt.msg
			if tt.line > 0 {
				want = fmt.Sprintf("class: roster %s: line %d: %s", path, tt.line, tt.msg)
			}
			if err.Error() != want {
				t.Errorf("got %q, want %q", err.Error(), want)
			}
			switch under := tt.under.(type) {
			case nil:
				if re.Err != nil {
					t.Errorf("got %v under it, want none", re.Err)
				}
			case **yaml.Error:
				if !errors.As(err, under) || (*under).Line != tt.line || !errors.Is(err, yaml.ErrUnsupported) {
					t.Errorf("got %v under it, want a *yaml.Error of line %d", re.Err, tt.line)
				}
			case **csv.ParseError:
				if !errors.As(err, under) || (*under).Line != tt.line {
					t.Errorf("got %v under it, want a *csv.ParseError of line %d", re.Err, tt.line)
				}
			case **fs.PathError:
				if !errors.As(err, under) || !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("got %v under it, want the *fs.PathError of a file not there", re.Err)
				}
			}
		})
	}
}
