package scenario_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

var ruleSets = []othello.Rules{othello.Full{}, othello.Simple{}}

// TestGeneratedScenariosReplay plays generated scenarios of both
// profiles through the judge: each is a game played to its end, each bad
// line is answered with INVALID and each move line with VALID, a bad
// setup ends the judge after its first line, and the same seed gives the
// same scenario.
func TestGeneratedScenariosReplay(t *testing.T) {
	for _, rules := range ruleSets {
		for _, profile := range scenario.Profiles {
			g := scenario.Generator{Rules: rules, Profile: profile, BadRate: -1}
			for i := range 200 {
				s := g.Scenario(7, i)
				tr := s.Transcript()
				if s.Fault != nil {
					if want := rules.Name() + "\n"; tr.Status != 1 || string(tr.Output) != want {
						t.Errorf("%s: bad setup %+v: got status %d and output %q, want 1 and %q", s.Name, *s.Fault, tr.Status, tr.Output, want)
					}
					continue
				}
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
}

// TestGeneratorCoversEveryKind counts what 200 scenarios of the protocol
// profile hold, checking each kind of starting board with the engine:
// every board size each way, non-square boards, both first players, both
// win rules, every kind of start, games with passes, every kind of line,
// bad setups, and every category.
func TestGeneratorCoversEveryKind(t *testing.T) {
	for _, rules := range ruleSets {
		for _, seed := range []uint64{1, 2, 3} {
			g := scenario.Generator{Rules: rules, Profile: scenario.Protocol, BadRate: -1}
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
			want = append(want, "non-square", "square", "first B", "first W", "win >", "win <", "passes", "bad setup")
			for _, s := range scenario.Starts {
				want = append(want, "start "+s.String())
			}
			for k := scenario.Move; k <= scenario.AfterEnd; k++ {
				want = append(want, "line "+k.String())
			}
			for _, c := range scenario.Protocol.Categories() {
				want = append(want, c.String())
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

// TestCategories checks that each generated scenario has what its
// category tests, and nothing that another category tests, so that a
// mistake costs the points of its own category only; and that the
// assignment profile writes every line as two plain integers separated by
// one space.
func TestCategories(t *testing.T) {
	plain := regexp.MustCompile(`^[0-9]+ [0-9]+$`)
	for _, rules := range ruleSets {
		for _, profile := range scenario.Profiles {
			g := scenario.Generator{Rules: rules, Profile: profile, BadRate: -1}
			for i := range 300 {
				s := g.Scenario(4, i)
				if want := profile.Categories()[i%len(profile.Categories())]; s.Category != want {
					t.Fatalf("%s: category %s, want %s", s.Name, s.Category, want)
				}
				fs := map[string]bool{}
				for _, f := range features(t, s) {
					fs[f] = true
				}
				has := map[scenario.Category]bool{
					scenario.Passes:        fs["passes"] && (s.Start == scenario.Sparse || s.Start == scenario.Dense),
					scenario.BlockedStart:  fs["start "+scenario.Blocked.String()] || fs["start "+scenario.Nobody.String()] || fs["start "+scenario.FullBoard.String()],
					scenario.FewestWins:    fs["win <"],
					scenario.NonSquare:     fs["non-square"],
					scenario.InvalidMoves:  fs["line occupied"] || fs["line illegal"] || fs["line off board"],
					scenario.TolerantInput: fs["line loose move"],
					scenario.BadSetup:      fs["bad setup"],
				}
				for _, k := range scenario.FormatKinds {
					has[scenario.BadLines] = has[scenario.BadLines] || fs["line "+k.String()]
				}
				for c, ok := range has {
					if c == s.Category && c != scenario.InvalidMoves && c != scenario.BadLines && !ok {
						t.Errorf("%s: a %s scenario without what it tests: %v", s.Name, c, fs)
					}
					if c != s.Category && ok {
						t.Errorf("%s: a %s scenario has what %s tests: %v", s.Name, s.Category, c, fs)
					}
				}
				for _, l := range s.Lines {
					if profile == scenario.Assignment && !plain.MatchString(l.Text) {
						t.Errorf("%s: the assignment profile wrote the line %q", s.Name, l.Text)
					}
				}
			}
		}
	}
}

// TestReferenceGame checks the built-in reference games against those of
// ../shared/examples, where it is, and of ../testdata.
func TestReferenceGame(t *testing.T) {
	for _, rules := range ruleSets {
		tr := scenario.ReferenceGame(rules)
		name := strings.ToLower(rules.Name())
		for _, path := range []string{
			filepath.Join("..", "..", "..", "..", "shared", "examples", name+"-4x4"),
			filepath.Join("..", "..", "..", "testdata", name, "reference-4x4"),
		} {
			in, err1 := os.ReadFile(path + ".in")
			out, err2 := os.ReadFile(path + ".out")
			if errors.Is(err1, fs.ErrNotExist) && strings.Contains(path, "shared") {
				t.Logf("%s: not here", path)
				continue
			}
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if !bytes.Equal(tr.Input, in) || !bytes.Equal(tr.Output, out) || tr.Status != 0 {
				t.Errorf("%s: differs from %s", tr.Name, path)
			}
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
		p, err := othello.NewPosition(s.Rules, &s.Board, c)
		if err != nil {
			t.Fatal(err)
		}
		return !p.Legal().IsEmpty()
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
		t.Errorf("%s: the starting board is not %s:\n%s", s.Name, s.Start, &s.Board)
	}
	fs = append(fs, "start "+s.Start.String(), s.Category.String())
	if s.Fault != nil {
		return append(fs, "bad setup")
	}

	game, err := s.NewGame()
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
	ts, err := scenario.ReadDir(filepath.Join("..", "..", "..", "testdata"))
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
