package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/othello-judge/judge/internal/sandbox"
)

// hostileDir holds the hostile programs and the correct Python program.
const hostileDir = "testdata/hostile"

// A grader is the built othello run as a separate process, as a course
// runs it, with its report in a file: as the user running the tests, and
// as an unprivileged user when that is root.
type grader struct {
	name    string
	bin     string // the built othello, where the user may run it
	hostile string // testdata/hostile, where the user may read it
	dir     string // where its report goes, where the user may write
	cwd     string // its working folder, if not dir
	cred    *syscall.Credential
}

// graders returns the graders to run the sandbox tests as.
func graders(t *testing.T) []grader {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the sandbox is Linux's")
	}
	// A copy of the grader of its own: a Limited run of root's locks the
	// grader's binary while it goes on, and another test's grader would
	// give its mode back.
	bin := filepath.Join(t.TempDir(), "othello")
	if data, err := os.ReadFile(buildJudge(t)); err != nil || os.WriteFile(bin, data, 0o755) != nil {
		t.Fatal("copying the grader")
	}
	// The programs in a folder that every user may enter, wherever the
	// checkout is: what a program runs besides itself (the judge of
	// TestSandboxCorrectPrograms) is outside the folder that the grader
	// gives a run, and a root grader's run is a user of its own.
	open := mkdirMode(t, 0o755)
	files, _ := filepath.Glob(filepath.Join(hostileDir, "*"))
	for _, from := range append(files, bin) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(open, filepath.Base(from)), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gs := []grader{{name: "as-" + currentUser(), bin: bin, hostile: open, dir: t.TempDir()}}
	if os.Geteuid() != 0 {
		return gs
	}
	nobody, err := user.Lookup("nobody")
	if err != nil {
		t.Logf("no unprivileged user to run as: %v", err)
		return gs
	}
	uid, _ := strconv.Atoi(nobody.Uid)
	gid, _ := strconv.Atoi(nobody.Gid)
	// Nobody's grader is the copy beside the programs, and writes in a
	// folder of its own.
	return append(gs, grader{name: "as-nobody", bin: filepath.Join(open, "othello"), hostile: open, dir: mkdirMode(t, 0o777),
		cred: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}})
}

func currentUser() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return strconv.Itoa(os.Getuid())
}

// mkdirMode makes a temporary folder with the given mode, removed at the
// end of the test, in a folder that every user may enter (openTemp), so
// that the mode alone says who may: the tests' runs are other users too.
func mkdirMode(t *testing.T, mode os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp(openTemp(t), "othello-sandbox-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, mode); err != nil {
		t.Fatal(err)
	}
	return dir
}

// openTemp returns the first of the temporary folder ($TMPDIR), /tmp,
// /var/tmp and /dev/shm that every user may enter, as may every folder
// above it, and that this test may write in: $TMPDIR may be a folder of
// the user's own (mode 700, as every folder that mktemp -d makes). It
// skips the test where there is none.
func openTemp(t *testing.T) string {
	t.Helper()
	openTempOnce.Do(func() {
		for _, dir := range []string{os.TempDir(), "/tmp", "/var/tmp", "/dev/shm"} {
			if dir, err := filepath.EvalSymlinks(dir); err == nil && enterable(dir) && syscall.Access(dir, 2) == nil {
				openTempDir = dir
				return
			}
		}
	})
	if openTempDir == "" {
		t.Skip("no temporary folder that every user may enter")
	}
	return openTempDir
}

var (
	openTempOnce sync.Once
	openTempDir  string
)

// enterable reports whether every user may enter dir and every folder
// above it.
func enterable(dir string) bool {
	for {
		fi, err := os.Stat(dir)
		if err != nil || fi.Mode().Perm()&0o001 == 0 {
			return false
		}
		if dir == "/" {
			return true
		}
		dir = filepath.Dir(dir)
	}
}

// userEnv returns this test's environment for a grader that runs as
// another user (nobody), with TMPDIR a folder that any user may write
// in: the test's own may be a folder of root's, mode 700.
func userEnv(t *testing.T) []string {
	t.Helper()
	return append(os.Environ(), "TMPDIR="+mkdirMode(t, 0o777))
}

// A gradeRun is what one run of othello check left.
type gradeRun struct {
	pid    int // the grader's process
	status int
	report string
	stderr string
	took   time.Duration
}

