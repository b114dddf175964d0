package console

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/othello-judge/judge/othello"
)

// Limits that keep the memory of a line bounded whatever its length.
const (
	maxFields = 16 // fields of a line kept: enough for the widest board row
	maxQuote  = 40 // bytes of a line kept to quote it in an error message
	bigNumber = 1 << 20
)

// A field is one run of non-blank bytes of a line. Only what the protocol
// needs of it is kept: its size, its first byte, and its value as an
// integer, worked out as the bytes stream by.
type field struct {
	size   int
	first  byte
	bad    bool // a byte other than a leading sign or a digit
	digits int
	neg    bool
	value  int // saturates at bigNumber: far off any board
}

// addRun adds bytes p, none of them blank, to a field already started.
func (f *field) addRun(p []byte) {
	f.size += len(p)
	if f.bad {
		return
	}
	for _, c := range p {
		if c-'0' > 9 {
			f.bad = true
			return
		}
	}
	f.digits += len(p)
	i := 0
	for f.value == 0 && i < len(p) && p[i] == '0' {
		i++ // leading zeros
	}
	for ; i < len(p) && f.value < bigNumber; i++ {
		f.value = f.value*10 + int(p[i]-'0')
	}
}

func (f *field) add(c byte) {
	switch {
	case f.size == 0 && (c == '+' || c == '-'):
		f.neg = c == '-'
	case '0' <= c && c <= '9':
		f.digits++
		if f.value < bigNumber {
			f.value = f.value*10 + int(c-'0')
		}
	default:
		f.bad = true
	}
	if f.size == 0 {
		f.first = c
	}
	f.size++
}

// char returns the field's only byte, if it is one byte long.
func (f *field) char() (byte, bool) { return f.first, f.size == 1 }

// int returns the field's value if it is an integer: an optional sign and
// one or more ASCII digits. A value too large for any board is returned as
// bigNumber or more.
func (f *field) int() (int, bool) {
	if f.bad || f.digits == 0 {
		return 0, false
	}
	if f.neg {
		return -f.value, true
	}
	return f.value, true
}

// A scanner reads lines of any length in bounded memory and splits each
// into fields separated by spaces and tabs. A line ends at a newline or at
// the end of the input, and one carriage return before that end is
// dropped.
type scanner struct {
	r    *bufio.Reader
	line int // number of the last line read, from 1

	fields  [maxFields]field // the first fields of the line
	nfields int              // how many fields the line has in all
	infield bool             // whether the last byte fed was part of a field
	quote   []byte           // the line from its first non-blank byte, up to maxQuote bytes
	length  int              // the length of the line from its first non-blank byte to its last
	seen    int              // bytes fed since the first non-blank one
	cr      bool             // whether the last byte was a carriage return, held back
	err     error            // the first read error other than io.EOF
}

func newScanner(r io.Reader) *scanner {
	return &scanner{r: bufio.NewReaderSize(r, 64<<10), quote: make([]byte, 0, maxQuote)}
}

// lineBuffered reports whether a whole line is already buffered, so that
// reading it cannot block.
func (s *scanner) lineBuffered() bool {
	buf, _ := s.r.Peek(s.r.Buffered())
	return bytes.IndexByte(buf, '\n') >= 0
}

// scan reads the next line. It returns false at the end of the input or on
// a read error, which Err then returns.
func (s *scanner) scan() bool {
	s.reset()
	started := false
	for {
		chunk, err := s.r.ReadSlice('\n')
		started = started || len(chunk) > 0
		body := chunk
		if err == nil {
			body = chunk[:len(chunk)-1]
		}
		for len(body) > 0 {
			n := s.putRun(body)
			if n == 0 {
				s.feed(body[0])
				n = 1
			}
			body = body[n:]
		}
		switch err {
		case nil:
			s.line++
			return true
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			if started {
				s.line++
			}
			return started
		default:
			s.err = err
			return false
		}
	}
}

// reset forgets the last line.
func (s *scanner) reset() {
	s.nfields, s.infield, s.quote, s.length, s.seen, s.cr = 0, false, s.quote[:0], 0, 0, false
}

// endsRun holds the bytes that end a run of a field for putRun.
var endsRun = [256]bool{' ': true, '\t': true, '\r': true}

