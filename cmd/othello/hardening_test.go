package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/diff"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// repeat returns a reader of n copies of s that holds only one block of
// them, however many.
func repeat(s string, n int) io.Reader {
	return &repeatReader{block: []byte(strings.Repeat(s, max(1, (1<<20)/len(s)))), left: len(s) * n}
}

// A repeatReader reads its block over and over until it has read left
// bytes.
type repeatReader struct {
	block []byte
	off   int
	left  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.left)], r.block[r.off:])
	r.off = (r.off + n) % len(r.block)
	r.left -= n
	return n, nil
}

// WriteTo writes the rest in blocks, so that io.Copy into a pipe takes few
// system calls.
func (r *repeatReader) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for r.left > 0 {
		n, err := w.Write(r.block[r.off : r.off+min(len(r.block)-r.off, r.left)])
		total += int64(n)
		r.off = (r.off + n) % len(r.block)
		r.left -= n
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// An expectWriter compares what is written to it with want as it comes,
// without keeping it.
type expectWriter struct {
	want string
	n    int    // bytes written
	diff int    // where the first difference is, or -1
	got  []byte // what was written there, up to 40 bytes
}

func (w *expectWriter) Write(p []byte) (int, error) {
	if w.diff < 0 {
		for i, c := range p {
			if w.n+i >= len(w.want) || w.want[w.n+i] != c {
				w.diff = w.n + i
				w.got = append([]byte(nil), p[i:min(len(p), i+40)]...)
				break
			}
		}
	}
	w.n += len(p)
	return len(p), nil
}

// check fails t unless exactly want was written.
func (w *expectWriter) check(t *testing.T) {
	t.Helper()
	switch {
	case w.diff >= 0:
		t.Errorf("standard output differs at byte %d of %d: got %q..., want %.40q...", w.diff, w.n, w.got, w.want[w.diff:])
	case w.n != len(w.want):
		t.Errorf("standard output: got %d bytes, want %d; it ends %q", w.n, len(w.want), w.want[max(0, w.n-40):w.n])
	}
}

// TestHugeInputs runs the built judge on inputs of a gigabyte and of a
// million lines or cells, piped in as they are made. Each must be
// answered exactly as PROTOCOL.md says, and, where the system tells, with
// a peak memory that does not grow with the input: the judge keeps no
// more of a line than it needs.
func TestHugeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("pipes gigabytes")
	}
	const (
		gigabyte = 1 << 30
		million  = 1_000_000
		maxRSS   = 16 << 20 // bytes of memory at the peak
		setup    = "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\n"
		start    = "FULL\nB: 2  W: 2\n. . . .\n. B W .\n. W B .\n. . . .\nTURN: B\n"
		after    = "B: 4  W: 1\n. . . .\n. B B B\n. W B .\n. . . .\nTURN: W\n"
	)
	ended := func(line int) string {
		return fmt.Sprintf("othello: line %d: input ended mid-game, W to move\n", line)
	}
	tests := []struct {
		name    string
		in      func() io.Reader
		wantOut string
		wantErr string
	}{
		{
			"move line of 1 GB",
			func() io.Reader {
				return io.MultiReader(strings.NewReader(setup), repeat("x", gigabyte), strings.NewReader("\n2 4\n"))
			},
			start + "INVALID\nVALID\n" + after, ended(11),
		},
		{
			"legal move line of 256 MB",
			func() io.Reader {
				return io.MultiReader(strings.NewReader(setup+"2"), repeat(" \t", gigabyte/8), strings.NewReader("04\r\n"))
			},
			start + "VALID\n" + after, ended(10),
		},
		{
			"setup line of 1 GB",
			func() io.Reader {
				return io.MultiReader(repeat("0", gigabyte), strings.NewReader(setup+"2 4\n"))
			},
			start + "VALID\n" + after, ended(10),
		},
		{
			"bad setup line of 256 MB",
			func() io.Reader {
				return io.MultiReader(strings.NewReader("4\n 4"), repeat("4", gigabyte/4), strings.NewReader("\n"))
			},
			"FULL\n", `othello: line 2: number of columns must be an even integer from 4 to 16, got "4` +
				strings.Repeat("4", 39) + `"... (268435457 bytes)` + "\n",
		},
		{
			"board row of a million cells",
			func() io.Reader {
				return io.MultiReader(strings.NewReader(setup[:8]), repeat("B ", million), strings.NewReader("\n"))
			},
			"FULL\n", "othello: line 5: board row 1 has 1000000 cells, want 4\n",
		},
		{
			"a million blank lines as moves",
			func() io.Reader {
				return io.MultiReader(strings.NewReader(setup), repeat("\n", million), strings.NewReader("2 4\n"))
			},
			start + strings.Repeat("INVALID\n", million) + "VALID\n" + after, ended(million + 10),
		},
		{
			"a million blank lines with carriage returns",
			func() io.Reader {
				return io.MultiReader(strings.NewReader(setup), repeat(" \r\n", million), strings.NewReader("2 4\r\n"))
			},
			start + strings.Repeat("INVALID\n", million) + "VALID\n" + after, ended(million + 10),
		},
		{
			"a file of a million blank lines",
			func() io.Reader { return repeat("\n", million) },
			"FULL\n", `othello: line 1: number of rows must be an even integer from 4 to 16, got ""` + "\n",
		},
	}
	bin := buildJudge(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout := &expectWriter{want: tt.wantOut, diff: -1}
			var stderr bytes.Buffer
			began := time.Now()
			status, rss, ok := launch(t, bin, tt.in(), stdout, &stderr)
			took := time.Since(began)
			stdout.check(t)
			if got := stderr.String(); got != tt.wantErr {
				t.Errorf("standard error: got %q, want %q", got, tt.wantErr)
			}
			if status != 1 {
				t.Errorf("exit status: got %d, want 1", status)
			}
			if !ok {
				t.Logf("%v; this system does not tell peak memory", took.Round(time.Millisecond))
				return
			}
			t.Logf("%v, peak memory %.1f MiB", took.Round(time.Millisecond), float64(rss)/(1<<20))
			if rss > maxRSS {
				t.Errorf("peak memory: got %d MiB, want at most %d MiB", rss>>20, maxRSS>>20)
			}
		})
	}
}

