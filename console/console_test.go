package console_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
)

const start = ". . . .\n. B W .\n. W B .\n. . . .\n"

func ExampleJudge() {
	in := "4\n4\nB\n>\n" + start + "2 4\n1 1\n1 2\n"
	err := console.Judge(strings.NewReader(in), os.Stdout, othello.Full{})
	fmt.Println(err)
	// Output:
	// FULL
	// B: 2  W: 2
	// . . . .
	// . B W .
	// . W B .
	// . . . .
	// TURN: B
	// VALID
	// B: 4  W: 1
	// . . . .
	// . B B B
	// . W B .
	// . . . .
	// TURN: W
	// INVALID
	// VALID
	// B: 3  W: 3
	// . W . .
	// . W B B
	// . W B .
	// . . . .
	// TURN: B
	// console: line 12: input ended mid-game, B to move
}

func TestJudgeErrors(t *testing.T) {
	setup := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	tests := []struct {
		name     string
		in       string
		wantErr  error
		wantLine int
	}{
		{"empty input", "", console.ErrMissingLine, 1},
		{"odd rows", setup("5"), othello.ErrSize, 1},
		{"rows too large", setup("18"), othello.ErrSize, 1},
		{"rows not a number", setup("x"), othello.ErrSize, 1},
		{"columns too small", setup("4", "2"), othello.ErrSize, 2},
		{"missing columns", setup("4"), console.ErrMissingLine, 2},
		{"bad first player", setup("4", "4", "X"), othello.ErrColor, 3},
		{"first player blank", setup("4", "4", ""), othello.ErrColor, 3},
		{"bad win rule", setup("4", "4", "B", "="), othello.ErrWinRule, 4},
		{"missing win rule", setup("4", "4", "W"), console.ErrMissingLine, 4},
		{"short row", setup("4", "4", "B", ">", ". . ."), othello.ErrShape, 5},
		{"long row", setup("4", "4", "B", ">", ". . . .", ". . . . ."), othello.ErrShape, 6},
		{"bad cell", setup("4", "4", "B", ">", ". . . .", ". . . .", ". . Q ."), othello.ErrCell, 7},
		{"missing row", setup("4", "4", "B", ">", ". . . .", ". . . .", ". . . ."), console.ErrMissingLine, 8},
		{"ends before the first move", "4\n4\nB\n>\n" + start, console.ErrUnfinished, 9},
		{"ends after bad moves", "4\n4\nB\n>\n" + start + "x\n1 1\n", console.ErrUnfinished, 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := console.Judge(strings.NewReader(tt.in), &out, othello.Full{})
			var ie *console.InputError
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &ie) {
				t.Fatalf("got error %v, want an *InputError wrapping %v", err, tt.wantErr)
			}
			if ie.Line != tt.wantLine {
				t.Errorf("line: got %d, want %d", ie.Line, tt.wantLine)
			}
			if errors.Is(tt.wantErr, console.ErrUnfinished) {
				return
			}
			if got := out.String(); got != "FULL\n" {
				t.Errorf("a bad setup wrote more than FULL: got %q", got)
			}
		})
	}
}

func TestJudgeNilRules(t *testing.T) {
	var out bytes.Buffer
	if err := console.Judge(strings.NewReader(""), &out, nil); !errors.Is(err, othello.ErrRules) || out.Len() != 0 {
		t.Errorf("got %v and output %q, want ErrRules and no output", err, out.String())
	}
}

// failingReader returns its data, then err.
type failingReader struct {
	data string
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestJudgeReadError(t *testing.T) {
	readErr := errors.New("disk on fire")
	var out bytes.Buffer
	err := console.Judge(&failingReader{"4\n4\nB\n>\n" + start + "2 4\n", readErr}, &out, othello.Full{})
	var ie *console.InputError
	if !errors.Is(err, readErr) || !errors.As(err, &ie) || ie.Line != 10 {
		t.Fatalf("got %v, want an *InputError on line 10 wrapping the read error", err)
	}
	if !strings.HasSuffix(out.String(), "TURN: W\n") {
		t.Errorf("output before the read error was lost: got %q", out.String())
	}
}

// failingWriter accepts n bytes, then fails.
type failingWriter struct {
	n   int
	err error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		return 0, w.err
	}
	w.n -= len(p)
	return len(p), nil
}

func TestJudgeWriteError(t *testing.T) {
	writeErr := errors.New("reader went away")
	in := strings.NewReader("4\n4\nB\n>\n" + start + "2 4\n")
	err := console.Judge(in, &failingWriter{n: 3, err: writeErr}, othello.Full{})
	if !errors.Is(err, writeErr) {
		t.Errorf("got %v, want the write error", err)
	}
}

// repeatReader yields n copies of b without holding them.
type repeatReader struct {
	b byte
	n int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n)
	for i := range k {
		p[i] = r.b
	}
	r.n -= k
	return int(k), nil
}