// check runs "othello check ARGS" as g, with the environment env, and the
// report in a file of its working folder. It lets the grader run at most
// 1,000 processes of its user as an outer bound on a fork bomb (the
// kernel exempts root).
func (g grader) check(t *testing.T, env []string, args ...string) gradeRun {
	t.Helper()
	reportPath := filepath.Join(g.dir, "report.txt")
	report, err := os.Create(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	defer report.Close()
	if g.cred != nil {
		os.Chown(reportPath, int(g.cred.Uid), int(g.cred.Gid))
	}
	var stderr bytes.Buffer
	cmd := exec.Command(g.bin, append([]string{"check"}, args...)...)
	cmd.Dir = g.dir
	if g.cwd != "" {
		cmd.Dir = g.cwd
	}
	cmd.Env = append(os.Environ(), env...)
	if g.cred != nil {
		cmd.Env = append(userEnv(t), env...)
	}
	cmd.Stdout, cmd.Stderr = report, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: g.cred}
	nprocMu.Lock() // the limit is the test process's own while the grader starts
	var old syscall.Rlimit
	syscall.Getrlimit(rlimitNPROC, &old)
	syscall.Setrlimit(rlimitNPROC, &syscall.Rlimit{Cur: min(1000, old.Max), Max: old.Max})
	start := time.Now()
	err = cmd.Start()
	syscall.Setrlimit(rlimitNPROC, &old)
	nprocMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	took := time.Since(start)
	data, err := os.ReadFile(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	return gradeRun{pid: cmd.Process.Pid, status: cmd.ProcessState.ExitCode(), report: string(data), stderr: stderr.String(), took: took}
}

const rlimitNPROC = 6

var nprocMu sync.Mutex

// TestSandboxHostile runs each hostile program of testdata/hostile under
// othello check, Isolated and Limited, as the user running the tests and
// as nobody when that is root. Each must fail as a program that prints
// only FULL fails, and as the limit it reaches says; the report must be
// the grader's alone, with no line too long to read and nothing of the
// grader's environment; no process and no file may be left. Limited, the
// attacks that doc/grading.md says it does not stop are not tried. As root,
// the machine must be as it was after them all: /proc/sys, /dev and the
// loop devices unchanged, and no line of the programs' in the kernel log.
func TestSandboxHostile(t *testing.T) {
	lookPath(t, "python3")
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	tty := openTerminal(t)
	// Weights without structure: the attacks are the program's runs, and
	// reading the structure (TestStructure attacks it) would cost each
	// check a Python start more.
	weights := filepath.Join(mkdirMode(t, 0o755), "weights.txt")
	if err := os.WriteFile(weights, []byte("reference 10\nfull-game 90\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	golden := mkdirMode(t, 0o755)
	for _, ext := range []string{".in", ".out"} {
		data, err := os.ReadFile(filepath.Join(goldenDir, "full", "reference-4x4"+ext))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(golden, "reference-4x4"+ext), data, 0o644)
	}
	// A unix socket server of the machine's, which anybody may connect to.
	sockDir := mkdirMode(t, 0o755)
	sock := filepath.Join(sockDir, "server.sock")
	unixListener, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer unixListener.Close()
	os.Chmod(sock, 0o777)
	checkout, _ := filepath.Abs("../..")

	tests := []struct {
		attack  string
		flags   []string
		want    string // a regular expression that the report matches
		limited string // Limited: "" the same, "skip" not tried (it works, as doc/grading.md says), "wall" tried only as root or with Landlock, or what the report matches
	}{
		{"exe", nil, `blocked: exec /proc/\d+/exe: \[Errno 13\] Permission denied`, "wall"},
		{"mem", nil, `blocked: memory of \d+: \[Errno 13\] Permission denied`, ""},
		{"fd", nil, `blocked: fd 1 of \d+: \[Errno 13\] Permission denied`, ""},
		{"daemon", nil, `it exited with status 1`, ""},
		{"setsid", nil, `it exited with status 1`, ""},
		{"kill-grader", nil, `it exited with status 1`, "wall"},
		{"kill-parent", nil, `it exited with status 1|it died \(killed\)`, ""},
		{"kill-parent-daemon", nil, `it exited with status 1|it died \(killed\)`, ""},
		{"memory", []string{"-memory", "64MiB"}, `killed: it used more than 64 MiB of memory`, ""},
		{"big-alloc", []string{"-memory", "64MiB"}, `it exited with status 1`, ""},
		{"cpu", []string{"-cpu", "300ms"}, `killed: it used more than 300ms of CPU time`, ""},
		{"disk", nil, `it reached a limit: it wrote more than 16 MiB to a file or its /tmp`, `File too large`},
		{"files", nil, `blocked: \S+-cwd: \[Errno (13|30)\] (Read-only file system|Permission denied)`, "wall"},
		{"open-files", []string{"-open-files", "64"}, `it exited with status 1`, ""},
		{"stderr-flood", nil, `it wrote over 1 MiB to its standard error, and was killed`, ""},
		{"huge-line", nil, `got   "B+" … [\d,]+ more bytes`, ""},
		{"network", nil, `blocked: connect: \[Errno 1\] Operation not permitted`, ""},
		{"tty", nil, `blocked: /dev/pts/\d+: \[Errno (2|13)\]`, "wall"},
		{"golden", nil, `blocked: ` + regexp.QuoteMeta(golden) + `: \[Errno (2|13)\] (No such file or directory|Permission denied)`, "wall"},
		// The time to fork 32 processes on a machine loaded by other tests
		// and two CPU-bound loops: a limit of processes, not of time.
		{"forkbomb", []string{"-procs", "32", "-timeout", "30s"}, `killed: it ran 32 processes and threads at once`, ""},
		{"sysctl", nil, `blocked: /proc/sys/kernel/core_pattern: \[Errno (13|30)\]`, ""},
		{"devices", nil, `blocked: /dev/kmsg: \[Errno (2|13|30)\]`, ""},
		{"secrets", nil, `blocked: /etc/shadow: (empty|\[Errno (2|13)\])`, "wall"},
		{"checkout", nil, `blocked: no checkout in \d+ places`, "wall"},
		{"cmdline", nil, `blocked: MARK in none of \d+ command lines`, ""},
		{"memfd", []string{"-memory", "64MiB"}, `killed: it used more than 64 MiB of memory|blocked: memfd: \[Errno 1\] Operation not permitted`, ""},
		{"shm", []string{"-memory", "64MiB"}, `killed: it used more than 64 MiB of memory|blocked: shm: \[Errno (28|13)\] (No space left on device|Permission denied)`, "wall"},
		{"unix", nil, `blocked: unix: \[Errno (1|2|13)\]`, ""},
		{"syscalls", nil, `blocked: unshare: Operation not permitted; mount: Operation not permitted`, ""},
		{"neighbours", nil, `blocked: \S+/\.secret: \[Errno (2|13)\]`, "wall"},
	}
	before := machineState()
	t.Run("attacks", func(t *testing.T) {
		for _, g := range graders(t) {
			// A file only the grader may read.
			secret := filepath.Join(mkdirMode(t, 0o755), "secret")
			os.WriteFile(secret, []byte("the grader's\n"), 0o600)
			if g.cred != nil {
				os.Chown(secret, int(g.cred.Uid), int(g.cred.Gid))
			}
			mine := g.neighbours(t)
			for _, sandboxed := range []bool{true, false} {
				for _, tt := range tests {
					want := tt.want
					if !sandboxed {
						switch tt.limited {
						case "":
						case "skip":
							continue
						case "wall":
							if rootGrader := os.Geteuid() == 0 && g.cred == nil; !rootGrader && sandbox.LandlockABI() == 0 {
								continue
							}
						default:
							want = tt.limited
						}
					}
					name := fmt.Sprintf("%s/sandbox=%v/%s", g.name, sandboxed, tt.attack)
					script, bomb := filepath.Join(g.hostile, "hostile.py"), filepath.Join(g.hostile, "forkbomb.sh")
					t.Run(name, func(t *testing.T) {
						if tt.attack != "forkbomb" {
							// A fork bomb runs alone: the user's processes, which
							// RLIMIT_NPROC counts, are not another test's.
							t.Parallel()
						}
						g := g
						g.dir = mkdirMode(t, 0o777)
						mark := fmt.Sprintf("hostile-mark-%d", time.Now().UnixNano())
						tmp := mkdirMode(t, 0o777) // the grader's TMPDIR, where a Limited run's private folder goes
						hints := []string{"GRADER_BIN=" + g.bin, "REPORT=" + filepath.Join(g.dir, "report.txt"), "GOLDEN=" + golden,
							"MARK=" + mark, "PORT=" + strconv.Itoa(listener.Addr().(*net.TCPAddr).Port), "TTY=" + tty,
							"SECRET=" + secret, "SOCK=" + sock, "CHECKOUT=" + checkout, "GRADER_HOME=" + mine.home,
							"SIBLING=" + mine.sibling, "OUTSIDE=" + mine.outside, "VICTIM=" + strconv.Itoa(mine.victim)}
						// What a careless grader's environment holds.
						env := append([]string{"TMPDIR=" + tmp, "MARK=" + mark, "SEC_TOKEN=topsecret123", "PYTHONUNBUFFERED=1"}, hints...)
						// The reference game alone: each attack is made when
						// the program starts, on any input.
						args := []string{"-rules", "full", "-n", "0", "-seed", "1", "-size", "4x4", "-j", "2", "-timeout", "5s",
							"-sandbox=" + strconv.FormatBool(sandboxed), "-weights", weights}
						for _, h := range hints {
							args = append(args, "-env", h)
						}
						args = append(args, tt.flags...)
						if tt.attack == "golden" {
							args = append(args, "-golden", golden)
						}
						if tt.attack == "forkbomb" && !sandboxed && g.cred != nil {
							// A user's Limited runs share RLIMIT_NPROC, as the
							// doc/grading.md says.
							args = append(args, "-j", "1")
						}
						// -S: an attack needs no site packages, and Python starts in a
						// third of the time without them.
						prog := []string{"python3", "-S", script, tt.attack}
						if tt.attack == "forkbomb" {
							prog = []string{bomb}
						}
						run := g.check(t, env, append(append(args, "--"), prog...)...)
						scenarios := 1 // the reference game
						if tt.attack == "golden" {
							scenarios = 2
						}
						checkReport(t, run, fmt.Sprintf("0 passed, %d failed", scenarios), want)
						if strings.Contains(run.report, "topsecret123") {
							t.Errorf("the grader's environment is in the report:\n%s", run.report)
						}
						if tt.attack == "daemon" {
							time.Sleep(2 * time.Second) // the daemon's time to rewrite the report
							if after, _ := os.ReadFile(filepath.Join(g.dir, "report.txt")); string(after) != run.report {
								t.Errorf("the report changed after the grader exited:\n%s", after)
							}
						}
						if left := processesWith("MARK=" + mark); len(left) > 0 {
							t.Errorf("processes left after the check: %v", left)
						}
						left, _ := filepath.Glob(filepath.Join(tmp, "*"))
						left = append(left, cgroupsOf(run.pid)...)
						for _, dir := range []string{"/tmp", "/dev/shm", g.dir, filepath.Dir(script), mine.outside} {
							more, _ := filepath.Glob(filepath.Join(dir, mark+"*"))
							left = append(left, more...)
						}
						if len(left) > 0 && (sandboxed || g.cred == nil && os.Geteuid() == 0) { // a user's Limited run may leave files, as doc/grading.md says
							t.Errorf("files left after the check: %v", left)
						}
						if err := syscall.Kill(mine.victim, 0); err != nil {
							t.Errorf("the grader's user's process %d is gone: %v", mine.victim, err)
						}
						cleanMarks(mark, g.dir, mine.outside)
						t.Logf("%v", run.took.Round(time.Millisecond))
						if os.Getenv("SHOW_REPORT") != "" {
							t.Log(run.report)
						}
					})
				}
			}
		}
	})
	if os.Geteuid() != 0 {
		t.Log("not root: the machine's state is not compared (nothing a user's program could change)")
		return
	}
	after := machineState()
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s changed: got %q, want %q", k, after[k], v)
		}
	}
	for k, v := range after {
		if _, ok := before[k]; !ok {
			t.Errorf("%s is new: %q", k, v)
		}
	}
	if log := kernelLog(); strings.Contains(log, "hostile-mark-") {
		t.Errorf("a program wrote to the kernel log")
	}
}

