// Package pagetest helps the tests of the pages of packages page, report
// and web: WellFormed reads a page or a board as strict XML, Squares
// names the squares of marks, and Browse drives a page in a headless
// Chromium, returning its DOM or writing a screenshot; a test that needs
// Chromium is skipped where there is none, as on CI with Go alone.
package pagetest

import (
	"context"
	"encoding/xml"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// Chromium returns the path of a Chromium or Chrome to run headless, or
// skips the test if there is none.
func Chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no chromium, chromium-browser or google-chrome on PATH")
	return ""
}

// Browse runs a headless Chromium on url with the flags more, waiting
// for the page's requests to be answered, and returns what it writes on
// standard output.
func Browse(t *testing.T, url string, more ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=10000"}, more...)
	out, err := exec.CommandContext(ctx, Chromium(t), append(args, url)...).Output()
	if err != nil {
		t.Fatalf("chromium %s: %v", url, err)
	}
	return string(out)
}

// Screenshot writes the page at url, in a window of size ("1000,900"),
// as a PNG file at path, which is relative to the test's folder.
func Screenshot(t *testing.T, url, path, size string) {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		t.Fatal(err)
	}
	Browse(t, url, "--screenshot="+abs, "--window-size="+size)
	if info, err := os.Stat(abs); err != nil || info.Size() == 0 {
		t.Fatalf("got %v, want a screenshot at %s", err, abs)
	}
}

// FileURL returns the file: URL of path.
func FileURL(t *testing.T, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// WellFormed returns the error of reading s as strict XML to its end,
// nil if it is well formed.
func WellFormed(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// Squares returns the set of the squares named, such as "d3"; it panics
// on a name that is no square.
func Squares(names ...string) othello.SquareSet {
	var s othello.SquareSet
	for _, name := range names {
		sq, err := othello.ParseSquare(name)
		if err != nil {
			panic(err)
		}
		s.Add(sq)
	}
	return s
}
