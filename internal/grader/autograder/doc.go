// Package autograder writes a check's grade, a check.Grade, as the
// results that each autograder reads, each in its own file: Gradescope's
// results.json (gradescope.go: WriteGradescope, its hidden categories
// seen only once the grades are published), PrairieLearn's results.json
// of an external grader (prairielearn.go: WritePrairieLearn, cut under
// MaxPrairieLearn), the JUnit XML that CI tools and CodeGrade read
// (junit.go: WriteJUnit) and Autolab's output, the text report then its
// autoresult in the last line (autolab.go: WriteAutolab). Each has its
// Write...Error, the results of a program that could not be checked: no
// points, and why.
//
// The words of the results are the text report's, from package report
// (report.Overview, report.CategoryText, report.PassedOf,
// report.WriteFailure, report.WriteText): this package only puts them in
// each system's file, with the points of each category.
package autograder
