package check_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/testkit/gradetest"
	"github.com/othello-judge/judge/othello"
)

// TestMain lets the test binary stand in for a student's program: run as
// "TESTBINARY student BUG", it plays the judge's protocol itself, with
// the deliberate mistake BUG ("none" for none).
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "student" {
		os.Exit(student(os.Args[2], os.Stdin, os.Stdout, os.Stderr))
	}
	gradetest.PreferSystemPython()
	dir, err := os.MkdirTemp("", "check-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	studentBinary, err = copyFile(os.Args[0], filepath.Join(dir, "student"))
	status := 1
	if err == nil {
		status = m.Run()
	} else {
		fmt.Fprintln(os.Stderr, err)
	}
	os.RemoveAll(dir)
	os.Exit(status)
}

// studentBinary is a copy of the test binary, which plays the students.
var studentBinary string

// copyFile copies the executable from to the new file to, and returns to.
func copyFile(from, to string) (string, error) {
	data, err := os.ReadFile(from)
	if err != nil {
		return "", err
	}
	return to, os.WriteFile(to, data, 0o755)
}

// The students' mistakes.
const (
	noBug         = "none"
	scoreSpace    = "score-one-space" // "B: 2 W: 2"
	trailingBlank = "trailing-blank"  // a blank after each board row
	winnerWord    = "winner-word"     // "WINNER: BLACK"
	noWinner      = "no-winner"       // no WINNER line at all
	edgeFlips     = "edge-flips"      // a move on the last row or column does not flip along that edge
	noPass        = "no-pass"         // a player with no move still gets TURN
	noFlush       = "no-flush"        // output flushed only at exit
	hang          = "hang"            // hangs forever after the setup, with a child process that hangs too
	crash         = "crash"           // panics at the fifth move
	extraLines    = "extra-lines"     // prints more after WINNER
	strictInput   = "strict-input"    // reads a move only as two plain numbers and one space, as the assignment promises
	twoBugs       = "two-bugs"        // after the first move, a Python IndexError on non-square boards and a quiet exit when the fewest win
	hangChild     = "hang-child"      // the child process of hang
	spoof         = "spoof"           // after the setup, writes what would spoof a report, and exits with status 1: see spoofReports
	rulesBlank    = "rules-blank"     // "FULL \r" as its first line
	readAfter     = "read-after"      // reads once more after WINNER and, at the end of the input, fails as Python's input() does, with status 1
	slow          = "slow"            // right, but uses slowPerCell of CPU time for each cell of the board before each move, as a slow Python program does
	twoScores     = "two-scores"      // one disc more for B in the first score line when W moves first, and in the score line after a move on the first row
)

// slowPerCell is the CPU time that the student slow uses before each move
// for each cell of the board: 10 ms a move on 16x16, 2.5 s or more for a
// full game there, over the 2 s that were the fixed limit.
const slowPerCell = 40 * time.Microsecond

