package check

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"othello/sandbox"
	"othello/scenario"
)

// maxShownLines bounds the input lines of a shrunk scenario shown in the
// report.
const maxShownLines = 40

// report writes what went wrong in one failing job.
func report(w io.Writer, cfg Config, j *job) {
	fmt.Fprintf(w, "\nFAIL %s (%s)\n", j.name, describe(j))
	writeFailure(w, j.f)
	switch {
	case j.shrunk != nil:
		s := j.shrunk
		fmt.Fprintf(w, "  smallest input found that fails the same way: %s", size(s))
		if cfg.Out != "" {
			file := filepath.Join(cfg.Out, filepath.FromSlash(s.Name)+".in")
			if j.shrunkWrite != nil {
				fmt.Fprintf(w, " (not written: %v)", j.shrunkWrite)
			} else {
				fmt.Fprintf(w, ", written with its expected output to %s", file)
			}
		}
		fmt.Fprintln(w, ":")
		lines := splitLines(j.shrunkIn)
		for i, l := range lines {
			if i == maxShownLines {
				fmt.Fprintf(w, "    ... %d more lines\n", len(lines)-i)
				break
			}
			fmt.Fprintf(w, "    %s\n", shown(l))
		}
		writeFailure(w, j.shrunkF)
	case j.sameAs != nil:
		fmt.Fprintf(w, "  fails the same way as %s: see the smallest input there\n", j.sameAs.name)
	}
}

// writeFailure writes where the output first differs and what the program
// did last.
func writeFailure(w io.Writer, f *Failure) {
	if f.Line > 0 {
		fmt.Fprintf(w, "  standard output differs at line %d:\n%s", f.Line, indent(f.Diff))
	}
	fmt.Fprintf(w, "  %s\n", f.What)
	if f.Stderr != "" {
		fmt.Fprintf(w, "  its standard error began %s\n", f.Stderr)
	}
}

// describe says where a scenario comes from and what it is.
func describe(j *job) string {
	if j.s == nil {
		return "golden transcript"
	}
	s := j.s
	return fmt.Sprintf("random scenario %d of seed %d: %s, %s first, %s, %s start", j.index, j.seed, size(s), s.First, s.Win, s.Start)
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
// sl of the sandbox that it ran under.
func what(t scenario.Transcript, r Result, lim Limits, sl sandbox.Limits) string {
	switch r.End {
	case NotStarted:
		return fmt.Sprintf("it could not be started: %v", r.Err)
	case TimedOut:
		return fmt.Sprintf("it was still running after %v, having used %v of CPU time, and was killed%s",
			lim.Timeout, r.CPU.Round(time.Millisecond), waiting(r, lim))
	case Limited:
		return "killed: it " + r.Limit.Describe(sl)
	case TooMuchStderr:
		return fmt.Sprintf("it wrote over %s to its standard error, and was killed", sandbox.Bytes(stderrFlood))
	case Interrupted:
		return "the check was stopped while it ran"
	case NoAnswer:
		in := splitLines(t.Input)
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
	if r.Status != t.Status {
		fmt.Fprintf(&sb, ", want status %d", t.Status)
	}
	want, got := splitLines(t.Output), splitLines(r.Stdout)
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
func waiting(r Result, lim Limits) string {
	if r.CPU < lim.Timeout/10 {
		return ": was it waiting for something?"
	}
	return ""
}

// shown returns an input line for the report: as it is, or quoted if it
// has blanks at its ends or characters that do not show. A long line is
// cut short as clip cuts it.
func shown(line string) string {
	line = strings.TrimSuffix(line, "\n")
	if len(line) > maxQuoted {
		return clip(line, 0)
	}
	q := strconv.Quote(line)
	if line == "" || strings.TrimSpace(line) != line || q[1:len(q)-1] != line {
		return q
	}
	return line
}

// indent puts two more blanks before each line of s.
func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n  ") + "\n"
}
