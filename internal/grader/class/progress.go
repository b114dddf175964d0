package class

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// A Progress shows on a terminal how far a long job has come, on one
// line that it writes over: done of total, the time so far, and an
// estimate of the time left, such as
// "check: 40/200 scenarios, 3s, about 12s left". othello check shows its
// scenarios with one, and Grade its submissions. Its methods may be
// called from several goroutines.
type Progress struct {
	mu         sync.Mutex
	w          io.Writer
	what, unit string
	start      time.Time
	now        func() time.Time
	shown      bool
}

// NewProgress returns the Progress of a job that starts now and shows
// itself on w, named what (such as "check") and counting in unit (such as
// "scenarios").
func NewProgress(w io.Writer, what, unit string) *Progress {
	return &Progress{w: w, what: what, unit: unit, start: time.Now(), now: time.Now}
}

// Show writes over the line that done of total are done, with the time
// so far, and the time left while some are not done.
func (p *Progress) Show(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	elapsed := p.now().Sub(p.start)
	line := fmt.Sprintf("%s: %d/%d %s, %v", p.what, done, total, p.unit, elapsed.Round(time.Second))
	if done > 0 && done < total {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		line += fmt.Sprintf(", about %v left", left.Round(time.Second))
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	p.shown = true
}

// End clears the line, if Show wrote one.
func (p *Progress) End() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