// neighbours are what lies near a grader on a course's machine: its
// home, with a file only it may read; another submission's file, which
// anybody may read; a folder anybody may write in; and a process of its
// user.
type neighbours struct {
	home, sibling, outside string
	victim                 int
}

// neighbours makes g's neighbours, removed and ended with the test.
func (g grader) neighbours(t *testing.T) neighbours {
	t.Helper()
	n := neighbours{home: mkdirMode(t, 0o700), outside: mkdirMode(t, 0o777)}
	sibling := mkdirMode(t, 0o755)
	n.sibling = filepath.Join(sibling, "main.py")
	secret := filepath.Join(n.home, ".secret")
	for path, data := range map[string]string{secret: "ssh-key-teacher-123\n", n.sibling: "print('FULL')\n"} {
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(n.sibling, 0o644)
	victim := exec.Command("sleep", "600")
	victim.SysProcAttr = &syscall.SysProcAttr{Credential: g.cred}
	if g.cred != nil {
		for _, p := range []string{n.home, secret} {
			os.Chown(p, int(g.cred.Uid), int(g.cred.Gid))
		}
	}
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { victim.Process.Kill(); victim.Wait() })
	n.victim = victim.Process.Pid
	return n
}

// machineState returns what a program must not change, as root: every
// setting under /proc/sys that may be written, but those the kernel
// changes itself, the files of /dev, the loop devices, and what is
// mounted.
func machineState() map[string]string {
	state := map[string]string{}
	filepath.WalkDir("/proc/sys", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if fi, err := d.Info(); err != nil || fi.Mode().Perm()&0o222 == 0 || volatileSysctl(p) {
			return nil
		}
		if data, err := os.ReadFile(p); err == nil {
			state[p] = string(data)
		}
		return nil
	})
	devs, _ := filepath.Glob("/dev/*")
	state["/dev"] = strings.Join(devs, " ")
	loops, _ := filepath.Glob("/sys/block/loop*")
	state["loop devices"] = strings.Join(loops, " ")
	return state
}

