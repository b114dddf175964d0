package check

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/diff"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

// A Difference is how a program's run differs from the judge's
// transcript, as Compare finds it: where standard output first differs
// and what each side had there, and the run itself, with its output.
// Summarize makes of it the Failure that a check keeps for its reports.
type Difference struct {
	Line      int    // the first line of standard output that differs, from 1; 0 when standard output is right
	Want      string // the judge's line there, with its newline; "" past the end
	Got       string // the program's line there, as it wrote it; "" past the end
	Cut       bool   // Got is cut short: in lock-step, the program was stopped at its first byte wrong in logic (blanksPrefix)
	InputLine int    // the input line whose answer holds Line, from 1; 0 for the first line, or past the judge's answers
	Input     string // that input line, without its newline
	// Blanks says the output is right but for blanks (see SameBlanks):
	// Line is the first line that differs at all, and the run passes in
	// logic.
	Blanks bool
	Result Result // the run
	// aligned says lines before Line differ from the judge's, but only
	// in blanks: Line is where the output first differs in logic.
	aligned bool
	status  bool // the exit status counted
	way     way
}

// A Failure is a Difference as a check keeps it until its reports: the
// lines cut short and quoted, the difference drawn, what the program did
// in words and an excerpt of its standard error, and none of the run's
// output.
type Failure struct {
	Line      int      // as in Difference
	Want      string   // the judge's line there, with its newline, cut to MaxLine bytes; "" past the end
	Got       string   // the program's line there, as quote shows it; "" past the end
	Cut       bool     // as in Difference
	InputLine int      // as in Difference
	Input     string   // that input line, without its newline, cut to MaxLine bytes
	Blanks    bool     // as in Difference
	Diff      string   // the difference as diff.Diff shows it
	End       End      // how the run ended
	What      string   // what the program did last, in words
	Stderr    []string // the lines of its standard error that say most, as plain shows them
	way       way
}

// Summarize returns the Failure that d is for a run on transcript t,
// with the limits lim of time and sl of the sandbox that it ran under.
func (d *Difference) Summarize(t scenario.Transcript, lim Timeouts, sl sandbox.Limits) *Failure {
	f := &Failure{
		Line: d.Line, Want: cut(d.Want), Cut: d.Cut, InputLine: d.InputLine, Input: cut(d.Input), Blanks: d.Blanks,
		End: d.Result.End, What: what(t, d.Result, lim, sl, d.status), way: d.way,
	}
	if d.way.slow {
		f.What = tooSlow(t, d.Result, lim, sl)
	}
	if !EndsMidGame(t) || d.way.got == "end" {
		// At the end of an input that ends mid-game, a program may well
		// crash (Python's input() raises EOFError): only a program that
		// stops short has a crash of its own to show.
		f.Stderr = stderrExcerpt(d.Result.Stderr)
	}
	if d.Line > 0 {
		if d.Got != "" {
			f.Got = quote(d.Got)
		}
		got := d.Result.Stdout
		if d.aligned {
			// The judge's lines before Line, which the program's match
			// but for blanks, so that the diff shows the difference in
			// logic.
			want := console.Lines(t.Output)
			got = []byte(strings.Join(want[:d.Line-1], "") + strings.Join(console.Lines(got)[d.Line-1:], ""))
		}
		f.Diff = diff.Diff(t.Output, got)
		if d.aligned {
			f.Diff += "        (the lines before it differ from the judge's only in blanks)\n"
		}
		if d.Cut {
			f.Diff += "        (cut: it was stopped at its first wrong byte, before the end of this line)\n"
		}
	}
	return f
}

// Summary says in one line how f fails: where the output first differs
// and what the program did; for a failure only in blanks, "right but for
// blanks: " and the two lines; for a run too slow, only that (tooSlow).
func (f *Failure) Summary() string {
	if f.Blanks {
		return fmt.Sprintf("right but for blanks: output line %d is %s, want %s", f.Line, f.Got, quote(f.Want))
	}
	if f.way.slow {
		return f.What
	}
	var sb strings.Builder
	if f.Line > 0 {
		got := "the end of the output"
		if f.Got != "" {
			got = f.Got
		}
		want := "the end of the output"
		if f.Want != "" {
			want = quote(f.Want)
		}
		fmt.Fprintf(&sb, "output line %d: want %s, got %s", f.Line, want, got)
		if f.way.got != "end" && f.End == Exited {
			return sb.String()
		}
		sb.WriteString("; ")
	}
	sb.WriteString(f.What)
	if f.way.exception != "" {
		fmt.Fprintf(&sb, " (%s)", f.way.exception)
	}
	return sb.String()
}

