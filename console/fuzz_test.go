package console

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/othello-judge/judge/othello"
)

// goldenInputs returns the input of every golden transcript in ../testdata,
// and whether its folder is that of the simple rules.
func goldenInputs(f *testing.F) (ins [][]byte, simple []bool) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "*", "*.in"))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no golden inputs in ../testdata: %v", err)
	}
	for _, path := range paths {
		in, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		ins = append(ins, in)
		simple = append(simple, filepath.Base(filepath.Dir(path)) == "simple")
	}
	return ins, simple
}

// runJudge runs the judge on in, read through the reader that wrap
// returns.
func runJudge(simple bool, in []byte, wrap func(io.Reader) io.Reader) (status int, out, errOut string) {
	var rules othello.Rules = othello.Full{}
	if simple {
		rules = othello.Simple{}
	}
	var stdout, stderr strings.Builder
	status = Run(wrap(bytes.NewReader(in)), &stdout, &stderr, rules)
	return status, stdout.String(), stderr.String()
}

// FuzzJudgeOutput runs the judge on any input under either rule set: it must
// return, with a well-formed transcript, and the same one every time,
// however the input is cut into reads.
func FuzzJudgeOutput(f *testing.F) {
	ins, simple := goldenInputs(f)
	for i := range ins {
		f.Add(simple[i], ins[i])
	}
	f.Add(false, []byte("4\r\n4\r\nW\r\n<\r\nB W B W\r\nW B W B\r\n. . . .\r\nB W . .\r\n"))
	f.Add(true, []byte("\t4 \n+04\n B\n>\t\n. . . .\n. B W .\n. W B .\n. . . .\n\n2 3 4\n1,2\n2 4\n"))
	f.Fuzz(func(t *testing.T, simple bool, in []byte) {
		status, out, errOut := runJudge(simple, in, func(r io.Reader) io.Reader { return r })
		if err := checkTranscript(simple, in, status, out, errOut); err != nil {
			t.Fatalf("%v\ninput:\n%s\noutput:\n%s\nstandard error: %q, status %d", err, in, out, errOut, status)
		}
		for name, wrap := range map[string]func(io.Reader) io.Reader{
			"again":          func(r io.Reader) io.Reader { return r },
			"one byte reads": iotest.OneByteReader,
			"half reads":     iotest.HalfReader,
		} {
			status2, out2, errOut2 := runJudge(simple, in, wrap)
			if status2 != status || out2 != out || errOut2 != errOut {
				t.Fatalf("%s: got status %d, output %q, standard error %q; want %d, %q, %q",
					name, status2, out2, errOut2, status, out, errOut)
			}
		}
	})
}

var (
	scoreLine = regexp.MustCompile(`^B: (0|[1-9][0-9]*)  W: (0|[1-9][0-9]*)$`)
	boardRow  = regexp.MustCompile(`^[BW.]( [BW.])*$`)
	errLine   = regexp.MustCompile(`^othello: line [1-9][0-9]*: [^\n]+\n$`)
)

