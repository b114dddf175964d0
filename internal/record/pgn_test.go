package record_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

var wthorAll = flag.Bool("wthor", false, "TestWTHOR: read every year of ../shared/wthor, not only 1977 to 1979")

// TestWTHOR reads the WTHOR collection of ../shared/wthor (beside the
// repository), 1977 to 1979, or every year with -wthor (make wthor): every
// game is read, replayed, and ends as its Result tag says, the empty
// squares of a finished game going to the winner (shared in a draw):
// its README says otherwise, and the games prove it wrong; FormatPGN writes each
// so that ParsePGN reads it back the same.
func TestWTHOR(t *testing.T) {
	pattern := filepath.Join("..", "..", "..", "shared", "wthor", "WTH_197*.pgn")
	if *wthorAll {
		pattern = filepath.Join("..", "..", "..", "shared", "wthor", "WTH_*.pgn")
	}
	paths, _ := filepath.Glob(pattern)
	if len(paths) == 0 {
		t.Skipf("no %s beside the repository", pattern)
	}
	games, unfinished := 0, 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		records, err := record.ParsePGN(string(data))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var results []string
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "[Result ") {
				results = append(results, line)
			}
		}
		if len(records) != len(results) {
			t.Fatalf("%s: got %d games, want %d, one a Result tag", path, len(records), len(results))
		}
		for i, r := range records {
			games++
			g, err := r.Game()
			if err != nil {
				t.Fatalf("%s: game %d: %v", path, i+1, err)
			}
			if !g.Over() {
				unfinished++
				continue
			}
			black, white := g.Score()
			switch empty := 64 - black - white; {
			case black > white:
				black += empty
			case white > black:
				white += empty
			default:
				black, white = black+empty/2, white+empty/2
			}
			if want := fmt.Sprintf("[Result \"%d-%d\"]", black, white); results[i] != want {
				t.Errorf("%s: game %d: got %s, want %s", path, i+1, results[i], want)
			}
			text, err := record.FormatPGN(r)
			if err != nil {
				t.Fatalf("%s: game %d: FormatPGN: %v", path, i+1, err)
			}
			back, err := record.ParsePGN(text)
			if err != nil || len(back) != 1 || !reflect.DeepEqual(back[0], r) {
				t.Fatalf("%s: game %d: FormatPGN then ParsePGN: got %+v, %v, want %+v", path, i+1, back, err, r)
			}
		}
	}
	t.Logf("%d games in %d files, %d not finished", games, len(paths), unfinished)
}

// TestFormatPGNRefuses: what PGN cannot hold is an error, typed.
func TestFormatPGNRefuses(t *testing.T) {
	standard, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	small, _ := othello.StandardSetup(othello.Full{}, 6, 6)
	simple, _ := othello.StandardSetup(othello.Simple{}, 8, 8)
	fewest := standard
	fewest.Win = othello.FewestDiscs
	whiteFirst := standard
	whiteFirst.First = othello.White
	tests := []struct {
		name string
		r    record.Record
		want error
	}{
		{"6x6", record.Record{Setup: small}, record.ErrUnsupported},
		{"simple rules", record.Record{Setup: simple}, record.ErrUnsupported},
		{"fewest discs win", record.Record{Setup: fewest}, record.ErrUnsupported},
		{"white first", record.Record{Setup: whiteFirst}, record.ErrUnsupported},
		{"a line break in a name", record.Record{Setup: standard, Black: "a\nb"}, record.ErrSyntax},
		{"an illegal move", record.Record{Setup: standard, Moves: []othello.Square{{Row: 0, Col: 0}}}, othello.ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := record.FormatPGN(tt.r)
			if !errors.Is(err, tt.want) {
				t.Errorf("got %v, want an error wrapping %v", err, tt.want)
			}
		})
	}
}

