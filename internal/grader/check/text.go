package check

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/sandbox"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

// maxShownLines bounds the input lines of a reproducer shown in the
// report, and maxNamed the other scenarios of a way that it names.
const (
	maxShownLines = 40
	maxNamed      = 8
)

// WriteText writes the report of g for people: what was checked, a
// summary of the ways of failing, one block for each way with its
// smallest input, with verbose one block for each failing scenario too,
// the rules of structure of a Python program, the table of points, and last the line "N passed, M failed".
func WriteText(w io.Writer, g *Grade, verbose bool) error {
	bw := bufio.NewWriter(w)
	golden := 0
	for _, c := range g.Cases {
		if c.Category == scenario.Golden {
			golden++
		}
	}
	fmt.Fprintf(bw, "check %s: %s (%s), %s profile, %s, seed %d: 1 reference, %d golden and %d random scenarios, %d at a time\n",
		g.Program, g.Rules.Name(), g.RulesFrom, g.Profile, g.Mode, g.Seed, golden, len(g.Cases)-1-golden, g.Jobs)
	fmt.Fprintln(bw, g.Sandbox)
	if g.Env != "" {
		fmt.Fprintln(bw, "environment:", g.Env)
	}
	if g.Skipped > 0 {
		fmt.Fprintf(bw, "skipped %d golden transcripts of the other rule set\n", g.Skipped)
	}
	if len(g.Ways) > 0 {
		failed := g.Count(Failed)
		blanks := ""
		if n := g.Blanks(); n > 0 {
			blanks = fmt.Sprintf(" and %d %s right but for blanks", n, plural3(n, "is", "are"))
		}
		fmt.Fprintf(bw, "\n%d %s %s%s, in %d %s:\n", failed, plural(failed, "scenario"), plural3(failed, "fails", "fail"), blanks, len(g.Ways), plural(len(g.Ways), "way"))
		for _, way := range g.Ways {
			fmt.Fprintf(bw, "  way %d: %d %s (%s): %s\n", way.Number, len(way.Cases), plural(len(way.Cases), "scenario"), way.Categories(), way.Summary())
			input := "smallest input"
			if !way.Shrunk {
				input = "input, not shrunk"
			}
			fmt.Fprintf(bw, "         %s: %s%s\n", input, way.Size, where(way))
		}
	}
	for _, way := range g.Ways {
		writeWay(bw, g, way)
	}
	if verbose {
		for _, c := range g.Cases {
			if c.Verdict == Failed {
				fmt.Fprintf(bw, "\nFAIL %s (%s): way %d\n", c.Name, c.About, c.Way.Number)
				writeFailure(bw, c.Failure)
			}
		}
	}
	writeNotRun(bw, g, verbose)
	if g.Structure != nil {
		fmt.Fprintln(bw)
		writeStructure(bw, g.Structure)
	}
	fmt.Fprintf(bw, "\nscore (%s profile):\n", g.Profile)
	fmt.Fprintf(bw, "  %-16s %9s %15s\n", "category", "passed", "points")
	for _, s := range g.Scores {
		n := s.Passed + s.Failed + s.NotRun
		if n == 0 {
			fmt.Fprintf(bw, "  %-16s %9s %15s\n", s.Category, "none", fmt.Sprintf("-/%s", FormatPoints(s.Weight)))
			continue
		}
		fmt.Fprintf(bw, "  %-16s %9s %15s\n", s.Category, fmt.Sprintf("%d/%d", s.Passed, n), FormatPoints(s.Points)+"/"+FormatPoints(s.Max))
	}
	total, most := g.Total()
	fmt.Fprintf(bw, "  %-16s %9s %15s\n", "total", "", FormatPoints(total)+"/"+FormatPoints(most))
	fmt.Fprintf(bw, "%d passed, %d failed", g.Count(Passed), g.Count(Failed))
	if n := g.Count(NotRun); n > 0 {
		fmt.Fprintf(bw, ", %d not run", n)
	}
	fmt.Fprintln(bw)
	return bw.Flush()
}

