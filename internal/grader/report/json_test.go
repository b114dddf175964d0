package report_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/report"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// TestJSONOfHostileOutput writes the JSON of a grade whose program's
// lines hold hostile bytes as they are, compares it with its golden
// file, testdata/hostile-results.json, and checks that it stays valid
// JSON, with its lines of 64 KiB too.
func TestJSONOfHostileOutput(t *testing.T) {
	for _, tt := range []struct {
		name   string
		long   int    // how long the program's lines are
		golden string // "" for none
	}{
		// The golden file's lines are 300 bytes long, not 64 KiB.
		{"short", 300, "hostile-results.json"},
		{"long", 64 << 10, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := gradetest.HandMade(gradetest.Hostile, 1, tt.long)
			var b bytes.Buffer
			if err := report.WriteJSON(&b, g); err != nil {
				t.Fatal(err)
			}
			if tt.golden != "" {
				report.Golden(t, tt.golden, b.String())
			}
			gradetest.CheckFormat(t, "results.json", g, b.Bytes())
			var v struct {
				Ways []struct {
					Summary string `json:"summary"`
				} `json:"ways"`
			}
			if err := json.Unmarshal(b.Bytes(), &v); err != nil || len(v.Ways) != len(g.Ways) {
				t.Errorf("got %d ways, %v; want %d", len(v.Ways), err, len(g.Ways))
			}
		})
	}
}

// TestJSONError checks the JSON of a check that could not run: one
// object, {"error": ...}, that says why, with <, > and & as they are.
func TestJSONError(t *testing.T) {
	const why = `check: student: it could not be started: <"a" & b>`
	var b bytes.Buffer
	if err := report.WriteJSONError(&b, errors.New(why)); err != nil {
		t.Fatal(err)
	}
	var v map[string]string
	if err := json.Unmarshal(b.Bytes(), &v); err != nil || len(v) != 1 || v["error"] != why || !strings.Contains(b.String(), "<") {
		t.Errorf("got %s (%v), want {\"error\": %q}, its < as it is", b.String(), err, why)
	}
}
