package report

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/page"
	"github.com/othello-judge/judge/othello"
)

// A step is one input of a way's reproducer and the answers to it, as
// the report shows it: the setup first, then each line after it.
type step struct {
	Number    int    // from 1
	Title     string // "the setup" or "input line 7"
	Input     []line // the input lines the step answers
	Before    template.HTML
	Want, Got []line // the judge's answer and the program's
	NoOutput  bool   // the program's output ended before this step
	WantBoard template.HTML
	GotBoard  template.HTML
	GotNote   string // why the program's board is not drawn, when it is not
	Differs   bool   // the step holds the first line where the outputs differ
}

// A line is a line of input or output as the report shows it: its
// number in its stream (0 for none), its text split into what shows as
// it is and what is drawn visibly, and whether it is the first line that
// differs.
type line struct {
	Number int
	Parts  []part
	First  bool
}

// A part is a piece of a line: plain text, or a character that would not
// show (Hidden), written as Go quotes it, such as \x1b or \xff, or
// blanks at the end of a line, which the page shades.
type part struct {
	Text   string
	Hidden bool
}

// maxSteps is how many steps a way shows in full, and maxSquares how
// many squares their boards may have in all (40 steps on 4x4); a longer
// reproducer, or one on a larger board, shows only stepsBefore steps
// before the first difference and stepsAfter after it, for the boards
// of each step are drawn whole.
const (
	maxSteps    = 40
	maxSquares  = 40 * 4 * 4
	stepsBefore = 3
	stepsAfter  = 1
)

// maxAnswerLines bounds the lines of one answer shown: a program's output
// can be anything, up to check.MaxOutput.
const maxAnswerLines = 60

// steps returns the steps of way w under rules r: its input cut into the
// setup and the lines after it, the judge's answer to each (which
// scenario.Judge gives again) and the program's (w.Output cut as the
// judge's answer sizes cut the judge's), with their boards; and how many
// steps there are. When there are too many, it returns only those around
// the first difference.
func steps(r othello.Rules, w *check.Way) (shown []step, total int) {
	judged := scenario.Judge("", r, w.Input)
	in := console.Lines(w.Input)
	sizes := console.AnswerSizes(judged.Output, len(in))
	want, got := console.Lines(judged.Output), console.Lines(w.Output)
	type cut struct{ from, to, answer int } // input lines from:to, answered by answer output lines
	cuts := []cut{{0, len(in), len(want)}}  // a bad setup: one step
	for i, n := range sizes {
		if n > 0 { // the last line of the setup
			cuts[0] = cut{0, i + 1, 1 + n}
			for k := i + 1; k < len(in); k++ {
				cuts = append(cuts, cut{k, k + 1, sizes[k]})
			}
			break
		}
	}
	var all []step
	var before *othello.Board
	turn := othello.Empty
	at := 0 // output lines before the step
	for k, c := range cuts {
		s := step{Number: k + 1, Title: "the setup"}
		var m page.Marks
		if k > 0 {
			s.Title = fmt.Sprintf("input line %d", c.from+1)
			if sq, ok := console.ReadMove(in[c.from]); ok && before != nil && before.Contains(sq) {
				m.Last.Add(sq)
			}
		}
		for i := c.from; i < c.to; i++ {
			s.Input = append(s.Input, line{Number: i + 1, Parts: visible(in[i], check.MaxLine)})
		}
		wantFrom, wantTo := min(len(want), at), min(len(want), at+c.answer)
		gotFrom, gotTo := min(len(got), at), min(len(got), at+c.answer)
		if k == len(cuts)-1 {
			wantTo, gotTo = len(want), len(got) // and what comes after the judge's last answer
		}
		var wantDiffers, gotDiffers bool
		s.Want, wantDiffers = numbered(want, wantFrom, wantTo, w.Failure.Line)
		s.Got, gotDiffers = numbered(got, gotFrom, gotTo, w.Failure.Line)
		s.Differs, s.NoOutput = wantDiffers || gotDiffers, gotFrom == gotTo
		at += c.answer

		if before != nil {
			bm := page.Marks{Last: m.Last}
			if turn != othello.Empty {
				bm.Legal = r.Moves(before, turn)
			}
			s.Before = page.BoardSVG(before, bm)
		}
		wantBoard, wantTurn := console.ReadBoard(want[wantFrom:wantTo])
		gotBoard, _ := console.ReadBoard(got[gotFrom:gotTo])
		reference := before // the board the program's should be: unchanged when the judge's answer has none
		if wantBoard != nil {
			reference = wantBoard
			wm := m
			if before != nil && sameSize(before, wantBoard) {
				wm.Flipped = differ(before, wantBoard).Difference(m.Last)
			}
			s.WantBoard = page.BoardSVG(wantBoard, wm)
		}
		switch {
		case gotBoard != nil:
			gm := page.Marks{Last: m.Last}
			if reference != nil && sameSize(reference, gotBoard) {
				gm.Missed, gm.Extra = wrong(reference, gotBoard, m.Last)
			}
			s.GotBoard = page.BoardSVG(gotBoard, gm)
		case wantBoard != nil && !s.NoOutput:
			s.GotNote = "no board could be read from its answer"
		}
		if wantBoard != nil {
			before, turn = wantBoard, wantTurn
		}
		all = append(all, s)
	}
	squares := 0
	if before != nil {
		squares = before.Rows() * before.Cols()
	}
	if len(all) <= maxSteps && len(all)*squares <= maxSquares {
		return all, len(all)
	}
	d := len(all) - 1
	for i, s := range all {
		if s.Differs {
			d = i
			break
		}
	}
	return all[max(0, d-stepsBefore):min(len(all), d+stepsAfter+1)], len(all)
}

