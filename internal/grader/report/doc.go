// Package report writes a check's report as one self-contained HTML
// page, with the standard library only and nothing fetched when it is
// read, and the index of a class's reports that othello grade writes.
//
// WriteReport (report.go) turns a check.Grade into the page of its
// template report.html, embedded: the summary of the check, the points
// of each category, the rules of structure of a Python program, and for
// each way of failing its reproducer cut into steps (steps.go), the
// setup and then each line after it, with the judge's answer and the
// program's side by side and their boards drawn by page.BoardSVG. The judge's answer is given again by scenario.Judge
// from the reproducer's input; both answers are cut and read with
// package console's reader of the judge's output (console.AnswerSizes,
// console.ReadBoard, console.ReadMove), so the format is read in one
// place. WriteReportError writes the page of a check that could not be
// made, and WriteIndex the index of IndexRows. Everything a program
// wrote is escaped by html/template and shown visibly where it would not
// show (visible in steps.go). The look is package page's Style.
//
// It reads a Grade and writes a page, nothing else: the check is package
// check's, and the game in a browser package web's.
package report
