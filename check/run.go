package check

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"othello/scenario"
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

// Limits bound one run of a program.
type Limits struct {
	Timeout     time.Duration // the whole run
	LineTimeout time.Duration // in lock-step, the wait for the answer to one line
}

// An End is how a run ended.
type End uint8

// The ends of a run. Every end but Exited and NotStarted means the program
// and every process it started were killed.
const (
	Exited        End = iota // the program exited on its own
	TimedOut                 // it was still running at Limits.Timeout
	NoAnswer                 // in lock-step, a line's answer did not come within Limits.LineTimeout
	WentWrong                // in lock-step, its output went wrong, so it was stopped early
	TooMuchOutput            // it wrote far more than the judge does
	NotStarted               // it could not be started
)

// A Result is what a program did with one input.
type Result struct {
	Stdout []byte
	Stderr []byte // at most its first maxStderr bytes
	Status int    // the exit status; -1 when it was killed or died of a signal
	State  string // how the process ended, such as "exit status 2" or "signal: segmentation fault"
	End    End
	Lines  int   // in lock-step, how many input lines were written in full
	Err    error // why it could not be started, for NotStarted
}

const (
	maxStderr   = 64 << 10
	extraOutput = 64 << 10 // output allowed beyond the judge's before the program is stopped
	exitGrace   = time.Second
)

// Run runs p on the transcript's input in the given mode, within the
// limits. It kills the program and every process it started when it
// ends, one way or another.
func Run(p Program, t scenario.Transcript, mode Mode, lim Limits) Result {
	cmd := exec.Command(p.Path, p.Args...)
	ownGroup(cmd)
	stdinR, stdinW, err1 := os.Pipe()
	stdoutR, stdoutW, err2 := os.Pipe()
	stderrR, stderrW, err3 := os.Pipe()
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			closeAll(stdinR, stdinW, stdoutR, stdoutW, stderrR, stderrW)
			return Result{End: NotStarted, Status: -1, Err: err}
		}
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, stderrW
	err := cmd.Start()
	closeAll(stdinR, stdoutW, stderrW) // the program has its own copies
	if err != nil {
		closeAll(stdinW, stdoutR, stderrR)
		return Result{End: NotStarted, Status: -1, Err: err}
	}

	stdout := newOutput(len(t.Output) + extraOutput)
	stderr := newOutput(maxStderr)
	go stdout.readFrom(stdoutR)
	go stderr.readFrom(stderrR)
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()

	// A program that stops reading must not block a write past the limit.
	stdinW.SetWriteDeadline(time.Now().Add(lim.Timeout))
	r := &runner{t: t, lim: lim, stdin: stdinW, stdout: stdout, exited: exited, deadline: time.After(lim.Timeout)}
	var end End
	if mode == LockStep {
		end = r.lockStep()
	} else {
		end = r.batch()
	}
	if end != Exited {
		killGroup(cmd)
		<-exited
	}
	killGroup(cmd) // what the program started and left running
	stdinW.Close()
	stdout.wait(exitGrace)
	stderr.wait(exitGrace)
	closeAll(stdoutR, stderrR)
	return Result{
		Stdout: stdout.bytes(),
		Stderr: stderr.bytes(),
		Status: cmd.ProcessState.ExitCode(),
		State:  cmd.ProcessState.String(),
		End:    end,
		Lines:  r.lines,
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
	t        scenario.Transcript
	lim      Limits
	stdin    *os.File
	stdout   *output
	exited   <-chan struct{}
	deadline <-chan time.Time
	lines    int // input lines written in full
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
	case <-r.deadline:
		return TimedOut
	}
}

// lockStep writes the input one line at a time, each once the lines that
// answer the one before it have come, and stops the program as soon as
// its output differs from the judge's.
func (r *runner) lockStep() End {
	in := splitLines(r.t.Input)
	answers := AnswerSizes(r.t.Output, len(in))
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
		if !bytes.HasPrefix(r.t.Output, got) {
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
		case <-lineDeadline:
			return NoAnswer, false
		case <-r.deadline:
			return TimedOut, false
		}
	}
}

// An output collects what a program writes on one stream, up to a limit.
type output struct {
	mu      sync.Mutex
	buf     []byte
	limit   int
	changed chan struct{} // signalled after each read
	full    chan struct{} // closed when the limit is passed
	done    chan struct{} // closed at the end of the stream
}

func newOutput(limit int) *output {
	return &output{limit: limit, changed: make(chan struct{}, 1), full: make(chan struct{}), done: make(chan struct{})}
}

func (o *output) readFrom(r io.Reader) {
	defer close(o.done)
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		o.mu.Lock()
		room := o.limit - len(o.buf)
		if n > room && room >= 0 {
			close(o.full)
		}
		o.buf = append(o.buf, chunk[:max(0, min(n, room))]...)
		if n > room {
			o.limit = -1 // keep reading, so that the program never blocks on a full pipe
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

// wait waits for the end of the stream, at most d.
func (o *output) wait(d time.Duration) {
	select {
	case <-o.done:
	case <-time.After(d):
	}
}
