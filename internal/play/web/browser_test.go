package web

import (
	"flag"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/othello-judge/judge/internal/page/pagetest"
)

var screenshots = flag.Bool("screenshots", false, "TestScreenshot: write ../doc/serve.png, the page as a headless Chromium shows it")

// TestPage drives the page in a headless Chromium: its script starts the
// game that the URL's query asks for, plays its moves and presses its
// keys, and the DOM it leaves must show what the server answered.
func TestPage(t *testing.T) {
	pagetest.Chromium(t)
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
		{"keys, and a hint's square and scores", "?white=human&keys=Enter,ArrowLeft,ArrowDown,ArrowDown,Enter,u,%3F", []string{
			`<rect class="hint"`, `<text class="score"[^>]*>(~[+-]\d+\.\d\d|[+-]\d+)</text>`,
			`<li>Black plays d3 and flips 1 disc: d4\.</li><li>White plays c5 and flips 1 disc: d5\.</li><li>Back to White's move\.</li><li>Hint: [a-h][1-8] \([^)]+\)</li></ol>`,
		}},
		{"a replay's keys and buttons, and its review", "?replay=f5d6c3d3c4&level=1&keys=End,PageUp,Home,PageDown&click=end,back&review=1", []string{
			`<span id="ply" class="muted">move 4 of 5</span>`,
			`<ol id="moves" class="moves"[^>]*><li[^>]*title="1\. Black f5 [^"]+"[^>]*>1\. f5`,
			`<li[^>]*title="4\. White d3 [^"]+"[^>]*class="[^"]*now[^"]*"[^>]*>4\. d3`,
			`<li[^>]*title="5\. Black c4 [^"]+"[^>]*>5\. c4`,
			`<ul id="turning"><li>(Move \d+|No move)[^<]+</li>`,
		}},
		{"computer against computer", "?black=cpu:1&white=greedy", []string{
			`<li>Black plays [a-h][1-8][^<]*</li><li>White plays [a-h][1-8][^<]*</li><li>Black plays`,
			`<li>Game over: Black \d+, White \d+\. [^<]+</li></ol>`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dom := pagetest.Browse(t, srv.URL+"/"+tt.query, "--dump-dom")
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

// TestScreenshot writes doc/serve.png, othello serve's page as a person
// sees it, for the README: go test ./internal/play/web -run TestScreenshot
// -screenshots.
func TestScreenshot(t *testing.T) {
	if !*screenshots {
		t.Skip("-screenshots not given")
	}
	pagetest.Chromium(t)
	srv := httptest.NewServer(NewServer(Options{}))
	defer srv.Close()
	pagetest.Screenshot(t, srv.URL+"/?white=human&moves=f5,d6,c3,d3,c4", filepath.Join("..", "..", "..", "doc", "serve.png"), "1000,900")
}
