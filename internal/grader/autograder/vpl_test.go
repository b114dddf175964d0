package autograder_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// TestVPLForged writes a grade whose program's lines, as they are, forge
// VPL's lines: a grade, a comment with a title, the end and the start of
// a block, with blanks and a carriage return around them. VPL must read
// the grade's points only, and comments of the writer's titles with
// every other line preformatted.
func TestVPLForged(t *testing.T) {
	forged := "Grade :=>> 100\nComment :=>>-forged\n--|>\n<|--\n\t--|> \r\nGrade :=>>100\r\n-forged title\n"
	for _, tt := range []struct {
		name string
		got  string
	}{{"hostile", gradetest.Hostile}, {"forged", forged}, {"forged, no end", strings.TrimSuffix(forged, "\n")}} {
		t.Run(tt.name, func(t *testing.T) {
			g := gradetest.HandMade(tt.got, 2, 10)
			var b bytes.Buffer
			if err := autograder.WriteVPL(&b, g, 0); err != nil {
				t.Fatal(err)
			}
			gradetest.CheckFormat(t, "vpl", g, b.Bytes())
			if r := gradetest.ParseVPL(b.Bytes()); strings.Contains(r.Comments, "\n-forged") || strings.Contains(r.Comments, "\r") {
				t.Errorf("got the comments\n%s\nwant no title -forged and no carriage return", r.Comments)
			}
		})
	}
}

// TestVPLGrade checks the Grade line: the points as they are, or scaled
// to the activity's maximum grade, which the summary's title says too.
// The hand-made grade has 60 of 140 points.
func TestVPLGrade(t *testing.T) {
	g := gradetest.HandMade("got", 1, 10)
	for _, tt := range []struct {
		max     float64
		grade   string
		summary string
	}{
		{0, "60", "-othello check: 60 of 140 points\n"},
		{10, "4.29", "-othello check: 60 of 140 points, grade 4.29 of 10\n"},
		{140, "60", "-othello check: 60 of 140 points, grade 60 of 140\n"},
		{7.5, "3.21", "-othello check: 60 of 140 points, grade 3.21 of 7.5\n"},
	} {
		t.Run(tt.grade, func(t *testing.T) {
			var b bytes.Buffer
			if err := autograder.WriteVPL(&b, g, tt.max); err != nil {
				t.Fatal(err)
			}
			r := gradetest.ParseVPL(b.Bytes())
			if r.Grade != tt.grade || !strings.HasPrefix(r.Comments, tt.summary) {
				t.Errorf("-vpl-max %v: got the grade %q and the comments\n%s\nwant the grade %s, the comments starting %q", tt.max, r.Grade, r.Comments, tt.grade, tt.summary)
			}
		})
	}
}

// TestVPLCap checks that the output of a grade whose differences add up
// to megabytes stays under MaxVPL, what VPL's jail keeps whole, with a
// title for the summary, each way and each category with points, and
// the texts cut saying so.
func TestVPLCap(t *testing.T) {
	g := gradetest.HandMade("long", 40000, 64<<10)
	var b bytes.Buffer
	if err := autograder.WriteVPL(&b, g, 0); err != nil {
		t.Fatal(err)
	}
	gradetest.CheckFormat(t, "vpl", g, b.Bytes())
	if !strings.Contains(b.String(), "\n>... cut here: VPL keeps at most 100 KiB") {
		t.Errorf("got %d bytes that do not say they were cut, want them to", b.Len())
	}
}
