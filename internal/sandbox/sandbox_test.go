package sandbox_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/sandbox"
)

func TestBytes(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 bytes"},
		{1500, "1,500 bytes"},
		{1 << 10, "1 KiB"},
		{512 << 20, "512 MiB"},
		{3 << 30, "3 GiB"},
		{1<<20 + 1, "1,048,577 bytes"},
	}
	for _, tt := range tests {
		if got := sandbox.Bytes(tt.n); got != tt.want {
			t.Errorf("Bytes(%d): got %q, want %q", tt.n, got, tt.want)
		}
		if got, err := sandbox.ParseBytes(tt.want); err != nil || got != tt.n {
			t.Errorf("ParseBytes(%q): got %d, %v, want %d", tt.want, got, err, tt.n)
		}
	}
}

func TestParseBytes(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"512MiB", 512 << 20},
		{"512M", 512 << 20},
		{"512mb", 512 << 20},
		{"1g", 1 << 30},
		{" 64 KiB ", 64 << 10},
		{"1500", 1500},
	}
	for _, tt := range tests {
		if got, err := sandbox.ParseBytes(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseBytes(%q): got %d, %v, want %d", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "MiB", "-1", "1.5G", "12Q", "99999999999G"} {
		if _, err := sandbox.ParseBytes(bad); !errors.Is(err, sandbox.ErrBytes) {
			t.Errorf("ParseBytes(%q): got error %v, want one wrapping ErrBytes", bad, err)
		}
	}
}

func TestDescribe(t *testing.T) {
	lim := sandbox.DefaultLimits
	tests := []struct {
		l    sandbox.Limit
		want string
	}{
		{sandbox.MemoryLimit, "used more than 512 MiB of memory"},
		{sandbox.CPULimit, "used more than 2s of CPU time"},
		{sandbox.FileSizeLimit, "wrote more than 16 MiB to a file or its /tmp"},
		{sandbox.ProcessLimit, "ran 128 processes and threads at once"},
		{sandbox.NoLimit, ""},
	}
	for _, tt := range tests {
		if got := tt.l.Describe(lim); got != tt.want {
			t.Errorf("Describe(%d): got %q, want %q", tt.l, got, tt.want)
		}
	}
}

// modes returns the modes to test: Limited, and Isolated where the
// machine allows it.
func modes(t *testing.T) []sandbox.Mode {
	if err := sandbox.Probe(); err != nil {
		t.Logf("only Limited: %v", err)
		return []sandbox.Mode{sandbox.Limited}
	}
	return []sandbox.Mode{sandbox.Isolated, sandbox.Limited}
}

// inCopy reports whether a program in mode runs in a copy of its working
// folder: a Limited one of root.
func inCopy(mode sandbox.Mode) bool { return mode == sandbox.Limited && os.Geteuid() == 0 }

// run runs a command in the sandbox c with stdin as its input, and returns
// its standard output and how it ended.
func run(t *testing.T, c sandbox.Config, stdin string, name string, args ...string) (string, sandbox.Status) {
	t.Helper()
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	p, err := c.Start(name, args, inR, outW, outW)
	inR.Close()
	outW.Close()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		io.WriteString(inW, stdin)
		inW.Close()
	}()
	out, _ := io.ReadAll(outR)
	st := p.Status()
	return string(out), st
}

// TestStartError checks the error for a program that is not there, and
// for a file of the working folder named without ./, which a shell does
// not run either: the error says to write ./run.sh.
func TestStartError(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "run.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		want       error
		hint       bool
	}{
		{"missing", filepath.Join(dir, "missing"), fs.ErrNotExist, false},
		{"not in PATH", "othello-no-such-program", exec.ErrNotFound, false},
		{"in the folder", "run.sh", exec.ErrNotFound, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := sandbox.Config{Mode: sandbox.Limited, Limits: sandbox.DefaultLimits, Dir: dir}
			_, err := c.Start(tt.path, nil, os.Stdin, os.Stdout, os.Stderr)
			var se *sandbox.StartError
			if !errors.Is(err, sandbox.ErrStart) || !errors.Is(err, tt.want) || !errors.As(err, &se) {
				t.Fatalf("got %v, want a *StartError wrapping ErrStart and %v", err, tt.want)
			}
			if hint := strings.Contains(err.Error(), "./run.sh"); hint != tt.hint {
				t.Errorf("got %q, want a hint of ./run.sh: %v", err, tt.hint)
			}
		})
	}
}