// volatileSysctl reports whether the kernel changes the setting at path
// by itself.
func volatileSysctl(path string) bool {
	for _, p := range []string{"/proc/sys/kernel/ns_last_pid", "/proc/sys/kernel/random/", "/proc/sys/fs/", "/proc/sys/net/",
		"/proc/sys/vm/drop_caches", "/proc/sys/kernel/sched_domain/", "/proc/sys/dev/", "/proc/sys/kernel/yama/", "/proc/sys/vm/compact_memory"} {
		if strings.HasPrefix(path, p) || path == p {
			return true
		}
	}
	return false
}

// kernelLog returns the kernel's log as root reads it from /dev/kmsg,
// without waiting.
func kernelLog() string {
	fd, err := syscall.Open("/dev/kmsg", syscall.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return ""
	}
	defer syscall.Close(fd)
	var sb strings.Builder
	buf := make([]byte, 8192)
	for {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EPIPE {
			continue // a record was overwritten while we read
		}
		if err != nil || n <= 0 {
			return sb.String()
		}
		sb.Write(buf[:n])
	}
}

// cgroupsOf returns the control groups that the grader with process id
// pid made and left, in any hierarchy.
func cgroupsOf(pid int) []string {
	var left []string
	filepath.WalkDir("/sys/fs/cgroup", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if strings.HasPrefix(d.Name(), fmt.Sprintf("othello-%d-", pid)) {
			left = append(left, p)
			return filepath.SkipDir
		}
		return nil
	})
	return left
}

