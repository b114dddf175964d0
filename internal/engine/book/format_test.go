package book

import (
	"errors"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// TestFormatRoundTrip checks that a built book reads back as it was
// written, its comment too.
func TestFormatRoundTrip(t *testing.T) {
	b := NewBuilder(20)
	for _, g := range games(t, game1, game2, game3) {
		if err := b.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	book := b.Book(1)
	book.Comment = []string{"a test book", ""}
	text := book.Format()
	back, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if got, want := back.Len(), 20+19+1; got != want {
		t.Errorf("got %d positions, want %d", got, want)
	}
	if got := back.Format(); got != text {
		t.Errorf("read back and written again: got\n%s\nwant\n%s", got, text)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		want       error
	}{
		{"fields", "f5 12\n", 1, ErrSyntax},
		{"games", "# c\nf5 x +1.0\n", 2, ErrSyntax},
		{"no games", "f5 0 +1.0\n", 1, ErrSyntax},
		{"score", "f5 3 1.0\n", 1, ErrSyntax},
		{"score decimals", "f5 3 +1.05\n", 1, ErrSyntax},
		{"square", "f5i9 3 +1.0\n", 1, ErrSyntax},
		{"odd", "f5d 3 +1.0\n", 1, ErrSyntax},
		{"illegal", "f5a1 3 +1.0\n", 1, ErrIllegal},
		{"twice", "f5 3 +1.0\nd3 2 +1.0\n", 2, ErrTwice},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text)
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tt.want) || pe.Line != tt.line {
				t.Fatalf("got %v, want a *ParseError on line %d wrapping %v", err, tt.line, tt.want)
			}
		})
	}
}

// TestStandard reads book.txt and checks the moves it gives at the start
// and after f5: the four first moves are one by symmetry.
func TestStandard(t *testing.T) {
	b, err := Parse(standardText)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() < 1000 {
		t.Errorf("got %d positions, want 1000 or more", b.Len())
	}
	if got := b.Format(); got != standardText {
		t.Errorf("book.txt is not as Format writes it: run make book")
	}
	g := games(t, "f5")[0]
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	game, _ := setup.NewGame()
	first := Standard().Moves(game.Position())
	if len(first) != 4 || first[0].Games != first[3].Games {
		t.Fatalf("at the start: got %v, want the 4 first moves, each with the same games", first)
	}
	game.Play(g[0])
	after := Standard().Moves(game.Position())
	if len(after) < 2 || after[0].Square.String() != "d6" || after[0].Games >= first[0].Games {
		t.Errorf("after f5: got %v, want d6 the most played, fewer games than f5", after)
	}
}

func BenchmarkParse(b *testing.B) {
	for range b.N {
		if _, err := Parse(standardText); err != nil {
			b.Fatal(err)
		}
	}
}
