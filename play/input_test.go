package play

import (
	"bufio"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"
)

func TestParseSquare(t *testing.T) {
	tests := []struct {
		text string
		want string // the square as Row,Col, or "" for no move
	}{
		{"d3", "2,3"},
		{"D3", "2,3"},
		{"3d", "2,3"},
		{"3D", "2,3"},
		{"  d3\t", "2,3"},
		{"3 4", "2,3"},
		{"03\t04", "2,3"},
		{"a1", "0,0"},
		{"1a", "0,0"},
		{"p16", "15,15"},
		{"16p", "15,15"},
		{"z9", "8,25"},
		{"a0", "-1,0"},
		{"0 0", "-1,-1"},
		{"a99999999999999999999", fmt.Sprintf("%d,0", int(^uint(0)>>1)-1)},
		{"", ""},
		{"d", ""},
		{"3", ""},
		{"dd3", ""},
		{"3dd", ""},
		{"d3d", ""},
		{"d-3", ""},
		{"-3 4", ""},
		{"3 4 5", ""},
		{"d 3", ""},
		{"é3", ""},
		{"moves", ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			s, ok := parseSquare(tt.text)
			got := ""
			if ok {
				got = fmt.Sprintf("%d,%d", s.Row, s.Col)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", maxLine)
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
		{"far too long", strings.Repeat("d3 ", 100000) + "\nd3", []string{strings.Repeat("d3 ", 100000)[:maxLine] + "+", "d3"}},
	}
	for _, tt := range tests {
		for _, slow := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/slow=%v", tt.name, slow), func(t *testing.T) {
				r := strings.NewReader(tt.in)
				l := &lineReader{r: bufio.NewReader(r)}
				if slow {
					l = &lineReader{r: bufio.NewReader(iotest.OneByteReader(r))}
				}
				var got []string
				for {
					line, ok, err := l.next()
					if err != nil {
						t.Fatal(err)
					}
					if !ok {
						break
					}
					if line.long {
						line.text += "+"
					}
					got = append(got, line.text)
				}
				if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tt.want) {
					t.Errorf("got %.200q, want %.200q", got, tt.want)
				}
			})
		}
	}
}

func TestLineReaderError(t *testing.T) {
	l := &lineReader{r: bufio.NewReader(iotest.ErrReader(iotest.ErrTimeout))}
	if _, _, err := l.next(); err != iotest.ErrTimeout {
		t.Errorf("got %v, want %v", err, iotest.ErrTimeout)
	}
}

func TestParseStyle(t *testing.T) {
	for _, tt := range []struct {
		name string
		want Style
		ok   bool
	}{{"plain", Plain, true}, {"xo", XO, true}, {"XO", XO, true}, {"fancy", 0, false}, {"", 0, false}} {
		got, err := ParseStyle(tt.name)
		if tt.ok && (err != nil || got != tt.want || got.String() != strings.ToLower(tt.name)) {
			t.Errorf("ParseStyle(%q): got %v, %v; want %v", tt.name, got, err, tt.want)
		}
		if !tt.ok && (!errors.Is(err, ErrStyle) || !strings.HasSuffix(err.Error(), fmt.Sprintf("got %q", tt.name))) {
			t.Errorf("ParseStyle(%q): got %v, want an error wrapping ErrStyle that quotes the name", tt.name, err)
		}
	}
}