// stderrLines is how many lines of standard error a report shows.
const stderrLines = 5

// stderrExcerpt returns the lines of standard error that a report shows,
// blank lines left out: around the line that names what went wrong (for
// Python the end of the traceback, with the exception last; for Go and
// Java the panic or exception and the first lines of the stack after
// it), or else its last lines, each as plain shows it. "..." stands for
// lines left out.
func stderrExcerpt(stderr []byte) []string {
	var lines []string
	for _, l := range console.Lines(stderr) {
		if l = strings.TrimRight(l, "\r\n"); strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	from := max(0, len(lines)-stderrLines+1)
	if k, _ := crash(lines); k >= 0 {
		from = max(0, min(k-stderrLines/2, len(lines)-stderrLines+1))
	}
	to := min(len(lines), from+stderrLines-1)
	var excerpt []string
	if from > 0 {
		excerpt = append(excerpt, "...")
	}
	for _, l := range lines[from:to] {
		excerpt = append(excerpt, strings.Clone(plain(l)))
	}
	if to < len(lines) {
		excerpt = append(excerpt, "...")
	}
	return excerpt
}

// cut returns a copy of line cut to MaxLine bytes, which does not keep
// the rest of the output it was read from.
func cut(line string) string {
	return strings.Clone(line[:min(len(line), MaxLine)])
}

// A way is what makes two failures the same: that it was too slow, with
// nothing wrong before a time limit ended it; or else how the run ended,
// what class of line was expected and came where the output first
// differs (see lineClass) and what the judge's answer there answers (see
// cause), or the two exit statuses when the output is right. When the
// output stops short, how the program ended tells bugs apart too: its
// exit status or signal and the exception it reported.
type way struct {
	end       End
	slow      bool // a time limit ended it, its output right so far, and it had not hung: alone in the way
	blanks    bool // right but for blanks
	want, got string
	cause     string // what the judge's answer there answers (see cause)
	exit      string // "status 1" or the signal, when the output stops short or is right
	exception string // the exception that standard error names, as plain shows it, when the output stops short or is right
}

// A Comparison says what a run must get right to pass.
type Comparison struct {
	// Strict compares standard output byte for byte: a difference in
	// blanks is a failure like any other. Otherwise standard output is
	// compared with its blanks normalized (see SameBlanks), and a run
	// whose output is right but for blanks passes, its Difference saying
	// so (Blanks).
	Strict bool
	// Status compares the exit status too (0, or 1 for a bad setup); it
	// never counts on an input that ends mid-game (EndsMidGame), where a
	// program may fail at the end of the input as it likes. When the
	// status does not count, neither does whether the program exited or
	// died of a signal, but a run that a limit ended still fails.
	Status bool
}

// Compare compares the run r with the transcript t strictly, as
// Comparison{Strict: true, Status: true} does.
func Compare(t scenario.Transcript, r Result) *Difference {
	return Comparison{Strict: true, Status: true}.Compare(t, r)
}

// Compare returns how the program's run r differs from the transcript t,
// or nil if it passes under c. Standard error is not compared:
// PROTOCOL.md fixes only that it is one line.
//
// A run that a time limit ended fails as too slow, a way of its own, when
// all it wrote could still become the judge's output and it had not hung
// (Result.Hung); when what it wrote is already wrong, it fails by that
// difference, so that being slow hides no bug.
func (c Comparison) Compare(t scenario.Transcript, r Result) *Difference {
	d := c.compare(t, r)
	if d == nil || !r.timeEnded() || r.Hung() {
		return d
	}
	prefix := blanksPrefix{want: t.Output}
	if bytes.HasPrefix(t.Output, r.Stdout) || !c.Strict && prefix.ok(r.Stdout) {
		d.way = way{slow: true}
	}
	return d
}

// compare is Compare but for the runs a time limit ended, which it does
// not tell apart from the others.
func (c Comparison) compare(t scenario.Transcript, r Result) *Difference {
	status := c.Status && !EndsMidGame(t)
	statusRight := !status || r.Status == t.Status
	if bytes.Equal(r.Stdout, t.Output) && statusRight && r.End == Exited {
		return nil
	}
	d := &Difference{Result: r, status: status, way: way{end: r.End}}
	if r.End == WentWrong {
		d.way.end = Exited // stopped for the wrong output, which it would have written anyway
	}
	ended := func() {
		if r.End == Exited {
			d.way.exit = r.State
			if r.Status >= 0 {
				d.way.exit = "status " + strconv.Itoa(r.Status)
			}
			_, name := crash(console.Lines(r.Stderr))
			d.way.exception = strings.Clone(plain(name)) // cut short: names alike in what shows are the same
		}
	}
	if bytes.Equal(r.Stdout, t.Output) {
		d.way.want, d.way.got = strconv.Itoa(t.Status), strconv.Itoa(r.Status)
		ended()
		return d
	}
	want, got := console.Lines(t.Output), console.Lines(r.Stdout)
	same := func(a, b string) bool { return a == b || !c.Strict && SameBlanks(a, b) }
	i := 0
	for i < len(want) && i < len(got) && same(want[i], got[i]) {
		i++
	}
	if i == len(want) && i == len(got) {
		// Right but for blanks: where the output first differs at all.
		if !statusRight || r.End != Exited {
			d.way.want, d.way.got = strconv.Itoa(t.Status), strconv.Itoa(r.Status)
			ended()
			return d
		}
		for i = 0; want[i] == got[i]; i++ {
		}
		d.Blanks, d.way.blanks = true, true
	} else {
		d.aligned = !slices.Equal(want[:i], got[:i])
	}
	d.Line = i + 1
	if i < len(want) {
		d.Want = want[i]
	}
	if i < len(got) {
		d.Got = got[i]
		d.Cut = r.End == WentWrong && !strings.HasSuffix(d.Got, "\n")
	}
	d.way.want, d.way.got = lineClass(d.Want), lineClass(d.Got)
	if d.way.got == "end" {
		ended()
	}
	in := console.Lines(t.Input)
	if k, first := answering(t.Output, len(in), d.Line); k > 0 {
		d.InputLine, d.Input = k, strings.TrimSuffix(in[k-1], "\n")
		d.way.cause = cause(want[first-1])
	}
	if d.way.cause == "valid move" && d.way.want == "valid" && d.way.got == "invalid" {
		// It finds that a legal move flips nothing: a mistake of flips,
		// which shows as a wrong position where the move flips some.
		d.way.want, d.way.got = "position", "position"
	}
	return d
}

// EndsMidGame reports whether the input of t ends mid-game: the judge
// answers more than the rules line, then exits with status 1 for the
// end of the input.
func EndsMidGame(t scenario.Transcript) bool {
	return t.Status != 0 && len(console.Lines(t.Output)) > 1
}

// SameBlanks reports whether two lines of output are the same but for
// blanks: each with its blanks normalized, they are equal. Normalizing a
// line removes its newline, the blanks (spaces, tabs and carriage
// returns) at its start and end, and turns each run of blanks within it
// into one space. So "B: 0 W: 0" and "B: 0  W: 0" are the same but for
// blanks, and so are ". . . . " and ". . . .", "VALID\r\n" and
// "VALID\n", "WINNER: B" and "WINNER: B\n"; "B:0 W:0" and "B: 0 W: 0"
// are not, nor are a blank line and no line.
func SameBlanks(a, b string) bool {
	return normalize(a) == normalize(b)
}

// normalize returns line with its blanks normalized, as SameBlanks says.
func normalize(line string) string {
	isBlank := func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }
	return strings.Join(strings.FieldsFunc(line, isBlank), " ")
}

