package check

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

// A Program is the command line of a program to check.
type Program struct {
	Path string
	Args []string
}

// A Mode is how a program is given its input.
type Mode uint8

// The modes.
const (
	// Batch writes all the input at once and closes standard input, as a
	// grader's pipe does. It catches a program that reads ahead badly.
	Batch Mode = iota
	// LockStep writes one line and waits for the lines that answer it
	// before writing the next, as a person at a terminal does. It catches
	// a program that does not flush its output before reading.
	LockStep
)

// String returns "batch" or "lock-step".
func (m Mode) String() string {
	if m == LockStep {
		return "lock-step"
	}
	return "batch"
}

// Timeouts bound the time of one run of a program. What it may use besides
// time is the sandbox's (sandbox.Limits).
type Timeouts struct {
	Timeout     time.Duration // the whole run, in wall-clock time; in a Config, 0 for the default of each run's Size
	LineTimeout time.Duration // in lock-step, the wait for the answer to one line
}

// An End is how a run ended.
type End uint8

// The ends of a run. Every end but Exited and NotStarted means the program
// and every process it started were killed.
const (
	Exited        End = iota // the program exited on its own
	TimedOut                 // it was still running at Timeouts.Timeout
	NoAnswer                 // in lock-step, a line's answer did not come within Timeouts.LineTimeout
	WentWrong                // in lock-step, its output went wrong, so it was stopped early
	TooMuchOutput            // it wrote far more than the judge does
	TooMuchStderr            // it flooded its standard error
	KilledAtLimit            // the sandbox killed it at a limit: Result.Limit
	Interrupted              // the check was stopped (its context is done)
	NotStarted               // it could not be started
)

// A Result is what a program did with one input.
type Result struct {
	Stdout []byte
	Stderr []byte // at most its first maxStderr bytes
	Status int    // the exit status; -1 when it was killed or died of a signal
	State  string // how the process ended, such as "exit status 2" or "signal: segmentation fault"
	End    End
	Lines  int           // in lock-step, how many input lines were written in full
	Limit  sandbox.Limit // the sandbox's limit it reached, if any (with End KilledAtLimit when it was killed for it)
	CPU    time.Duration // the CPU time of all its processes
	Err    error         // why it could not be started, for NotStarted
	Wall   time.Duration // its wall-clock time, until it ended or was stopped
	Quiet  time.Duration // how long its standard output had been silent then (since its start, if it wrote nothing)
	// FellBack says why the run was made Limited though the sandbox was
	// Isolated: the probe passed, but this run's isolation could not be
	// set up (sandbox.ErrUnavailable); "" for a run made as asked.
	FellBack string
}

// LimitEnded reports whether a limit ended the run: a time limit, or one
// of the sandbox's.
func (e End) LimitEnded() bool {
	switch e {
	case TimedOut, NoAnswer, KilledAtLimit, TooMuchOutput, TooMuchStderr:
		return true
	}
	return false
}

const (
	maxStderr   = 64 << 10 // standard error kept for the report
	stderrFlood = 1 << 20  // standard error written before the program is stopped
	extraOutput = 64 << 10 // output allowed beyond the judge's before the program is stopped
	exitGrace   = time.Second
)

// Run runs p in the sandbox sb on the transcript's input in the given
// mode, within the limits, or until ctx is done. Every process it started
// is gone when Run returns. An Isolated run whose isolation cannot be set
// up, where the probe passed, is made again Limited rather than count
// against the program, and Result.FellBack says why.
func Run(ctx context.Context, p Program, t scenario.Transcript, mode Mode, lim Timeouts, sb sandbox.Config) Result {
	r := runIn(ctx, p, t, mode, lim, sb)
	if r.End == NotStarted && sb.Mode == sandbox.Isolated && errors.Is(r.Err, sandbox.ErrUnavailable) {
		why := r.Err.Error()
		var u *sandbox.UnavailableError
		if errors.As(r.Err, &u) {
			why = u.Missing
		}
		sb.Mode = sandbox.Limited
		r = runIn(ctx, p, t, mode, lim, sb)
		r.FellBack = why
	}
	return r
}

