package record_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A reading is what Read must make of a test file.
type reading int

const (
	reads     reading = iota // its records, without error
	refused                  // an error
	unchecked                // either: the file is the judge's input, checked against the judge by TestParseJudgeAsTheJudge, or a case of TestParseGolden
)

// TestReadFiles reads every file of games or positions that the tests of
// the repository use, in every format, and checks the format that Detect
// and Read tell, and whether Read reads it. Each record read is written
// in GGF and read back the same, but its known scores, which GGF does not
// hold; and its moves, written as a move list, are read back the same
// from its setup.
func TestReadFiles(t *testing.T) {
	tests := []struct {
		pattern string // a file, or files (filepath.Glob); a later row wins
		want    record.Format
		read    reading
		beside  bool // outside the repository, beside it, maybe not there
	}{
		{"../../../shared/ffo/*.obf", record.OBF, reads, true},

		{"../../cmd/othello/testdata/solve/bad.ggf", record.GGF, refused, false},
		{"../../cmd/othello/testdata/solve/bad.in", record.Judge, refused, false},
		{"../../cmd/othello/testdata/solve/bad.obf", record.OBF, refused, false},
		{"../../cmd/othello/testdata/solve/empty.obf", record.Unknown, refused, false},
		{"../../cmd/othello/testdata/solve/endgame.txt", record.MoveList, reads, false},
		{"../../cmd/othello/testdata/solve/ends.obf", record.OBF, reads, false},
		{"../../cmd/othello/testdata/solve/fewest-6x4.in", record.Judge, reads, false},
		{"../../cmd/othello/testdata/solve/ffo.obf", record.OBF, reads, false},
		{"../../cmd/othello/testdata/solve/games.ggf", record.GGF, reads, false},
		{"../../cmd/othello/testdata/solve/most-4x6.in", record.Judge, reads, false},
		{"../../cmd/othello/testdata/solve/moves.in", record.Judge, reads, false},
		{"../../cmd/othello/testdata/solve/over.in", record.Judge, reads, false},
		{"../../cmd/othello/testdata/solve/pass.in", record.Judge, reads, false},
		{"../../cmd/othello/testdata/solve/start-4x4.in", record.Judge, reads, false},
		{"../../cmd/othello/testdata/solve/wrong.obf", record.OBF, reads, false},
		{"../../cmd/othello/testdata/play/*.ggf", record.GGF, reads, false},
		{"../grader/scenario/reference/*.in", record.Judge, reads, false},

		// The judge's inputs; those whose first line is not one whole
		// number are no setup, which the judge refuses too.
		{"../../testdata/full/*.in", record.Judge, unchecked, false},
		{"../../testdata/simple/*.in", record.Judge, unchecked, false},
		{"../../testdata/full/bad-rows-decimal.in", record.Unknown, refused, false},
		{"../../testdata/full/bad-rows-huge.in", record.Unknown, refused, false},
		{"../../testdata/full/bad-rows-two-numbers.in", record.Unknown, refused, false},
		{"../../testdata/full/bad-rows-word.in", record.Unknown, refused, false},
		{"../../testdata/full/missing-rows.in", record.Unknown, refused, false},
	}
	type want struct {
		format record.Format
		read   reading
	}
	files := map[string]want{}
	for _, tt := range tests {
		paths, err := filepath.Glob(tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if len(paths) == 0 {
			if tt.beside {
				t.Logf("%s: no such file beside the repository: not checked", tt.pattern)
				continue
			}
			t.Errorf("%s: got no file, want one or more", tt.pattern)
		}
		for _, p := range paths {
			files[p] = want{tt.want, tt.read}
		}
	}
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	base, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	for _, path := range paths {
		w := files[path]
		t.Run(strings.TrimPrefix(path, "../../"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := record.Detect(string(data)); got != w.format {
				t.Errorf("Detect: got %v, want %v", got, w.format)
			}
			records, format, err := record.Read(string(data), base)
			if format != w.format {
				t.Errorf("Read: got format %v, want %v", format, w.format)
			}
			switch {
			case w.read == reads && (err != nil || len(records) == 0):
				t.Fatalf("Read: got %d records, error %v; want records and no error", len(records), err)
			case w.read == refused && err == nil:
				t.Fatalf("Read: got %d records and no error, want an error", len(records))
			}
			for i, r := range records {
				checkRoundTrip(t, i+1, r)
			}
		})
	}
}

// checkRoundTrip writes r, record number n of a file, in GGF and reads it
// back, and writes its moves as a move list and reads them back from its
// setup: the same record but its known scores, and the same moves.
func checkRoundTrip(t *testing.T, n int, r record.Record) {
	t.Helper()
	text, err := record.FormatGGF(r)
	if err != nil {
		t.Fatalf("record %d: FormatGGF: %v", n, err)
	}
	again, err := record.ParseGGF(text)
	if err != nil || len(again) != 1 || !reflect.DeepEqual(asGGF(again[0]), asGGF(r)) {
		t.Fatalf("record %d: wrote %+v\nas %s\nread back %+v, %v", n, r, text, again, err)
	}
	list := record.FormatMoveList(r.Moves)
	if back, err := record.ParseMoveList(list, r.Setup); err != nil || !slices.Equal(back.Moves, r.Moves) {
		t.Errorf("record %d: move list %q read back as %v, %v; want %v", n, list, back.Moves, err, r.Moves)
	}
}

// asGGF returns r as GGF holds it: without known scores, and with nil
// moves if it has none.
func asGGF(r record.Record) record.Record {
	r.Known = nil
	if len(r.Moves) == 0 {
		r.Moves = nil
	}
	return r
}

// TestParseGoldenFormats checks the format Detect tells of each case of
// testdata/parse, which TestParseGolden reads: by its name, a judge's
// setup, a move list, SGF, the blank text, a position in OBF, or else
// GGF.
func TestParseGoldenFormats(t *testing.T) {
	named := []struct {
		prefix string
		want   record.Format
	}{
		{"judge", record.Judge},
		{"movelist", record.MoveList},
		{"sgf", record.SGF},
		{"pgn", record.PGN},
		{"blank", record.Unknown},
		{"unknown", record.OBF}, // a position, which Parse refuses: not a game
	}
	paths, err := filepath.Glob(filepath.Join("testdata", "parse", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases in testdata/parse: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			_, sections, err := splitCase(string(data))
			if err != nil {
				t.Fatal(err)
			}
			want := record.GGF
			for _, n := range named {
				if strings.HasPrefix(filepath.Base(path), n.prefix) {
					want = n.want
					break
				}
			}
			if got := record.Detect(sections["in"]); got != want {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

// TestParseOBF reads positions in OBF: the board, the player to move, the
// rules given, and the known scores, squares in either case and passes;
// and each line that is no position, with its line and why.
func TestParseOBF(t *testing.T) {
	const (
		start = "---------------------------O*------*O---------------------------"
		lower = "...........................ox......xo..........................."
	)
	standard, _ := othello.StandardSetup(othello.Simple{}, 8, 8)
	whiteFirst := standard
	whiteFirst.First = othello.White
	tests := []struct {
		name  string
		text  string
		want  []record.Record
		line  int    // of the error; 0 for none
		msg   string // the error's text after "record: line N: "
		cause error  // the error wrapped
	}{
		{"one", start + " X", []record.Record{{Setup: standard}}, 0, "", nil},
		{"lower case, O to move", lower + " o", []record.Record{{Setup: whiteFirst}}, 0, "", nil},
		{"known", "# the start\n\n" + start + " X; F5:+0; d3:+0 ;pa:-64;\r\n" + start + " O\n", []record.Record{
			{Setup: standard, Known: []record.Known{
				{Square: othello.Square{Row: 4, Col: 5}}, {Square: othello.Square{Row: 2, Col: 3}}, {Pass: true, Score: -64}}},
			{Setup: whiteFirst},
		}, 0, "", nil},
		{"corners", start + " X; A1:+1; H1:+2; A8:+3; H8:+4", []record.Record{{Setup: standard, Known: []record.Known{
			{Square: othello.Square{}, Score: 1}, {Square: othello.Square{Col: 7}, Score: 2},
			{Square: othello.Square{Row: 7}, Score: 3}, {Square: othello.Square{Row: 7, Col: 7}, Score: 4}}}}, 0, "", nil},
		{"short", start[1:] + " X", nil, 1, `not a position in OBF: want 64 squares, a space and X or O, got "` + start[1:] + ` X"`, record.ErrSyntax},
		{"no player", start, nil, 1, "not a position in OBF: want 64 squares", record.ErrSyntax},
		{"bad square", start + " X\nZ" + start[1:] + " X", nil, 2, `not a position in OBF: square a1 is 'Z', want X, O or -`, record.ErrSyntax},
		{"bad player", start + " -", nil, 1, `not a position in OBF: the player to move is "-", want X or O`, record.ErrSyntax},
		{"off the board", start + " X; I1:+2", nil, 1, `not a position in OBF: "I1:+2" is not MOVE:SCORE`, record.ErrSyntax},
		{"row 9", start + " X; a9:+2", nil, 1, `not a position in OBF: "a9:+2" is not MOVE:SCORE`, record.ErrSyntax},
		{"no score", start + " X; g8", nil, 1, `not a position in OBF: "g8" is not MOVE:SCORE`, record.ErrSyntax},
		{"bad score", start + " X; g8:x", nil, 1, `not a position in OBF: "g8:x" is not MOVE:SCORE`, record.ErrSyntax},
		{"only comments", "# none\n\n", nil, 1, "no position in OBF", record.ErrNoGame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := record.ParseOBF(tt.text, othello.Simple{})
			if tt.line == 0 {
				if err != nil || !reflect.DeepEqual(got, tt.want) {
					t.Errorf("got %+v, %v; want %+v", got, err, tt.want)
				}
				return
			}
			var pe *record.ParseError
			if !errors.As(err, &pe) || pe.Line != tt.line || !strings.HasPrefix(pe.Msg, tt.msg) || !errors.Is(err, tt.cause) {
				t.Errorf("got %v, want a *record.ParseError at line %d, %q..., wrapping %v", err, tt.line, tt.msg, tt.cause)
			}
		})
	}
}

// TestReadOBF checks that Read reads positions in OBF under the rules
// given, as it reads a judge's setup, and that Parse, which reads games,
// refuses them.
func TestReadOBF(t *testing.T) {
	const text = "---------------------------O*------*O--------------------------- X; f5:+0"
	for _, rules := range []othello.Rules{othello.Full{}, othello.Simple{}} {
		base, _ := othello.StandardSetup(rules, 8, 8)
		records, format, err := record.Read(text, base)
		if err != nil || format != record.OBF || len(records) != 1 || records[0].Setup.Rules.Name() != rules.Name() || len(records[0].Known) != 1 {
			t.Errorf("%s: got %+v, %v, %v; want one record under the %s rules with one known score, OBF, no error", rules.Name(), records, format, err, rules.Name())
		}
		if _, err := record.Parse(text, base); !errors.Is(err, record.ErrFormat) {
			t.Errorf("Parse: got %v, want an error wrapping ErrFormat", err)
		}
	}
}
