package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/diff"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/testkit/txtar"
	"github.com/othello-judge/judge/othello"
)

var update = flag.Bool("update", false, "rewrite the terminal, status and stderr sections of othello play's transcripts in testdata/play, and othello review's golden reviews in testdata/review")

// playDir holds the transcripts of othello play, one file a case, in the
// txtar format that parsePlayCase reads. Its README.md describes it.
var playDir = filepath.Join("testdata", "play")

// A playCase is one transcript of othello play.
type playCase struct {
	path     string
	comment  string   // the lines before the first section
	args     []string // after "othello"
	input    []string // the lines typed
	terminal string   // what a terminal shows: output, and each line typed after its prompt
	status   int
	stderr   string
}

// A playSection is a section a case may have.
type playSection struct {
	name     string
	required bool // every case has it
}

// playSections are the sections a case may have, in the order write
// writes them. stderr is written only when the program wrote something
// there.
var playSections = []playSection{
	{"args", true},
	{"input", true},
	{"terminal", true},
	{"status", true},
	{"stderr", false},
}

// readPlayCase reads the case in the file path, and fails the test if it
// is not well formed.
func readPlayCase(t *testing.T, path string) playCase {
	t.Helper()
	c, err := parsePlayCase(path, mustRead(t, path))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// parsePlayCase parses data, the text of the case in the file path, as
// package txtar reads it: a comment, then sections, each from a line
// "-- NAME --" to the next such line or the end; a last line without a
// newline is given one. Each section must be one of playSections, at
// most once, and each required one must be there; the status must be an
// integer. An error names path and the line at fault, or the last line
// when a section is missing.
func parsePlayCase(path string, data []byte) (playCase, error) {
	a := txtar.Parse(data)
	c := playCase{path: path, comment: string(a.Comment)}
	parts := map[string]string{}
	at := map[string]int{}                    // the line of each section's header
	n := bytes.Count(a.Comment, []byte("\n")) // the lines up to the section
	for _, f := range a.Files {
		n++
		header := "-- " + f.Name + " --"
		if !slices.ContainsFunc(playSections, func(p playSection) bool { return p.name == f.Name }) {
			return c, fmt.Errorf("%s:%d: unknown section %q", path, n, header)
		}
		if first, ok := at[f.Name]; ok {
			return c, fmt.Errorf("%s:%d: a second section %q (the first is at line %d)", path, n, header, first)
		}
		at[f.Name], parts[f.Name] = n, string(f.Data)
		n += bytes.Count(f.Data, []byte("\n"))
	}
	for _, s := range playSections {
		if _, ok := at[s.name]; s.required && !ok {
			return c, fmt.Errorf("%s:%d: no section \"-- %s --\" by the end of the file", path, max(n, 1), s.name)
		}
	}
	c.args = strings.Fields(parts["args"])
	if in := parts["input"]; in != "" {
		c.input = strings.Split(strings.TrimSuffix(in, "\n"), "\n")
	}
	c.terminal = string(txtar.UnmarkBlanks([]byte(parts["terminal"])))
	status, err := strconv.Atoi(strings.TrimSpace(parts["status"]))
	if err != nil {
		line := at["status"]
		if parts["status"] != "" {
			line++ // the first line of the section
		}
		return c, fmt.Errorf("%s:%d: the status %q is not an integer", path, line, strings.TrimSuffix(parts["status"], "\n"))
	}
	c.status = status
	c.stderr = parts["stderr"]
	return c, nil
}

// write writes the case back to its file, its terminal's blanks marked
// as txtar.MarkBlanks marks them.
func (c playCase) write(t *testing.T) {
	t.Helper()
	var input strings.Builder
	for _, line := range c.input {
		input.WriteString(line + "\n")
	}
	a := &txtar.Archive{Comment: []byte(c.comment), Files: []txtar.File{
		{Name: "args", Data: []byte(strings.Join(c.args, " ") + "\n")},
		{Name: "input", Data: []byte(input.String())},
		{Name: "terminal", Data: txtar.MarkBlanks([]byte(c.terminal))},
		{Name: "status", Data: []byte(strconv.Itoa(c.status) + "\n")},
	}}
	if c.stderr != "" {
		a.Files = append(a.Files, txtar.File{Name: "stderr", Data: []byte(c.stderr)})
	}
	if err := os.WriteFile(c.path, txtar.Format(a), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A tty stands for a person at a terminal: it types the next line
// only when the program reads, and shows it after all the program has
// written, as a terminal echoes typed text. A program that reads before
// it flushes its prompt shows the line before the prompt.
type tty struct {
	screen  bytes.Buffer
	lines   []string
	pending []byte // the rest of a line the program read only part of
	typed   []int  // where each typed line starts on the screen
}

func (t *tty) Write(p []byte) (int, error) { return t.screen.Write(p) }

func (t *tty) Read(p []byte) (int, error) {
	if len(t.pending) == 0 {
		if len(t.lines) == 0 {
			return 0, io.EOF
		}
		t.pending = []byte(t.lines[0] + "\n")
		t.lines = t.lines[1:]
		t.typed = append(t.typed, t.screen.Len())
		t.screen.Write(t.pending)
	}
	n := copy(p, t.pending)
	t.pending = t.pending[n:]
	return n, nil
}

// TestPlayGolden plays each case of testdata/play on a terminal, and
// checks what it shows, the exit status and standard error. It then pipes
// in the whole input at once: the output must be what the terminal showed
// less the typed lines. With -update it rewrites the terminal, status and
// stderr sections.
func TestPlayGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(playDir, "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases in %s: %v", playDir, err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			c := readPlayCase(t, path)
			term := &tty{lines: c.input}
			var stderr bytes.Buffer
			status := run(c.args, term, term, &stderr, environ{})
			if *update {
				c.terminal, c.status, c.stderr = term.screen.String(), status, stderr.String()
				c.write(t)
				return
			}
			if got := term.screen.String(); got != c.terminal {
				t.Errorf("terminal differs from %s:\n%s", path, diff.Diff([]byte(c.terminal), []byte(got)))
			}
			if status != c.status || stderr.String() != c.stderr {
				t.Errorf("got status %d, stderr %q; want %d, %q", status, stderr.String(), c.status, c.stderr)
			}

			// The same, piped.
			want := []byte(term.screen.String())
			for i := len(term.typed) - 1; i >= 0; i-- {
				at := term.typed[i]
				end := at + len(c.input[i]) + 1
				want = append(want[:at:at], want[end:]...)
			}
			var out bytes.Buffer
			in := strings.Join(c.input, "\n")
			if len(c.input) > 0 {
				in += "\n"
			}
			run(c.args, strings.NewReader(in), &out, io.Discard, environ{})
			if got := out.String(); got != string(want) {
				t.Errorf("piped, the output differs from the terminal less what was typed:\n%s", diff.Diff(want, []byte(got)))
			}
		})
	}
}