// openTerminal opens a new pseudo-terminal, as if the grader ran in one,
// writable by anybody, and returns the path of its terminal end.
func openTerminal(t *testing.T) string {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var n, unlock uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("no pseudo-terminal number: %v", e)
	}
	syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock)))
	path := fmt.Sprintf("/dev/pts/%d", n)
	os.Chmod(path, 0o666)
	go io.Copy(io.Discard, ptmx) // what is written to the terminal
	return path
}

// checkReport checks that the grader exited with status 1 and nothing on
// standard error, and that its report says what the sandbox said, ends
// with the verdict, has no LEAK, matches want and has no line too long.
func checkReport(t *testing.T, run gradeRun, verdict, want string) {
	t.Helper()
	if run.status != 1 || run.stderr != "" {
		t.Errorf("exit status %d and standard error %q, want 1 and nothing", run.status, run.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(run.report, "\n"), "\n")
	if got := lines[len(lines)-1]; got != verdict {
		t.Errorf("the report ends %q, want %q:\n%s", got, verdict, run.report)
	}
	if len(lines) < 2 || !strings.HasPrefix(lines[1], "sandbox: ") {
		t.Errorf("the report's second line does not say what the sandbox is:\n%s", run.report)
	}
	if strings.Contains(run.report, "LEAK") {
		t.Errorf("the attack worked:\n%s", run.report)
	}
	if !regexp.MustCompile(want).MatchString(run.report) {
		t.Errorf("the report does not match %q:\n%s", want, run.report)
	}
	for _, l := range lines {
		if len(l) > 400 {
			t.Errorf("a report line of %d bytes: %.100s...", len(l), l)
		}
	}
}

// processesWith returns the processes, but zombies, whose environment
// has the variable setting v, such as "MARK=x": all that a grader started
// with it, and what they started in turn.
func processesWith(v string) []string {
	entries, _ := os.ReadDir("/proc")
	var pids []string
	for _, e := range entries {
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || !bytes.Contains(append([]byte{0}, env...), []byte("\x00"+v+"\x00")) || zombie(e.Name()) {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		pids = append(pids, e.Name()+" "+strings.ReplaceAll(string(cmdline), "\x00", " "))
	}
	return pids
}

func zombie(pid string) bool {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return true
	}
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(f) == 0 || f[0] == "Z"
}

// cleanMarks removes what an attack may leave without the sandbox, as the
// doc/grading.md says it may.
func cleanMarks(mark string, dirs ...string) {
	for _, dir := range append(dirs, "/tmp") {
		files, _ := filepath.Glob(filepath.Join(dir, mark+"*"))
		for _, f := range files {
			os.Remove(f)
		}
	}
}

// lookPath returns the path of the command, or skips the test.
func lookPath(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s here: %v", name, err)
	}
	return path
}

