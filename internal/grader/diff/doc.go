// Package diff shows where two texts first differ, as the judge's reports
// and the tests of its programs show it: Diff gives up to three lines
// before the first difference, the two differing lines quoted so that
// trailing blanks, carriage returns and control characters show, and a
// caret under the first differing byte.
//
// It is built from small parts: console.Lines splits a text after each
// newline, Quote and QuoteAt quote a line as strconv.Quote does, cut to
// MaxLine bytes around the byte of interest, and Diff puts them
// together. Package check shows every line a program wrote through
// Quote and QuoteAt, and every difference through Diff; the tests of
// the other packages use Diff without depending on package check.
package diff
