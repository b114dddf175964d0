package lines

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"
)

// TestNext reads lines of every ending, and lines longer than the Reader
// keeps, which are cut, each from a reader in one piece and one that gives
// a byte at a time through a small buffer.
func TestNext(t *testing.T) {
	const max = 1024
	long := strings.Repeat("x", max)
	tests := []struct {
		name string
		in   string
		want []string // each line, with "+" after one that was too long
	}{
		{"lines", "a\nb\n", []string{"a", "b"}},
		{"crlf", "a\r\nb\r\n", []string{"a", "b"}},
		{"no last newline", "a\nb", []string{"a", "b"}},
		{"blank lines", "\n\n", []string{"", ""}},
		{"nothing", "", nil},
		{"longest kept", long + "\n", []string{long}},
		{"longest kept, crlf", long + "\r\n", []string{long}},
		{"too long", long + "y\nd3\n", []string{long + "+", "d3"}},
		{"far too long", strings.Repeat("d3 ", 100000) + "\nd3", []string{strings.Repeat("d3 ", 100000)[:max] + "+", "d3"}},
	}
	for _, tt := range tests {
		for _, slow := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/slow=%v", tt.name, slow), func(t *testing.T) {
				l := NewReader(bufio.NewReader(strings.NewReader(tt.in)), max)
				if slow {
					l = NewReader(bufio.NewReaderSize(iotest.OneByteReader(strings.NewReader(tt.in)), 16), max)
				}
				var got []string
				for {
					line, ok, err := l.Next()
					if err != nil {
						t.Fatal(err)
					}
					if !ok {
						break
					}
					if line.Long {
						line.Text += "+"
					}
					got = append(got, line.Text)
				}
				if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tt.want) {
					t.Errorf("got %.200q, want %.200q", got, tt.want)
				}
				if l.Count() != len(tt.want) {
					t.Errorf("lines counted: got %d, want %d", l.Count(), len(tt.want))
				}
			})
		}
	}
}

func TestNextError(t *testing.T) {
	l := NewReader(bufio.NewReader(iotest.ErrReader(iotest.ErrTimeout)), 10)
	if _, _, err := l.Next(); err != iotest.ErrTimeout {
		t.Errorf("got %v, want %v", err, iotest.ErrTimeout)
	}
}

// TestNextAfter checks that what was written is out before the line is
// read, and that an error writing it is returned.
func TestNextAfter(t *testing.T) {
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	r := NewReader(bufio.NewReader(strings.NewReader("d3\n")), 10)
	w.WriteString("your move? ")
	line, ok, err := r.NextAfter(w)
	if got := out.String(); got != "your move? " {
		t.Errorf("before the read, got output %q, want %q", got, "your move? ")
	}
	if line.Text != "d3" || !ok || err != nil {
		t.Errorf("got %q, %v, %v, want \"d3\", true, nil", line.Text, ok, err)
	}
	broken := bufio.NewWriter(failingWriter{})
	broken.WriteString("lost")
	if _, ok, err := r.NextAfter(broken); ok || !errors.Is(err, errWrite) {
		t.Errorf("writing fails: got %v, %v, want false, %v", ok, err, errWrite)
	}
}

var errWrite = errors.New("write refused")

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }
