package page

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// Marks says what a drawn board shows besides its discs. Each mark has a
// shape of its own as well as a colour, so that no mark is told by colour
// alone, and each is named in the square's title for screen readers.
type Marks struct {
	Last    othello.SquareSet // the move just played: a ring around the square
	Legal   othello.SquareSet // where the player to move may play: a small dot
	Flipped othello.SquareSet // the discs the last move flipped: a small mark inside
	// Missed are the discs that should have flipped and did not: a dashed
	// outline with a circle; Extra those that flipped and should not have,
	// or are wrong otherwise: a dashed outline with a cross.
	Missed, Extra othello.SquareSet
}

// cell is the side of a square in SVG units; margin holds the labels.
const (
	cell   = 40
	margin = 24
)

// BoardSVG returns board b drawn as an SVG element with marks m, the
// columns labelled a, b, c... along the top and the rows 1, 2, 3... down
// the side, as othello play writes squares. Each square is a rect with
// class "sq", data-sq its name (d3) and a title saying what it holds; the
// look comes from the classes, styled in style.css.
func BoardSVG(b *othello.Board, m Marks) template.HTML {
	rows, cols := b.Rows(), b.Cols()
	w, h := margin+cols*cell+4, margin+rows*cell+4
	var s strings.Builder
	fmt.Fprintf(&s, `<svg class="board" viewBox="0 0 %d %d" role="img" aria-label="%dx%d board">`, w, h, rows, cols)
	for c := range cols {
		fmt.Fprintf(&s, `<text class="label" x="%d" y="%d">%c</text>`, margin+c*cell+cell/2, margin-7, 'a'+c)
	}
	for r := range rows {
		fmt.Fprintf(&s, `<text class="label" x="%d" y="%d">%d</text>`, margin/2, margin+r*cell+cell/2+5, r+1)
	}
	for r := range rows {
		for c := range cols {
			sq := othello.Square{Row: r, Col: c}
			color, _ := b.At(sq)
			x, y := margin+c*cell, margin+r*cell
			cx, cy := x+cell/2, y+cell/2
			fmt.Fprintf(&s, `<g><rect class="sq" x="%d" y="%d" width="%d" height="%d" data-sq="%s"><title>%s</title></rect>`,
				x, y, cell, cell, sq, title(sq, color, m))
			switch color {
			case othello.Black:
				fmt.Fprintf(&s, `<circle class="disc black" cx="%d" cy="%d" r="16"/>`, cx, cy)
			case othello.White:
				fmt.Fprintf(&s, `<circle class="disc white" cx="%d" cy="%d" r="16"/>`, cx, cy)
			}
			if m.Legal.Has(sq) && color == othello.Empty {
				fmt.Fprintf(&s, `<circle class="legal" cx="%d" cy="%d" r="5"/>`, cx, cy)
			}
			if m.Flipped.Has(sq) {
				fmt.Fprintf(&s, `<rect class="flipped" x="%d" y="%d" width="8" height="8" transform="rotate(45 %d %d)"/>`, cx-4, cy-4, cx, cy)
			}
			if m.Last.Has(sq) {
				fmt.Fprintf(&s, `<circle class="last" cx="%d" cy="%d" r="18"/>`, cx, cy)
			}
			switch {
			case m.Missed.Has(sq):
				fmt.Fprintf(&s, `<rect class="missed" x="%d" y="%d" width="%d" height="%d"/><circle class="missed" cx="%d" cy="%d" r="6"/>`,
					x+3, y+3, cell-6, cell-6, cx, cy)
			case m.Extra.Has(sq):
				fmt.Fprintf(&s, `<rect class="extra" x="%d" y="%d" width="%d" height="%d"/><path class="extra" d="M%d %dl12 12m0 -12l-12 12"/>`,
					x+3, y+3, cell-6, cell-6, cx-6, cy-6)
			}
			s.WriteString(`</g>`)
		}
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

// title says what square sq holds and how it is marked, as "d3: black,
// the last move".
func title(sq othello.Square, c othello.Color, m Marks) string {
	parts := []string{sq.String() + ": " + map[othello.Color]string{othello.Empty: "empty", othello.Black: "black", othello.White: "white"}[c]}
	for _, mark := range []struct {
		set  othello.SquareSet
		what string
	}{
		{m.Last, "the last move"},
		{m.Legal, "a legal move"},
		{m.Flipped, "flipped"},
		{m.Missed, "should have flipped and did not"},
		{m.Extra, "wrong: should not be so"},
	} {
		if mark.set.Has(sq) && (c == othello.Empty || mark.what != "a legal move") {
			parts = append(parts, mark.what)
		}
	}
	return strings.Join(parts, ", ")
}