// seedSample is the sample game of the classic text game
// (../shared/seeds/004_7ab2732cdaac2bb5.txt) up to "Many, many moves
// later...", which -style xo must reproduce byte for byte.
const seedSample = `1 --------
2 --------
3 --------
4 ---OX---
5 ---XO---
6 --------
7 --------
8 --------
  abcdefgh

Player 'X' move: 3d
1 --------
2 --------
3 ---X----
4 ---XX---
5 ---XO---
6 --------
7 --------
8 --------
  abcdefgh

Player 'O' move: c5
1 --------
2 --------
3 ---X----
4 ---XX---
5 --OOO---
6 --------
7 --------
8 --------
  abcdefgh

Player 'X' move: e7
Invalid move. Please try again.

Player 'X' move: e6
1 --------
2 --------
3 ---X----
4 ---XX---
5 --OOX---
6 ----X---
7 --------
8 --------
  abcdefgh

Player 'O' move: 5f
1 --------
2 --------
3 ---X----
4 ---XX---
5 --OOOO--
6 ----X---
7 --------
8 --------
  abcdefgh

`

// TestXOIsTheClassicGame checks that the transcript of -style xo that
// testdata keeps starts with the sample game of the classic text game, and
// ends as it does, so that no -update can drift from it.
func TestXOIsTheClassicGame(t *testing.T) {
	c := readPlayCase(t, filepath.Join(playDir, "xo-sample.txt"))
	if !strings.HasPrefix(c.terminal, seedSample) {
		t.Errorf("the terminal does not start with the sample game:\n%s", diff.Diff([]byte(seedSample), []byte(c.terminal[:min(len(c.terminal), len(seedSample))])))
	}
	lines := strings.Split(c.terminal, "\n")
	if n := len(lines); n < 4 || lines[n-4] != "" || lines[n-3] != "No further moves available" ||
		!regexp.MustCompile(`^Player '[XO]' wins \( \d+ vs \d+ \)$`).MatchString(lines[n-2]) {
		t.Errorf("got the last lines %q, want a blank line, No further moves available, Player 'X' wins ( N vs M )", lines[max(0, n-4):])
	}
}

