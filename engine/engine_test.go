package engine

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/player"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line        string
		wantID      string
		wantCommand string
		wantArgs    []string
		wantOK      bool
	}{
		{"name", "", "name", nil, true},
		{"12 play b f5", "12", "play", []string{"b", "f5"}, true},
		{"\tplay\tw  d3\r", "", "play", []string{"w", "d3"}, true},
		{"pl\x01ay b f5", "", "play", []string{"b", "f5"}, true},
		{"genmove b # and a comment", "", "genmove", []string{"b"}, true},
		{"7", "7", "", nil, true},
		{"", "", "", nil, false},
		{"  \t ", "", "", nil, false},
		{"# only a comment", "", "", nil, false},
	}
	for _, tt := range tests {
		id, command, args, ok := parseCommand(tt.line)
		if id != tt.wantID || command != tt.wantCommand || !slices.Equal(args, tt.wantArgs) || ok != tt.wantOK {
			t.Errorf("parseCommand(%q): got %q, %q, %q, %v; want %q, %q, %q, %v",
				tt.line, id, command, args, ok, tt.wantID, tt.wantCommand, tt.wantArgs, tt.wantOK)
		}
	}
}

// TestVertex writes every square of every board size as a vertex and
// reads it back, in both cases.
func TestVertex(t *testing.T) {
	for size := othello.MinSize; size <= othello.MaxSize; size += 2 {
		g := &gtp{size: size}
		seen := map[string]bool{}
		for row := range size {
			for col := range size {
				s := othello.Square{Row: row, Col: col}
				v := g.vertex(s)
				if strings.ContainsRune(v, 'i') || seen[v] {
					t.Errorf("%dx%d: vertex(%v) = %q: an i, or twice", size, size, s, v)
				}
				seen[v] = true
				for _, text := range []string{v, strings.ToUpper(v)} {
					got, pass, err := g.parseVertex(text)
					if got != s || pass || err != nil {
						t.Errorf("%dx%d: parseVertex(%q): got %v, %v, %v; want %v", size, size, text, got, pass, err, s)
					}
				}
			}
		}
		for _, off := range []string{g.vertex(othello.Square{Row: size}), g.vertex(othello.Square{Col: size}), "a0"} {
			if _, _, err := g.parseVertex(off); !errors.Is(err, errIllegal) {
				t.Errorf("%dx%d: parseVertex(%q): got %v, want %v", size, size, off, err, errIllegal)
			}
		}
	}
	if _, _, err := (&gtp{size: 16}).parseVertex("i3"); !errors.Is(err, errSyntax) {
		t.Errorf("parseVertex(i3): got %v, want %v", err, errSyntax)
	}
}

func TestDiscsAndDepth(t *testing.T) {
	tests := []struct {
		r         player.Result
		wantDiscs float64
		wantDepth string
	}{
		{player.Result{Exact: true, Score: -6, Depth: 12}, -6, "100%"},
		{player.Result{Score: player.Won + 300, Depth: 9}, 3, "100%W"},
		{player.Result{Score: -player.Won - 200, Depth: 9}, -2, "100%W"},
		{player.Result{Score: 250, Depth: 4}, 2.5, "4"},
		{player.Result{Score: -75, Depth: 1}, -0.75, "1"},
	}
	for _, tt := range tests {
		if got := discs(tt.r); got != tt.wantDiscs {
			t.Errorf("discs(%+v): got %v, want %v", tt.r, got, tt.wantDiscs)
		}
		if got := depthText(tt.r); got != tt.wantDepth {
			t.Errorf("depthText(%+v): got %q, want %q", tt.r, got, tt.wantDepth)
		}
	}
}

// TestLongLine gives each protocol a line longer than maxLine: it is
// refused, and the next is answered.
func TestLongLine(t *testing.T) {
	in := "ping " + strings.Repeat("1", maxLine) + "\nping 2\n"
	var out, errs strings.Builder
	if err := NBoard(strings.NewReader(in), &out, &errs, Config{}); err != nil {
		t.Fatal(err)
	}
	wantErr := fmt.Sprintf("nboard: line 1: a line longer than %d bytes, ignored\n", maxLine)
	if out.String() != "pong 2\n" || errs.String() != wantErr {
		t.Errorf("nboard: got %q and on errs %q, want %q and %q", out.String(), errs.String(), "pong 2\n", wantErr)
	}

	out.Reset()
	in = "1 known_command " + strings.Repeat("x", maxLine) + "\n2 name\n"
	if err := GTP(strings.NewReader(in), &out, Config{}); err != nil {
		t.Fatal(err)
	}
	if want := "?1 syntax error\n\n=2 othello\n\n"; out.String() != want {
		t.Errorf("gtp: got %q, want %q", out.String(), want)
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

var errWrite = errors.New("write failed")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errWrite
	}
	w.n -= len(p)
	return len(p), nil
}

// TestIOErrors checks that each protocol returns the error of a reader
// or a writer that fails, and stops.
func TestIOErrors(t *testing.T) {
	errRead := errors.New("read failed")
	for _, tt := range []struct {
		name string
		run  func(in io.Reader, out io.Writer) error
	}{
		{"nboard", func(in io.Reader, out io.Writer) error { return NBoard(in, out, io.Discard, Config{}) }},
		{"gtp", func(in io.Reader, out io.Writer) error { return GTP(in, out, Config{}) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := io.MultiReader(strings.NewReader("ping 1\n"), iotest.ErrReader(errRead))
			if err := tt.run(in, io.Discard); !errors.Is(err, errRead) {
				t.Errorf("failing reader: got %v, want %v", err, errRead)
			}
			in = strings.NewReader(strings.Repeat("ping 1\nname\n", 10_000))
			if err := tt.run(in, &failingWriter{n: 3}); !errors.Is(err, errWrite) {
				t.Errorf("failing writer: got %v, want %v", err, errWrite)
			}
		})
	}
}
