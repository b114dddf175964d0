// Package report writes a check's report, a check.Grade, for the people
// and the programs that read it: as text (text.go), as JSON (json.go), in
// GitHub's Markdown (markdown.go) and as one self-contained HTML page
// (report.go), with the standard library only and nothing fetched when
// it is read; and the index of a class's reports that othello grade
// writes.
//
// WriteText (text.go) writes the report that othello check prints: what
// was checked, a line for each way of failing, then a block for each,
// with its smallest input and where the program's output first differs
// (WriteFailure), the rules of structure of a Python program, and the
// points of each category. The autograders' results (package
// autograder) are cut from the same text: Overview says it in a few
// lines, CategoryText for one category, WayText for one way of
// failing, and PassedOf how many of a category's scenarios passed.
//
// WriteMarkdown (markdown.go) writes the report in GitHub's Markdown, for
// a job's summary or a comment of a pull request: the points in a
// heading, the text report's first lines, a table of the categories'
// points, the rules of structure, and each way of failing, its block of
// the text report with the judge's answer and the program's where they
// first differ (the steps of the HTML report). Everything a program
// wrote is in code blocks fenced longer than any run of backticks in it,
// or in code spans, never in Markdown's text, and the report is cut
// whole blocks at a time to MaxMarkdown bytes, saying what was left out.
// WriteMarkdownError writes the Markdown of a check that could not be
// made, and AppendMarkdownFile adds either to a file (othello check
// -markdown "$GITHUB_STEP_SUMMARY").
//
// WriteJSON (json.go) writes a Grade as one JSON object in the schema
// that doc/grading.md documents, and WriteJSONError the object of a check
// that could not be made.
//
// WriteReport (report.go) turns a check.Grade into the page of its
// template report.html, embedded: the summary of the check, the points
// of each category, the rules of structure of a Python program, and for
// each way of failing its reproducer cut into steps (steps.go), the
// setup and then each line after it, with the judge's answer and the
// program's side by side and their boards drawn by page.BoardSVG. The
// judge's answer is given again by scenario.Judge from the reproducer's
// input; both answers are cut and read with package console's reader of
// the judge's output (console.AnswerSizes, console.ReadBoard,
// console.ReadMove), so the format is read in one place.
// WriteReportError writes the page of a check that could not be made,
// WriteReportFile either page to a file (othello check -html), and
// WriteIndex the index of IndexRows. Everything a program wrote is
// escaped by html/template and shown visibly where it would not show
// (visible in steps.go). The look is package page's Style.
//
// What a program wrote reaches these reports already quoted and cut by
// package check (a Failure; check.Shown for an input line), and points
// are written as check.FormatPoints writes them. It reads a Grade and
// writes reports, nothing else: the check is package check's, each
// autograder's results package autograder's, and the game in a browser
// package web's.
//
// The text report of an AI grade (ai.go, check.Grade.AI) says what was
// played, each opponent's games a line each, a forfeit's reason as the
// referee quoted it, and the table of each opponent's games, won, drawn
// and lost, its score, the score that earns all its points and its
// points; PassedOf, CategoryText and Overview say the same for each
// autograder, and the JSON adds each opponent's drawn and threshold and
// each game's line.
package report