// TestSandboxCorrectPrograms checks that correct programs in Python,
// shell, Go, C and Java (where gcc and javac are) pass Isolated and
// Limited, as the user running the tests and as nobody when that is root,
// each run from its own folder: in batch in each of those cells, and in
// lock-step too in the first grader's Isolated one. The sandbox is the
// same in both modes; lock-step is how the program's own flushing is
// tried, which the grader's user does not change.
func TestSandboxCorrectPrograms(t *testing.T) {
	lookPath(t, "python3")
	compiled := mkdirMode(t, 0o755)
	languages := []string{"python", "shell", "go"}
	if gcc, err := exec.LookPath("gcc"); err == nil {
		if out, err := exec.Command(gcc, "-o", filepath.Join(compiled, "judge-c"), filepath.Join(hostileDir, "judge.c")).CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		languages = append(languages, "c")
	}
	if javac, err := exec.LookPath("javac"); err == nil {
		if out, err := exec.Command(javac, "-d", compiled, filepath.Join(hostileDir, "Judge.java")).CombinedOutput(); err != nil {
			t.Fatalf("javac: %v\n%s", err, out)
		}
		languages = append(languages, "java")
	}
	for i, g := range graders(t) {
		// The Go program is the judge itself, at a path the grader does
		// not hide: its own binary is hidden.
		goJudge := filepath.Join(g.hostile, "judge")
		data, err := os.ReadFile(g.bin)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goJudge, data, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Remove(goJudge) })
		programs := map[string][]string{
			"python": {"python3", "judge.py"},
			"shell":  {"./judge.sh"},
			"go":     {"./judge"},
			"c":      {filepath.Join(compiled, "judge-c")},
			"java":   {"java", "-cp", compiled, "Judge"},
		}
		for _, lang := range languages {
			for _, sandboxed := range []bool{true, false} {
				modes := []string{"batch"}
				if i == 0 && sandboxed {
					modes = append(modes, "lock-step")
				}
				for _, mode := range modes {
					t.Run(fmt.Sprintf("%s/%s/sandbox=%v/%s", g.name, lang, sandboxed, mode), func(t *testing.T) {
						args := []string{"-n", "3", "-seed", "3", "-sandbox=" + strconv.FormatBool(sandboxed)}
						if mode == "lock-step" {
							args = append(args, "-interactive")
						}
						t.Parallel()
						args = append(args, "-env", "JUDGE="+goJudge)
						g := g
						g.dir = mkdirMode(t, 0o777) // its report's, of its own
						g.cwd = g.hostile           // the submission's folder
						run := g.check(t, nil, append(append(args, "--"), programs[lang]...)...)
						lines := strings.Split(strings.TrimSuffix(run.report, "\n"), "\n")
						if run.status != 0 || lines[len(lines)-1] != "4 passed, 0 failed" {
							t.Errorf("exit status %d, standard error %q, want 0 and 4 passed:\n%s", run.status, run.stderr, run.report)
						}
						t.Logf("%v", run.took.Round(time.Millisecond))
					})
				}
			}
		}
	}
}

