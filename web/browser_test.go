package web

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var screenshots = flag.Bool("screenshots", false, "TestScreenshot: write ../doc/report.png, the report of three ways of failing as Chromium shows it")

// chromium is the browser the tests load the pages in, where there is one.
const chromium = "/usr/bin/chromium"

// browse loads the file path in headless Chromium with the extra
// arguments, from a profile of its own, and returns what it prints on
// standard output; the test is skipped where there is no Chromium.
func browse(t *testing.T, path string, args ...string) string {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("no %s", chromium)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}, args...)
	cmd := exec.CommandContext(ctx, chromium, append(args, "file://"+filepath.ToSlash(abs))...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return string(out)
}

// writePage writes the report of three ways of failing into a file of
// its own, and returns its path.
func writePage(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(page(t, threeWays(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReportInBrowser loads the report in Chromium and checks that its
// script ran: each way shows its step counter and buttons, and one step,
// the first that differs.
func TestReportInBrowser(t *testing.T) {
	dom := browse(t, writePage(t), "--dump-dom")
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

// TestScreenshot writes ../doc/report.png with -screenshots, for README.md.
func TestScreenshot(t *testing.T) {
	if !*screenshots {
		t.Skip("-screenshots writes ../doc/report.png")
	}
	png := filepath.Join("..", "doc", "report.png")
	if err := os.MkdirAll(filepath.Dir(png), 0o755); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(png)
	browse(t, writePage(t), "--screenshot="+abs, "--window-size=1000,1400", "--hide-scrollbars")
	if fi, err := os.Stat(png); err != nil || fi.Size() == 0 {
		t.Fatalf("no screenshot: %v", err)
	}
}