// TestParsePlayCase checks that parsePlayCase reads a good case whole, and
// refuses, at the right line, every kind of bad one.
func TestParsePlayCase(t *testing.T) {
	const good = "# A comment,\n# two lines.\n" +
		"-- args --\nplay -white cpu:1\n" +
		"-- input --\nd3\nquit\n" +
		"-- terminal --\nmove: $\n-- a line\n\n" +
		"-- status --\n1\n" +
		"-- stderr --\nothello: input ended\n"
	for _, tc := range []struct {
		name string
		data string
		want playCase // when err is ""
		err  string
	}{
		{
			name: "good",
			data: good,
			want: playCase{
				path:     "x.txt",
				comment:  "# A comment,\n# two lines.\n",
				args:     []string{"play", "-white", "cpu:1"},
				input:    []string{"d3", "quit"},
				terminal: "move: \n-- a line\n\n",
				status:   1,
				stderr:   "othello: input ended\n",
			},
		},
		{
			name: "good, least",
			data: "-- args --\n-- input --\n-- terminal --\n--  status  --\n 0 ",
			want: playCase{path: "x.txt", args: []string{}},
		},
		{
			name: "good, in another order",
			data: "-- status --\n0\n-- terminal --\nend\n-- input --\n-- args --\nplay\n",
			want: playCase{path: "x.txt", args: []string{"play"}, terminal: "end\n"},
		},
		{
			name: "part of a name",
			data: "-- args --\n-- input --\n-- term --\n-- terminal --\n-- status --\n0\n",
			err:  `x.txt:3: unknown section "-- term --"`,
		},
		{
			name: "name across two names",
			data: "-- args --\n-- input --\n-- terminal --\n-- status --\n0\n-- s stderr --\n",
			err:  `x.txt:6: unknown section "-- s stderr --"`,
		},
		{
			name: "name in capitals",
			data: "# -- args --\n-- ARGS --\n",
			err:  `x.txt:2: unknown section "-- ARGS --"`,
		},
		{
			name: "two inputs",
			data: "-- args --\n-- input --\nd3\n-- terminal --\n-- input --\n-- status --\n0\n",
			err:  `x.txt:5: a second section "-- input --" (the first is at line 2)`,
		},
		{
			name: "two stderrs",
			data: good + "-- stderr --\n",
			err:  `x.txt:16: a second section "-- stderr --" (the first is at line 14)`,
		},
		{
			name: "empty",
			data: "",
			err:  `x.txt:1: no section "-- args --" by the end of the file`,
		},
		{
			name: "no args",
			data: "# comment\n-- input --\n-- terminal --\n-- status --\n0\n",
			err:  `x.txt:5: no section "-- args --" by the end of the file`,
		},
		{
			name: "no input",
			data: "-- args --\n-- terminal --\n-- status --\n0\n",
			err:  `x.txt:4: no section "-- input --" by the end of the file`,
		},
		{
			name: "no terminal",
			data: "-- args --\n-- input --\n-- status --\n0\n",
			err:  `x.txt:4: no section "-- terminal --" by the end of the file`,
		},
		{
			name: "no status",
			data: "-- args --\n-- input --\n-- terminal --\n-- stderr --\nfailed\n",
			err:  `x.txt:5: no section "-- status --" by the end of the file`,
		},
		{
			name: "status a word",
			data: "-- args --\n-- input --\n-- terminal --\n-- status --\none\n",
			err:  `x.txt:5: the status "one" is not an integer`,
		},
		{
			name: "status empty",
			data: "-- args --\n-- input --\n-- terminal --\n-- status --\n",
			err:  `x.txt:4: the status "" is not an integer`,
		},
		{
			name: "status two numbers",
			data: "-- args --\n-- input --\n-- terminal --\n-- status --\n0\n1\n-- stderr --\n",
			err:  `x.txt:5: the status "0\n1" is not an integer`,
		},
		{
			name: "status a decimal",
			data: "-- args --\n-- input --\n-- terminal --\n-- status --\n1.0\n",
			err:  `x.txt:5: the status "1.0" is not an integer`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parsePlayCase("x.txt", []byte(tc.data))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("got error %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// boardPattern matches a board of the plain style, the last move in
// brackets and the legal moves marked, with its counts and whose turn.
var boardPattern = regexp.MustCompile(`(?m)^   a( [a-p])+\n(^[ 1]\d([ \[\]][.XO*])+\]?\n)+X Black \d+, O White \d+(, (Black|White) to move)?\n`)

// playRun runs othello play with args and input and returns its exit
// status and what it wrote.
func playRun(input string, args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(append([]string{"play"}, args...), strings.NewReader(input), &out, &errOut, environ{})
	return status, out.String(), errOut.String()
}

// TestPlaySaveLoad plays a game with -save until the input ends, then
// goes on with it with -load: the same board, the same player to move,
// the same moves for record. Two computers then play the loaded game to
// its end with -save again: the file is the whole game with its result,
// and no other file is left beside it.
func TestPlaySaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.ggf")
	status, out, stderr := playRun("d5\nc5\nb5\nrecord\n", "-black", "human", "-white", "human", "-size", "6x6", "-save", path)
	if status != 1 || !strings.Contains(out, "Record: d5c5b5\n") {
		t.Fatalf("first game: got status %d, stderr %q and\n%s\nwant status 1 and Record: d5c5b5", status, stderr, out)
	}
	boards := boardPattern.FindAllString(out, -1)
	if len(boards) != 4 {
		t.Fatalf("first game: got %d boards, want 4:\n%s", len(boards), out)
	}
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if text := string(saved); !strings.HasPrefix(text, "(;GM[Othello]PC[othello]DT[") || !strings.Contains(text, "PB[human]PW[human]TY[6]BO[6 ") ||
		!strings.HasSuffix(text, "B[d5]W[c5]B[b5];)\n") || strings.Contains(text, "RE[") {
		t.Errorf("saved %q, want the 6x6 game of two humans, d5 c5 b5, without a result", text)
	}

	status, out, stderr = playRun("record\nquit\n", "-load", path, "-black", "human", "-white", "human")
	if status != 0 || stderr != "" {
		t.Fatalf("loaded: got status %d, stderr %q; want 0 and nothing", status, stderr)
	}
	// The loaded game's board does not mark a last move.
	unmarked := strings.NewReplacer("]\n", "\n", "[", " ", "]", " ")
	if got, want := boardPattern.FindString(out), unmarked.Replace(boards[3]); got != want {
		t.Errorf("loaded: got the board\n%swant the first game's last\n%s", got, want)
	}
	if want := "White (O) to move: Record: d5c5b5\n"; !strings.Contains(out, want) {
		t.Errorf("loaded: got\n%s\nwant it to hold %q", out, want)
	}

	status, out, stderr = playRun("", "-load", path, "-black", "cpu:1", "-white", "cpu:1", "-save", path)
	if status != 0 || stderr != "" {
		t.Fatalf("played to the end: got status %d, stderr %q; want 0 and nothing", status, stderr)
	}
	saved, _ = os.ReadFile(path)
	games, err := record.ParseGGF(string(saved))
	if err != nil || len(games) != 1 {
		t.Fatalf("saved %q: read %d games, error %v; want 1 game", saved, len(games), err)
	}
	g, _ := games[0].Game()
	end := boardPattern.FindAllString(out, -1)
	if !g.Over() || !strings.Contains(string(saved), "RE[") || !strings.HasPrefix(record.FormatMoveList(games[0].Moves), "d5c5b5") ||
		games[0].Black != "cpu:1" || !strings.Contains(end[len(end)-1], fmt.Sprintf("X Black %d, O White %d\n", countOf(g, othello.Black), countOf(g, othello.White))) {
		t.Errorf("saved %q: want the whole game from d5 c5 b5, with its result, to the last board shown:\n%s", saved, end[len(end)-1])
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("got %d files in the folder, want only the game: %v", len(files), files)
	}
}

// TestPlayLoadKeeps loads GGS's games with -load and saves them with
// -save: what the file says is kept, property for property, the names of
// the players (people's, given by a flag or not) but where a flag gives a
// computer player, and the moves played
// after loading have no evaluation or time. A first game that cannot be
// played is skipped, and said on standard error.
func TestPlayLoadKeeps(t *testing.T) {
	const head = "(;GM[Othello]PC[GGS/os]DT[2005.01.02_03:04:05.EST]PB[hercule]PW[scorp+]RB[2350.10]RW[2401.77]TI[15:00//02:00]TY[8]KM[0]" +
		"BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1.03]W[d6/-1.20/0.50]B[c3/2.10/2.22]W[d3/-3.40/0.10]"
	const bad = "(;GM[Othello]TY[8]\nB[a1];)\n"
	tests := []struct {
		name   string
		file   string
		args   []string
		input  string
		want   string // the saved file
		stderr string
	}{
		{"as it was", head + ";)\n", nil, "quit\n", head + ";)\n", ""},
		{"two people, a move played", head + ";)\n", []string{"-white", "human"}, "c4\nquit\n", head + "B[c4];)\n", ""},
		{"two people given", head + ";)\n", []string{"-black", "human", "-white", "human"}, "quit\n", head + ";)\n", ""},
		{"a computer given", head + ";)\n", []string{"-white", "greedy"}, "quit\n",
			strings.Replace(head, "PW[scorp+]RB[2350.10]RW[2401.77]", "PW[greedy]RB[2350.10]", 1) + ";)\n", ""},
		{"a bad game first", bad + head + ";)\n", nil, "quit\n", head + ";)\n", ":2: game 1 skipped: move 1, B a1: move flips no disc\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			in, out := filepath.Join(dir, "game.ggf"), filepath.Join(dir, "copy.ggf")
			if err := os.WriteFile(in, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			status, _, stderr := playRun(tt.input, append([]string{"-load", in, "-save", out}, tt.args...)...)
			if wantErr := "othello play: " + in + tt.stderr; status != 0 || (tt.stderr == "" && stderr != "") || (tt.stderr != "" && stderr != wantErr) {
				t.Fatalf("got status %d, stderr %q; want 0 and %q", status, stderr, tt.stderr)
			}
			saved, err := os.ReadFile(out)
			if err != nil || string(saved) != tt.want {
				t.Errorf("saved\n%s(error %v), want\n%s", saved, err, tt.want)
			}
		})
	}
}

// countOf returns the discs of c on the board of g.
func countOf(g *othello.Game, c othello.Color) int { return g.Board().Count(c) }

// TestPlayFiles checks the command lines of -load, -save and -board, and
// the errors of the files they read or write.
func TestPlayFiles(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(solveDir, "games.ggf")
	notAGame := filepath.Join(dir, "hello.txt")
	if err := os.WriteFile(notAGame, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		status  int
		wantOut string // held by standard output
		wantErr string // the start of standard error
	}{
		{"load and size", []string{"-load", game, "-size", "4x4"}, 2, "", "othello play: -load sets the size, the first player and the win rule: drop -size"},
		{"load and board", []string{"-load", game, "-board", game}, 2, "", "othello play: -load and -board both give the starting board: drop one"},
		{"load a match", []string{"-load", game, "-black", "cpu:1", "-white", "cpu:1", "-games", "2"}, 2, "", "othello play: -load and -save are for one game shown: drop -games and -stats"},
		{"save stats", []string{"-save", filepath.Join(dir, "x.ggf"), "-black", "cpu:1", "-white", "cpu:1", "-stats"}, 2, "", "othello play: -load and -save are for one game shown"},
		{"rules differ", []string{"-load", game, "-rules", "simple"}, 2, "", "othello play: -rules simple, but " + game + " is a game under the FULL rules: drop -rules"},
		{"rules agree", []string{"-load", game, "-rules", "full", "-white", "human"}, 0, "X Black 21, O White 29, Black to move\n", ""},
		{"missing file", []string{"-load", filepath.Join(dir, "missing.ggf")}, 1, "", "othello play: open "},
		{"bad move", []string{"-load", filepath.Join(solveDir, "bad.ggf")}, 1, "", "othello play: " + filepath.Join(solveDir, "bad.ggf") + ":3: move 3, B a1: move flips no disc\n"},
		{"not a game", []string{"-load", notAGame}, 1, "", "othello play: " + notAGame + ":1: not a game in GGF, SGF, PGN, WTHOR, a judge's setup or a move list, nor a position in OBF\n"},
		{"save nowhere", []string{"-save", filepath.Join(dir, "missing", "x.ggf")}, 1, "", "othello play: save " + filepath.Join(dir, "missing", "x.ggf") + ": open "},
		{"load a move list", []string{"-load", filepath.Join(solveDir, "endgame.txt"), "-white", "human"}, 0, "X Black 21, O White 29, Black to move\nOpening: Diagonal Opening\nBlack (X) to move: Bye.", ""},
		{"load WTHOR", []string{"-load", filepath.Join(solveDir, "games.wtb"), "-white", "human"}, 0, "X Black 21, O White 29, Black to move\nOpening: Diagonal Opening\nBlack (X) to move: Bye.", ""},
		{"load SGF", []string{"-load", filepath.Join(solveDir, "edax.sgf"), "-white", "human"}, 0, "X Black 21, O White 29, Black to move\nOpening: Diagonal Opening\nBlack (X) to move: Bye.", ""},
		{"board at the end of a game", []string{"-board", game, "-white", "human"}, 0, "X Black 21, O White 29, Black to move\nBlack (X) to move: Bye.", ""},
		{"board in OBF", []string{"-board", filepath.Join(solveDir, "ffo.obf"), "-white", "human"}, 0, "\n 8 . X X X X X * .\nX Black 27, O White 23, Black to move\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := playRun("quit\n", tt.args...)
			if status != tt.status {
				t.Errorf("exit status: got %d, want %d", status, tt.status)
			}
			if !strings.Contains(stdout, tt.wantOut) {
				t.Errorf("standard output: got %q, want it to hold %q", stdout, tt.wantOut)
			}
			if !strings.HasPrefix(stderr, tt.wantErr) || (tt.wantErr == "") != (stderr == "") {
				t.Errorf("standard error: got %q, want it to start %q", stderr, tt.wantErr)
			}
		})
	}
}

// escape matches an ANSI Select Graphic Rendition escape code.
var escape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// TestPlayColor checks when othello play draws in colour: with -color
// always, or by default when standard output is a terminal and NO_COLOR
// is unset or empty; never in a pipe, with NO_COLOR, with -color never,
// or in the xo style.
func TestPlayColor(t *testing.T) {
	noColor := func(value string) func(string) string {
		return func(name string) string {
			if name == "NO_COLOR" {
				return value
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name  string
		args  []string
		env   environ
		color bool
	}{
		{"pipe", nil, environ{}, false},
		{"terminal", nil, environ{stdoutTerminal: true}, true},
		{"terminal, NO_COLOR", nil, environ{stdoutTerminal: true, getenv: noColor("1")}, false},
		{"terminal, NO_COLOR empty", nil, environ{stdoutTerminal: true, getenv: noColor("")}, true},
		{"terminal, never", []string{"-color", "never"}, environ{stdoutTerminal: true}, false},
		{"pipe, always", []string{"-color", "always"}, environ{}, true},
		{"pipe, always, NO_COLOR", []string{"-color=always"}, environ{getenv: noColor("1")}, true},
		{"terminal input, pipe output", nil, environ{stdinTerminal: true}, false},
		{"xo, always", []string{"-color", "always", "-style", "xo"}, environ{stdoutTerminal: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"play", "-white", "cpu:1"}, tc.args...)
			var out bytes.Buffer
			if status := run(args, strings.NewReader("d3\nquit\n"), &out, io.Discard, tc.env); status != 0 {
				t.Fatalf("exit status %d, want 0", status)
			}
			if got := escape.MatchString(out.String()); got != tc.color {
				t.Errorf("got colour %v, want %v:\n%s", got, tc.color, out.String())
			}
		})
	}
}

// TestPlayColorIsPlain plays each plain case of testdata/play again in
// colour: less its escape codes and the margin right of the board, the
// output must be the plain one.
func TestPlayColorIsPlain(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(playDir, "plain-*.txt"))
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			c := readPlayCase(t, path)
			in := strings.Join(c.input, "\n") + "\n"
			var plain, color bytes.Buffer
			run(append(slices.Clone(c.args), "-color", "never"), strings.NewReader(in), &plain, io.Discard, environ{})
			run(append(slices.Clone(c.args), "-color", "always"), strings.NewReader(in), &color, io.Discard, environ{})
			stripped := escape.ReplaceAllString(color.String(), "")
			stripped = regexp.MustCompile(`(?m)^([ 1-9][0-9][ [].*) $`).ReplaceAllString(stripped, "$1")
			if stripped != plain.String() {
				t.Errorf("in colour, less the colours, the output differs:\n%s", diff.Diff(plain.Bytes(), []byte(stripped)))
			}
		})
	}
}

