package referee

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// exitGrace is how long a program that closed its output has to exit
// before it is stopped, so that its own exit status is reported.
const exitGrace = time.Second

// maxLine is the longest answer line read; a longer one is garbage.
const maxLine = 256

// stderrTail is how much of the end of a program's standard error a
// forfeit of its shows: a traceback's last lines.
const stderrTail = 300

// maxStderr is how much of a program's standard error is read in all.
const maxStderr = 1 << 20

// stderrWait is how long a forfeit waits for a program that is ending to
// finish its standard error.
const stderrWait = 200 * time.Millisecond

// A program is a player's program, run in the sandbox for the whole of
// one game, that speaks the plain protocol: each turn the referee writes
//
//	MOVE B 9500 8 8
//
// (the colour to move, the milliseconds left on its clock, the rows and
// the columns), then the board, a line a row, each square B, W or .; and
// the program answers with one line, the row and the column of its move
// from 1, "4 3", or "pass". At the end of the game its standard input is
// closed, and it is stopped.
type program struct {
	proc  *sandbox.Process
	stdin *os.File
	lines chan string // the lines of its standard output, closed at its end

	errMu   sync.Mutex
	errTail []byte        // the last stderrTail bytes of its standard error
	errDone chan struct{} // closed when its standard error has ended
}

// startProgram starts path with args in the sandbox sb. An Isolated run
// that cannot have its isolation here is started Limited, as check.Run
// does. One that cannot be started at all is a *ForfeitError wrapping
// ErrCrashed.
func startProgram(sb sandbox.Config, path string, args []string) (*program, error) {
	p, err := startIn(sb, path, args)
	if err != nil && sb.Mode == sandbox.Isolated && errors.Is(err, sandbox.ErrUnavailable) {
		sb.Mode = sandbox.Limited
		p, err = startIn(sb, path, args)
	}
	if err != nil {
		return nil, &ForfeitError{Detail: "could not start: " + strconv.Quote(err.Error()), Err: ErrCrashed}
	}
	return p, nil
}

// startIn is startProgram without the fallback.
func startIn(sb sandbox.Config, path string, args []string) (*program, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	proc, err := sb.Start(path, args, inR, outW, errW)
	closeAll(inR, outW, errW)
	if err != nil {
		closeAll(inW, outR, errR)
		return nil, err
	}
	p := &program{proc: proc, stdin: inW, lines: make(chan string, 1), errDone: make(chan struct{})}
	go p.read(outR)
	go p.readErr(errR)
	return p, nil
}

// read sends each line of out to p.lines, a line cut at maxLine bytes,
// until out ends.
func (p *program) read(out *os.File) {
	defer close(p.lines)
	defer out.Close()
	r := bufio.NewReaderSize(out, maxLine)
	for {
		line, err := r.ReadSlice('\n')
		if len(line) > 0 || err == nil {
			p.lines <- string(line)
		}
		if err == bufio.ErrBufferFull {
			io.Copy(io.Discard, r) // past a line too long, nothing more counts
			return
		}
		if err != nil {
			return
		}
	}
}

// readErr keeps the end of the program's standard error, until it ends
// or has written maxStderr bytes: past them it is no longer read, and a
// program that floods it stops on a full pipe, or on EPIPE.
func (p *program) readErr(stderr *os.File) {
	defer close(p.errDone)
	defer stderr.Close()
	buf := make([]byte, 4096)
	for total := 0; total < maxStderr; {
		n, err := stderr.Read(buf)
		total += n
		p.errMu.Lock()
		p.errTail = append(p.errTail, buf[:n]...)
		if len(p.errTail) > stderrTail {
			p.errTail = append(p.errTail[:0], p.errTail[len(p.errTail)-stderrTail:]...)
		}
		p.errMu.Unlock()
		if err != nil {
			return
		}
	}
}

// explain adds to f, the program's forfeit, the end of its standard
// error, quoted, once that has ended (a program that has exited gets up
// to exitGrace for it, on a busy machine) or stderrWait has passed:
// what a student needs to see of a crash.
func (p *program) explain(f *ForfeitError) {
	select {
	case <-p.errDone:
	case <-p.proc.Done(): // its standard error ends with its last process
		select {
		case <-p.errDone:
		case <-time.After(exitGrace):
		}
	case <-time.After(stderrWait):
	}
	p.errMu.Lock()
	tail := string(p.errTail)
	p.errMu.Unlock()
	if tail != "" {
		f.Detail += "; its standard error ends " + strconv.Quote(tail)
	}
}