// launcherEnv, when set, makes the test binary a launcher: it runs the
// judge named by the variable on its own standard input and output and
// writes its exit status and peak memory to file descriptor 3.
//
// The launcher is there for the peak memory. Go starts a process with
// vfork, so on Linux a child's peak memory starts out at its parent's, the
// whole test process; the launcher is small when it starts the judge.
const launcherEnv = "OTHELLO_TEST_LAUNCH"

// TestMain runs the tests. Those that check programs the way staff do
// (the docs, grade, the formats, the golden transcripts) run in parallel
// (t.Parallel), after the others: the sandbox's attacks, which count the
// machine's processes and its state and run fork bombs as one user, run
// one test at a time, and TestGradeSameUnderLoad loads the machine itself.
func TestMain(m *testing.M) {
	if os.Getenv(containerEnv) != "" {
		os.Exit(inContainer())
	}
	if os.Getenv(nestEnv) != "" {
		os.Exit(nest())
	}
	if os.Getenv(refuseEnv) != "" {
		os.Exit(refuseAndRun())
	}
	if os.Getenv(runEnv) != "" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, processEnviron()))
	}
	if bin := os.Getenv(launcherEnv); bin != "" {
		cmd := exec.Command(bin)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		cmd.Run()
		rss, ok := peakRSS(cmd.ProcessState)
		fmt.Fprintln(os.NewFile(3, "report"), cmd.ProcessState.ExitCode(), rss, ok)
		os.Exit(0)
	}
	gradetest.PreferSystemPython()
	status := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(status)
}

