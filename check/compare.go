package check

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"othello/sandbox"
	"othello/scenario"
)

// A Failure is how a program's run differs from the judge's transcript.
type Failure struct {
	Line   int    // the first line of standard output that differs, from 1; 0 when standard output is right
	Want   string // the judge's line there, with its newline; "" past the end
	Got    string // the program's line there
	Diff   string // the difference as Diff shows it
	Result Result
	What   string // what the program did last, in words, once summarized
	Stderr string // the first line of its standard error, quoted and cut short, once summarized
	way    way
}

// summarize returns f as a check keeps it until the report: what the
// program did in words, the first line of its standard error and the
// differing lines cut short, and no more of the run's output.
func (f *Failure) summarize(t scenario.Transcript, lim Limits, sl sandbox.Limits) *Failure {
	g := *f
	g.What = what(t, f.Result, lim, sl)
	if first, _, _ := strings.Cut(string(f.Result.Stderr), "\n"); first != "" {
		g.Stderr = clip(first, 0)
	}
	g.Want, g.Got = cut(f.Want), cut(f.Got)
	g.Result.Stdout, g.Result.Stderr = nil, nil
	return &g
}

// maxQuoted is how many bytes of a line the report shows.
const maxQuoted = 160

// cut returns a copy of line cut to maxQuoted bytes, which does not keep
// the rest of the output it was read from.
func cut(line string) string {
	return strings.Clone(line[:min(len(line), maxQuoted)])
}

// clip quotes line for the report: all of it when it is short, otherwise
// maxQuoted bytes of it from a little before byte from, saying how many
// bytes are left out at each end, as in
// "… 1,200 bytes "abc" … 199,870 more bytes".
func clip(line string, from int) string {
	q, _ := clipAt(line, from)
	return q
}

// clipAt is clip, and the column at which byte from of line shows in it.
func clipAt(line string, from int) (string, int) {
	if len(line) <= maxQuoted {
		return strconv.Quote(line), len(strconv.Quote(line[:from])) - 1
	}
	start := max(0, min(from-maxQuoted/4, len(line)-maxQuoted))
	end := start + maxQuoted
	var sb strings.Builder
	if start > 0 {
		fmt.Fprintf(&sb, "… %s bytes ", sandbox.Count(int64(start)))
	}
	col := utf8.RuneCountInString(sb.String()) + len(strconv.Quote(line[start:from])) - 1
	sb.WriteString(strconv.Quote(line[start:end]))
	if end < len(line) {
		fmt.Fprintf(&sb, " … %s more bytes", sandbox.Count(int64(len(line)-end)))
	}
	return sb.String(), col
}

// A way is what makes two failures the same: how the run ended, and what
// class of line was expected and came where the output first differs (see
// lineClass), or the two exit statuses when the output is right.
type way struct {
	end       End
	want, got string
}

// Compare returns how the program's run r differs from the transcript t,
// or nil if it gave the same standard output and exit status. Standard
// error is not compared: PROTOCOL.md fixes only that it is one line.
func Compare(t scenario.Transcript, r Result) *Failure {
	if bytes.Equal(r.Stdout, t.Output) && r.Status == t.Status && r.End == Exited {
		return nil
	}
	f := &Failure{Result: r, way: way{end: r.End}}
	if bytes.Equal(r.Stdout, t.Output) {
		f.way.want, f.way.got = strconv.Itoa(t.Status), strconv.Itoa(r.Status)
		return f
	}
	want, got := splitLines(t.Output), splitLines(r.Stdout)
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	f.Line = i + 1
	if i < len(want) {
		f.Want = want[i]
	}
	if i < len(got) {
		f.Got = got[i]
	}
	f.way.want, f.way.got = lineClass(f.Want), lineClass(f.Got)
	f.Diff = Diff(t.Output, r.Stdout)
	return f
}

// Same reports whether f and g fail the same way: the runs ended alike,
// and where the output first differs the same class of line was expected
// and the same class came, or the output is right and the exit statuses
// are the same. The classes are: the FULL or SIMPLE line; a line of the
// game (score, board row, TURN, VALID, INVALID); the WINNER line; the end
// of the output; anything else.
//
// The lines of the game are one class because one mistake shows as any
// of them: a move that flips too little shows as a wrong board row, or,
// when it then flips nothing, as INVALID where VALID is due.
func (f *Failure) Same(g *Failure) bool {
	return f != nil && g != nil && f.way == g.way
}

// lineClass names the class of an output line, for telling failures
// apart.
func lineClass(line string) string {
	line = strings.TrimSuffix(line, "\n")
	switch {
	case line == "":
		return "end"
	case line == "FULL" || line == "SIMPLE":
		return "rules"
	case strings.HasPrefix(line, "WINNER"):
		return "winner"
	case strings.HasPrefix(line, "B:"), strings.HasPrefix(line, "TURN"), line == "VALID", line == "INVALID",
		strings.Trim(line, "BW. ") == "":
		return "game"
	}
	return "other"
}

// Diff returns "" if got equals want, and otherwise where they first
// differ: up to three lines before it, the two differing lines quoted so
// that trailing blanks and carriage returns show, and a caret under the
// first differing byte.
func Diff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	w, g := splitLines(want), splitLines(got)
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var sb strings.Builder
	for k := max(0, i-3); k < i; k++ {
		fmt.Fprintf(&sb, "  %4d  %s\n", k+1, clip(w[k], 0))
	}
	k := 0 // the first differing byte
	for i < len(w) && i < len(g) && k < len(w[i]) && k < len(g[i]) && w[i][k] == g[i][k] {
		k++
	}
	line := func(lines []string) (string, int) {
		if i < len(lines) {
			return clipAt(lines[i], k)
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

// AnswerSizes returns, for each of n input lines, how many lines of the
// judge's output out answer it: the whole first turn for the last setup
// line, INVALID for a bad move line, VALID and the next turn (or the end)
// for a legal one, and nothing for the other setup lines or lines after
// the end.
func AnswerSizes(out []byte, n int) []int {
	lines := splitLines(out)
	sizes := make([]int, n)
	if len(lines) < 2 {
		return sizes // a bad setup: nothing but the FULL or SIMPLE line
	}
	rows := 0 // the board rows between the first score line and TURN or WINNER
	for 2+rows < len(lines) && !strings.HasPrefix(lines[2+rows], "TURN: ") && !strings.HasPrefix(lines[2+rows], "WINNER: ") {
		rows++
	}
	turn := rows + 2 // a score line, the board, and TURN or WINNER
	setup := 4 + rows
	if setup > n {
		return sizes
	}
	sizes[setup-1] = turn
	at := 1 + turn
	for i := setup; i < n && at < len(lines); i++ {
		switch lines[at] {
		case "INVALID\n":
			sizes[i] = 1
		case "VALID\n":
			sizes[i] = 1 + turn
		}
		at += sizes[i]
	}
	return sizes
}

// splitLines splits b after each newline; a last line without one is kept.
func splitLines(b []byte) []string {
	s := string(b)
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, s[:i])
		s = s[i:]
	}
	return lines
}
