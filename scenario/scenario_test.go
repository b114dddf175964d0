package scenario_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"othello/othello"
	"othello/scenario"
)

var ruleSets = []othello.Rules{othello.Full{}, othello.Simple{}}

// TestGeneratedScenariosReplay plays generated scenarios through the
// judge: each is a game played to its end, each bad line is answered with
// INVALID and each move line with VALID, and the same seed gives the same
// scenario.
func TestGeneratedScenariosReplay(t *testing.T) {
	for _, rules := range ruleSets {
		g := scenario.Generator{Rules: rules, BadRate: -1}
		for i := range 200 {
			s := g.Scenario(7, i)
			tr := s.Transcript()
			if tr.Status != 0 {
				t.Fatalf("%s: exit status %d, want 0; standard error %q", s.Name, tr.Status, tr.Errors)
			}
			lines := strings.Split(strings.TrimSuffix(string(tr.Output), "\n"), "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, "WINNER: ") {
				t.Fatalf("%s: last line %q, want a WINNER line", s.Name, last)
			}
			var wantValid, wantInvalid int
			for _, l := range s.Lines {
				switch l.Kind {
				case scenario.Move, scenario.LooseMove:
					wantValid++
				case scenario.AfterEnd:
				default:
					wantInvalid++
				}
			}
			count := map[string]int{}
			for _, l := range lines {
				count[l]++
			}
			if got := count["VALID"]; got != wantValid {
				t.Errorf("%s: got %d VALID lines, want %d", s.Name, got, wantValid)
			}
			if got := count["INVALID"]; got != wantInvalid {
				t.Errorf("%s: got %d INVALID lines, want %d", s.Name, got, wantInvalid)
			}
			if again := g.Scenario(7, i); !bytes.Equal(again.Input(), s.Input()) {
				t.Fatalf("%s: the same seed and index gave two different inputs", s.Name)
			}
		}
	}
}

// TestGeneratorCoversEveryKind counts what a default run of 200 scenarios
// holds, checking each kind of starting board with the engine: every
// board size each way, non-square boards, both first players, both win
// rules, every kind of start, games with passes, and every kind of line.
func TestGeneratorCoversEveryKind(t *testing.T) {
	for _, rules := range ruleSets {
		for _, seed := range []uint64{1, 2, 3} {
			g := scenario.Generator{Rules: rules, BadRate: -1}
			seen := map[string]int{}
			for i := range 200 {
				for _, f := range features(t, g.Scenario(seed, i)) {
					seen[f]++
				}
			}
			var want []string
			for n := othello.MinSize; n <= othello.MaxSize; n += 2 {
				want = append(want, "rows "+itoa(n), "cols "+itoa(n))
			}
			want = append(want, "non-square", "square", "first B", "first W", "win >", "win <", "passes")
			for _, s := range scenario.Starts {
				want = append(want, "start "+s.String())
			}
			for k := scenario.Move; k <= scenario.AfterEnd; k++ {
				want = append(want, "line "+k.String())
			}
			for _, f := range want {
				if seen[f] == 0 {
					t.Errorf("%s, seed %d: no scenario has %q", rules.Name(), seed, f)
				}
			}
			t.Logf("%s, seed %d: %v", rules.Name(), seed, seen)
		}
	}
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// features lists what a scenario holds, checking its kind of start with
// the engine.
func features(t *testing.T, s *scenario.Scenario) []string {
	t.Helper()
	rows, cols := s.Board.Rows(), s.Board.Cols()
	fs := []string{"rows " + itoa(rows), "cols " + itoa(cols), "first " + s.First.String(), "win " + s.Win.String()}
	if rows == cols {
		fs = append(fs, "square")
	} else {
		fs = append(fs, "non-square")
	}
	canMove := func(c othello.Color) bool {
		p, err := othello.NewPosition(s.Rules, s.Board, c)
		if err != nil {
			t.Fatal(err)
		}
		return p.HasMoves()
	}
	empty := s.Board.Count(othello.Empty)
	ok := true
	switch s.Start {
	case scenario.FullBoard:
		ok = empty == 0
	case scenario.Blocked:
		ok = !canMove(s.First) && canMove(s.First.Opponent())
	case scenario.Nobody:
		ok = empty > 0 && !canMove(othello.Black) && !canMove(othello.White)
	}
	if !ok {
		t.Errorf("%s: the starting board is not %s:\n%s", s.Name, s.Start, s.Board)
	}
	fs = append(fs, "start "+s.Start.String())

	game, err := othello.NewGame(s.Rules, s.Board, s.First, s.Win)
	if err != nil {
		t.Fatal(err)
	}
	passes := !game.Over() && game.Turn() != s.First
	for _, l := range s.Lines {
		fs = append(fs, "line "+l.Kind.String())
		if l.Kind == scenario.Move || l.Kind == scenario.LooseMove {
			mover := game.Turn()
			if _, err := game.Play(l.Square); err != nil {
				t.Fatalf("%s: move %q: %v", s.Name, l.Text, err)
			}
			passes = passes || (!game.Over() && game.Turn() == mover)
		}
	}
	if passes {
		fs = append(fs, "passes")
	}
	return fs
}

func TestTranscriptsWriteAndRead(t *testing.T) {
	dir := t.TempDir()
	want := []scenario.Transcript{
		scenario.Judge("full/finished", othello.Full{}, []byte("4\n4\nB\n>\n"+strings.Repeat("B W B W\n", 4))),
		scenario.Judge("simple/bad-setup", othello.Simple{}, []byte("4\n4\nX\n")),
	}
	for _, tr := range want {
		if err := tr.Write(dir); err != nil {
			t.Fatal(err)
		}
	}
	got, err := scenario.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d transcripts, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Name != w.Name || g.Rules != w.Rules || g.Status != w.Status ||
			!bytes.Equal(g.Input, w.Input) || !bytes.Equal(g.Output, w.Output) || !bytes.Equal(g.Errors, w.Errors) {
			t.Errorf("transcript %d: got %+v, want %+v", i, g, w)
		}
	}
}