// startProgram starts a run's program: sandbox.Config.Start, which tests
// replace to make the sandbox fail.
var startProgram = sandbox.Config.Start

// runIn is Run without the fallback.
func runIn(ctx context.Context, p Program, t scenario.Transcript, mode Mode, lim Timeouts, sb sandbox.Config) Result {
	stdinR, stdinW, err1 := os.Pipe()
	stdoutR, stdoutW, err2 := os.Pipe()
	stderrR, stderrW, err3 := os.Pipe()
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			closeAll(stdinR, stdinW, stdoutR, stdoutW, stderrR, stderrW)
			return Result{End: NotStarted, Status: -1, Err: err}
		}
	}
	proc, err := startProgram(sb, p.Path, p.Args, stdinR, stdoutW, stderrW)
	closeAll(stdinR, stdoutW, stderrW) // the program has its own copies
	if err != nil {
		closeAll(stdinW, stdoutR, stderrR)
		return Result{End: NotStarted, Status: -1, Err: err}
	}

	start := time.Now()
	stdout := newOutput(len(t.Output)+extraOutput, len(t.Output)+extraOutput)
	stderr := newOutput(maxStderr, stderrFlood)
	go stdout.readFrom(stdoutR)
	go stderr.readFrom(stderrR)

	// A program that stops reading must not block a write past the limit.
	stdinW.SetWriteDeadline(time.Now().Add(lim.Timeout))
	r := &runner{ctx: ctx, t: t, lim: lim, stdin: stdinW, stdout: stdout, stderr: stderr, exited: proc.Done(), deadline: time.After(lim.Timeout), prefix: blanksPrefix{want: t.Output}}
	var end End
	if mode == LockStep {
		end = r.lockStep()
	} else {
		end = r.batch()
	}
	wall, quiet := time.Since(start), stdout.quiet()
	proc.Stop() // what the program started and left running, or the program itself
	st := proc.Status()
	stdinW.Close()
	stdout.wait(exitGrace)
	stderr.wait(exitGrace)
	closeAll(stdoutR, stderrR)
	if st.Err != nil {
		return Result{End: NotStarted, Status: -1, Err: st.Err}
	}
	if st.Limit != sandbox.NoLimit && st.Killed && end == Exited {
		end = KilledAtLimit
	}
	return Result{
		Stdout: stdout.bytes(),
		Stderr: withoutFolder(stderr.bytes(), sb.Dir),
		Status: st.Exit,
		State:  st.State,
		End:    end,
		Lines:  r.lines,
		Limit:  st.Limit,
		CPU:    st.CPU,
		Wall:   wall,
		Quiet:  quiet,
	}
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}

// A runner feeds one program its input and watches its output.
type runner struct {
	ctx      context.Context
	t        scenario.Transcript
	lim      Timeouts
	stdin    *os.File
	stdout   *output
	stderr   *output
	exited   <-chan struct{}
	deadline <-chan time.Time
	lines    int // input lines written in full
	prefix   blanksPrefix
}

// batch writes all the input and waits for the program to exit.
func (r *runner) batch() End {
	go func() {
		r.stdin.Write(r.t.Input)
		r.stdin.Close()
	}()
	return r.waitExit()
}

// waitExit waits for the program to exit, within the time limit.
func (r *runner) waitExit() End {
	select {
	case <-r.exited:
		return Exited
	case <-r.stdout.full:
		return TooMuchOutput
	case <-r.stderr.full:
		return TooMuchStderr
	case <-r.deadline:
		return TimedOut
	case <-r.ctx.Done():
		return Interrupted
	}
}

