package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// TestWayText checks that the block of each way of failing is the text
// report's, word for word, from its first line, WAY N of M.
func TestWayText(t *testing.T) {
	g := gradetest.HandMade("got", 1, 10)
	var b bytes.Buffer
	if err := report.WriteText(&b, g, false); err != nil {
		t.Fatal(err)
	}
	for _, way := range g.Ways {
		got := report.WayText(g, way)
		if !strings.HasPrefix(got, "WAY ") || !strings.Contains(b.String(), "\n\n"+got) {
			t.Errorf("way %d: got\n%s\nwant a block of the text report that starts with WAY:\n%s", way.Number, got, b.String())
		}
	}
}
