package web

import (
	"context"
	"flag"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var screenshots = flag.Bool("screenshots", false, "TestScreenshot: write ../doc/report.png and ../doc/serve.png, the pages as a headless Chromium shows them")

// chromium returns the path of a Chromium or Chrome to run headless, or
// skips the test if there is none, as on CI with Go alone.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no chromium, chromium-browser or google-chrome on PATH")
	return ""
}

// browse runs a headless Chromium on url with the flags more, waiting
// for the page's requests to be answered, and returns what it writes on
// standard output.
func browse(t *testing.T, url string, more ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=10000"}, more...)
	out, err := exec.CommandContext(ctx, chromium(t), append(args, url)...).Output()
	if err != nil {
		t.Fatalf("chromium %s: %v", url, err)
	}
	return string(out)
}

// TestPage drives the page in a headless Chromium: its script starts the
// game that the URL's query asks for, plays its moves and presses its
// keys, and the DOM it leaves must show what the server answered.
func TestPage(t *testing.T) {
	chromium(t)
	srv := httptest.NewServer(NewServer(Options{}))
	defer srv.Close()
	tests := []struct {
		name, query string
		want        []string // regular expressions the DOM must match, in order
	}{
		{"a move and the reply", "?level=1&moves=d3", []string{
			`<p id="status"[^>]*>Black \d+, White \d+, Black to move\.</p>`,
			`<svg class="board playable"`, `class="last"`, `class="flipped"`, `class="legal"`,
			`<li>Black plays d3 and flips 1 disc: d4\.</li><li>White plays [a-h][1-8] and flips \d discs?: [a-h1-8 ]+\.</li></ol>`,
		}},
		{"a refused move", "?level=1&moves=e3", []string{
			`<p id="error" class="error" role="alert">e3 flips nothing\.</p>`,
			`<ol id="log" class="log" aria-live="polite"></ol>`,
		}},
		{"options", "?rules=simple&size=6x10&first=W&win=%3C&black=cpu&white=human&level=2", []string{
			`<p id="status"[^>]*>Black 2, White 2, White to move\.</p>`,
			`data-sq="j6"`,
			`Black \(X\) is cpu at level 2 \(depth 2, 500ms a move\), White \(O\) is human; simple rules, 6x10, fewest discs win\.`,
		}},
		{"a player the form does not list", "?white=cpu:1", []string{`White \(O\) is cpu at level 1 \(depth 1, 500ms a move\)`}},
		{"replay", "?replay=f5d6c3", []string{`<p id="status"[^>]*>Black 2, White 2, Black to move\.</p>`, `<div id="replay" class="row">`,
			`<span id="ply" class="muted">move 0 of 3</span>`, `<li>Loaded a move list: 3 moves\.</li></ol>`}},
		{"a game to replay refused", "?replay=f5z9", []string{`<p id="error" class="error" role="alert">line 1: [^<]+</p>`}},
		{"judge", "?judge=" + url.QueryEscape("4\n4\nB\n>\n. . . .\n. W B .\n. B W .\n. . . .\n2 1\n1 2\n"), []string{
			`<p id="judge-status" aria-live="polite">Exit status 1\.</p>`,
			`<pre id="judge-errors" class="error">othello: line 10: "1 2": flips nothing[^<]*\nothello: line 11: [^<]+</pre>`,
			`<pre id="judge-output">FULL\nB: 2  W: 2\n`}},
		{"keys", "?white=human&keys=Enter,ArrowLeft,ArrowDown,ArrowDown,Enter,u,%3F", []string{
			`<li>Black plays d3 and flips 1 disc: d4\.</li><li>White plays c5 and flips 1 disc: d5\.</li><li>Back to White's move\.</li><li>Hint: [a-h][1-8]</li></ol>`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dom := browse(t, srv.URL+"/"+tt.query, "--dump-dom")
			for _, want := range tt.want {
				re := regexp.MustCompile(want)
				loc := re.FindStringIndex(dom)
				if loc == nil {
					t.Fatalf("got a DOM without %s:\n%s", want, dom)
				}
				dom = dom[loc[1]:]
			}
		})
	}
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
	dom := browse(t, fileURL(t, writePage(t)), "--dump-dom")
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
// failing, and doc/serve.png, othello serve's page as a person sees it,
// for the README: go test ./web -run TestScreenshot -screenshots.
func TestScreenshot(t *testing.T) {
	if !*screenshots {
		t.Skip("-screenshots not given")
	}
	chromium(t)
	srv := httptest.NewServer(NewServer(Options{}))
	defer srv.Close()
	if err := os.MkdirAll("../doc", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, shot := range []struct{ file, url, size string }{
		{"report.png", fileURL(t, writePage(t)), "1000,1400"},
		{"serve.png", srv.URL + "/?white=human&moves=f5,d6,c3,d3,c4", "1000,900"},
	} {
		path, err := filepath.Abs(filepath.Join("..", "doc", shot.file))
		if err != nil {
			t.Fatal(err)
		}
		browse(t, shot.url, "--screenshot="+path, "--window-size="+shot.size)
		if info, err := os.Stat(path); err != nil || info.Size() == 0 {
			t.Fatalf("got %v, want a screenshot at %s", err, path)
		}
	}
}

// fileURL returns the file: URL of path.
func fileURL(t *testing.T, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}
