package autograder

import (
	"errors"
	"io"
	"strconv"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

// A Format writes the report of a check in one format, for people or for
// the program that reads it: othello check -format names one.
type Format struct {
	Name string // as -format names it, such as "gradescope"
	// Write writes the report of the grade g.
	Write func(w io.Writer, g *check.Grade, o FormatOptions) error
	// Fail writes the report of a check that could not be made; it is
	// nil for the text report, which has none: the error is said on
	// standard error alone.
	Fail func(w io.Writer, err error, o FormatOptions) error
}

// FormatOptions are what some formats take besides the grade.
type FormatOptions struct {
	Verbose bool                // text and autolab: a block for every failing scenario too
	Hidden  []scenario.Category // gradescope: the categories students see only once grades are published
	VPLMax  float64             // vpl: the activity's maximum grade, to which the grade is scaled; 0 for the points as they are
	// Max is the most points the check could give (check.Config's
	// MaxPoints): classroom's result of a check that could not be made
	// gives none of them.
	Max float64
}

// Formats are the formats of othello check -format, in the order its
// usage names them: the text report for people (report.WriteText), its
// JSON (report.WriteJSON), the report in GitHub's Markdown
// (report.WriteMarkdown), and each autograder's results.
var Formats = []Format{
	{"text", func(w io.Writer, g *check.Grade, o FormatOptions) error { return report.WriteText(w, g, o.Verbose) }, nil},
	{"json", func(w io.Writer, g *check.Grade, _ FormatOptions) error { return report.WriteJSON(w, g) },
		func(w io.Writer, err error, _ FormatOptions) error { return report.WriteJSONError(w, err) }},
	{"markdown", func(w io.Writer, g *check.Grade, _ FormatOptions) error { return report.WriteMarkdown(w, g) },
		func(w io.Writer, err error, _ FormatOptions) error { return report.WriteMarkdownError(w, err) }},
	{"gradescope", func(w io.Writer, g *check.Grade, o FormatOptions) error { return WriteGradescope(w, g, o.Hidden) },
		func(w io.Writer, err error, _ FormatOptions) error { return WriteGradescopeError(w, err) }},
	{"prairielearn", func(w io.Writer, g *check.Grade, _ FormatOptions) error { return WritePrairieLearn(w, g) },
		func(w io.Writer, err error, _ FormatOptions) error { return WritePrairieLearnError(w, err) }},
	{"junit", func(w io.Writer, g *check.Grade, _ FormatOptions) error { return WriteJUnit(w, g) },
		func(w io.Writer, err error, _ FormatOptions) error { return WriteJUnitError(w, err) }},
	{"autolab", func(w io.Writer, g *check.Grade, o FormatOptions) error { return WriteAutolab(w, g, o.Verbose) },
		func(w io.Writer, err error, _ FormatOptions) error { return WriteAutolabError(w, err) }},
	{"classroom", func(w io.Writer, g *check.Grade, _ FormatOptions) error { return WriteClassroom(w, g) },
		func(w io.Writer, err error, o FormatOptions) error { return WriteClassroomError(w, err, o.Max) }},
	{"vpl", func(w io.Writer, g *check.Grade, o FormatOptions) error { return WriteVPL(w, g, o.VPLMax) },
		func(w io.Writer, err error, _ FormatOptions) error { return WriteVPLError(w, err) }},
}

// ErrFormat means no format has the name asked for.
var ErrFormat = errors.New("autograder: no such format")

// A FormatError is a name that no Format has. It wraps ErrFormat.
type FormatError struct {
	Name string
}

// Error says the name: `autograder: no format "tap"`.
func (e *FormatError) Error() string {
	return "autograder: no format " + strconv.Quote(e.Name)
}

// Unwrap returns ErrFormat.
func (e *FormatError) Unwrap() error { return ErrFormat }

// LookupFormat returns the Format of Formats named name, or a
// *FormatError.
func LookupFormat(name string) (Format, error) {
	for _, f := range Formats {
		if f.Name == name {
			return f, nil
		}
	}
	return Format{}, &FormatError{Name: name}
}