// TestDir checks that Config.Dir is the program's working folder, and the
// folder its relative path and arguments are taken from, in /tmp too.
func TestDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "run.sh"), []byte("#!/bin/sh\npwd\ncat \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data.txt"), []byte("data\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A script right in /tmp, run from /tmp itself, which the private
	// /tmp takes the place of.
	script := filepath.Join("/tmp", fmt.Sprintf("othello-dir-test-%d.sh", os.Getpid()))
	if err := os.WriteFile(script, []byte("pwd\necho script\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(script)
	for _, mode := range modes(t) {
		t.Run(mode.String(), func(t *testing.T) {
			out, st := run(t, sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits, Dir: dir}, "", "./run.sh", "data.txt")
			if want := dir + "\ndata\n"; st.Exit != 0 || !strings.HasSuffix(out, want) || inCopy(mode) != (out != want) {
				t.Errorf("got status %+v and %q, want 0 and %q", st, out, want)
			}
			out, st = run(t, sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits, Dir: "/tmp"}, "", "sh", filepath.Base(script))
			if want := "/tmp\nscript\n"; st.Exit != 0 || out != want {
				t.Errorf("from /tmp: got status %+v and %q, want 0 and %q", st, out, want)
			}
		})
	}
}

// TestEnvironment checks what the program sees: its working folder as
// the grader's, a home and temporary folder of its own that it may write
// in, and, isolated, a /proc of its own processes only.
func TestEnvironment(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the launcher is Linux's")
	}
	wd, _ := os.Getwd()
	script := `pwd; echo "$HOME $TMPDIR"; echo hi > "$TMPDIR/x" && cat "$TMPDIR/x"; ls /proc | grep -c '^[0-9]'`
	for _, mode := range modes(t) {
		t.Run(mode.String(), func(t *testing.T) {
			out, st := run(t, sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits}, "", "sh", "-c", script)
			lines := strings.Split(out, "\n")
			if st.Exit != 0 || len(lines) < 4 || !strings.HasSuffix(lines[0], wd) || inCopy(mode) != (lines[0] != wd) || lines[2] != "hi" {
				t.Fatalf("got status %+v and\n%s\nwant status 0, the working folder %s and hi", st, out, wd)
			}
			home := strings.Fields(lines[1])
			if len(home) != 2 || home[0] != home[1] {
				t.Errorf("got HOME and TMPDIR %q, want one folder", lines[1])
			}
			if mode == sandbox.Isolated {
				if home[0] != "/tmp" {
					t.Errorf("got TMPDIR %q, want /tmp, private", home[0])
				}
				if lines[3] != "4" {
					t.Errorf("got %s processes in /proc, want 4: the launcher, sh, ls and grep", lines[3])
				}
			} else if _, err := os.Stat(home[0]); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the private folder %s is still there after the run: %v", home[0], err)
			}
		})
	}
}

// TestNoFilesLeak checks that the program gets standard input, output
// and error, and none of the grader's other files: neither the launcher's
// pipes nor a file the grader inherited and left open.
func TestNoFilesLeak(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the launcher is Linux's")
	}
	fd, err := syscall.Open(os.DevNull, syscall.O_RDONLY, 0) // no O_CLOEXEC, as a careless parent leaves one
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	for _, mode := range modes(t) {
		t.Run(mode.String(), func(t *testing.T) {
			// No pipeline: the shell's own pipe would show.
			out, _ := run(t, sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits}, "", "sh", "-c", `ls /proc/$$/fd`)
			if out != "0\n1\n2\n" {
				t.Errorf("the program has the files %q open, want 0 1 2", out)
			}
		})
	}
}