// TestPlayEndOfInput ends the input at a person's prompt: typed at a
// terminal (Ctrl-D), it quits the game; piped, the game did not end.
func TestPlayEndOfInput(t *testing.T) {
	for _, tc := range []struct {
		name       string
		env        environ
		wantStatus int
		wantEnd    string // of standard output
		wantErr    string
	}{
		{"terminal", environ{stdinTerminal: true, stdoutTerminal: true}, 0, "Black (X) to move: \nBye.\n", ""},
		{"pipe", environ{}, 1, "Black (X) to move: \n", "othello play: input ended before the game was over, Black to move\n"},
		{"terminal output only", environ{stdoutTerminal: true}, 1, "Black (X) to move: \n", "othello play: input ended before the game was over, Black to move\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, stderr bytes.Buffer
			status := run([]string{"play", "-white", "cpu:1", "-color", "never"}, strings.NewReader("d3\n"), &out, &stderr, tc.env)
			if status != tc.wantStatus || stderr.String() != tc.wantErr {
				t.Errorf("got status %d, stderr %q; want %d, %q", status, stderr.String(), tc.wantStatus, tc.wantErr)
			}
			if !strings.HasSuffix(out.String(), tc.wantEnd) {
				t.Errorf("got output ending %q, want %q", out.String()[max(0, out.Len()-40):], tc.wantEnd)
			}
		})
	}
}

