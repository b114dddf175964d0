// Package autograder writes a check's grade, a check.Grade, as the
// results that each autograder reads, each in its own file: Gradescope's
// results.json (gradescope.go: WriteGradescope, its hidden categories
// seen only once the grades are published), PrairieLearn's results.json
// of an external grader (prairielearn.go: WritePrairieLearn, cut under
// MaxPrairieLearn), the JUnit XML that CI tools and CodeGrade read
// (junit.go: WriteJUnit), Autolab's output, the text report then its
// autoresult in the last line (autolab.go: WriteAutolab), and the output
// of an evaluation of Moodle's Virtual Programming Lab (vpl.go:
// WriteVPL): titled comments, everything under a title preformatted, so
// that no line a program wrote can be one VPL reads, then the grade,
// scaled to the activity's maximum grade if asked, cut under MaxVPL.
// Each has its Write...Error, the results of a program that could not be
// checked: no points, and why.
//
// Formats (formats.go) is the table of othello check -format: each
// Format by name, from the text report and its JSON (package report) to
// each autograder's results, with its writer of a grade and of a check
// that could not be made; LookupFormat finds one, or returns a
// *FormatError that wraps ErrFormat.
//
// The words of the results are the text report's, from package report
// (report.Overview, report.CategoryText, report.PassedOf,
// report.WayText, report.WriteFailure, report.WriteText): this package
// only puts them in each system's file, with the points of each
// category.
//
// Gradescope runs its autograder from a zip, which WriteGradescopeZip
// (zip.go) writes, what it holds given as plain values in a
// GradescopeZip: the othello binary, setup.sh, and run_autograder, which
// runs that binary's othello check -format gradescope with the flags and
// the command given, each quoted for sh, on the submission, and writes
// its results.json; the golden folders and the weights file it names
// are bundled beside it. The binary must be static to run on every image
// of Gradescope's: CheckStatic reads its ELF headers and returns a
// *DynamicError, which wraps ErrDynamic, for one that needs a loader or
// libraries. Package main's othello gradescope only reads the flags and
// calls them.
package autograder