// TestJava checks that a Java program runs unchanged within the default
// limits, which do not cap virtual memory, where the JVM reserves a lot.
func TestJava(t *testing.T) {
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("no javac here")
	}
	dir := t.TempDir()
	src := `import java.io.*;
public class Main {
	public static void main(String[] args) throws IOException {
		System.out.println("FULL");
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
		for (String line; (line = in.readLine()) != null; ) System.out.println(line.trim());
	}
}
`
	if err := os.WriteFile(filepath.Join(dir, "Main.java"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("javac", "-d", dir, filepath.Join(dir, "Main.java")).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	for _, mode := range modes(t) {
		t.Run(mode.String(), func(t *testing.T) {
			began := time.Now()
			out, st := run(t, sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits}, " 4\n4 \n", "java", "-cp", dir, "Main")
			if out != "FULL\n4\n4\n" || st.Exit != 0 {
				t.Errorf("got %q and %+v, want FULL 4 4 and status 0", out, st)
			}
			t.Logf("%v, %v of CPU time, %s at most", time.Since(began).Round(time.Millisecond), st.CPU.Round(time.Millisecond), sandbox.Bytes(st.Memory))
		})
	}
}

// BenchmarkRun measures one run of /bin/true: the launcher's two stages,
// and in Isolated mode the namespaces and mounts, against a plain start.
func BenchmarkRun(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("the launcher is Linux's")
	}
	devNull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer devNull.Close()
	b.Run("plain", func(b *testing.B) {
		for range b.N {
			cmd := exec.Command("true")
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, mode := range []sandbox.Mode{sandbox.Isolated, sandbox.Limited} {
		b.Run(mode.String(), func(b *testing.B) {
			c := sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits}
			for range b.N {
				p, err := c.Start("true", nil, devNull, devNull, devNull)
				if err != nil {
					b.Fatal(err)
				}
				if st := p.Status(); st.Exit != 0 {
					b.Fatalf("got %+v, want status 0", st)
				}
			}
		})
	}
}

// TestHide checks that what the grader hides cannot be read: a folder
// is empty or gone, and a folder that holds one the program needs keeps
// its files but for the transcripts' expected outputs (NAME.out beside
// NAME.in), which read as empty or are gone.
func TestHide(t *testing.T) {
	if err := sandbox.Probe(); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	golden := filepath.Join(dir, "golden")
	os.Mkdir(golden, 0o755)
	for name, data := range map[string]string{"golden/x.in": "in", "golden/x.out": "expected", "a.out": "program"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script := `cd "$1"; for f in golden/x.in golden/x.out a.out; do c=$(cat $f 2>/dev/null); echo ${c:-none}; done` // empty when covered
	tests := []struct {
		hide []string
		want string
	}{
		{nil, "in\nexpected\nprogram\n"},
		{[]string{golden}, "none\nnone\nprogram\n"},
		{[]string{dir}, "in\nnone\nprogram\n"}, // the folder holds the program's argument: only x.out goes
	}
	for _, tt := range tests {
		c := sandbox.Config{Mode: sandbox.Isolated, Limits: sandbox.DefaultLimits, Hide: tt.hide}
		out, _ := run(t, c, "", "sh", "-c", script, "sh", dir)
		if out != tt.want {
			t.Errorf("hiding %v: got %q, want %q", tt.hide, out, tt.want)
		}
	}
}

// TestRunsAtOnce starts many short runs, a few at a time, in each mode:
// every one must start and end well. (A root grader's Limited run once
// gave its user's id back before it removed that user's files, which took
// the private folder of the next run with the same id.)
func TestRunsAtOnce(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the launcher is Linux's")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	for _, mode := range modes(t) {
		t.Run(mode.String(), func(t *testing.T) {
			c := sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits, Dir: dir}
			errs := make(chan string, 60)
			for range 3 {
				go func() {
					for range 20 {
						p, err := c.Start("sh", []string{"-c", "pwd >/dev/null"}, nil, nil, nil)
						switch {
						case err != nil:
							errs <- err.Error()
						case p.Status().Exit != 0:
							errs <- fmt.Sprintf("got %+v, want status 0", p.Status())
						default:
							errs <- ""
						}
					}
				}()
			}
			for range 60 {
				if e := <-errs; e != "" {
					t.Error(e)
				}
			}
		})
	}
}