// TestJudgeExplains checks when the judge says why a line is INVALID:
// with -explain, or when standard input is a terminal; its standard
// output is the same either way.
func TestJudgeExplains(t *testing.T) {
	in := "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\nd3\n9 9\n"
	var want bytes.Buffer
	run(nil, strings.NewReader(in), &want, io.Discard, environ{})
	const explained = "othello: line 9: \"d3\": a move is two whole numbers, row then column\n" +
		"othello: line 10: \"9 9\": off the board: rows 1 to 4, columns 1 to 4\n"
	const ended = "othello: line 11: input ended mid-game, B to move\n"
	for _, tc := range []struct {
		name    string
		args    []string
		env     environ
		wantErr string
	}{
		{"pipe", nil, environ{}, ended},
		{"-explain", []string{"-explain"}, environ{}, explained + ended},
		{"terminal", nil, environ{stdinTerminal: true}, explained + ended},
		{"terminal, -explain=false", []string{"-explain=false"}, environ{stdinTerminal: true}, ended},
		{"output a terminal", nil, environ{stdoutTerminal: true}, ended},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, stderr bytes.Buffer
			if status := run(tc.args, strings.NewReader(in), &out, &stderr, tc.env); status != 1 {
				t.Errorf("got status %d, want 1", status)
			}
			if stderr.String() != tc.wantErr {
				t.Errorf("got standard error %q, want %q", stderr.String(), tc.wantErr)
			}
			if out.String() != want.String() {
				t.Errorf("standard output differs:\n%s", diff.Diff(want.Bytes(), out.Bytes()))
			}
		})
	}
}
