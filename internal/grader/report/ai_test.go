package report_test

import (
	"bytes"
	"testing"

	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// TestAIReports compares the text and JSON reports of a hand-made AI
// grade, its forfeit's answer hostile, with their golden files, and
// checks that the JSON parses back with its points.
func TestAIReports(t *testing.T) {
	g := gradetest.HandMadeAI(gradetest.Hostile)
	var text, js bytes.Buffer
	if err := report.WriteText(&text, g, false); err != nil {
		t.Fatal(err)
	}
	report.Golden(t, "ai-report.txt", text.String())
	if err := report.WriteJSON(&js, g); err != nil {
		t.Fatal(err)
	}
	report.Golden(t, "ai-results.json", js.String())
	gradetest.CheckFormat(t, "results.json", g, js.Bytes())
}
