package gtp

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/protocoltest"
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
		t.Run(tt.line, func(t *testing.T) {
			id, command, args, ok := parseCommand(tt.line)
			if id != tt.wantID || command != tt.wantCommand || !slices.Equal(args, tt.wantArgs) || ok != tt.wantOK {
				t.Errorf("got %q, %q, %q, %v; want %q, %q, %q, %v",
					id, command, args, ok, tt.wantID, tt.wantCommand, tt.wantArgs, tt.wantOK)
			}
		})
	}
}

// TestVertex writes every square of every board size as a vertex and
// reads it back, in both cases.
func TestVertex(t *testing.T) {
	for size := othello.MinSize; size <= othello.MaxSize; size += 2 {
		g := &session{size: size}
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
	if _, _, err := (&session{size: 16}).parseVertex("i3"); !errors.Is(err, errSyntax) {
		t.Errorf("parseVertex(i3): got %v, want %v", err, errSyntax)
	}
}

// TestLongLine gives the engine a line longer than maxLine: it is a
// syntax error, and the next is answered.
func TestLongLine(t *testing.T) {
	in := "1 known_command " + strings.Repeat("x", maxLine) + "\n2 name\n"
	var out strings.Builder
	if err := Run(strings.NewReader(in), &out, player.CPU{}); err != nil {
		t.Fatal(err)
	}
	if want := "?1 syntax error\n\n=2 othello\n\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestIOErrors checks that the engine returns the error of a reader or a
// writer that fails, and stops.
func TestIOErrors(t *testing.T) {
	protocoltest.IOErrors(t, func(in io.Reader, out, _ io.Writer) error { return Run(in, out, player.CPU{}) })
}