// TestSandboxGradeCommandLine grades a class of two, Isolated and
// Limited, as the user running the tests and as nobody when that is
// root, where each program looks in every command line of the machine
// for the other submission's folder, which names a student: the
// grader's own names both, and the launcher's spec of the other's run
// would.
func TestSandboxGradeCommandLine(t *testing.T) {
	lookPath(t, "python3")
	for _, g := range graders(t) {
		for _, sandboxed := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/sandbox=%v", g.name, sandboxed), func(t *testing.T) {
				class := mkdirMode(t, 0o755)
				classmate := fmt.Sprintf("classmate-%d", time.Now().UnixNano())
				subs := []string{filepath.Join(class, "attacker"), filepath.Join(class, classmate)}
				data, err := os.ReadFile(filepath.Join(g.hostile, "hostile.py"))
				if err != nil {
					t.Fatal(err)
				}
				for _, sub := range subs {
					if os.Mkdir(sub, 0o755) != nil || os.WriteFile(filepath.Join(sub, "hostile.py"), data, 0o644) != nil {
						t.Fatal("making ", sub)
					}
				}
				out := filepath.Join(mkdirMode(t, 0o777), "grades")
				args := []string{"grade", "-sandbox=" + strconv.FormatBool(sandboxed), "-rules", "full", "-n", "0", "-seed", "1", "-size", "4x4",
					"-j", "2", "-env", "MARK=" + classmate, "-out", out}
				cmd := exec.Command(g.bin, append(append(args, subs...), "--", "python3", "-S", "hostile.py", "cmdline")...)
				cmd.Dir = g.dir
				cmd.Env = os.Environ()
				if g.cred != nil {
					cmd.Env = userEnv(t)
				}
				cmd.SysProcAttr = &syscall.SysProcAttr{Credential: g.cred}
				if msg, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("grade: %v\n%s", err, msg)
				}
				report, err := os.ReadFile(filepath.Join(out, "submissions", "attacker", "report.txt"))
				if err != nil || strings.Contains(string(report), "LEAK") || !strings.Contains(string(report), "blocked: MARK in none of") {
					t.Errorf("%v: the attacker's report\n%s\nwant it blocked", err, report)
				}
			})
		}
	}
}

// TestSandboxGraderKilled stops a grader in the middle of a check by each
// signal that ends a program: on SIGINT, SIGTERM and SIGHUP its report
// still ends with the verdict, and after any of them, SIGKILL too, no
// process of the check is left.
func TestSandboxGraderKilled(t *testing.T) {
	lookPath(t, "python3")
	g := graders(t)[0]
	script := filepath.Join(g.hostile, "hostile.py")
	for _, sandboxed := range []bool{true, false} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGKILL} {
			t.Run(fmt.Sprintf("sandbox=%v/%v", sandboxed, sig), func(t *testing.T) {
				report := filepath.Join(g.dir, "killed.txt")
				out, err := os.Create(report)
				if err != nil {
					t.Fatal(err)
				}
				defer out.Close()
				// Each run leaves a daemon and hangs; the grader is told to stop
				// while runs are under way.
				mark := fmt.Sprintf("MARK=killed-%d", time.Now().UnixNano())
				cmd := exec.Command(g.bin, "check", "-rules", "full", "-n", "10", "-size", "4x4", "-timeout", "30s",
					"-sandbox="+strconv.FormatBool(sandboxed), "-env", mark, "--", "python3", script, "setsid-hang")
				cmd.Stdout = out
				cmd.Env = append(os.Environ(), mark)
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				time.Sleep(time.Second)
				cmd.Process.Signal(sig)
				done := make(chan struct{})
				go func() { cmd.Wait(); close(done) }()
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					cmd.Process.Kill()
					<-done
					t.Fatalf("the grader did not end within 10s of %v", sig)
				}
				data, _ := os.ReadFile(report)
				if sig != syscall.SIGKILL {
					if !strings.HasSuffix(string(data), "0 passed, 0 failed, 11 not run\n") || cmd.ProcessState.ExitCode() != 1 {
						t.Errorf("exit status %d, want 1, and the report\n%s\nwant it to end with the verdict", cmd.ProcessState.ExitCode(), data)
					}
				}
				if left := waitGone(mark, 2*time.Second); len(left) > 0 {
					t.Errorf("processes left after the grader got %v: %v", sig, left)
				}
			})
		}
	}
}

// waitGone waits up to d for the processes with the environment variable
// setting v to end, and returns those left.
func waitGone(v string, d time.Duration) []string {
	for deadline := time.Now().Add(d); ; time.Sleep(20 * time.Millisecond) {
		left := processesWith(v)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
	}
}

