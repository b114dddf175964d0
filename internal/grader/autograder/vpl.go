package autograder

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

// Moodle's Virtual Programming Lab (VPL) reads the output of an
// evaluation, as its mod_vpl (vpl_submission.class.php) parses it: the
// grade is the rest of the last line that starts with "Grade :=>>"; the
// comments are the rest of each line "Comment :=>>..." and the lines
// between a line "<|--" and the next line "--|>", each alone on its line
// but for blanks; and in the comments, a line that starts with "-" is a
// title, and a line that starts with ">" is shown preformatted, as it
// is. Everything else is left out.
const (
	vplGrade      = "Grade :=>>"
	vplComment    = "Comment :=>>"
	vplBlockStart = "<|--"
	vplBlockEnd   = "--|>"
)

// MaxVPL is the most bytes of output that WriteVPL writes: past 100 KiB,
// VPL's jail (vpl-jail-system's Redirector) keeps only the first and the
// last 25 KiB of an evaluation's output.
const MaxVPL = 64 << 10

// vplCutNote ends a block that WriteVPL cut.
const vplCutNote = "\n... cut here: VPL keeps at most 100 KiB of an evaluation's output; othello check's text report has it all\n"

// A vplSection is a title of VPL's comments, and the text shown under it
// preformatted: "" for none.
type vplSection struct {
	title, text string
}

// WriteVPL writes g as the output of a VPL evaluation: a section of
// comments that sums the check up (report.Overview), titled with its
// points; one for each way of failing, titled with its first line,
// with the text report's block of it (report.WayText): its smallest
// input, the judge's output and the program's; one title for each
// category with points, saying how many of its scenarios passed and its
// points, with the rules of structure under structure's; and last the
// Grade line: the points, or scaled to max, the activity's maximum grade,
// if max is above 0.
//
// Every line under a title starts with ">", and each title is a line of
// its own that starts with "Comment :=>>-", what VPL reads as a title;
// what a program wrote is in them as check.Failure quotes it, with
// every control character, a carriage return or a line break among
// them, replaced with U+FFFD (vplLine). So no line of the program's can start with
// "Grade :=>>" or "Comment :=>>", nor be a "<|--" or a "--|>" of its
// own, and the Grade line is the last. Past MaxVPL bytes the longest
// texts are cut at a line's end, each saying so.
func WriteVPL(w io.Writer, g *check.Grade, max float64) error {
	points, most := g.Total()
	grade := points
	summary := fmt.Sprintf("othello check: %s of %s points", check.FormatPoints(points), check.FormatPoints(most))
	if max > 0 {
		grade = 0
		if most > 0 {
			grade = points / most * max
		}
		summary += fmt.Sprintf(", grade %s of %s", check.FormatPoints(grade), check.FormatPoints(max))
	}
	sections := []vplSection{{summary, report.Overview(g)}}
	for _, way := range g.Ways {
		title, text, _ := strings.Cut(report.WayText(g, way), "\n")
		sections = append(sections, vplSection{title, text})
	}
	for _, s := range g.Scores {
		if s.Max == 0 {
			continue // worth nothing: its ways of failing are above
		}
		sec := vplSection{title: fmt.Sprintf("%s: %s, %s of %s points", s.Category, report.PassedOf(s), check.FormatPoints(s.Points), check.FormatPoints(s.Max))}
		if s.Category == scenario.Structure || s.Category.IsOpponent() {
			sec.text = report.CategoryText(g, s)
		}
		sections = append(sections, sec)
	}
	return writeVPL(w, sections, check.FormatPoints(grade))
}

// WriteVPLError writes, in place of a grade, the output of a VPL
// evaluation of a program that could not be checked: why, and the grade
// 0.
func WriteVPLError(w io.Writer, err error) error {
	return writeVPL(w, []vplSection{{"othello check: the program could not be checked", err.Error()}}, "0")
}

// writeVPL writes the sections, then the grade. When that would be more
// than MaxVPL bytes, the texts are cut at a line's end, each saying so,
// to half the room, and again, until it fits.
func writeVPL(w io.Writer, sections []vplSection, grade string) error {
	var b strings.Builder
	for room := MaxVPL; ; room /= 2 {
		b.Reset()
		for _, s := range sections {
			b.WriteString(vplComment + "-" + vplLine(s.title) + "\n")
			if s.text == "" {
				continue
			}
			b.WriteString(vplBlockStart + "\n")
			for _, line := range strings.Split(strings.TrimSuffix(cutAtLine(s.text, room, vplCutNote), "\n"), "\n") {
				b.WriteString(">" + vplLine(line) + "\n")
			}
			b.WriteString(vplBlockEnd + "\n")
		}
		b.WriteString(vplGrade + grade + "\n")
		if b.Len() <= MaxVPL || room < len(vplCutNote) {
			break
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// vplLine returns line with each control character, a carriage return or
// a line break among them (and Unicode's line and paragraph separators),
// and each byte that is not UTF-8, replaced with U+FFFD; a tab stays.
func vplLine(line string) string {
	return strings.Map(func(r rune) rune {
		if r != '\t' && (unicode.IsControl(r) || r == '\u2028' || r == '\u2029') {
			return unicode.ReplacementChar
		}
		return r
	}, strings.ToValidUTF8(line, "\uFFFD"))
}
