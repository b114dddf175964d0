package page

import (
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/page/pagetest"
	"github.com/othello-judge/judge/othello"
)

func TestBoardSVG(t *testing.T) {
	b, err := othello.NewStartBoard(4, 6)
	if err != nil {
		t.Fatal(err)
	}
	m := Marks{Last: pagetest.Squares("c2"), Legal: pagetest.Squares("c1", "c2"), Flipped: pagetest.Squares("d2"), Missed: pagetest.Squares("c3"), Extra: pagetest.Squares("d3")}
	svg := string(BoardSVG(b, m))
	if err := pagetest.WellFormed(svg); err != nil {
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
