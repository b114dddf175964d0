package console

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// describe returns what the scanner kept of its line: the field count, then
// each kept field as its integer value ("big" if off any board), its only
// character, or its size.
func describe(s *scanner) string {
	var parts []string
	for i := range min(s.nfields, maxFields) {
		f := s.field(i)
		if n, ok := f.int(); ok && n >= bigNumber {
			parts = append(parts, "big")
		} else if ok {
			parts = append(parts, fmt.Sprintf("%d", n))
		} else if c, ok := f.char(); ok {
			parts = append(parts, fmt.Sprintf("%q", c))
		} else {
			parts = append(parts, fmt.Sprintf("[%d bytes]", f.size))
		}
	}
	return fmt.Sprintf("%d:%s", s.nfields, strings.Join(parts, ","))
}

func TestScanner(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	tests := []struct {
		name string
		in   string
		want []string // describe of each line
	}{
		{"empty input", "", nil},
		{"one empty line", "\n", []string{"0:"}},
		{"blank lines", "\n \t \n\n", []string{"0:", "0:", "0:"}},
		{"last line without newline", "1 2\n3 4", []string{"2:1,2", "2:3,4"}},
		{"crlf", "1 2\r\n3 4\r\n", []string{"2:1,2", "2:3,4"}},
		{"cr at the end of the input", "3 4\r", []string{"2:3,4"}},
		{"only one cr dropped", "3 4\r\r\n", []string{"2:3,[2 bytes]"}},
		{"cr inside a line", "3\r4\n", []string{"1:[3 bytes]"}},
		{"cr alone on a line", "\r\n", []string{"0:"}},
		{"blanks and tabs", " \t 03 \t\t +4\t \n", []string{"2:3,4"}},
		{"signs", "-1 +0 -0 +-1 1- -\n", []string{"6:-1,0,0,[3 bytes],[2 bytes],'-'"}},
		{"huge number", "99999999999999999999999999999999 1\n", []string{"2:big,1"}},
		{"huge negative number", "-99999999999999999999999999999999 1\n", []string{"2:-9999999,1"}},
		{"leading zeros do not overflow", strings.Repeat("0", 100_000) + "7 8\n", []string{"2:7,8"}},
		{"characters", "B W . x\n", []string{"4:'B','W','.','x'"}},
		{"other whitespace is not blank", "1\v2 3\f\n", []string{"2:[3 bytes],[2 bytes]"}},
		{"no-break space is not blank", "1\u00a02\n", []string{"1:[4 bytes]"}},
		{"more fields than kept", strings.Repeat("B ", 40) + "\n", []string{"40:" + strings.Repeat("'B',", 15) + "'B'"}},
		{"a line longer than the buffer", long + " 5\n6\n", []string{"2:[200000 bytes],5", "1:6"}},
		{"blanks longer than the buffer", "1" + strings.Repeat(" ", 200_000) + "2\n", []string{"2:1,2"}},
		{"crlf split across the buffer", strings.Repeat(" ", 64<<10-1) + "\r\n7\n", []string{"0:", "1:7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScanner(strings.NewReader(tt.in))
			var got []string
			for s.scan() {
				got = append(got, describe(s))
			}
			if s.Err() != nil {
				t.Fatal(s.Err())
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if s.line != len(tt.want) {
				t.Errorf("line count: got %d, want %d", s.line, len(tt.want))
			}
		})
	}
}

func TestScannerQuoted(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"X\n", `"X"`},
		{"  \tX Y \t \n", `"X Y"`},
		{"\n", `""`},
		{"   \n", `""`},
		{"a\x00b\n", `"a\x00b"`},
		{strings.Repeat("4", 100) + "\n", `"` + strings.Repeat("4", 40) + `"... (100 bytes)`},
		{strings.Repeat(" ", 100) + "5" + strings.Repeat(" ", 100) + "\n", `"5"`},
	}
	for _, tt := range tests {
		s := newScanner(strings.NewReader(tt.in))
		s.scan()
		if got := s.quoted(); got != tt.want {
			t.Errorf("quoted(%.20q): got %s, want %s", tt.in, got, tt.want)
		}
	}
}