// putRun adds a run of bytes from the start of p in one step, when that
// comes to the same as feeding them one by one: a run of blanks, or more of
// a field already started once the quote is full. This keeps a line of a
// gigabyte fast to read. It returns how many bytes it took, 0 if none.
func (s *scanner) putRun(p []byte) int {
	if s.cr {
		return 0
	}
	n := 0
	switch c := p[0]; {
	case c == ' ' || c == '\t':
		if s.seen > 0 && len(s.quote) < maxQuote {
			return 0
		}
		n = blankRun(p)
		s.infield = false
		if s.seen > 0 {
			s.seen += n
		}
	case s.infield && len(s.quote) == maxQuote && c != '\r':
		n = fieldRun(p)
		if s.nfields <= maxFields {
			s.fields[s.nfields-1].addRun(p[:n])
		}
		s.seen += n
		s.length = s.seen
	}
	return n
}

// Runs are measured eight bytes at a time, a word of them read as a
// uint64, so that how fast a long line reads does not depend on how the
// compiler lays out a loop over single bytes.
const (
	lows   = 0x7f7f7f7f7f7f7f7f
	highs  = 0x8080808080808080
	blanks = ' ' * 0x0101010101010101
	tabs   = '\t' * 0x0101010101010101
	crs    = '\r' * 0x0101010101010101
)

// nonzero returns the high bit of each byte of x that is not zero.
func nonzero(x uint64) uint64 {
	return ((x&lows + lows) | x) & highs
}

// blankRun returns how many blanks and tabs p starts with.
func blankRun(p []byte) int {
	n := 0
	for ; n+8 <= len(p); n += 8 {
		x := binary.LittleEndian.Uint64(p[n:])
		if nonzero(x^blanks)&nonzero(x^tabs) != 0 {
			break
		}
	}
	for n < len(p) && (p[n] == ' ' || p[n] == '\t') {
		n++
	}
	return n
}

// fieldRun returns how many bytes p starts with that do not end a run of
// a field (endsRun).
func fieldRun(p []byte) int {
	n := 0
	for ; n+8 <= len(p); n += 8 {
		x := binary.LittleEndian.Uint64(p[n:])
		if nonzero(x^blanks)&nonzero(x^tabs)&nonzero(x^crs) != highs {
			break
		}
	}
	for n < len(p) && !endsRun[p[n]] {
		n++
	}
	return n
}

// feed adds byte c of the line, holding back a carriage return until the
// next byte shows it does not end the line.
func (s *scanner) feed(c byte) {
	if s.cr {
		s.cr = false
		s.put('\r')
	}
	if c == '\r' {
		s.cr = true
		return
	}
	s.put(c)
}

func (s *scanner) put(c byte) {
	blank := c == ' ' || c == '\t'
	if blank {
		s.infield = false
	} else {
		if !s.infield {
			s.infield = true
			if s.nfields < maxFields {
				s.fields[s.nfields] = field{}
			}
			s.nfields++
		}
		if s.nfields <= maxFields {
			s.fields[s.nfields-1].add(c)
		}
	}
	if blank && s.seen == 0 {
		return
	}
	if len(s.quote) < maxQuote {
		s.quote = append(s.quote, c)
	}
	s.seen++
	if !blank {
		s.length = s.seen
	}
}

// Err returns the first read error other than io.EOF.
func (s *scanner) Err() error { return s.err }

// field returns field i of the line, which must be below both nfields and
// maxFields.
func (s *scanner) field(i int) *field { return &s.fields[i] }

// quoted returns the line without its leading and trailing blanks, quoted
// for an error message, and cut short if it is long.
func (s *scanner) quoted() string {
	if s.length <= maxQuote {
		return fmt.Sprintf("%q", s.quote[:s.length])
	}
	return fmt.Sprintf("%q... (%d bytes)", s.quote, s.length)
}

// move returns the square of the line just read if it is a move line:
// two integers, row then column, counted from 1. The square may be off
// the board.
func (s *scanner) move() (othello.Square, bool) {
	if s.nfields != 2 {
		return othello.Square{}, false
	}
	row, ok1 := s.field(0).int()
	col, ok2 := s.field(1).int()
	return othello.Square{Row: row - 1, Col: col - 1}, ok1 && ok2
}

// A reader reads the judge's input a line at a time. Before a read that
// may block, it flushes out, if there is one, so that a program waiting
// for an answer gets it first.
type reader struct {
	*scanner
	out *bufio.Writer
}

// next reads the next line. It returns false at the end of the input; the
// error is a read or write error.
func (in *reader) next() (bool, error) {
	if in.out != nil && !in.lineBuffered() {
		if err := in.out.Flush(); err != nil {
			return false, err
		}
	}
	if in.scan() {
		return true, nil
	}
	if err := in.Err(); err != nil {
		return false, &InputError{Line: in.line + 1, Msg: "read error: " + err.Error(), Err: err}
	}
	return false, nil
}
