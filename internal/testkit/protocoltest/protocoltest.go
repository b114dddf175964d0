package protocoltest

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/othello-judge/judge/internal/grader/diff"
	"github.com/othello-judge/judge/internal/testkit/txtar"
)

var update = flag.Bool("update", false, "rewrite the transcript and stderr sections of the golden sessions in testdata")

// An Engine runs a session of an engine on the commands read from in,
// answering on out and writing what it refuses on errs, until the end
// of in or a command that ends it.
type Engine func(in io.Reader, out, errs io.Writer) error

// A golden is a case of testdata.
type golden struct {
	path       string
	comment    string
	transcript string // each line typed, after "> ", and the engine's output after it
	stderr     string
}

// readGolden reads the case in the file path.
func readGolden(t testing.TB, path string) golden {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := txtar.Parse(data)
	g := golden{path: path, comment: string(a.Comment)}
	sections := map[string]*string{"transcript": &g.transcript, "stderr": &g.stderr}
	seen := map[string]bool{}
	for _, f := range a.Files {
		if sections[f.Name] == nil || seen[f.Name] {
			t.Fatalf("%s: unknown or second section %q", path, f.Name)
		}
		seen[f.Name] = true
		*sections[f.Name] = string(f.Data)
	}
	if !seen["transcript"] {
		t.Fatalf("%s: no section \"-- transcript --\"", path)
	}
	g.transcript = string(txtar.UnmarkBlanks([]byte(g.transcript)))
	return g
}

// write writes the case back to its file, the blanks of its transcript
// marked as txtar.MarkBlanks marks them.
func (g golden) write(t *testing.T) {
	t.Helper()
	a := &txtar.Archive{
		Comment: []byte(g.comment),
		Files:   []txtar.File{{Name: "transcript", Data: txtar.MarkBlanks([]byte(g.transcript))}},
	}
	if g.stderr != "" {
		a.Files = append(a.Files, txtar.File{Name: "stderr", Data: []byte(g.stderr)})
	}
	if err := os.WriteFile(g.path, txtar.Format(a), 0o644); err != nil {
		t.Fatal(err)
	}
}

// input returns the lines typed in the transcript, each with its "\n".
func (g golden) input() []string {
	var lines []string
	for _, line := range strings.SplitAfter(g.transcript, "\n") {
		if typed, ok := strings.CutPrefix(line, "> "); ok {
			lines = append(lines, typed)
		}
	}
	return lines
}

// paths returns the files of the cases in testdata, failing t if there
// are none.
func paths(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases in testdata: %v", err)
	}
	return paths
}

// A console stands for a GUI that writes a command only when the engine
// reads, and keeps a transcript of both sides: each command after what
// the engine wrote before reading it. An engine that reads before it
// flushes its answer shows the answer after the next command.
type console struct {
	transcript bytes.Buffer
	lines      []string // the commands to type, each with its "\n"
	pending    []byte   // the rest of a command the engine read only part of
}

func (c *console) Write(p []byte) (int, error) { return c.transcript.Write(p) }

func (c *console) Read(p []byte) (int, error) {
	if len(c.pending) == 0 {
		if len(c.lines) == 0 {
			return 0, io.EOF
		}
		c.pending = []byte(c.lines[0])
		c.lines = c.lines[1:]
		c.transcript.WriteString("> " + string(c.pending))
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

// Golden runs each case of testdata with a session of run on a console,
// and checks the transcript and standard error; then it writes all the
// commands at once, and checks that the output is the transcript less
// the commands. mask, if not nil, rewrites the engine's output before it
// is compared or written, for what changes from run to run. With
// -update it rewrites the transcript and stderr sections from what the
// engine does: read every change before committing it.
func Golden(t *testing.T, run Engine, mask func(string) string) {
	if mask == nil {
		mask = func(s string) string { return s }
	}
	for _, path := range paths(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			g := readGolden(t, path)
			input := g.input()
			con := &console{lines: slices.Clone(input)}
			var stderr bytes.Buffer
			if err := run(con, con, &stderr); err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			transcript := mask(con.transcript.String())
			if *update {
				g.transcript, g.stderr = transcript, stderr.String()
				g.write(t)
				return
			}
			if got := transcript; got != g.transcript {
				t.Errorf("transcript differs from %s:\n%s", path, diff.Diff([]byte(g.transcript), []byte(got)))
			}
			if got := stderr.String(); got != g.stderr {
				t.Errorf("standard error differs from %s:\n%s", path, diff.Diff([]byte(g.stderr), []byte(got)))
			}

			// The same, written at once.
			var want strings.Builder
			for _, line := range strings.SplitAfter(g.transcript, "\n") {
				if !strings.HasPrefix(line, "> ") {
					want.WriteString(line)
				}
			}
			var out bytes.Buffer
			if err := run(strings.NewReader(strings.Join(input, "")), &out, io.Discard); err != nil {
				t.Fatalf("written at once: got error %v, want none", err)
			}
			if got := mask(out.String()); got != want.String() {
				t.Errorf("written at once, the output differs from the transcript less the commands:\n%s", diff.Diff([]byte(want.String()), []byte(got)))
			}
		})
	}
}

// Inputs returns the commands of each case of testdata, all of a case
// in one string, each with its "\n": the seeds of a fuzz target.
func Inputs(t testing.TB) []string {
	t.Helper()
	var inputs []string
	for _, path := range paths(t) {
		inputs = append(inputs, strings.Join(readGolden(t, path).input(), ""))
	}
	return inputs
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

var errWrite = errors.New("write failed")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errWrite
	}
	w.n -= len(p)
	return len(p), nil
}

// IOErrors checks that a session of run returns the error of a reader or
// a writer that fails, and stops.
func IOErrors(t *testing.T, run Engine) {
	errRead := errors.New("read failed")
	in := io.MultiReader(strings.NewReader("ping 1\n"), iotest.ErrReader(errRead))
	if err := run(in, io.Discard, io.Discard); !errors.Is(err, errRead) {
		t.Errorf("failing reader: got %v, want %v", err, errRead)
	}
	in = strings.NewReader(strings.Repeat("ping 1\nname\n", 10_000))
	if err := run(in, &failingWriter{n: 3}, io.Discard); !errors.Is(err, errWrite) {
		t.Errorf("failing writer: got %v, want %v", err, errWrite)
	}
}