// scanState returns all that can be read of the scanner's line: each
// kept field's size, first byte and value as an integer, and the quote.
func scanState(s *scanner) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d fields:", s.nfields)
	for i := range min(s.nfields, maxFields) {
		f := s.field(i)
		n, ok := f.int()
		fmt.Fprintf(&b, " {%d %q %d %v}", f.size, f.first, n, ok)
	}
	fmt.Fprintf(&b, " quote %s", s.quoted())
	return b.String()
}

// runsDiffer returns how scanning in, with runs of bytes taken in one
// step, differs from feeding each line one byte at a time, or "".
func runsDiffer(in []byte) string {
	s := newScanner(bytes.NewReader(in))
	byByte := newScanner(nil)
	lines := bytes.SplitAfter(in, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	for i, line := range lines {
		if !s.scan() {
			return fmt.Sprintf("line %d of %d: scan returned false", i+1, len(lines))
		}
		byByte.reset()
		for _, c := range bytes.TrimSuffix(line, []byte("\n")) {
			byByte.feed(c)
		}
		if got, want := scanState(s), scanState(byByte); got != want {
			return fmt.Sprintf("line %d (%.60q): got %s, want %s", i+1, line, got, want)
		}
	}
	if s.scan() {
		return "got a line after the last one: " + scanState(s)
	}
	return ""
}

// TestScannerRuns checks the fast path over runs of bytes on random lines
// made of long and short runs of blanks, digits, signs, carriage returns
// and letters.
func TestScannerRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "  \t\t\r00195+-xB.W\n"
	for i := range 5000 {
		var in []byte
		for range rng.IntN(30) {
			c := alphabet[rng.IntN(len(alphabet))]
			n := 1 + rng.IntN(3)
			if rng.IntN(4) == 0 {
				n = rng.IntN(200)
			}
			in = append(in, bytes.Repeat([]byte{c}, n)...)
		}
		if diff := runsDiffer(in); diff != "" {
			t.Fatalf("input %d, %q: %s", i, in, diff)
		}
	}
}

// FuzzScanner checks the fast path over runs of bytes on any input.
func FuzzScanner(f *testing.F) {
	f.Add([]byte("4\n4\nB\n>\n. . . .\n"))
	f.Add([]byte(strings.Repeat("0", 100) + "3 \t" + strings.Repeat("x", 100) + "\r\r\n"))
	f.Add([]byte(strings.Repeat(" ", 50) + strings.Repeat("-", 50) + "\r" + strings.Repeat("\t", 50) + "7\r"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if diff := runsDiffer(in); diff != "" {
			t.Fatal(diff)
		}
	})
}

// BenchmarkScanLongLine reads a line of 16 MB of one byte: letters,
// blanks or digits.
func BenchmarkScanLongLine(b *testing.B) {
	for _, c := range []byte{'x', ' ', '0'} {
		line := append(bytes.Repeat([]byte{c}, 16<<20), '\n')
		b.Run(fmt.Sprintf("%q", c), func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			for range b.N {
				s := newScanner(bytes.NewReader(line))
				s.scan()
			}
		})
	}
}

// TestRuns checks blankRun and fieldRun, which read eight bytes at a
// time, against a loop over single bytes, on random lines of the bytes
// that end runs and of bytes that differ from them by one bit.
func TestRuns(t *testing.T) {
	alphabet := []byte{' ', '\t', '\r', 'x', '0', 0x80, 0xa0, 0x89, 0x8d, 0x20 | 0x40, 0x09 | 0x10, 0}
	blank := func(p []byte) int {
		n := 0
		for n < len(p) && (p[n] == ' ' || p[n] == '\t') {
			n++
		}
		return n
	}
	field := func(p []byte) int {
		n := 0
		for n < len(p) && !endsRun[p[n]] {
			n++
		}
		return n
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		p := make([]byte, rng.IntN(40))
		common := alphabet[rng.IntN(len(alphabet))]
		for j := range p {
			p[j] = common // long runs of one byte, with others among them
			if rng.IntN(12) == 0 {
				p[j] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		if got, want := blankRun(p), blank(p); got != want {
			t.Fatalf("line %d %q: blankRun got %d, want %d", i, p, got, want)
		}
		if got, want := fieldRun(p), field(p); got != want {
			t.Fatalf("line %d %q: fieldRun got %d, want %d", i, p, got, want)
		}
	}
}
