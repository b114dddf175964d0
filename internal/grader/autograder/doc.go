// Package autograder writes a check's grade, a check.Grade, as the
// results that each autograder reads, each in its own file: Gradescope's
// results.json (gradescope.go: WriteGradescope, its hidden categories
// seen only once the grades are published), PrairieLearn's results.json
// of an external grader (prairielearn.go: WritePrairieLearn, cut under
// MaxPrairieLearn), the JUnit XML that CI tools and CodeGrade read
// (junit.go: WriteJUnit), Autolab's output, the text report then its
// autoresult in the last line (autolab.go: WriteAutolab), and the result
// of a grader of GitHub Classroom, the base64 of its JSON, which the
// reporter classroom-resources/autograding-grading-reporter reads
// (classroom.go: WriteClassroom, cut under MaxClassroom). Each has its
// Write...Error, the results of a program that could not be checked: no
// points, and why. PrairieLearn's and Classroom's outputs are cut to
// their size alike (fit, in prairielearn.go).
//
// Formats (formats.go) is the table of othello check -format: each
// Format by name, from the text report, its JSON and its Markdown
// (package report) to each autograder's results, with its writer of a
// grade and of a check that could not be made; LookupFormat finds one,
// or returns a *FormatError that wraps ErrFormat.
//
// The words of the results are the text report's, from package report
// (report.Overview, report.CategoryText, report.PassedOf,
// report.WriteFailure, report.WriteText): this package only puts them in
// each system's file, with the points of each category.
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
//
// GitHub Classroom grades each push to a student's repository with a
// workflow of GitHub Actions, which WriteClassroomTemplate
// (classroom_template.go) writes in the template repository with what a
// GradescopeZip holds, bundled as the zip bundles it: the workflow
// ClassroomWorkflow, whose step othello runs othello check -format
// classroom with -markdown into the job's summary and puts its result in
// its output, and whose last step is Classroom's reporter; the binary,
// the golden folders, the weights file and the students' README section
// in ClassroomDir. An argument that a workflow cannot hold is a
// *WorkflowError, which wraps ErrWorkflow. Package main's othello
// classroom only reads the flags and calls it.
package autograder