// numbered returns lines from:to of lines as the report shows them,
// numbered from 1, with line first (from 1) marked, and whether it is
// among them.
func numbered(lines []string, from, to, first int) ([]line, bool) {
	var out []line
	marked := false
	for i := from; i < to; i++ {
		if i == from+maxAnswerLines {
			out = append(out, line{Parts: []part{{Text: fmt.Sprintf("… %d more lines", to-i), Hidden: true}}})
			break
		}
		l := line{Number: i + 1, Parts: visible(lines[i], check.MaxLine), First: i+1 == first}
		marked = marked || l.First
		out = append(out, l)
	}
	return out, marked || (first > from+maxAnswerLines && first <= to)
}

// sameSize reports whether boards a and b are the same size.
func sameSize(a, b *othello.Board) bool { return a.Rows() == b.Rows() && a.Cols() == b.Cols() }

// differ returns the squares where boards a and b, of the same size,
// differ.
func differ(a, b *othello.Board) othello.SquareSet {
	var s othello.SquareSet
	for r := range a.Rows() {
		for c := range a.Cols() {
			sq := othello.Square{Row: r, Col: c}
			x, _ := a.At(sq)
			y, _ := b.At(sq)
			if x != y {
				s.Add(sq)
			}
		}
	}
	return s
}

// wrong returns where the program's board got differs from the judge's
// board want after the move on square move: missed, the discs of the
// mover's colour on want that got has in the other colour (they should
// have flipped and did not, or flipped back); extra, every other square
// that differs.
func wrong(want, got *othello.Board, move othello.SquareSet) (missed, extra othello.SquareSet) {
	mover := othello.Empty
	if sq, ok := move.Pop(); ok {
		mover, _ = want.At(sq)
	}
	for _, sq := range differ(want, got).Squares() {
		w, _ := want.At(sq)
		g, _ := got.At(sq)
		if mover != othello.Empty && w == mover && g == mover.Opponent() {
			missed.Add(sq)
		} else {
			extra.Add(sq)
		}
	}
	return missed, extra
}

// visible splits a line of a program's input or output into parts that
// show every byte: its newline is left out ("(no newline)" is said when
// it has none), blanks at the end of the line are kept in a part of
// their own, which the page shades, and a tab, a carriage return, another
// control character, a character that does not print (such as U+202E or
// a zero-width space) and a byte that is not UTF-8 are written as Go
// quotes them (\t, \r, \x1b, \u202e, \xff): plain ASCII, which every
// font shows. The line is cut at most bytes as shown, saying how many
// more there are: check.MaxLine, as check cuts the lines of every report,
// or no limit for a line that check has cut already. The parts are text
// that html/template escapes.
func visible(s string, most int) []part {
	body, newline := strings.CutSuffix(s, "\n")
	trailing := len(body) - len(strings.TrimRight(body, " "))
	var parts []part
	add := func(text string, hidden bool) {
		if n := len(parts); n > 0 && parts[n-1].Hidden == hidden {
			parts[n-1].Text += text
			return
		}
		parts = append(parts, part{Text: text, Hidden: hidden})
	}
	i, shown := 0, 0
	for i < len(body) {
		r, size := utf8.DecodeRuneInString(body[i:])
		text, hidden := body[i:i+size], true
		switch {
		case r == utf8.RuneError && size <= 1:
			text = fmt.Sprintf(`\x%02x`, body[i])
		case r == ' ' && i >= len(body)-trailing:
		case r == ' ' || unicode.IsPrint(r):
			hidden = false
		default:
			text = strings.Trim(strconv.QuoteRune(r), "'") // \t, \r, \x1b, \u202e
		}
		if shown+len(text) > most {
			break
		}
		add(text, hidden)
		i, shown = i+size, shown+len(text)
	}
	switch {
	case i < len(body):
		add(fmt.Sprintf("… %d more bytes", len(body)-i), true)
	case !newline:
		add("(no newline)", true)
	}
	return parts
}
