package autograder_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// TestClassroom writes the result for GitHub Classroom of a grade whose
// program's lines hold hostile bytes, decodes it from base64 as the
// reporter does, compares its JSON with the golden file
// testdata/hostile-classroom.json, and checks each test field by field:
// a test for each category with points, as the hand-made grade has them.
func TestClassroom(t *testing.T) {
	g := gradetest.HandMade(gradetest.Hostile, 1, 300)
	var b bytes.Buffer
	if err := autograder.WriteClassroom(&b, g); err != nil {
		t.Fatal(err)
	}
	gradetest.CheckFormat(t, "classroom", g, b.Bytes())
	r := gradetest.DecodeClassroom(t, b.Bytes())
	js, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(b.String(), "\n"))
	var indented bytes.Buffer
	if err == nil {
		err = json.Indent(&indented, js, "", "  ")
	}
	if err != nil {
		t.Fatal(err)
	}
	gradetest.CompareGolden(t, filepath.Join("testdata", "hostile-classroom.json"), append(indented.Bytes(), '\n'), *update)

	want := []struct {
		name, status  string
		score, max    float64
		messageStarts string
	}{
		{"reference (20 of 20 points): the assignment's reference game", "pass", 20, 20, "1 of 1 scenario passed\n"},
		{"non-square (0 of 20 points): boards with more rows than columns, or fewer", "fail", 0, 20, "0 of 2 scenarios passed\n\nway 1, 1 scenario here:\n\nWAY 1 of 4"},
		{"fewest-wins (0 of 20 points): games won by the fewest discs (<)", "fail", 0, 20, "0 of 2 scenarios passed\n\nway 2, 1 scenario here:\n"},
		{"passes (0 of 20 points): games in which a player has no move and is passed over", "fail", 0, 20, "0 of 1 scenario passed\n"},
		{"lock-step (20 of 20 points): games typed one line at a time, each line answered before the next", "pass", 20, 20, "1 of 1 scenario passed\n"},
		{"format (10 of 20 points): the output of the scenarios right in logic, right to the byte, blanks included", "fail", 10, 20, "1 of 2 scenarios passed\n"},
		{"structure (10 of 20 points): the assignment's rules", "fail", 10, 20, "2 of 4 rules of structure kept:\n  kept        one-main: one main\n"},
	}
	if len(r.Tests) != len(want) || r.Status != "fail" || *r.MaxScore != 140 {
		t.Fatalf("got status %q, max_score %v and %d tests, want fail, 140 and %d", r.Status, *r.MaxScore, len(r.Tests), len(want))
	}
	for i, w := range want {
		got := r.Tests[i]
		if !strings.HasPrefix(got.Name, w.name) || got.Status != w.status || *got.Score != w.score || *got.MaxScore != w.max || !strings.HasPrefix(got.Message, w.messageStarts) {
			t.Errorf("test %d: got %q, %s, %v of %v, message\n%s\nwant %q, %s, %v of %v, a message that starts\n%s",
				i, got.Name, got.Status, *got.Score, *got.MaxScore, got.Message, w.name, w.status, w.score, w.max, w.messageStarts)
		}
	}
}

// TestClassroomCut checks that the result of a grade whose texts add up
// to megabytes stays under autograder.MaxClassroom, its messages cut at a
// line's end saying so, every test there.
func TestClassroomCut(t *testing.T) {
	for _, tt := range []struct {
		name string
		got  string
		n    int
		long int
		cut  bool // the messages of the ways are cut
	}{
		{"64 KiB lines", gradetest.Hostile, 1, 64 << 10, false},
		{"long differences", "long", 40000, 10, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := gradetest.HandMade(tt.got, tt.n, tt.long)
			var b bytes.Buffer
			if err := autograder.WriteClassroom(&b, g); err != nil {
				t.Fatal(err)
			}
			gradetest.CheckFormat(t, "classroom", g, b.Bytes())
			r := gradetest.DecodeClassroom(t, b.Bytes())
			for _, test := range r.Tests[1:3] { // non-square and fewest-wins, which fail in ways
				if !tt.cut {
					break
				}
				if len(test.Message) > 4<<10 || !strings.HasSuffix(test.Message, "\n... cut here: the job's summary has the whole report, as othello check's text report does\n") {
					t.Errorf("%s: got a message of %d bytes that ends %q, want it cut at 4 KiB saying so", test.Name, len(test.Message), test.Message[max(0, len(test.Message)-100):])
				}
			}
		})
	}
}

// TestClassroomError checks the result of a check that could not be
// made: status error, a test in error that says why, and none of the
// points that the check could give, so that Classroom records 0 of them.
func TestClassroomError(t *testing.T) {
	var b bytes.Buffer
	if err := autograder.WriteClassroomError(&b, errors.New("check: student: it could not be started: "+gradetest.Hostile), 100); err != nil {
		t.Fatal(err)
	}
	r := gradetest.DecodeClassroom(t, b.Bytes())
	if r.Status != "error" || r.MaxScore == nil || *r.MaxScore != 100 || len(r.Tests) != 1 {
		t.Fatalf("got %+v, want status error, max_score 100 and one test", r)
	}
	if test := r.Tests[0]; test.Status != "error" || test.Score == nil || *test.Score != 0 || !strings.Contains(test.Message, "it could not be started") {
		t.Errorf("got the test %+v, want it in error with no points, saying why", test)
	}
}
