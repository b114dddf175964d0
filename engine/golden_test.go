package engine_test

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/engine"
	"github.com/othello-judge/judge/internal/diff"
	"github.com/othello-judge/judge/internal/txtar"
	"github.com/othello-judge/judge/player"
)

var update = flag.Bool("update", false, "rewrite the transcript and stderr sections of the cases in testdata/nboard and testdata/gtp")

// A protocol runs an engine of one protocol, with config c.
type protocol struct {
	name string
	run  func(in io.Reader, out, errs io.Writer, c engine.Config) error
}

var protocols = []protocol{
	{"nboard", engine.NBoard},
	{"gtp", func(in io.Reader, out, _ io.Writer, c engine.Config) error { return engine.GTP(in, out, c) }},
}

// testConfig returns the config of every case: a CPU that searches 3
// plies deep on one thread, however long it takes, so that its moves,
// scores and nodes are always the same, and a clock that moves on by a
// quarter of a second each time it is read.
func testConfig() engine.Config {
	var now time.Time
	return engine.Config{
		CPU: player.CPU{Depth: 3, Budget: player.NoLimit, Threads: 1},
		Clock: func() time.Time {
			now = now.Add(250 * time.Millisecond)
			return now
		},
	}
}

// A golden is a case of testdata/nboard or testdata/gtp, in the txtar
// format that package txtar reads: comment lines, then the sections
// "-- transcript --" and, when the engine writes anything there,
// "-- stderr --".
type golden struct {
	path       string
	comment    string
	transcript string // each line typed, after "> ", and the engine's output after it; its blanks marked in the file, as txtar.MarkBlanks marks them
	stderr     string
}

// readGolden reads the case in the file path.
func readGolden(t *testing.T, path string) golden {
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

// write writes the case back to its file.
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

// nodeCounts matches the node count of NBoard's nodestats.
var nodeCounts = regexp.MustCompile(`(?m)^nodestats [0-9]+ `)

// anyNodes returns out with the node count of each nodestats line
// replaced by "N": the table of package search, which every CPU shares
// and which outlives a search, changes how many positions a search
// visits, though not what it finds.
func anyNodes(out string) string {
	return nodeCounts.ReplaceAllString(out, "nodestats N ")
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

// TestGolden runs each case of testdata/nboard and testdata/gtp with the
// engine of its folder on a console, and checks the transcript and
// standard error; then it writes all the commands at once, and checks
// that the output is the transcript less the commands. With -update it
// rewrites the transcript and stderr sections from what the engine does:
// read every change before committing it.
func TestGolden(t *testing.T) {
	for _, proto := range protocols {
		dir := filepath.Join("testdata", proto.name)
		paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("no cases in %s: %v", dir, err)
		}
		for _, path := range paths {
			t.Run(proto.name+"/"+filepath.Base(path), func(t *testing.T) {
				g := readGolden(t, path)
				input := g.input()
				con := &console{lines: slices.Clone(input)}
				var stderr bytes.Buffer
				if err := proto.run(con, con, &stderr, testConfig()); err != nil {
					t.Fatalf("got error %v, want none", err)
				}
				transcript := anyNodes(con.transcript.String())
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
				if err := proto.run(strings.NewReader(strings.Join(input, "")), &out, io.Discard, testConfig()); err != nil {
					t.Fatalf("written at once: got error %v, want none", err)
				}
				if got := anyNodes(out.String()); got != want.String() {
					t.Errorf("written at once, the output differs from the transcript less the commands:\n%s", diff.Diff([]byte(want.String()), []byte(got)))
				}
			})
		}
	}
}

// A GTP session with a CPU that searches 2 plies deep.
func ExampleGTP() {
	commands := "1 name\n2 genmove b\n3 genmove w\n4 play b a1\n5 known_command genmove\nquit\n"
	c := engine.Config{CPU: player.CPU{Depth: 2, Threads: 1}}
	engine.GTP(strings.NewReader(commands), os.Stdout, c)
	// Output:
	// =1 othello
	//
	// =2 d3
	//
	// =3 c5
	//
	// ?4 illegal move
	//
	// =5 true
	//
	// =
}

// An NBoard session with a CPU that searches 1 ply deep, and a clock
// that stands still.
func ExampleNBoard() {
	commands := "nboard 2\nset depth 1\nping 1\ngo\nmove F5\nhint 2\nquit\n"
	c := engine.Config{CPU: player.CPU{Threads: 1}, Clock: func() time.Time { return time.Time{} }}
	engine.NBoard(strings.NewReader(commands), os.Stdout, os.Stderr, c)
	// Output:
	// set myname othello
	// pong 1
	// status thinking
	// nodestats 5 0.00
	// === D3/0.00/0.00
	// status thinking
	// search D6 -2.40 0 2
	// search F4 -3.20 0 2
	// nodestats 18 0.00
	// status
}
