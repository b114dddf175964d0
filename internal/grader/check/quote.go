package check

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/othello-judge/judge/internal/grader/diff"
)

// MaxLine is how much of a line that a program wrote any report shows, in
// every format: at most MaxLine bytes of it as shown, quoted or escaped,
// then how many bytes of the line are left out. Every report shows the
// program's lines through quote (diff.Quote), quoteAt (diff.QuoteAt) or
// plain, and no other way.
const MaxLine = diff.MaxLine

// quote and quoteAt show a line that a program wrote, as diff.Quote and
// diff.QuoteAt do for every diff the tests show.
var (
	quote   = diff.Quote
	quoteAt = diff.QuoteAt
)

// plain returns text that a program wrote as the reports show it where it
// is read as words, such as a line of its standard error or the name of
// an exception: as it is when it is short and every character of it
// prints (a blank and a tab too), and otherwise as quote quotes it.
func plain(text string) string {
	hidden := strings.IndexFunc(text, func(r rune) bool { return r != '\t' && !unicode.IsPrint(r) }) >= 0
	if len(text) > MaxLine || hidden || !utf8.ValidString(text) {
		return quote(text)
	}
	return text
}

// Shown returns an input line for the reports: as it is, or quoted as
// quote quotes it if it has blanks at its ends or characters that do not
// show, or is long.
func Shown(line string) string {
	line = strings.TrimSuffix(line, "\n")
	if q := quote(line); line == "" || strings.TrimSpace(line) != line || q != `"`+line+`"` {
		return q
	}
	return line
}
