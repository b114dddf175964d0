// Package lines reads text a line at a time, lines of any length in
// bounded memory: what the programs that talk with a person or a GUI one
// line at a time need (othello play, the NBoard and GTP engines). A line
// longer than a Reader keeps is read to its end and dropped but for its
// start, and said to be long, so that the caller can refuse it.
package lines

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// A Reader reads lines, keeping at most max bytes of each.
type Reader struct {
	r   *bufio.Reader
	max int
	n   int // the lines read so far
}

// NewReader returns a Reader of r that keeps at most max bytes a line.
func NewReader(r *bufio.Reader, max int) *Reader {
	return &Reader{r: r, max: max}
}

// A Line is a line read, without its "\n" or "\r\n".
type Line struct {
	Text string // cut to the Reader's most bytes
	Long bool   // longer than those: Text holds its start
}

// Next returns the next line; ok is false at the end of the input, and
// err is a read error. A last line without a newline is a line.
func (l *Reader) Next() (_ Line, ok bool, err error) {
	var buf []byte
	n := 0 // the bytes of the line, all read but only the first kept
	for {
		frag, err := l.r.ReadSlice('\n')
		n += len(frag)
		buf = append(buf, frag[:min(len(frag), l.max+2-len(buf))]...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && err != io.EOF:
			return Line{}, false, err
		case n == 0:
			return Line{}, false, nil
		}
		l.n++
		text := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
		long := n > l.max+2 || len(text) > l.max
		return Line{Text: text[:min(len(text), l.max)], Long: long}, true, nil
	}
}

// NextAfter flushes w, so that everything written reaches whoever is
// to type the next line, and then returns that line as Next does.
func (l *Reader) NextAfter(w *bufio.Writer) (_ Line, ok bool, err error) {
	if err := w.Flush(); err != nil {
		return Line{}, false, err
	}
	return l.Next()
}

// Count returns the number of lines read so far: that of the last line
// Next returned.
func (l *Reader) Count() int { return l.n }