// TestMatchHostile plays attacks of testdata/hostile as a player of
// othello match, which runs a program in the sandbox for a whole game,
// as root the test's user and Isolated:
// each loses both its games, its standard error, which the forfeit
// quotes, says no "LEAK", nothing of the grader's secret reaches the
// output, and no process or file of it is left. TestSandboxHostile
// tries every attack in every mode under othello check; a match starts
// its programs through the same sandbox.Config.
func TestMatchHostile(t *testing.T) {
	lookPath(t, "python3")
	g := graders(t)[0]
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	secret := filepath.Join(mkdirMode(t, 0o755), "secret")
	if err := os.WriteFile(secret, []byte("the grader's secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	mine := g.neighbours(t)
	script := filepath.Join(g.hostile, "hostile.py")
	t.Run("attacks", func(t *testing.T) { // each in parallel, all before the listener closes
		matchAttacks(t, g, script, secret, listener.Addr().(*net.TCPAddr).Port, mine)
	})
}

// matchAttacks runs TestMatchHostile's attacks, each a subtest of t.
func matchAttacks(t *testing.T, g grader, script, secret string, port int, mine neighbours) {
	// What a player could do that a check's program could not: outlive
	// its game, stop the referee, read what it keeps between games. The
	// attacks on the system (exe, mem, syscalls, ...) meet the same
	// sandbox as under othello check.
	for _, attack := range []string{"daemon", "setsid", "kill-grader", "kill-parent-daemon", "files", "secrets", "neighbours"} {
		t.Run(attack, func(t *testing.T) {
			t.Parallel()
			mark := fmt.Sprintf("hostile-mark-%d", time.Now().UnixNano())
			args := []string{"match", "-games", "1", "-st", "5", "-j", "1", "-seed", "1", "-openings", "random:0"}
			for _, h := range []string{"GRADER_BIN=" + g.bin, "MARK=" + mark, "SECRET=" + secret, "PORT=" + strconv.Itoa(port),
				"GRADER_HOME=" + mine.home, "SIBLING=" + mine.sibling, "OUTSIDE=" + mine.outside, "VICTIM=" + strconv.Itoa(mine.victim)} {
				args = append(args, "-env", h)
			}
			cmd := exec.Command(g.bin, append(args, "prog:python3 -S "+script+" "+attack, "random")...)
			cmd.Dir = g.dir
			cmd.Env = append(os.Environ(), "MARK="+mark)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("othello match: %v\n%s", err, out)
			}
			text := string(out)
			if n := strings.Count(text, "forfeits: "); n != 2 || strings.Contains(text, "LEAK") || strings.Contains(text, "the grader's secret") {
				t.Errorf("got %d forfeits, want 2, and no LEAK nor secret:\n%s", n, text)
			}
			if left := processesWith("MARK=" + mark); len(left) > 0 {
				t.Errorf("processes left after the match: %v", left)
			}
			var left []string
			for _, dir := range []string{"/tmp", "/dev/shm", g.dir, mine.outside} {
				more, _ := filepath.Glob(filepath.Join(dir, mark+"*"))
				left = append(left, more...)
			}
			if len(left) > 0 {
				t.Errorf("files left after the match: %v", left)
			}
			if err := syscall.Kill(mine.victim, 0); err != nil {
				t.Errorf("the grader's user's process %d is gone: %v", mine.victim, err)
			}
			cleanMarks(mark, g.dir, mine.outside)
			if testing.Verbose() {
				t.Log(text)
			}
		})
	}
}

// TestSharedProcesses runs a correct program that first starts 25
// threads, as a JVM starts its compilers' and collectors', six at once,
// Limited with -procs 32, as each grader: every run starts its threads
// and passes. A user's runs share the kernel's count of the user's tasks
// (RLIMIT_NPROC), which once made the threads of runs started first fail
// as runs started after them took their room.
func TestSharedProcesses(t *testing.T) {
	lookPath(t, "python3")
	dir := mkdirMode(t, 0o755)
	script := filepath.Join(dir, "threads.py")
	program := `import runpy, sys, threading, time
time.sleep(0.3)
threads = []
try:
    for i in range(25):
        threads.append(threading.Thread(target=time.sleep, args=(0.5,)))
        threads[-1].start()
except RuntimeError as e:
    sys.exit("THREADS FAILED: %s" % e)
runpy.run_path(sys.argv[1], run_name="__main__")
`
	if err := os.WriteFile(script, []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, g := range graders(t) {
		t.Run(g.name, func(t *testing.T) {
			g.dir = mkdirMode(t, 0o777)
			run := g.check(t, nil, "-rules", "full", "-n", "5", "-seed", "1", "-size", "4x4", "-j", "6", "-procs", "32",
				"-sandbox=false", "--", "python3", "-S", script, filepath.Join(g.hostile, "judge.py"))
			if run.status != 0 || !strings.HasSuffix(run.report, "6 passed, 0 failed\n") {
				t.Errorf("got exit status %d and the report\n%s\nwant 0 and 6 passed", run.status, run.report)
			}
		})
	}
}
