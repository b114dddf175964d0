package referee_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/othello"
)

// hostileName is a program's name, from its command line, that would be
// markup if the page did not escape it; hostileDetail what it answered.
const (
	hostileName   = `prog:./p</script><script>alert(1)</script><b x="&amp;">`
	hostileDetail = `answered "</td><img src=x onerror=alert(1)>\u2028"`
)

// pagePairings returns hand-made pairings of greedy, random and a program
// of a hostile name, no game played: each pairing two games of a few
// moves, the program forfeiting its second game with a hostile answer.
func pagePairings(t *testing.T) ([]referee.Spec, []referee.Pairing) {
	t.Helper()
	players := specs(t, "greedy", "random", hostileName)
	setup, err := othello.StandardSetup(othello.Full{}, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	B, W := othello.Black, othello.White
	var out []referee.Pairing
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			p := referee.Pairing{Match: referee.Match{Players: [2]referee.Spec{players[i], players[j]}, Pairs: 1}}
			for n, first := range []othello.Color{B, W} {
				rec, err := record.ParseMoveList("f5d6c3d3c4", setup)
				if err != nil {
					t.Fatal(err)
				}
				rec.Notes = []record.Note{{Time: "0.010"}, {Time: "0.020"}, {Time: "0.030"}, {Time: "0.040"}, {Time: "0.050"}}
				rec.Black, rec.White = players[i].Name, players[j].Name
				if first == W {
					rec.Black, rec.White = rec.White, rec.Black
				}
				r := referee.Result{Number: n + 1, First: first, Game: referee.Game{Record: rec, Winner: B, Margin: 64}}
				if n == 1 && players[j].IsProgram() { // Black, its answer no move
					r.Winner, r.Margin = W, -64
					r.Forfeit = &referee.ForfeitError{Player: "B", Detail: hostileDetail, Err: referee.ErrGarbage}
					r.Record.Termination, r.Record.Result = "rules infraction", "-64.000:r" // as a game played writes them
				}
				p.Results = append(p.Results, r)
			}
			out = append(out, p)
		}
	}
	return players, out
}

// TestWritePage writes the page of hand-made pairings against
// testdata/tournament.html.golden (go test -update rewrites it).
func TestWritePage(t *testing.T) {
	players, pairings := pagePairings(t)
	var b bytes.Buffer
	if err := referee.WritePage(&b, "tournament of 3 players, 2 games a pairing, 10+0.1, openings random:4, seed 1", players, pairings, rating.Anchor{Player: "random"}); err != nil {
		t.Fatal(err)
	}
	compareGolden(t, filepath.Join("testdata", "tournament.html.golden"), b.Bytes())
}

// TestWritePageHostile checks that a program's name and output cannot
// make markup in the page: its only elements are the template's, and
// the games' data, read back as the script reads it, holds them as the
// program wrote them.
func TestWritePageHostile(t *testing.T) {
	players, pairings := pagePairings(t)
	var b bytes.Buffer
	if err := referee.WritePage(&b, hostileName, players, pairings, rating.Anchor{Player: hostileName}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	allowed := []string{"!DOCTYPE", "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "table", "thead", "tbody", "tr", "th", "td",
		"code", "div", "figure", "svg", "text", "g", "rect", "circle", "span", "button", "script"}
	scripts := 0
	for _, m := range regexp.MustCompile(`</?([!A-Za-z][A-Za-z0-9]*)`).FindAllStringSubmatch(out, -1) {
		if !slices.Contains(allowed, m[1]) {
			t.Errorf("got an element <%s> in the page, want only the template's", m[1])
		}
		if m[0] == "<script" {
			scripts++
		}
	}
	if scripts != 2 {
		t.Errorf("got %d script elements, want the template's 2", scripts)
	}
	start := strings.Index(out, `<script type="application/json" id="games">`)
	end := strings.Index(out[start:], "</script>")
	if start < 0 || end < 0 {
		t.Fatalf("got no games' data in the page:\n%s", out)
	}
	var games []struct{ Pairing, Line string }
	if err := json.Unmarshal([]byte(out[start+len(`<script type="application/json" id="games">`):start+end]), &games); err != nil {
		t.Fatalf("the games' data: %v", err)
	}
	lines := 0
	for _, g := range games {
		if strings.Contains(g.Line, hostileDetail) {
			lines++
		}
	}
	if len(games) != 6 || games[5].Pairing != "random vs "+hostileName || lines != 2 {
		t.Errorf("got the games %q, want 6, the last of random vs the program, two with its answer as it wrote it", games)
	}
}
