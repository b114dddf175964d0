package web

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// wellFormed returns the error of reading s as XML to its end, nil if it
// is well formed.
func wellFormed(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func set(squares ...string) othello.SquareSet {
	var s othello.SquareSet
	for _, name := range squares {
		sq, err := othello.ParseSquare(name)
		if err != nil {
			panic(err)
		}
		s.Add(sq)
	}
	return s
}

func TestBoardSVG(t *testing.T) {
	b, err := othello.NewStartBoard(4, 6)
	if err != nil {
		t.Fatal(err)
	}
	m := Marks{Last: set("c2"), Legal: set("c1", "c2"), Flipped: set("d2"), Missed: set("c3"), Extra: set("d3")}
	svg := string(BoardSVG(b, m))
	if err := wellFormed(svg); err != nil {
		t.Fatalf("BoardSVG is not well-formed XML: %v\n%s", err, svg)
	}
	for _, want := range []string{
		`viewBox="0 0 268 188"`,
		`data-sq="a1"`, `data-sq="f4"`,
		`<title>c1: empty, a legal move</title>`,
		`<title>c2: white, the last move</title>`,
		`<title>d2: black, flipped</title>`,
		`<title>c3: black, should have flipped and did not</title>`,
		`<title>d3: white, wrong: should not be so</title>`,
		`>f</text>`, `>4</text>`,
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("BoardSVG lacks %s", want)
		}
	}
	for class, want := range map[string]int{
		`class="sq"`: 24, `class="disc black"`: 2, `class="disc white"`: 2, `class="legal"`: 1,
		`class="last"`: 1, `class="flipped"`: 1, `class="missed"`: 2, `class="extra"`: 2,
	} {
		if got := strings.Count(svg, class); got != want {
			t.Errorf("got %d of %s, want %d", got, class, want)
		}
	}
}