// launch runs the judge at bin through the launcher, and returns its exit
// status and peak memory in bytes, if the system tells.
func launch(t *testing.T, bin string, stdin io.Reader, stdout, stderr io.Writer) (status int, rss int64, ok bool) {
	t.Helper()
	report, reportW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer report.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), launcherEnv+"="+bin)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.ExtraFiles = []*os.File{reportW}
	err = cmd.Run()
	reportW.Close()
	if err != nil {
		t.Fatalf("launcher: %v", err)
	}
	if _, err := fmt.Fscan(report, &status, &rss, &ok); err != nil {
		t.Fatalf("launcher report: %v", err)
	}
	return status, rss, ok
}

// TestClosedStdout closes the reading end of the judge's standard output
// after the first line, as a grader that stops reading or "| head -1"
// does: the judge must stop at once, with a failing status and nothing on
// standard error, least of all a stack trace.
func TestClosedStdout(t *testing.T) {
	bin := buildJudge(t)
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	const setup = "4\n4\nB\n>\n. . . .\n. B W .\n. W B .\n. . . .\n"
	cmd.Stdin = io.MultiReader(strings.NewReader(setup), repeat("\n", 10_000_000)) // 80 MB of INVALID
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = stdoutW, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stdoutW.Close()
	first := make([]byte, len("FULL\n"))
	if _, err := io.ReadFull(stdoutR, first); err != nil || string(first) != "FULL\n" {
		t.Errorf("first line: got %q, %v; want FULL", first, err)
	}
	stdoutR.Close()
	cmd.Wait()
	if ctx.Err() != nil {
		t.Fatal("the judge went on after its reader went away")
	}
	t.Logf("the judge ended with %v", cmd.ProcessState)
	if cmd.ProcessState.Success() {
		t.Errorf("got success, want a failing exit status")
	}
	if stderr.Len() > 0 {
		t.Errorf("standard error: got %q, want nothing", stderr.String())
	}
}

// TestSlowReader reads the judge's standard output a little at a time,
// so that the judge must wait to write: nothing may be lost.
func TestSlowReader(t *testing.T) {
	in, err := os.ReadFile(filepath.Join(goldenDir, "full", "size-16x16.in"))
	if err != nil {
		t.Fatal(err)
	}
	// 20,000 blank lines after the setup make 160 KB of INVALID at once,
	// more than a pipe holds.
	lines := strings.SplitAfter(string(in), "\n")
	in = []byte(strings.Join(lines[:20], "") + strings.Repeat("\n", 20_000) + strings.Join(lines[20:], ""))
	var want bytes.Buffer
	wantStatus := run(nil, bytes.NewReader(in), &want, io.Discard, environ{})

	bin := buildJudge(t)
	cmd := exec.Command(bin)
	cmd.Stdin = bytes.NewReader(in)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	buf := make([]byte, 1000)
	for {
		n, err := stdout.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			break
		}
		time.Sleep(100 * time.Microsecond)
	}
	cmd.Wait()
	if got.String() != want.String() {
		t.Errorf("standard output: got %d bytes, want %d:\n%s", got.Len(), want.Len(), diff.Diff(want.Bytes(), got.Bytes()))
	}
	if status := cmd.ProcessState.ExitCode(); status != wantStatus {
		t.Errorf("exit status: got %d, want %d", status, wantStatus)
	}
}

// BenchmarkBinary16x16 runs the built judge on the longest golden game,
// 16x16, as a grader does, beside cat copying the judge's output: the
// judge should take no more than three times as long.
func BenchmarkBinary16x16(b *testing.B) {
	in := filepath.Join(goldenDir, "full", "size-16x16.in")
	out := strings.TrimSuffix(in, ".in") + ".out"
	cat, err := exec.LookPath("cat")
	if err != nil {
		b.Skip("no cat to compare with")
	}
	bin := filepath.Join(b.TempDir(), "othello")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, bc := range []struct {
		name string
		cmd  []string
		in   string
	}{{"judge", []string{bin}, in}, {"cat", []string{cat, out}, os.DevNull}} {
		b.Run(bc.name, func(b *testing.B) {
			for range b.N {
				stdin, err := os.Open(bc.in)
				if err != nil {
					b.Fatal(err)
				}
				cmd := exec.Command(bc.cmd[0], bc.cmd[1:]...)
				cmd.Stdin = stdin
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				stdin.Close()
			}
		})
	}
}