// TestPrivateSubmission runs a program whose files only root may read, as a root grader does with a submission unpacked by root:
// the program, which is not root, reads them all the same, in a copy of
// its own, in both modes.
func TestPrivateSubmission(t *testing.T) {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("a root grader's")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755) // anybody may enter it, but not read its files
	if err := os.WriteFile(filepath.Join(dir, "main.sh"), []byte("cat data.txt; id -u\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data.txt"), []byte("data\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, mode := range modes(t) {
		t.Run(mode.String(), func(t *testing.T) {
			out, st := run(t, sandbox.Config{Mode: mode, Limits: sandbox.DefaultLimits, Dir: dir}, "", "sh", "main.sh")
			if lines := strings.Split(out, "\n"); st.Exit != 0 || lines[0] != "data" || lines[1] == "0" {
				t.Errorf("got %q and %+v, want data, a user other than root, and status 0", out, st)
			}
		})
	}
}

// TestStaleRunFolders checks that a grader removes the private folders
// that a grader which is gone (killed with SIGKILL) left, and no other,
// in the temporary folder, or, for root where its TMPDIR is private (mode
// 700, which a run's user could not enter), in /tmp, where its runs'
// folders go. A grader looks once, at its first Limited run: the test
// runs one in a process of its own, the test binary started again.
func TestStaleRunFolders(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the launcher is Linux's")
	}
	if os.Getenv("OTHELLO_TEST_STALE") != "" {
		run(t, sandbox.Config{Mode: sandbox.Limited, Limits: sandbox.DefaultLimits}, "", "true")
		return
	}
	for _, private := range []bool{false, true} {
		t.Run(fmt.Sprintf("private=%v", private), func(t *testing.T) {
			if private && os.Geteuid() != 0 {
				t.Skip("a grader that is not root keeps its runs' folders in its own TMPDIR")
			}
			// Folders in /tmp, which every user may enter, wherever the
			// test's own TMPDIR is.
			tmp, err := os.MkdirTemp("/tmp", "othello-stale-test-")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(tmp) })
			os.Chmod(tmp, 0o755)
			graderTmp, where := tmp, tmp
			if private {
				graderTmp, where = filepath.Join(tmp, "private"), "/tmp"
				os.Mkdir(graderTmp, 0o700)
			}
			gone := exec.Command("true")
			if err := gone.Run(); err != nil {
				t.Fatal(err)
			}
			stale := filepath.Join(where, fmt.Sprintf("othello-run-%d-1", gone.Process.Pid))
			alive := filepath.Join(where, fmt.Sprintf("othello-run-%d-1", os.Getpid()))
			for _, dir := range []string{stale, alive} {
				if err := os.MkdirAll(filepath.Join(dir, "home"), 0o700); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { os.RemoveAll(dir) })
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestStaleRunFolders$")
			cmd.Env = append(os.Environ(), "OTHELLO_TEST_STALE=1", "TMPDIR="+graderTmp)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the folder of a grader that is gone is still there: %v", err)
			}
			if _, err := os.Stat(alive); err != nil {
				t.Errorf("the folder of a grader that runs is gone: %v", err)
			}
		})
	}
}
