package record_test

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// TestGGFRoundTrip reads games written as GGS writes them, one a line,
// with every property GGS writes: the players, ratings, clocks (TI, or TB
// and TW), synchro and komi types, komi bids and komi, comments, unknown
// properties, results that the moves do not give (a resignation, a komi
// game's), and each move's evaluation and time, passes' too. FormatGGF
// must give each line back, property for property.
func TestGGFRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/ggf/ggs.ggf")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	games, err := record.ParseGGF(string(data))
	if err != nil || len(games) != len(lines) {
		t.Fatalf("got %d games, error %v; want %d games", len(games), err, len(lines))
	}
	for i, r := range games {
		got, err := record.FormatGGF(r)
		if want := lines[i] + "\n"; err != nil || got != want {
			t.Errorf("game %d: got\n%s(error %v), want\n%s", i+1, got, err, want)
		}
	}
	r := games[4]
	if got, want := r.Notes[9], (record.Note{Time: "0.01"}); got != want || len(r.Notes) != 15 {
		t.Errorf("the first pass's note: got %+v of %d, want %+v of 15", got, len(r.Notes), want)
	}
	if got, want := r.Props, []record.Property{{Name: "CO", Value: "a comment, kept"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("props: got %+v, want %+v", got, want)
	}
}

// TestParseGGFSkips checks that the games of a text that cannot be read
// or played are skipped, and the others read: a *SkipError lists the
// skipped ones, with their numbers and errors; a text of no game that can
// be read is the error of the first.
func TestParseGGFSkips(t *testing.T) {
	const start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
	good := "(;GM[Othello]" + start + "B[f5];)\n"
	illegal := "(;GM[Othello]" + start + "B[a1];)\n"
	octagon := "(;GM[Othello]TY[88];)\n"
	syntax := "(;GM[Othello]BO;)\n"
	tests := []struct {
		name    string
		text    string
		read    int
		skipped []int // the numbers of the skipped games
		lines   []int // their lines
		want    error // the error when none is read
	}{
		{"all good", good + good, 2, nil, nil, nil},
		{"one illegal", good + illegal + good, 2, []int{2}, []int{2}, nil},
		{"first refused", octagon + good, 1, []int{1}, []int{1}, nil},
		{"syntax then good", syntax + good + illegal, 1, []int{1, 3}, []int{1, 3}, nil},
		{"none good", illegal + octagon, 0, nil, nil, othello.ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := record.ParseGGF(tt.text)
			if len(games) != tt.read {
				t.Fatalf("got %d games, want %d (error %v)", len(games), tt.read, err)
			}
			if tt.want != nil {
				var pe *record.ParseError
				if !errors.Is(err, tt.want) || !errors.As(err, &pe) || pe.Line != 1 {
					t.Errorf("got %v, want the *record.ParseError of line 1 wrapping %v", err, tt.want)
				}
				return
			}
			var se *record.SkipError
			if len(tt.skipped) == 0 {
				if err != nil {
					t.Errorf("got %v, want no error", err)
				}
				return
			}
			if !errors.As(err, &se) || !errors.Is(err, record.ErrSkipped) || se.Read != tt.read {
				t.Fatalf("got %v, want a *record.SkipError of %d read", err, tt.read)
			}
			var numbers, lines []int
			for _, s := range se.Skipped {
				numbers, lines = append(numbers, s.Number), append(lines, s.Err.Line)
			}
			if !reflect.DeepEqual(numbers, tt.skipped) || !reflect.DeepEqual(lines, tt.lines) {
				t.Errorf("got games %v at lines %v skipped, want %v at %v", numbers, lines, tt.skipped, tt.lines)
			}
			if text := err.Error(); !strings.HasPrefix(text, "record: ") || strings.Count(text, "record:") != 1 {
				t.Errorf("%q: want the prefix \"record: \" once", text)
			}
		})
	}
}

// TestContinue checks what a record keeps of its text when its game goes
// on or is taken back: the notes of the turns it still has, the result
// only while the moves are the text's, the players and the rest always.
func TestContinue(t *testing.T) {
	games, err := record.ParseGGF(`(;GM[Othello]PB[hercule]PW[scorp+]RB[2350.10]TI[15:00//02:00]TY[8]RE[+64.00:r]KM[0]
BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1.03]W[d6/-1.20/0.50]B[c3/2.10/2.22];)`)
	if err != nil {
		t.Fatal(err)
	}
	r := games[0]
	sq := func(s string) othello.Square { q, _ := othello.ParseSquare(s); return q }
	tests := []struct {
		name   string
		moves  []othello.Square
		notes  int
		result string
	}{
		{"the same", r.Moves, 3, "+64.00:r"},
		{"one more", append(append([]othello.Square{}, r.Moves...), sq("d3")), 3, ""},
		{"one back", r.Moves[:2], 2, ""},
		{"another third", []othello.Square{sq("f5"), sq("d6"), sq("c5")}, 2, ""},
		{"none", nil, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := r.Continue(tt.moves)
			if len(c.Notes) != tt.notes || c.Result != tt.result || !reflect.DeepEqual(c.Moves, tt.moves) {
				t.Errorf("got %d notes, result %q, moves %v; want %d, %q, %v", len(c.Notes), c.Result, c.Moves, tt.notes, tt.result, tt.moves)
			}
			if c.Black != "hercule" || c.White != "scorp+" || c.BlackRating != "2350.10" || c.Clock != "15:00//02:00" || len(c.Props) != 1 {
				t.Errorf("got %+v, want the players, rating, clock and KM kept", c)
			}
		})
	}
}