// TestJudgeLongLinesBoundedMemory sends move lines of 100 MB: each is one
// INVALID, and what the judge allocates does not grow with the line.
func TestJudgeLongLinesBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 300 MB")
	}
	const size = 100 << 20
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	in := io.MultiReader(
		strings.NewReader("4\n4\nB\n>\n"+start),
		&repeatReader{'x', size}, strings.NewReader("\n"), // garbage
		&repeatReader{' ', size}, strings.NewReader("\n"), // blanks
		strings.NewReader("2"), &repeatReader{'\t', size}, strings.NewReader("4\n"), // a legal move
	)
	var out bytes.Buffer
	err := console.Judge(in, &out, othello.Full{})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, console.ErrUnfinished) {
		t.Fatalf("got %v, want the input to end mid-game", err)
	}
	if got := strings.Count(out.String(), "INVALID\n"); got != 2 {
		t.Errorf("INVALID lines: got %d, want 2", got)
	}
	if !strings.HasSuffix(out.String(), "INVALID\nVALID\nB: 4  W: 1\n. . . .\n. B B B\n. W B .\n. . . .\nTURN: W\n") {
		t.Errorf("the legal move with 100 MB of tabs was not played: got ...%q", out.String()[max(0, out.Len()-80):])
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("reading 300 MB of lines allocated %d bytes, want under 1 MiB", alloc)
	}
}

func ExampleRun() {
	in := "4\n4\nX\n"
	status := console.Run(strings.NewReader(in), os.Stdout, os.Stdout, othello.Full{})
	fmt.Println("exit status", status)
	// Output:
	// FULL
	// othello: line 3: first player must be B or W, got "X"
	// exit status 1
}

// TestRun takes every way the judge can end: all it wrote must be on
// standard output when Run returns.
func TestRun(t *testing.T) {
	game := "4\n4\nB\n>\n" + start
	state := "FULL\nB: 2  W: 2\n" + start + "TURN: B\n"
	after := "B: 4  W: 1\n. . . .\n. B B B\n. W B .\n. . . .\nTURN: W\n"
	full := strings.Repeat("B W B W\n", 4)
	tests := []struct {
		name       string
		in         io.Reader
		wantStatus int
		wantOut    string
		wantErr    string
	}{
		{"finished", strings.NewReader("4\n4\nB\n>\n" + full), 0, "FULL\nB: 8  W: 8\n" + full + "WINNER: NONE\n", ""},
		{"bad setup", strings.NewReader("4\n5\n"), 1, "FULL\n", "othello: line 2: number of columns must be an even integer from 4 to 16, got \"5\"\n"},
		{"no input", strings.NewReader(""), 1, "FULL\n", "othello: line 1: input ended before the number of rows\n"},
		{"ends mid-game", strings.NewReader(game + "2 4\n"), 1, state + "VALID\n" + after, "othello: line 10: input ended mid-game, W to move\n"},
		{"ends on a bad move", strings.NewReader(game + "2 4\nx"), 1, state + "VALID\n" + after + "INVALID\n", "othello: line 11: input ended mid-game, W to move\n"},
		{"read error", &failingReader{game + "2 4\n", errors.New("disk on fire")}, 1, state + "VALID\n" + after, "othello: line 10: read error: disk on fire\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := console.Run(tt.in, &stdout, &stderr, othello.Full{})
			if status != tt.wantStatus {
				t.Errorf("exit status: got %d, want %d", status, tt.wantStatus)
			}
			if stderr.String() != tt.wantErr {
				t.Errorf("standard error: got %q, want %q", stderr.String(), tt.wantErr)
			}
			if stdout.String() != tt.wantOut {
				t.Errorf("standard output: got %q, want %q", stdout.String(), tt.wantOut)
			}
		})
	}
}

// BenchmarkReplay16x16 plays the longest golden game, 16x16 with 268 move
// lines, through the judge, output discarded.
func BenchmarkReplay16x16(b *testing.B) {
	in, err := os.ReadFile("../testdata/full/size-16x16.in")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for range b.N {
		if err := console.Judge(bytes.NewReader(in), io.Discard, othello.Full{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRunExplainedStderrFails explains INVALID lines to a standard error
// that fails: the explanations are dropped, and the game is played as
// Run plays it.
func TestRunExplainedStderrFails(t *testing.T) {
	in := "4\n4\nB\n>\n" + start + "x\n1 1\n2 4\n"
	var want, got bytes.Buffer
	wantStatus := console.Run(strings.NewReader(in), &want, io.Discard, othello.Full{})
	status := console.RunExplained(strings.NewReader(in), &got, &failingWriter{err: errors.New("stderr closed")}, othello.Full{})
	if status != wantStatus || got.String() != want.String() {
		t.Errorf("got status %d, output %q; want %d, %q", status, got.String(), wantStatus, want.String())
	}
}

func ExampleRunExplained() {
	in := "4\n4\nB\n>\n" + start + "d3\n1 1\n2 2\n"
	console.RunExplained(strings.NewReader(in), io.Discard, os.Stdout, othello.Full{})
	// Output:
	// othello: line 9: "d3": a move is two whole numbers, row then column
	// othello: line 10: "1 1": flips nothing: B can play 1 3, 2 4, 3 1 or 4 2
	// othello: line 11: "2 2": that square is taken by B
	// othello: line 12: input ended mid-game, B to move
}
