package diff

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/sandbox"
)

// MaxLine is how much of a line Quote shows: at most MaxLine bytes of it
// as shown, quoted or escaped, then how many bytes of the line are left
// out.
const MaxLine = 160

// Diff returns "" if got equals want, and otherwise where they first
// differ: up to three lines before it, the two differing lines quoted so
// that trailing blanks and carriage returns show, and a caret under the
// first differing byte.
func Diff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	w, g := console.Lines(want), console.Lines(got)
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var sb strings.Builder
	for k := max(0, i-3); k < i; k++ {
		fmt.Fprintf(&sb, "  %4d  %s\n", k+1, Quote(w[k]))
	}
	k := 0 // the first differing byte
	for i < len(w) && i < len(g) && k < len(w[i]) && k < len(g[i]) && w[i][k] == g[i][k] {
		k++
	}
	line := func(lines []string) (string, int) {
		if i < len(lines) {
			return QuoteAt(lines[i], k)
		}
		return "(end of output)", 0
	}
	wantLine, col := line(w)
	gotLine, _ := line(g)
	fmt.Fprintf(&sb, "  want  %s\n  got   %s\n", wantLine, gotLine)
	if i < len(w) && i < len(g) {
		fmt.Fprintf(&sb, "        %s^ line %d, column %d\n", strings.Repeat(" ", col), i+1, k+1)
	}
	return sb.String()
}

// Quote returns line quoted as strconv.Quote quotes it, so that a control
// character (an escape, a carriage return, a backspace, NUL, DEL, C1), a
// character that does not print (such as U+202E, which turns text right
// to left, or a zero-width space) and a byte that is not UTF-8 show as
// their escapes (\x1b, \r, \u202e, \u200b, \xff), and cut to MaxLine
// bytes between the quotes, saying how many bytes are left out, as in
// "\"abc\" … 199,870 more bytes".
func Quote(line string) string {
	q, _ := QuoteAt(line, 0)
	return q
}

// QuoteAt is Quote for a line shown around its byte from: when the line
// is cut, what shows starts a little before from, saying how many bytes
// are left out before it too, as in "… 1,200 bytes \"abc\" … 199,870
// more bytes". It also returns the column at which byte from shows.
func QuoteAt(line string, from int) (string, int) {
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
		fmt.Fprintf(&sb, "… %s %s ", sandbox.Count(int64(start)), bytesWord(start))
	}
	col := utf8.RuneCountInString(sb.String()) + len(strconv.Quote(line[start:from])) - 1
	sb.WriteString(strconv.Quote(line[start:end]))
	if end < len(line) {
		n := len(line) - end
		fmt.Fprintf(&sb, " … %s more %s", sandbox.Count(int64(n)), bytesWord(n))
	}
	return sb.String(), col
}

// bytesWord returns "byte" for one byte and "bytes" for any other number.
func bytesWord(n int) string {
	if n == 1 {
		return "byte"
	}
	return "bytes"
}
