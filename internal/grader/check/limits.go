package check

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// The default time limits of a run grow with its Size: a plain Python
// program's CPU time is its start, some 0.2 s on a loaded machine, and
// then a cost for each move line that grows with the cells of the board;
// a correct but slow one needs up to 50 µs a move and cell (3.5 s for a
// full 16x16 game). The defaults leave a wide margin over both: BaseCPU,
// the fixed limit of before, and CPUPerMoveCell four times the slow
// program's cost; the wall time is twice the CPU time, for a machine
// shared with other runs, and BaseWall more.
const (
	BaseCPU        = 2 * time.Second
	CPUPerMoveCell = 200 * time.Microsecond
	BaseWall       = 4 * time.Second
)

// A Size is what a run's default time limits grow with: the board of its
// input and the lines after the setup, each of which is a move to answer.
type Size struct {
	Rows, Cols int // 0 when the setup names no board the rules allow
	Moves      int // the input lines after the setup
}

// SizeOf returns the size of the input of t, as its setup gives it. An
// input whose setup names no board the rules allow has no cells, for the
// judge reads no move of it.
func SizeOf(t scenario.Transcript) Size {
	lines := console.Lines(t.Input)
	if len(lines) < 2 {
		return Size{}
	}
	rows, err1 := strconv.Atoi(strings.TrimSpace(lines[0]))
	cols, err2 := strconv.Atoi(strings.TrimSpace(lines[1]))
	if err1 != nil || err2 != nil {
		return Size{}
	}
	if othello.CheckSize(rows) != nil || othello.CheckSize(cols) != nil {
		return Size{}
	}
	return Size{Rows: rows, Cols: cols, Moves: max(0, len(lines)-4-rows)}
}

// CPU returns the default CPU time limit of a run of size s: BaseCPU and
// CPUPerMoveCell for each move and cell.
func (s Size) CPU() time.Duration {
	return BaseCPU + time.Duration(s.Moves*s.Rows*s.Cols)*CPUPerMoveCell
}

// Wall returns the default wall-clock time limit of a run of size s:
// BaseWall and twice its CPU time limit.
func (s Size) Wall() time.Duration {
	return BaseWall + 2*s.CPU()
}

// String returns the board size, such as "16x16", or "no board".
func (s Size) String() string {
	if s.Rows == 0 {
		return "no board"
	}
	return fmt.Sprintf("%dx%d", s.Rows, s.Cols)
}

// limitsFor returns the time limits of a run on t and the sandbox it runs
// in: cfg's, but where cfg.Timeouts.Timeout or the sandbox's CPU limit is
// 0, the default of the size of t (SizeOf).
func (cfg Config) limitsFor(t scenario.Transcript) (Timeouts, sandbox.Config) {
	lim, sb := cfg.Timeouts, cfg.Sandbox
	s := SizeOf(t)
	if lim.Timeout == 0 {
		lim.Timeout = s.Wall()
	}
	if sb.Limits.CPU == 0 {
		sb.Limits.CPU = s.CPU()
	}
	return lim, sb
}

// describeTime says the time limits of each run in words: fixed, or the
// defaults that grow with its size.
func describeTime(lim Timeouts, sl sandbox.Limits) []string {
	var parts []string
	if lim.Timeout > 0 {
		parts = append(parts, fmt.Sprintf("%v wall time", lim.Timeout))
	} else {
		parts = append(parts, fmt.Sprintf("wall time %v + twice the CPU time limit", BaseWall))
	}
	if sandbox.LimitsHold {
		if sl.CPU > 0 {
			parts = append(parts, fmt.Sprintf("%v CPU", sl.CPU))
		} else {
			parts = append(parts, fmt.Sprintf("CPU time %v + %v for each move line and board cell", BaseCPU, CPUPerMoveCell))
		}
	}
	return parts
}

// timeEnded reports whether a time limit ended the run: its wall time,
// or the sandbox's CPU limit.
func (r Result) timeEnded() bool {
	return r.End == TimedOut || r.End == KilledAtLimit && r.Limit == sandbox.CPULimit
}

// Hung reports whether the run never answered: in lock-step, the answer
// to a line did not come within its limit (NoAnswer); or a time limit
// ended it when it had answered no input line (it wrote at most its
// first line), or when its standard output had been silent for half the
// run or more. A program that is slow but keeps writing its answers did
// not hang.
func (r Result) Hung() bool {
	if r.End == NoAnswer {
		return true
	}
	return r.timeEnded() && (len(console.Lines(r.Stdout)) <= 1 || 2*r.Quiet >= r.Wall)
}

// tooSlow says in one line that a run a time limit ended was too slow
// for the size of its input, t's: the time it used and the limit, in
// the limits lim of time and sl of the sandbox it ran under.
func tooSlow(t scenario.Transcript, r Result, lim Timeouts, sl sandbox.Limits) string {
	if r.End == TimedOut {
		return fmt.Sprintf("too slow on %v: %s of wall time (%s of CPU), the limit %s", SizeOf(t), inSeconds(r.Wall), inSeconds(r.CPU), inSeconds(lim.Timeout))
	}
	return fmt.Sprintf("too slow on %v: %s of CPU, the limit %s", SizeOf(t), inSeconds(r.CPU), inSeconds(sl.CPU))
}

// inSeconds writes d in seconds, to a tenth: "2.4 s", "2 s".
func inSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Round(100*time.Millisecond).Seconds(), 'f', -1, 64) + " s"
}