// checkTranscript returns how the judge's answer to in breaks the form
// PROTOCOL.md gives it, or nil. It knows the protocol but not the rules of
// play: the output must be the rules line, then, if the setup was good,
// blocks of a score line, the board and either TURN followed by INVALID
// lines and one VALID, or WINNER at the very end. Each board must agree
// with its score, the first with the setup, and each other with the one
// before it and a move of the player whose turn it was. Every line read
// after the setup is answered, and status and standard error must say how
// the game ended.
func checkTranscript(simple bool, in []byte, status int, out, errOut string) error {
	rulesLine := "FULL"
	if simple {
		rulesLine = "SIMPLE"
	}
	if !strings.HasSuffix(out, "\n") {
		return fmt.Errorf("output does not end with a newline")
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if lines[0] != rulesLine {
		return fmt.Errorf("line 1: got %q, want %q", lines[0], rulesLine)
	}
	inLines := inputLines(in)
	if len(lines) == 1 {
		if status != 1 || !errLine.MatchString(errOut) {
			return fmt.Errorf("a bad setup: got status %d and standard error %q, want 1 and one line", status, errOut)
		}
		return nil
	}

	// The setup was good, so its lines can be taken at their word.
	rows, _ := strconv.Atoi(strings.Join(inLines[0], ""))
	cols, _ := strconv.Atoi(strings.Join(inLines[1], ""))
	win := strings.Join(inLines[3], "")
	var board []string // the last board written
	for r := range rows {
		board = append(board, strings.Join(inLines[4+r], " "))
	}
	answered := 0 // VALID and INVALID lines
	turn := ""    // the player asked to move, "" when no one is
	i := 1
	for i < len(lines) {
		at := func(format string, args ...any) error {
			return fmt.Errorf("output line %d: %s", i+1, fmt.Sprintf(format, args...))
		}
		m := scoreLine.FindStringSubmatch(lines[i])
		if m == nil {
			return at("got %q, want a score line", lines[i])
		}
		black, _ := strconv.Atoi(m[1])
		white, _ := strconv.Atoi(m[2])
		if i+rows >= len(lines) {
			return at("the output ends inside a board")
		}
		next := lines[i+1 : i+1+rows]
		for r, row := range next {
			if !boardRow.MatchString(row) || len(row) != 2*cols-1 {
				return at("board row %d: got %q, want %d cells", r+1, row, cols)
			}
		}
		joined := strings.Join(next, "")
		if b, w := strings.Count(joined, "B"), strings.Count(joined, "W"); b != black || w != white {
			return at("the score says B %d W %d, the board has B %d W %d", black, white, b, w)
		}
		if turn != "" {
			if err := checkMove(board, next, turn); err != nil {
				return at("after %s's VALID move: %v", turn, err)
			}
		} else if strings.Join(board, "\n") != strings.Join(next, "\n") {
			return at("the first board is not the setup's: got %q, want %q", next, board)
		}
		board = next
		i += 1 + rows
		if i == len(lines) {
			return at("the output ends after a board")
		}
		switch lines[i] {
		case "TURN: B", "TURN: W":
			turn = lines[i][len("TURN: "):]
			i++
			for i < len(lines) && lines[i] == "INVALID" {
				answered++
				i++
			}
			if i == len(lines) {
				if status != 1 || !errLine.MatchString(errOut) || !strings.Contains(errOut, "input ended mid-game") {
					return fmt.Errorf("the output ends mid-game: got status %d and standard error %q, want 1 and one line saying so", status, errOut)
				}
				if want := len(inLines) - 4 - rows; answered != want {
					return fmt.Errorf("the input ended mid-game: got %d lines answered, want %d", answered, want)
				}
				return nil
			}
			if lines[i] != "VALID" {
				return at("got %q, want VALID or INVALID", lines[i])
			}
			answered++
			i++
		case "WINNER: B", "WINNER: W", "WINNER: NONE":
			want := "NONE"
			if black != white {
				want = "W"
				if (black > white) == (win == ">") {
					want = "B"
				}
			}
			if got := lines[i][len("WINNER: "):]; got != want {
				return at("got WINNER: %s, want %s for B %d W %d with %s", got, want, black, white, win)
			}
			if i != len(lines)-1 {
				return at("the output goes on after the winner")
			}
			if status != 0 || errOut != "" {
				return fmt.Errorf("a finished game: got status %d and standard error %q, want 0 and none", status, errOut)
			}
			if most := len(inLines) - 4 - rows; answered > most {
				return fmt.Errorf("%d lines answered, but the input has only %d after the setup", answered, most)
			}
			return nil
		default:
			return at("got %q, want TURN or WINNER", lines[i])
		}
	}
	return fmt.Errorf("the output ends after VALID")
}

// checkMove returns how after differs from before by more or less than
// one move of player: one empty square taken and one or more of the
// opponent's discs turned.
func checkMove(before, after []string, player string) error {
	opponent := map[string]byte{"B": 'W', "W": 'B'}[player]
	placed, turned := 0, 0
	for r := range before {
		for c := 0; c < len(before[r]); c += 2 {
			b, a := before[r][c], after[r][c]
			switch {
			case a == b:
			case b == '.' && a == player[0]:
				placed++
			case b == opponent && a == player[0]:
				turned++
			default:
				return fmt.Errorf("row %d, column %d went from %c to %c", r+1, c/2+1, b, a)
			}
		}
	}
	if placed != 1 || turned == 0 {
		return fmt.Errorf("got %d discs placed and %d turned, want 1 and at least 1", placed, turned)
	}
	return nil
}

// inputLines returns the lines of in as PROTOCOL.md reads them: split at
// newlines, less one carriage return at the end, cut into fields at spaces
// and tabs.
func inputLines(in []byte) [][]string {
	text := strings.TrimSuffix(string(in), "\n")
	if len(in) == 0 {
		return nil
	}
	var lines [][]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		lines = append(lines, strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' }))
	}
	return lines
}