func TestReadDirProjectTranscripts(t *testing.T) {
	ts, err := scenario.ReadDir(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range ts {
		dir, _, _ := strings.Cut(tr.Name, "/")
		if strings.ToUpper(dir) != tr.Rules.Name() {
			t.Errorf("%s: got rules %s, want the folder's", tr.Name, tr.Rules.Name())
		}
		if again := scenario.Judge(tr.Name, tr.Rules, tr.Input); !bytes.Equal(again.Output, tr.Output) || again.Status != tr.Status {
			t.Errorf("%s: the judge's output differs from the transcript's", tr.Name)
		}
	}
	if len(ts) < 50 {
		t.Errorf("got %d transcripts, want the project's 74 or so", len(ts))
	}
}

func TestReadDirErrors(t *testing.T) {
	empty := t.TempDir()
	noRules := t.TempDir()
	os.WriteFile(filepath.Join(noRules, "a.in"), []byte("4\n"), 0o644)
	os.WriteFile(filepath.Join(noRules, "a.out"), []byte("HELLO\n"), 0o644)
	noOut := t.TempDir()
	os.WriteFile(filepath.Join(noOut, "a.in"), []byte("4\n"), 0o644)
	tests := []struct {
		name string
		dir  string
		want error
	}{
		{"empty folder", empty, scenario.ErrNoTranscripts},
		{"no FULL or SIMPLE", noRules, scenario.ErrNoRules},
		{"no .out file", noOut, fs.ErrNotExist},
		{"no folder", filepath.Join(empty, "missing"), fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := scenario.ReadDir(tt.dir)
			if !errors.Is(err, tt.want) {
				t.Errorf("got error %v, want %v", err, tt.want)
			}
			var pathErr *fs.PathError
			if !errors.As(err, &pathErr) {
				t.Errorf("got error %T, want an *fs.PathError", err)
			}
		})
	}
}

// BenchmarkScenario measures making one random scenario and the judge's
// transcript of it, the work othello check does in process per scenario.
func BenchmarkScenario(b *testing.B) {
	g := scenario.Generator{Rules: othello.Full{}, BadRate: -1}
	for i := 0; i < b.N; i++ {
		g.Scenario(1, i%1000).Transcript()
	}
}