// FormatPoints writes points as reports do, with at most two decimals:
// "15", "7.5", "8.33".
func FormatPoints(x float64) string {
	return strconv.FormatFloat(round(x), 'f', -1, 64)
}

// plural3 returns one if n is 1, else many.
func plural3(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// where says where the way's reproducer was written, if it was.
func where(w *Way) string {
	switch {
	case w.Err != nil:
		return fmt.Sprintf(" (not written: %v)", w.Err)
	case w.File != "":
		return ", in " + w.File
	}
	return ""
}

// Summary says in one line how the way fails: where the output first
// differs and what the program did; for a way that fails only in blanks,
// "right but for blanks: " and the two lines.
func (w *Way) Summary() string { return summary(w.Failure) }

// summary says in one line how f fails: where the output first differs
// and what the program did; for a failure only in blanks, "right but for
// blanks: " and the two lines; for a run too slow, only that (tooSlow).
func summary(f *Failure) string {
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

// writeWay writes the block of one way of failing: its scenarios, its
// reproducer and how it fails.
func writeWay(w io.Writer, g *Grade, way *Way) {
	ex := way.Cases[0]
	fmt.Fprintf(w, "\nWAY %d of %d: %d %s (%s), such as %s (%s)\n",
		way.Number, len(g.Ways), len(way.Cases), plural(len(way.Cases), "scenario"), way.Categories(), ex.Name, ex.About)
	if way.Shrunk {
		fmt.Fprintf(w, "  smallest input found that fails this way: %s", way.Size)
	} else {
		fmt.Fprintf(w, "  its input (%s), not shrunk%s", way.Size, notShrunk(ex, way))
	}
	switch {
	case way.Err != nil:
		fmt.Fprintf(w, " (not written: %v)", way.Err)
	case way.File != "":
		fmt.Fprintf(w, ", written with its expected output to %s", way.File)
	}
	fmt.Fprintln(w, ":")
	lines := console.Lines(way.Input)
	for i, l := range lines {
		if i == maxShownLines {
			fmt.Fprintf(w, "    ... %d more lines\n", len(lines)-i)
			break
		}
		fmt.Fprintf(w, "    %s\n", shown(l))
	}
	writeFailure(w, way.Failure)
	if way.MidGame != "" {
		fmt.Fprintf(w, "  the input ends mid-game: that is why the judge exits with status 1, saying %s on standard error; what the program does at that end does not count\n", strconv.Quote(way.MidGame))
	}
	if len(way.Cases) > 1 {
		var names []string
		for _, c := range way.Cases[1:min(len(way.Cases), 1+maxNamed)] {
			names = append(names, c.Name)
		}
		more := ""
		if n := len(way.Cases) - 1 - len(names); n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		fmt.Fprintf(w, "  also failing this way: %s%s (-v shows each)\n", strings.Join(names, ", "), more)
	}
}

// notShrunk says why a way's input was not shrunk.
func notShrunk(ex *Case, way *Way) string {
	switch {
	case ex.Category == scenario.Reference || ex.Category == scenario.Golden:
		return ": a transcript from a file"
	case ex.Category == scenario.BadSetup:
		return ": a bad setup"
	case way.Failure.End.limitEnded():
		return ": a limit ended it, and each try could take the whole limit"
	}
	return ": no smaller input was found that fails the same way"
}

// writeNotRun says which scenarios were not run, and why.
func writeNotRun(w io.Writer, g *Grade, verbose bool) {
	whys := map[string]int{}
	var order []string
	for _, c := range g.Cases {
		if c.Verdict != NotRun {
			continue
		}
		if whys[c.Why] == 0 {
			order = append(order, c.Why)
		}
		whys[c.Why]++
		if verbose {
			fmt.Fprintf(w, "\nNOT RUN %s (%s)\n", c.Name, c.About)
		}
	}
	if len(order) > 0 {
		fmt.Fprintln(w)
	}
	for _, why := range order {
		fmt.Fprintf(w, "%d %s %s, which count as failed\n", whys[why], plural(whys[why], "scenario"), why)
	}
}

// writeFailure writes where the output first differs and what the program
// did last.
func writeFailure(w io.Writer, f *Failure) {
	if f.Line > 0 {
		fmt.Fprintf(w, "  standard output differs at line %d", f.Line)
		if f.InputLine > 0 {
			fmt.Fprintf(w, ", in the answer to input line %d, %s", f.InputLine, quote(f.Input))
		}
		fmt.Fprintf(w, ":\n%s", indent(f.Diff))
	}
	fmt.Fprintf(w, "  %s\n", f.What)
	if len(f.Stderr) > 0 {
		fmt.Fprintf(w, "  its standard error:\n")
		for _, l := range f.Stderr {
			fmt.Fprintf(w, "    | %s\n", l)
		}
	}
}

// describe says what a random scenario is.
func describe(s *scenario.Scenario) string {
	d := fmt.Sprintf("%s, %s, %s first, %s, %s start", s.Category, size(s), s.First, s.Win, s.Start)
	if s.Fault != nil {
		d += ", bad setup"
	}
	return d
}

// size gives a scenario's board size and number of lines after the setup.
func size(s *scenario.Scenario) string {
	return fmt.Sprintf("%dx%d board, %d %s after the setup", s.Board.Rows(), s.Board.Cols(), len(s.Lines), plural(len(s.Lines), "line"))
}

// plural returns word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// what says what the program did last, with the limits lim of time and
// sl of the sandbox that it ran under; status says whether its exit
// status counted.
func what(t scenario.Transcript, r Result, lim Timeouts, sl sandbox.Limits, status bool) string {
	switch r.End {
	case NotStarted:
		return fmt.Sprintf("it could not be started: %v", r.Err)
	case TimedOut:
		return fmt.Sprintf("it was still running after %v, having used %v of CPU time, and was killed%s",
			lim.Timeout, r.CPU.Round(time.Millisecond), waiting(r, lim))
	case KilledAtLimit:
		return "killed: it " + r.Limit.Describe(sl)
	case TooMuchStderr:
		return fmt.Sprintf("it wrote over %s to its standard error, and was killed", sandbox.Bytes(stderrFlood))
	case Interrupted:
		return "the check was stopped while it ran"
	case NoAnswer:
		in := console.Lines(t.Input)
		if r.Lines == 0 || r.Lines > len(in) {
			return fmt.Sprintf("it printed no first line within %v, and was killed: does it flush its output before it reads?", lim.LineTimeout)
		}
		return fmt.Sprintf("it gave no answer within %v to input line %d, %s, and was killed: does it flush its output before it reads?",
			lim.LineTimeout, r.Lines, shown(in[r.Lines-1]))
	case WentWrong:
		return fmt.Sprintf("it was stopped there, after input line %d", r.Lines)
	case TooMuchOutput:
		return fmt.Sprintf("it wrote over %s more than the judge, and was killed", sandbox.Bytes(extraOutput))
	}
	var sb strings.Builder
	if r.Status >= 0 {
		fmt.Fprintf(&sb, "it exited with status %d", r.Status)
	} else {
		fmt.Fprintf(&sb, "it died (%s)", r.State)
	}
	if status && r.Status != t.Status {
		fmt.Fprintf(&sb, ", want status %d", t.Status)
	}
	want, got := console.Lines(t.Output), console.Lines(r.Stdout)
	if extra := len(got) - len(want); extra > 0 && len(want) > 0 && strings.HasPrefix(string(r.Stdout), string(t.Output)) {
		fmt.Fprintf(&sb, ", after writing %d %s more than the judge", extra, plural(extra, "line"))
	}
	if r.Limit != sandbox.NoLimit {
		fmt.Fprintf(&sb, "; it reached a limit: it %s", r.Limit.Describe(sl))
	}
	return sb.String()
}

// waiting says, for a run that timed out, whether it was waiting rather
// than computing: it used less than a tenth of the time on a CPU.
func waiting(r Result, lim Timeouts) string {
	if r.CPU < lim.Timeout/10 {
		return ": was it waiting for something?"
	}
	return ""
}

// indent puts two more blanks before each line of s.
func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n  ") + "\n"
}