// lockStep writes the input one line at a time, each once the lines that
// answer the one before it have come, and stops the program as soon as
// its output differs from the judge's in more than blanks (blanksPrefix).
func (r *runner) lockStep() End {
	in := console.Lines(r.t.Input)
	answers := console.AnswerSizes(r.t.Output, len(in))
	want := 1 // the FULL or SIMPLE line comes before any input
	for i := 0; ; i++ {
		if end, ok := r.waitLines(want); !ok {
			return end
		}
		if i == len(in) {
			break
		}
		if _, err := r.stdin.Write([]byte(in[i])); err != nil {
			break // it has stopped reading
		}
		r.lines = i + 1
		if !bytes.HasSuffix([]byte(in[i]), []byte("\n")) {
			r.stdin.Close() // only the end of the input ends a last line with no newline
		}
		want += answers[i]
	}
	r.stdin.Close()
	return r.waitExit()
}

// waitLines waits until the program has written n lines. It returns false
// and how the run ends if the output goes wrong, the program exits, or a
// time limit passes first.
func (r *runner) waitLines(n int) (End, bool) {
	lineDeadline := time.After(r.lim.LineTimeout)
	for {
		got := r.stdout.bytes()
		if !r.prefix.ok(got) {
			return WentWrong, false
		}
		if bytes.Count(got, []byte("\n")) >= n {
			return Exited, true
		}
		select {
		case <-r.stdout.changed:
		case <-r.exited:
			r.stdout.wait(exitGrace)
			if bytes.Count(r.stdout.bytes(), []byte("\n")) >= n {
				continue // the answer came just before the exit
			}
			return Exited, false
		case <-r.stdout.full:
			return TooMuchOutput, false
		case <-r.stderr.full:
			return TooMuchStderr, false
		case <-lineDeadline:
			return NoAnswer, false
		case <-r.deadline:
			return TimedOut, false
		case <-r.ctx.Done():
			return Interrupted, false
		}
	}
}

// An output collects what a program writes on one stream: it keeps the
// first keep bytes, and closes full once more than limit have come.
type output struct {
	mu      sync.Mutex
	buf     []byte
	keep    int
	limit   int
	n       int           // bytes read so far
	last    time.Time     // when the last bytes came, or the output was made
	changed chan struct{} // signalled after each read
	full    chan struct{} // closed when the limit is passed
	done    chan struct{} // closed at the end of the stream
}

// withoutFolder returns stderr with the path of the working folder dir
// left out before each name in it, and with it whatever path it is
// under, such as a Limited run's private copy: "/home/ta/class/ana/main.py"
// and "/tmp/othello-run-1-2/root/home/ta/class/ana/main.py" become
// "main.py". So the reports show no path of the grader's, such as a
// Python traceback's.
func withoutFolder(stderr []byte, dir string) []byte {
	abs, err := filepath.Abs(dir)
	if err != nil || abs == "/" {
		return stderr
	}
	paths := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs && real != "/" {
		paths = append(paths, real)
	}
	for _, p := range paths {
		stderr = regexp.MustCompile(`[^\s"'<>]*`+regexp.QuoteMeta(p+"/")).ReplaceAll(stderr, nil)
	}
	return stderr
}

func newOutput(keep, limit int) *output {
	return &output{keep: keep, limit: limit, last: time.Now(), changed: make(chan struct{}, 1), full: make(chan struct{}), done: make(chan struct{})}
}

// readFrom reads r to its end, so that the program never blocks on a full
// pipe.
func (o *output) readFrom(r io.Reader) {
	defer close(o.done)
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		o.mu.Lock()
		if room := o.keep - len(o.buf); room > 0 {
			o.buf = append(o.buf, chunk[:min(n, room)]...)
		}
		if o.n <= o.limit && o.n+n > o.limit {
			close(o.full)
		}
		o.n += n
		if n > 0 {
			o.last = time.Now()
		}
		o.mu.Unlock()
		select {
		case o.changed <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

func (o *output) bytes() []byte {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]byte(nil), o.buf...)
}

// quiet returns how long no bytes have come.
func (o *output) quiet() time.Duration {
	o.mu.Lock()
	defer o.mu.Unlock()
	return time.Since(o.last)
}

// wait waits for the end of the stream, at most d.
func (o *output) wait(d time.Duration) {
	select {
	case <-o.done:
	case <-time.After(d):
	}
}