// student is a plain, independent implementation of the protocol, written
// as a student might, with the mistake bug.
func student(bug string, stdin io.Reader, stdout, stderr io.Writer) int {
	// has reports whether the student makes the mistake b: bug may name
	// several, joined by "+".
	has := func(b string) bool { return slices.Contains(strings.Split(bug, "+"), b) }
	if has(hangChild) {
		time.Sleep(time.Hour)
		return 0
	}
	out := bufio.NewWriterSize(stdout, 1<<20)
	defer out.Flush()
	in := bufio.NewReader(stdin)
	readLine := func() (string, bool) {
		if !has(noFlush) {
			out.Flush()
		}
		line, err := in.ReadString('\n')
		return strings.TrimSpace(line), err == nil || line != ""
	}
	fail := func(msg string) int {
		out.Flush()
		fmt.Fprintln(stderr, "student: "+msg)
		return 1
	}

	var rules othello.Rules = othello.Full{}
	if has(edgeFlips) {
		rules = edgeRules{}
	}
	if has(rulesBlank) {
		fmt.Fprintln(out, "FULL \r")
	} else {
		fmt.Fprintln(out, "FULL")
	}
	var setup [4]string
	for i := range setup {
		line, ok := readLine()
		if !ok {
			return fail("setup cut short")
		}
		setup[i] = line
	}
	rows, err1 := strconv.Atoi(setup[0])
	cols, err2 := strconv.Atoi(setup[1])
	first, err3 := othello.ParseColor(setup[2])
	win, err4 := othello.ParseWinRule(setup[3])
	board, err := othello.NewBoard(rows, cols)
	if err = errors.Join(err1, err2, err3, err4, err); err != nil || first == othello.Empty {
		return fail("bad setup")
	}
	for r := range rows {
		line, ok := readLine()
		cells := strings.Fields(line)
		if !ok || len(cells) != cols {
			return fail("bad board row")
		}
		for c, cell := range cells {
			color, err := othello.ParseCell(cell)
			if err != nil {
				return fail("bad cell")
			}
			board.Set(othello.Square{Row: r, Col: c}, color)
		}
	}
	if has(spoof) {
		out.Flush()
		return spoofReports(rows, cols, win, stdout, stderr)
	}
	if has(hang) {
		// A child that holds standard output open.
		child := exec.Command(os.Args[0], "student", hangChild)
		child.Stdout = stdout.(*os.File)
		child.Start()
		time.Sleep(time.Hour)
		return 0
	}
	pos, err := othello.NewPosition(rules, board, first)
	if err != nil {
		return fail(err.Error())
	}

	moves, lastRow := 0, -1 // the moves played, and the row of the last one, from 0
	show := func() {
		b := pos.Board()
		sep := "  "
		if has(scoreSpace) {
			sep = " "
		}
		black := b.Count(othello.Black)
		if has(twoScores) && (moves == 0 && first == othello.White || lastRow == 0) {
			black++
		}
		fmt.Fprintf(out, "B: %d%sW: %d\n", black, sep, b.Count(othello.White))
		for r := range rows {
			var cells []string
			for c := range cols {
				color, _ := b.At(othello.Square{Row: r, Col: c})
				cells = append(cells, color.String())
			}
			row := strings.Join(cells, " ")
			if has(trailingBlank) {
				row += " "
			}
			fmt.Fprintln(out, row)
		}
	}
	for !pos.Over() {
		if pos.Legal().IsEmpty() && !has(noPass) {
			pos.Pass()
		}
		show()
		fmt.Fprintf(out, "TURN: %v\n", pos.Turn())
		if has(slow) {
			burnCPU(time.Duration(rows*cols) * slowPerCell)
		}
		for {
			line, ok := readLine()
			if !ok {
				return fail("input ended mid-game")
			}
			f := strings.Fields(line)
			if has(strictInput) && !regexp.MustCompile(`^[0-9]+ [0-9]+$`).MatchString(line) {
				f = nil
			}
			if len(f) == 2 {
				r, err1 := strconv.Atoi(f[0])
				c, err2 := strconv.Atoi(f[1])
				if err1 == nil && err2 == nil {
					if _, err := pos.Play(othello.Square{Row: r - 1, Col: c - 1}); err == nil {
						lastRow = r - 1
						break
					}
				}
			}
			fmt.Fprintln(out, "INVALID")
		}
		fmt.Fprintln(out, "VALID")
		if moves++; has(twoBugs) && moves == 1 && rows != cols {
			out.Flush()
			fmt.Fprint(stderr, "Traceback (most recent call last):\n  File \"othello.py\", line 40, in <module>\n    main()\n"+
				"  File \"othello.py\", line 12, in main\n    board[r][c] = 'B'\nIndexError: list index out of range\n")
			return 1
		}
		if has(twoBugs) && moves == 1 && win == othello.FewestDiscs {
			return 0
		}
		if has(crash) && moves == 5 {
			out.Flush()
			panic("student: index out of range")
		}
	}
	show()
	b := pos.Board()
	winner := win.Winner(b.Count(othello.Black), b.Count(othello.White))
	switch {
	case has(noWinner):
	case has(winnerWord) && winner == othello.Black:
		fmt.Fprintln(out, "WINNER: BLACK")
	case has(winnerWord) && winner == othello.White:
		fmt.Fprintln(out, "WINNER: WHITE")
	case winner == othello.Empty:
		fmt.Fprintln(out, "WINNER: NONE")
	default:
		fmt.Fprintf(out, "WINNER: %v\n", winner)
	}
	if has(extraLines) {
		fmt.Fprintln(out, "GAME OVER")
	}
	if has(readAfter) {
		if _, ok := readLine(); !ok {
			out.Flush()
			fmt.Fprint(stderr, eofError)
			return 1
		}
	}
	return 0
}

