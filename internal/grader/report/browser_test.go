package report

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/page/pagetest"
)

var screenshots = flag.Bool("screenshots", false, "TestScreenshot: write ../doc/report.png, the report as a headless Chromium shows it")

// writePage writes the report of three ways of failing into a file of
// its own, and returns its path.
func writePage(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(render(t, threeWays(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReportInBrowser loads the report in Chromium and checks that its
// script ran: each way shows its step counter and buttons, and one step,
// the first that differs.
func TestReportInBrowser(t *testing.T) {
	dom := pagetest.Browse(t, pagetest.FileURL(t, writePage(t)), "--dump-dom")
	counters := regexp.MustCompile(`<span class="counter" aria-live="polite">step (\d+) of (\d+)</span>`).FindAllStringSubmatch(dom, -1)
	if len(counters) != 3 {
		t.Fatalf("got %d step counters set, want 3:\n%s", len(counters), dom)
	}
	for i, want := range []string{"3 of 3", "2 of 3", "3 of 21"} {
		if got := counters[i][1] + " of " + counters[i][2]; got != want {
			t.Errorf("way %d: got step %s, want %s", i+1, got, want)
		}
	}
	if n := strings.Count(dom, `class="step differs current"`); n != 3 {
		t.Errorf("got %d steps shown that differ, want 3", n)
	}
	if n := strings.Count(dom, `class="nav noprint" hidden`); n != 0 {
		t.Errorf("got %d step buttons still hidden, want none", n)
	}
}

// TestScreenshot writes doc/report.png, the report of three ways of
// failing, for doc/grading.md: go test ./internal/grader/report -run TestScreenshot
// -screenshots.
func TestScreenshot(t *testing.T) {
	if !*screenshots {
		t.Skip("-screenshots not given")
	}
	pagetest.Screenshot(t, pagetest.FileURL(t, writePage(t)), filepath.Join("..", "..", "..", "doc", "report.png"), "1000,1400")
}
