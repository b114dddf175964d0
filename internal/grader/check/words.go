package check

import (
	"fmt"
	"strings"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

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
			lim.LineTimeout, r.Lines, Shown(in[r.Lines-1]))
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