// A blanksPrefix tells, as a program's output grows, whether it could
// still become want but for blanks: its whole lines are the same as
// want's but for blanks, and its last line, if not whole, normalized,
// begins the normalized line of want there. It checks each whole line
// once.
type blanksPrefix struct {
	want          []byte
	wantAt, outAt int // the bytes of want and of the output checked
}

// ok reports whether out, which begins with the output of the calls
// before, could still become want but for blanks.
func (p *blanksPrefix) ok(out []byte) bool {
	for {
		rest, wantRest := out[p.outAt:], p.want[p.wantAt:]
		wantLine := wantRest
		if n := bytes.IndexByte(wantRest, '\n'); n >= 0 {
			wantLine = wantRest[:n+1]
		}
		n := bytes.IndexByte(rest, '\n')
		if n < 0 {
			return len(rest) == 0 || strings.HasPrefix(normalize(string(wantLine)), normalize(string(rest)))
		}
		if len(wantLine) == 0 || !SameBlanks(string(wantLine), string(rest[:n+1])) {
			return false
		}
		p.outAt += n + 1
		p.wantAt += len(wantLine)
	}
}

// answering returns the input line, from 1, whose answer in the judge's
// output out holds output line n, from 1, for an input of lines lines,
// and the first line of that answer, from 1; 0 and 0 for the first line,
// which comes before any input, and for a line past the end of out.
func answering(out []byte, lines, n int) (int, int) {
	at := 1 // output lines before the answer to the next input line
	for k, size := range console.AnswerSizes(out, lines) {
		if at < n && n <= at+size {
			return k + 1, at + 1
		}
		at += size
	}
	return 0, 0
}

