package book

import (
	"errors"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// TestStandardOpenings reads openings.txt: every line legal, every name
// and every position once (ParseOpenings checks them).
func TestStandardOpenings(t *testing.T) {
	o, err := ParseOpenings(openingsText)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := o.Len(), strings.Count(openingsText, "\t"); got != want {
		t.Errorf("got %d openings, want %d, one a line", got, want)
	}
	for _, name := range []string{"Tiger", "Rose", "Buffalo", "Cow", "Heath", "Stephenson", "Snake", "Aubrey", "Brightwell"} {
		if !strings.Contains(openingsText, "\n"+name+"\t") {
			t.Errorf("no opening named %s", name)
		}
	}
}

func TestName(t *testing.T) {
	tests := []struct {
		moves, want string
	}{
		{"", ""},
		{"f5", ""},
		{"f5d6", "Perpendicular Opening"},
		{"f5d6c3d3c4", "Tiger"},
		{"f5d6c3d3c4f4f6", "Stephenson"},
		{"f5d6c3d3c4f4f6a1", "Stephenson"}, // a1 stands for any move after
		{turned("f5d6c3d3c4f4f6"), "Stephenson"},
		{"c4e3f6e6f5c5c3", "Stephenson"}, // turned half round
		{"e6f4c3c4d3d6f6", "Stephenson"}, // rows and columns swapped
		{"f5d6c5f4e3c6d3f6e6d7", "Rose"},
		{"f5f6e6f4c3", "Buffalo"},
		{"f5f6e6f4e3", "Cow"},
		{"f5f6e6f4e3d6", "Chimney"},
		{"f5f6e6f4e3c5c4", "Rose-v-Toth"}, // through the Cow
		{"f5f6e6f4e3c5c4d3", "Rose-v-Toth"},
	}
	o := StandardOpenings()
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	for _, tt := range tests {
		t.Run(tt.moves, func(t *testing.T) {
			moves := strings.TrimSuffix(tt.moves, "a1")
			r, err := record.ParseMoveList(moves, setup)
			if moves == "" {
				r, err = record.Record{Setup: setup}, nil
			}
			if err != nil {
				t.Fatal(err)
			}
			g, err := r.Game()
			if err != nil {
				t.Fatal(err)
			}
			if tt.moves != moves { // one move more, whichever
				g.Play(g.Legal().Squares()[0])
			}
			if got := o.Name(g); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseOpeningsErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		want       error
	}{
		{"no tab", "Tiger f5d6c3d3c4\n", 1, ErrSyntax},
		{"blank name", " Tiger\tf5d6c3d3c4\n", 1, ErrSyntax},
		{"illegal", "# c\nTiger\tf5d6c3d3h8\n", 2, ErrIllegal},
		{"name twice", "Tiger\tf5d6c3d3c4\nTiger\tf5d6\n", 2, ErrTwice},
		{"position twice", "Tiger\tf5d6c3d3c4\nCat\tc4e3f6e6f5\n", 2, ErrTwice},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseOpenings(tt.text)
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tt.want) || pe.Line != tt.line {
				t.Fatalf("got %v, want a *ParseError on line %d wrapping %v", err, tt.line, tt.want)
			}
		})
	}
}

// TestLines checks that each named line, played from the start, is
// named by its own name, in the order of openings.txt, and that changing
// the lines returned changes nothing.
func TestLines(t *testing.T) {
	o := StandardOpenings()
	lines := o.Lines()
	if len(lines) != o.Len() || lines[0].Name != "Perpendicular Opening" {
		t.Fatalf("got %d lines, the first %q; want %d, the first Perpendicular Opening", len(lines), lines[0].Name, o.Len())
	}
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	for _, l := range lines {
		r, err := record.ParseMoveList(record.FormatMoveList(l.Moves), setup)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		g, err := r.Game()
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		if got := o.Name(g); got != l.Name {
			t.Errorf("%s %s: got the name %q", l.Name, record.FormatMoveList(l.Moves), got)
		}
	}
	lines[0].Moves[0] = othello.Square{}
	if o.Lines()[0].Moves[0] != (othello.Square{Row: 4, Col: 5}) {
		t.Errorf("got %v after changing a copy, want f5", o.Lines()[0].Moves[0])
	}
}