// TestFormatPGNQuotes: a quote or a backslash in a name is escaped, and
// read back.
func TestFormatPGNQuotes(t *testing.T) {
	standard, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	r := record.Record{Setup: standard, Black: `Le "Coq" \ 1`, White: "Zoë", Place: "Paris", Date: "1988", Moves: []othello.Square{{Row: 4, Col: 5}}}
	text, err := record.FormatPGN(r)
	if err != nil {
		t.Fatal(err)
	}
	if want := `[Black "Le \"Coq\" \\ 1"]`; !strings.Contains(text, want+"\n") {
		t.Errorf("got\n%s\nwant a line %s", text, want)
	}
	back, err := record.ParsePGN(text)
	if err != nil || len(back) != 1 || !reflect.DeepEqual(back[0], r) {
		t.Errorf("got %+v, %v, want %+v", back, err, r)
	}
}

// TestFormatPGNTermination writes a game ended before its end with its
// Termination tag, and the whole board to the winner that RE names; and
// reads the tag back.
func TestFormatPGNTermination(t *testing.T) {
	standard, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	tests := []struct {
		re, termination, result string
	}{
		{"+64.000:t", "time forfeit", "64-0"},
		{"-64.000:r", "rules infraction", "0-64"},
		{"", "", "*"}, // a game that goes on
	}
	for _, tt := range tests {
		t.Run(tt.re, func(t *testing.T) {
			r := record.Record{Setup: standard, Moves: []othello.Square{{Row: 4, Col: 5}}, Result: tt.re, Termination: tt.termination}
			text, err := record.FormatPGN(r)
			if err != nil {
				t.Fatal(err)
			}
			tag := fmt.Sprintf("[Termination %q]\n", tt.termination)
			if strings.Contains(text, tag) != (tt.termination != "") || !strings.Contains(text, fmt.Sprintf("[Result %q]", tt.result)) || !strings.HasSuffix(text, tt.result+"\n\n") {
				t.Errorf("got\n%s\nwant Termination %q and the result %s", text, tt.termination, tt.result)
			}
			back, err := record.ParsePGN(text)
			if err != nil || len(back) != 1 || back[0].Termination != tt.termination {
				t.Errorf("read back: got %+v, %v, want Termination %q", back, err, tt.termination)
			}
		})
	}
	if _, err := record.FormatPGN(record.Record{Setup: standard, Termination: "a\nb"}); !errors.Is(err, record.ErrSyntax) {
		t.Errorf("a line break in Termination: got %v, want ErrSyntax", err)
	}
}

// TestParsePGNSkips: a game that cannot be read or played is skipped, and
// the games around it read, as ParseGGF does.
func TestParsePGNSkips(t *testing.T) {
	text := `[Event "one"]
1. F5 D6

[Event "bad tag"]
[Black Ralle]
1. F5 D6
2. C3

[Event "bad move"]
1. F5 A1
2. C3 D3

[Event "two"]
1. F5 F6
`
	games, err := record.ParsePGN(text)
	var se *record.SkipError
	if !errors.As(err, &se) || !errors.Is(err, record.ErrSkipped) {
		t.Fatalf("got %v, want a *SkipError", err)
	}
	var places []string
	for _, g := range games {
		places = append(places, g.Place)
	}
	if got, want := strings.Join(places, ","), "one,two"; got != want {
		t.Errorf("games read: got %s, want %s", got, want)
	}
	var skipped []string
	for _, s := range se.Skipped {
		skipped = append(skipped, fmt.Sprintf("%d@%d", s.Number, s.Err.Line))
	}
	if got, want := strings.Join(skipped, ","), "2@5,3@10"; got != want {
		t.Errorf("skipped (game@line): got %s, want %s", got, want)
	}
	if _, err := record.ParsePGN("[Black Ralle]\n1. F5\n"); !errors.Is(err, record.ErrSyntax) || errors.Is(err, record.ErrSkipped) {
		t.Errorf("one bad game: got %v, want its ParseError wrapping ErrSyntax", err)
	}
}
