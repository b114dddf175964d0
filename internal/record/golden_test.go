package record_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/testkit/txtar"
	"github.com/othello-judge/judge/othello"
)

var update = flag.Bool("update", false, "rewrite the want sections of the cases in testdata/parse")

// TestParseGolden reads each case of testdata/parse, one file a case in
// the way of go/doc/comment's tests: comment lines, then a section
// "-- in --", a text in any format, and a section "-- want --", what
// Parse makes of it, under the full rules from the standard 8x8 start
// when the text does not say: each game's setup, players, date and
// place, its moves as a move list, where it ends, and FormatGGF's text
// of it; or the error. With -update it rewrites the want sections.
func TestParseGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "parse", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases in testdata/parse: %v", err)
	}
	base, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			comment, sections, err := splitCase(string(data))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			got := describe(record.Parse(sections["in"], base))
			if *update {
				a := &txtar.Archive{Comment: []byte(comment), Files: []txtar.File{
					{Name: "in", Data: []byte(sections["in"])},
					{Name: "want", Data: []byte(got)},
				}}
				if err := os.WriteFile(path, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != sections["want"] {
				t.Errorf("%s: got\n%swant\n%s", path, got, sections["want"])
			}
		})
	}
}

// splitCase splits a case, as package txtar reads it, into its comment
// and its sections "in" and "want", each from the line "-- NAME --" to
// the next such line; a last line without a newline is given one.
func splitCase(text string) (comment string, sections map[string]string, err error) {
	a := txtar.Parse([]byte(text))
	sections = map[string]string{}
	for _, f := range a.Files {
		if _, dup := sections[f.Name]; dup || (f.Name != "in" && f.Name != "want") {
			return "", nil, fmt.Errorf("section %q: want one in and one want", f.Name)
		}
		sections[f.Name] = string(f.Data)
	}
	if _, ok := sections["in"]; !ok {
		return "", nil, errors.New("no section in")
	}
	if _, ok := sections["want"]; !ok && !*update {
		return "", nil, errors.New("no section want")
	}
	return string(a.Comment), sections, nil
}

// describe returns what the test shows of Parse's records and error.
func describe(records []record.Record, err error) string {
	var b strings.Builder
	for i, r := range records {
		s := r.Setup
		fmt.Fprintf(&b, "game %d: %dx%d %s %v, %v first; PB %q PW %q DT %q PC %q\n", i+1,
			s.Board.Rows(), s.Board.Cols(), s.Rules.Name(), s.Win, s.First, r.Black, r.White, r.Date, r.Place)
		fmt.Fprintf(&b, "moves (%d): %s\n", len(r.Moves), record.FormatMoveList(r.Moves))
		g, err := r.Game()
		if err != nil {
			fmt.Fprintf(&b, "replay: %v\n", err)
			continue
		}
		black, white := g.Score()
		end := g.Turn().String() + " to move"
		if g.Over() {
			end = "over"
		}
		if r.PassOwed {
			end += ", after the pass the text owes"
		}
		fmt.Fprintf(&b, "end: B %d, W %d; %s\n", black, white, end)
		text, err := record.FormatGGF(r)
		if err != nil {
			text = "FormatGGF: " + err.Error() + "\n"
		}
		b.WriteString(text)
	}
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err) // after the games read, if any
	}
	return b.String()
}
