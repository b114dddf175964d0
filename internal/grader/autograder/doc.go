// Package autograder writes a check's grade, a check.Grade, as the
// results that each autograder reads, each in its own file: Gradescope's
// results.json (gradescope.go: WriteGradescope, its hidden categories
// seen only once the grades are published), PrairieLearn's results.json
// of an external grader (prairielearn.go: WritePrairieLearn, cut under
// MaxPrairieLearn), the JUnit XML that CI tools and CodeGrade read
// (junit.go: WriteJUnit), Autolab's output, the text report then its
// autoresult in the last line (autolab.go: WriteAutolab), the result of
// a grader of GitHub Classroom, the base64 of its JSON, which the
// reporter classroom-resources/autograding-grading-reporter reads
// (classroom.go: WriteClassroom, cut under MaxClassroom), and the output
// of an evaluation of Moodle's Virtual Programming Lab (vpl.go:
// WriteVPL): titled comments, everything under a title preformatted, so
// that no line a program wrote can be one VPL reads, then the grade,
// scaled to the activity's maximum grade if asked, cut under MaxVPL.
// Each has its Write...Error, the results of a program that could not be
// checked: no points, and why. PrairieLearn's and Classroom's outputs
// are cut to their size alike (fit, in prairielearn.go).
//
// Formats (formats.go) is the table of othello check -format: each
// Format by name, from the text report, its JSON and its Markdown
// (package report) to each autograder's results, with its writer of a
// grade and of a check that could not be made; LookupFormat finds one,
// or returns a *FormatError that wraps ErrFormat.
//
// The words of the results are the text report's, from package report
// (report.Overview, report.CategoryText, report.PassedOf,
// report.WayText, report.WriteFailure, report.WriteText): this package
// only puts them in each system's file, with the points of each
// category.
//
// An autograder that runs othello check on each submission holds a
// Bundle (bundle.go): the othello binary, the check's flags and command,
// and the golden folders and the weights file that the check names,
// bundled with it. The binary must be static to run on every image of
// the platform's: CheckStatic reads its ELF headers and returns a
// *DynamicError, which wraps ErrDynamic, for one that needs a loader or
// libraries.
//
// Gradescope runs its autograder from a zip, which WriteGradescopeZip
// (zip.go) writes: the bundle, setup.sh, and run_autograder, which runs
// the binary's othello check -format gradescope with the flags and the
// command given, each quoted for sh, on the submission, and writes its
// results.json. Moodle's VPL runs an activity's execution files, which
// WriteVPLFiles (vplfiles.go) writes in a folder: vpl_run.sh, for the
// Run button, which runs the student's program; vpl_evaluate.sh, for
// Evaluate, which moves the student's files into a folder of their own
// and writes a vpl_execution that runs othello check -format vpl there;
// the bundle under grader/, which vpl_evaluate.sh moves out of the way of
// VPL's deletion of the execution files; and a README.txt for the staff.
// GitHub Classroom grades each push to a student's repository with a
// workflow of GitHub Actions, which WriteClassroomTemplate
// (classroom_template.go) writes in the template repository with the
// bundle: the workflow ClassroomWorkflow, whose step othello runs othello
// check -format classroom with -markdown into the job's summary and puts
// its result in its output, and whose last step is Classroom's reporter;
// the bundle and the students' README section in ClassroomDir. An
// argument that a workflow cannot hold is a *WorkflowError, which wraps
// ErrWorkflow. Package main's othello gradescope, othello vpl and othello
// classroom only read the flags and call them.
package autograder