// cause says what the judge's answer that holds a difference answers, the
// line first of that answer, for telling failures apart: a legal move
// ("valid move", its VALID and the position after it), a move line not
// legal ("invalid move"), or the setup ("setup", the first position); ""
// for the first line and past the end of the judge's output.
func cause(first string) string {
	switch console.KindOf(first) {
	case console.NoLine:
		return ""
	case console.ValidLine:
		return "valid move"
	case console.InvalidLine:
		return "invalid move"
	}
	return "setup"
}

// exceptionName finds the name of an exception or error type, such as
// IndexError or java.lang.ArrayIndexOutOfBoundsException.
var exceptionName = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_.$]*(?:Error|Exception|Interrupt|Exit)\b`)

// crash finds the line of standard error that says what went wrong, for
// telling crashes apart, and returns its index and what it names: the
// last exception named (Python's last line, Java's first), a Go panic
// without its numbers, or the C++ exception that ended the program; -1
// and "" if there is none.
func crash(lines []string) (int, string) {
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if rest, ok := strings.CutPrefix(l, "panic: "); ok {
			rest, _, _ = strings.Cut(rest, "[")
			return i, "panic: " + strings.TrimSpace(strings.Map(func(r rune) rune {
				if unicode.IsDigit(r) {
					return -1
				}
				return r
			}, rest))
		}
		if _, what, ok := strings.Cut(l, "terminate called after throwing an instance of "); ok {
			return i, strings.Trim(what, "'")
		}
		if strings.HasPrefix(l, "at ") || strings.HasPrefix(l, "File ") {
			continue // a line of a stack trace
		}
		if name := exceptionName.FindString(l); name != "" {
			return i, name
		}
	}
	return -1, ""
}

// Same reports whether d and e fail the same way: both too slow; or the
// runs ended alike, and where the output first differs the same class of
// line was expected and the same class came, in the judge's answer to the
// same kind of input line (the setup, a legal move, a move not legal), or
// the output is right and the exit statuses are the same; and when the
// output stops short or is right, the program ended the same way, with
// the same exception. The classes are: the FULL or SIMPLE line; a
// position (its score line or a board row, for a move that flips wrong
// shows first as either); TURN; VALID; INVALID; the WINNER line; the end
// of the output; anything else. INVALID where a legal move's VALID is due
// counts as a wrong position: the program found that the move flips
// nothing, a mistake of flips. So a mistake of flips, one of passes or
// turns (TURN), one of moves not legal taken (VALID where INVALID is
// due) and one of the end (WINNER) are four ways, and a wrong score of
// the first position and one after a move are two.
func (d *Difference) Same(e *Difference) bool {
	return d != nil && e != nil && d.way == e.way
}

// Same reports whether f and g fail the same way, as Difference.Same
// tells it.
func (f *Failure) Same(g *Failure) bool {
	return f != nil && g != nil && f.way == g.way
}

// sameAs reports whether d fails the same way as f, which a Difference
// summarized to.
func (d *Difference) sameAs(f *Failure) bool {
	return d != nil && f != nil && d.way == f.way
}

// lineClass names the class of an output line, for telling failures
// apart: the kind console.KindOf tells, with the score line and the board
// rows one class, the position.
func lineClass(line string) string {
	switch console.KindOf(line) {
	case console.NoLine:
		return "end"
	case console.RulesLine:
		return "rules"
	case console.WinnerLine:
		return "winner"
	case console.ScoreLine, console.BoardLine:
		return "position"
	case console.TurnLine:
		return "turn"
	case console.ValidLine:
		return "valid"
	case console.InvalidLine:
		return "invalid"
	}
	return "other"
}
