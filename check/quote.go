package check

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/othello-judge/judge/sandbox"
)

// MaxLine is how much of a line that a program wrote any report shows, in
// every format: at most MaxLine bytes of it as shown, quoted or escaped,
// then how many bytes of the line are left out.
const MaxLine = 160

// quote returns line as the reports show a line that a program wrote:
// quoted as strconv.Quote quotes it, so that a control character (an
// escape, a carriage return, a backspace, NUL, DEL, C1), a character
// that does not print (such as U+202E, which turns text right to left,
// or a zero-width space) and a byte that is not UTF-8 show as their
// escapes (\x1b, \r, \u202e, \u200b, \xff), and cut to MaxLine bytes
// between the quotes, saying how many bytes are left out, as in
// "\"abc\" … 199,870 more bytes". Every report shows the program's lines
// through quote, quoteAt or plain, and no other way.
func quote(line string) string {
	q, _ := quoteAt(line, 0)
	return q
}

// quoteAt is quote for a line shown around its byte from: when the line
// is cut, what shows starts a little before from, saying how many bytes
// are left out before it too, as in "… 1,200 bytes \"abc\" … 199,870
// more bytes". It also returns the column at which byte from shows.
func quoteAt(line string, from int) (string, int) {
	if q := strconv.Quote(line); len(q) <= MaxLine+2 {
		return q, len(strconv.Quote(line[:from])) - 1
	}
	width := func(s string) int { return len(strconv.Quote(s)) - 2 }
	at := from // the start of the character that holds byte from
	for i := 0; i < utf8.UTFMax-1 && 0 < at && at < len(line) && !utf8.RuneStart(line[at]); i++ {
		at--
	}
	start, end, shown := at, at, 0 // line[start:end] shows, in shown bytes
	before := func(most int) {
		for start > 0 {
			_, size := utf8.DecodeLastRuneInString(line[:start])
			w := width(line[start-size : start])
			if shown+w > most {
				return
			}
			start, shown = start-size, shown+w
		}
	}
	before(MaxLine / 4) // a little of what comes before from
	for end < len(line) {
		_, size := utf8.DecodeRuneInString(line[end:])
		w := width(line[end : end+size])
		if shown+w > MaxLine {
			break
		}
		end, shown = end+size, shown+w
	}
	before(MaxLine) // and more of it if the line ends first
	var sb strings.Builder
	if start > 0 {
		fmt.Fprintf(&sb, "… %s %s ", sandbox.Count(int64(start)), plural(start, "byte"))
	}
	col := utf8.RuneCountInString(sb.String()) + len(strconv.Quote(line[start:from])) - 1
	sb.WriteString(strconv.Quote(line[start:end]))
	if end < len(line) {
		n := len(line) - end
		fmt.Fprintf(&sb, " … %s more %s", sandbox.Count(int64(n)), plural(n, "byte"))
	}
	return sb.String(), col
}

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

// shown returns an input line for the report: as it is, or quoted as
// quote quotes it if it has blanks at its ends or characters that do not
// show, or is long.
func shown(line string) string {
	line = strings.TrimSuffix(line, "\n")
	if q := quote(line); line == "" || strings.TrimSpace(line) != line || q != `"`+line+`"` {
		return q
	}
	return line
}