// Move writes the turn and reads the answer, within left.
func (p *program) Move(g *othello.Game, left time.Duration) (othello.Square, bool, error) {
	d := newDeadline(left)
	if err := p.unasked(); err != nil {
		return othello.Square{}, false, err
	}
	if err := p.send(request(g.Position(), left), d); err != nil {
		return othello.Square{}, false, err
	}
	line, err := p.receive(d)
	if err != nil {
		return othello.Square{}, false, err
	}
	return parseAnswer(line)
}

// unasked returns the forfeit of a program that wrote a line it was not
// asked for, or whose output has ended; nil if it has written nothing.
func (p *program) unasked() error {
	select {
	case line, ok := <-p.lines:
		if !ok {
			return p.crashed()
		}
		return &ForfeitError{Detail: "wrote " + strconv.Quote(line) + " before it was asked", Err: ErrGarbage}
	default:
		return nil
	}
}

// A deadline is when the time a program has runs out, and how long that
// time was, for the forfeit that says so.
type deadline struct {
	at     time.Time
	within time.Duration
}

// newDeadline returns the deadline of a program that has within from now.
func newDeadline(within time.Duration) deadline {
	return deadline{at: time.Now().Add(within), within: within}
}

// send writes text to the program by d: a program that does not read it
// in time loses on time, one that is gone has crashed.
func (p *program) send(text string, d deadline) error {
	p.stdin.SetWriteDeadline(d.at)
	if _, err := io.WriteString(p.stdin, text); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return &ForfeitError{Detail: "did not read its input in " + round(d.within).String(), Err: ErrTime}
		}
		return p.crashed()
	}
	return nil
}

// tellLimit is how long tell waits for a program to read a farewell.
const tellLimit = 100 * time.Millisecond

// tell writes text to the program if it reads it within tellLimit, and
// otherwise gives up: a farewell, such as an engine's "quit", that a
// program gone or stuck need not read.
func (p *program) tell(text string) {
	p.stdin.SetWriteDeadline(time.Now().Add(tellLimit))
	io.WriteString(p.stdin, text)
}

// receive returns the program's next line by d: one that writes none in
// time loses on time, one whose output ends has crashed.
func (p *program) receive(d deadline) (string, error) {
	timer := time.NewTimer(time.Until(d.at))
	defer timer.Stop()
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", p.crashed()
		}
		return line, nil
	case <-timer.C:
		return "", &ForfeitError{Detail: "no answer in " + round(d.within).String(), Err: ErrTime}
	}
}

// crashed returns the forfeit of a program whose output has ended: how
// it ended, as the sandbox says.
func (p *program) crashed() error {
	select {
	case <-p.proc.Done():
	case <-time.After(exitGrace):
		p.proc.Stop() // it closed its output, and goes on
	}
	st := p.proc.Status()
	if st.Err != nil { // as it started, in the sandbox: not found, say
		return &ForfeitError{Detail: "could not start: " + strconv.Quote(st.Err.Error()), Err: ErrCrashed}
	}
	return &ForfeitError{Detail: "exited: " + strconv.Quote(st.State), Err: ErrCrashed}
}

// Stop closes the program's input, stops it and every process it
// started, and waits for the sandbox to say it is gone.
func (p *program) Stop() {
	p.stdin.Close()
	p.proc.Stop()
	p.proc.Status()
}

// request returns the turn for the player to move in pos as the plain
// protocol writes it: the header line, then the rows.
func request(pos *othello.Position, left time.Duration) string {
	b := pos.Board()
	var s strings.Builder
	fmt.Fprintf(&s, "MOVE %s %d %d %d\n", colorLetter(pos.Turn()), left.Milliseconds(), b.Rows(), b.Cols())
	for r := range b.Rows() {
		for c := range b.Cols() {
			color, _ := b.At(othello.Square{Row: r, Col: c})
			s.WriteByte(".BW"[color])
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// parseAnswer reads an answer line: "ROW COL" from 1, or "pass", with
// any blanks around. Anything else is a *ForfeitError wrapping
// ErrGarbage, the line quoted.
func parseAnswer(line string) (othello.Square, bool, error) {
	f := strings.Fields(line)
	if len(f) == 1 && strings.EqualFold(f[0], "pass") {
		return othello.Square{}, true, nil
	}
	if len(f) == 2 {
		r, err1 := strconv.Atoi(f[0])
		c, err2 := strconv.Atoi(f[1])
		if err1 == nil && err2 == nil {
			return othello.Square{Row: r - 1, Col: c - 1}, false, nil
		}
	}
	return othello.Square{}, false, &ForfeitError{Detail: "answered " + strconv.Quote(line), Err: ErrGarbage}
}

// colorLetter returns "B" or "W".
func colorLetter(c othello.Color) string {
	if c == othello.White {
		return "W"
	}
	return "B"
}

// closeAll closes files.
func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}