// eofError is what Python writes when input() meets the end of the input.
const eofError = "Traceback (most recent call last):\n  File \"othello.py\", line 80, in <module>\n    line = input()\nEOFError: EOF when reading a line\n"

// spoofer is what a program writes to spoof a report: escape codes that
// clear the screen and go back to the start of the line, a fake verdict,
// an escape code that hides what follows, and U+202E, which turns text
// right to left.
const spoofer = "\x1b[2J\r250 passed, 0 failed\x1b[8m\u202e"

// breaker is what would break a format if it were written as it is: NUL
// and a byte that is not UTF-8, which JSON and XML cannot hold, the ends
// of CDATA and of a JUnit failure, quotes and an ampersand.
const breaker = "\x00\xff]]></failure>\"'&"

// spoofReports writes what would spoof a report if it were shown as it
// is: on standard error, breaker, spoofer and the fake verdict in a line of its
// own, then, on a board that is not square, a Python traceback whose
// exception's name is 65 KB long; when the fewest discs win, a C++
// exception named spoofer; otherwise, a first score line of spoofer and
// 65 KB more. It returns its exit status, 1.
func spoofReports(rows, cols int, win othello.WinRule, stdout, stderr io.Writer) int {
	fmt.Fprint(stderr, breaker+"\n"+spoofer+"\n250 passed, 0 failed\n")
	switch {
	case rows != cols:
		fmt.Fprint(stderr, "Traceback (most recent call last):\n  File \"othello.py\", line 1, in <module>\n"+strings.Repeat("X", 65000)+"Error: boom\n")
	case win == othello.FewestDiscs:
		fmt.Fprint(stderr, "terminate called after throwing an instance of '"+spoofer+"'\n")
	default:
		fmt.Fprint(stdout, spoofer+strings.Repeat("Y", 65000)+"\n")
	}
	return 1
}

// edgeRules are the full rules, except that a move on the last row does
// not flip along that row, nor one on the last column along that column.
type edgeRules struct{}

func (edgeRules) Name() string { return "FULL" }

func (r edgeRules) Moves(b *othello.Board, player othello.Color) othello.SquareSet {
	moves := othello.Full{}.Moves(b, player)
	for _, s := range moves.Squares() {
		if r.Flips(b, s, player).IsEmpty() {
			moves.Remove(s)
		}
	}
	return moves
}

func (edgeRules) Flips(b *othello.Board, s othello.Square, player othello.Color) othello.SquareSet {
	flips := othello.Full{}.Flips(b, s, player)
	for _, f := range flips.Squares() {
		if (s.Row == b.Rows()-1 && f.Row == s.Row) || (s.Col == b.Cols()-1 && f.Col == s.Col) {
			flips.Remove(f)
		}
	}
	return flips
}

// burnCPU computes until the process has used d more of CPU time.
func burnCPU(d time.Duration) {
	for end := cpuTime() + d; cpuTime() < end; {
	}
}
