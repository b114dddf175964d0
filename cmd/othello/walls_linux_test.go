package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/othello-judge/judge/internal/sandbox"
)

// refuseEnv, set to a list such as "mount,landlock", makes the test
// binary put a seccomp filter on itself that refuses those system calls
// with EPERM, and then run the command of its arguments, which inherits
// it: mount, as AppArmor's unprivileged_userns profile leaves a user
// namespace no power to mount (Ubuntu 23.10 on); landlock, as a kernel
// without Landlock. Under nestEnv it does so at the deepest level.
const refuseEnv = "OTHELLO_TEST_REFUSE"

// nestAsUserEnv, set with nestEnv, makes the deepest level run the
// command as nobody rather than as root without CAP_SYS_ADMIN: a grader
// that is not root on a machine with no user namespace left.
const nestAsUserEnv = "OTHELLO_TEST_NEST_AS_USER"

// nobodyId is the user and group the tests' graders that are not root
// run as.
const nobodyId = 65534

// nrSeccompSyscall is the number of seccomp(2) on this architecture, or
// 0 where the test does not know it.
var nrSeccompSyscall = map[string]uintptr{"amd64": 317, "arm64": 277}[runtime.GOARCH]

// refuseSyscalls installs on the calling thread, for it and what it
// execve's, the seccomp filter that refuseEnv asks for.
func refuseSyscalls() error {
	what := os.Getenv(refuseEnv)
	if what == "" {
		return nil
	}
	if nrSeccompSyscall == 0 {
		return fmt.Errorf("no seccomp number for %s", runtime.GOARCH)
	}
	numbers := map[string]uint32{"mount": syscall.SYS_MOUNT, "landlock": 444} // landlock_create_ruleset
	eperm := syscall.SockFilter{Code: syscall.BPF_RET | syscall.BPF_K, K: 0x00050000 | uint32(syscall.EPERM)}
	prog := []syscall.SockFilter{{Code: syscall.BPF_LD | syscall.BPF_W | syscall.BPF_ABS, K: 0}} // the call's number
	for _, name := range strings.Split(what, ",") {
		nr, ok := numbers[name]
		if !ok {
			return fmt.Errorf("%s: no system call %q", refuseEnv, name)
		}
		prog = append(prog, syscall.SockFilter{Code: syscall.BPF_JMP | syscall.BPF_JEQ | syscall.BPF_K, K: nr, Jt: 0, Jf: 1}, eperm)
	}
	prog = append(prog, syscall.SockFilter{Code: syscall.BPF_RET | syscall.BPF_K, K: 0x7fff0000}) // allow
	runtime.LockOSThread()
	const prSetNoNewPrivs, seccompSetModeFilter = 38, 1
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0); e != 0 {
		return e
	}
	fprog := syscall.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if _, _, e := syscall.RawSyscall(nrSeccompSyscall, seccompSetModeFilter, 0, uintptr(unsafe.Pointer(&fprog))); e != 0 {
		return e
	}
	return nil
}

// refuseAndRun is the test binary's work under refuseEnv alone: it
// refuses the system calls and becomes the command of its arguments.
func refuseAndRun() int {
	if err := refuseSyscalls(); err != nil {
		os.Stderr.WriteString("refuse: " + err.Error() + "\n")
		return 125
	}
	err := syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
	os.Stderr.WriteString("refuse: " + err.Error() + "\n")
	return 125
}

// A wallsCase is a grader that is not root on a machine that gives it
// less than a sandbox wants.
type wallsCase struct {
	name     string
	nest     bool   // as deep as user namespaces go: none left for the grader
	refuse   string // the system calls a filter on the grader refuses
	line     string // how the report's sandbox line starts
	landlock bool   // Landlock is in force
}

// TestSandboxUserWalls runs a grader that is not root (nobody) where
// the machine keeps namespaces from it: nested as deep as user
// namespaces go, and with mount refused inside the one it makes, as
// Ubuntu's AppArmor does. Its runs are Limited, its report says why and
// names Landlock; a hostile program reaches nothing of its neighbours
// (the grader's home and a mode 600 file in it, another submission, a
// folder it may write in, a process of its user, a port on loopback), nor
// the golden outputs, the grader's binary or its secret; a correct
// program passes. With Landlock refused too, nothing keeps a program from
// the grader's files: grade and a match of a program refuse to run
// without -sandbox=false, and check says so on standard error and goes
// on.
func TestSandboxUserWalls(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the test must be root to nest user namespaces as deep as they go and to become nobody")
	}
	if sandbox.LandlockABI() == 0 {
		t.Skip("no Landlock here: the walls tested are Landlock's")
	}
	lookPath(t, "python3")
	// The grader and its golden folder in a course's folder, the programs
	// in a submission's.
	course, submission := mkdirMode(t, 0o755), mkdirMode(t, 0o755)
	bin := filepath.Join(course, "othello")
	files, _ := filepath.Glob(filepath.Join(hostileDir, "*.py"))
	for _, from := range files {
		data, err := os.ReadFile(from)
		if err != nil || os.WriteFile(filepath.Join(submission, filepath.Base(from)), data, 0o755) != nil {
			t.Fatal("copying ", from)
		}
	}
	if data, err := os.ReadFile(buildJudge(t)); err != nil || os.WriteFile(bin, data, 0o755) != nil {
		t.Fatal("copying the grader")
	}
	golden := filepath.Join(course, "golden")
	os.Mkdir(golden, 0o755)
	for _, ext := range []string{".in", ".out"} {
		data, err := os.ReadFile(filepath.Join(goldenDir, "full", "reference-4x4"+ext))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(golden, "reference-4x4"+ext), data, 0o644)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	nobody := grader{cred: &syscall.Credential{Uid: nobodyId, Gid: nobodyId}}
	near := nobody.neighbours(t)
	secret := filepath.Join(near.home, "secret")
	os.WriteFile(secret, []byte("the grader's\n"), 0o600)
	os.Chown(secret, nobodyId, nobodyId)
	// The test binary, which starts the grader, where nobody may run it.
	self := filepath.Join(course, "othello.test")
	if data, err := os.ReadFile(os.Args[0]); err != nil || os.WriteFile(self, data, 0o755) != nil {
		t.Fatal("copying the test binary")
	}
	// othello ARGS, as nobody, in c.
	othello := func(t *testing.T, c wallsCase, args ...string) (report, stderr string, status int) {
		t.Helper()
		cmd := exec.Command(self, append([]string{bin}, args...)...)
		cmd.Dir = mkdirMode(t, 0o777)
		cmd.Env = userEnv(t)
		if c.refuse != "" {
			cmd.Env = append(cmd.Env, refuseEnv+"="+c.refuse)
		}
		if c.nest {
			cmd.Env = append(cmd.Env, nestEnv+"=0", nestAsUserEnv+"=1")
		} else {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: nobody.cred}
		}
		var errOut strings.Builder
		cmd.Stderr = &errOut
		out, _ := cmd.Output()
		return string(out), errOut.String(), cmd.ProcessState.ExitCode()
	}
	checkArgs := func(mark string) []string {
		args := []string{"check", "-rules", "full", "-n", "2", "-seed", "1", "-size", "4x4", "-timeout", "10s", "-golden", golden}
		for _, kv := range []string{"GRADER_BIN=" + bin, "GOLDEN=" + golden, "SECRET=" + secret, "MARK=" + mark,
			"GRADER_HOME=" + near.home, "SIBLING=" + near.sibling, "OUTSIDE=" + near.outside,
			"VICTIM=" + strconv.Itoa(near.victim), "PORT=" + strconv.Itoa(listener.Addr().(*net.TCPAddr).Port)} {
			args = append(args, "-env", kv)
		}
		return args
	}

	walled := []wallsCase{
		{"no user namespace", true, "", "sandbox: limited, isolation unavailable (no user namespaces (no space left on device))", true},
		{"no mount", false, "mount", "sandbox: limited, isolation unavailable (no mount namespace (making / private: operation not permitted))", true},
	}
	attacks := []struct {
		attack, want, last string
	}{
		{"neighbours", `blocked: \S+/\.secret: \[Errno 13\] Permission denied`, "0 passed, 4 failed"},
		{"secrets", `blocked: /etc/shadow: \[Errno 13\]`, "0 passed, 4 failed"},
		{"golden", `blocked: ` + golden + `: \[Errno 13\] Permission denied`, "0 passed, 4 failed"},
		{"exe", `blocked: exec /proc/\d+/exe: \[Errno 13\] Permission denied`, "0 passed, 4 failed"},
		{"checkout", `blocked: no checkout in \d+ places`, "0 passed, 4 failed"},
		{"", ``, "4 passed, 0 failed"}, // judge.py, correct
	}
	for _, c := range walled {
		for _, a := range attacks {
			if c.nest && a.attack != "neighbours" && a.attack != "" {
				continue // nesting is slow, and the walls are those of "no mount"
			}
			name := a.attack
			if name == "" {
				name = "correct"
			}
			t.Run(c.name+"/"+name, func(t *testing.T) {
				t.Parallel()
				mark := fmt.Sprintf("walls-mark-%d-%s", os.Getpid(), name)
				prog := []string{"python3", "-S", filepath.Join(submission, "hostile.py"), a.attack} // -S as in TestSandboxHostile
				if a.attack == "" {
					prog = []string{"python3", filepath.Join(submission, "judge.py")}
				}
				report, stderr, _ := othello(t, c, append(append(checkArgs(mark), "--"), prog...)...)
				lines := strings.Split(strings.TrimSuffix(report, "\n"), "\n")
				if len(lines) < 2 || !strings.HasPrefix(lines[1], c.line) || !strings.Contains(lines[1], "walls: Landlock ABI") {
					t.Fatalf("the report's second line does not start %q and name Landlock:\n%s\nstandard error:\n%s", c.line, report, stderr)
				}
				if os.Getenv("SHOW_REPORT") != "" {
					t.Log(report)
				}
				if stderr != "" && !strings.HasPrefix(stderr, "nest: ") {
					t.Errorf("got standard error %q, want nothing from the grader", stderr)
				}
				checkReport(t, gradeRun{status: 1, report: report}, a.last, a.want)
				if left, _ := filepath.Glob(filepath.Join(near.outside, mark+"*")); len(left) > 0 {
					t.Errorf("the program wrote %v", left)
				}
				if err := syscall.Kill(near.victim, 0); err != nil {
					t.Errorf("the grader's user's process is gone: %v", err)
				}
			})
		}
	}

	// A match's program, the starter of the AI assignment, plays where
	// isolation cannot be had: Limited, behind Landlock, as the match
	// says, rather than forfeiting every game it cannot start Isolated.
	starter, err := os.ReadFile(filepath.Join("testdata", "ai-class", "alice", "player.py"))
	if err != nil || os.WriteFile(filepath.Join(submission, "starter.py"), starter, 0o755) != nil {
		t.Fatal("copying the starter")
	}
	for _, c := range walled {
		t.Run(c.name+"/match", func(t *testing.T) {
			t.Parallel()
			out, stderr, status := othello(t, c, "match", "-games", "1", "-st", "1", "-openings", "random:0", "-seed", "1",
				"prog:python3 "+filepath.Join(submission, "starter.py"), "random")
			if status != 0 || strings.Contains(out, "forfeits") || !strings.Contains(stderr, "its programs run limited") {
				t.Errorf("got status %d, standard output\n%s\nstandard error\n%s\nwant 0, no forfeit, and that its programs run limited", status, out, stderr)
			}
		})
	}

	// A class graded there runs Limited behind Landlock, and says so once
	// on standard error, in match's words, and in grade.json.
	for _, c := range walled {
		t.Run(c.name+"/grade", func(t *testing.T) {
			t.Parallel()
			class := mkdirMode(t, 0o777)
			sub := filepath.Join(class, "alice")
			os.Mkdir(sub, 0o777)
			out := filepath.Join(mkdirMode(t, 0o777), "grades")
			_, stderr, status := othello(t, c, "grade", "-n", "0", "-size", "4x4", "-seed", "1", "-out", out, sub, "--", "python3", filepath.Join(submission, "judge.py"))
			said := strings.Count(stderr, "othello grade: sandbox: isolation unavailable: ")
			if status != 0 || said != 1 || !strings.Contains(stderr, ": its programs run limited\n") {
				t.Errorf("got status %d and standard error\n%s\nwant 0 and one line that its programs run limited", status, stderr)
			}
			data, err := os.ReadFile(filepath.Join(out, "grade.json"))
			mode := strings.TrimPrefix(c.line, "sandbox: ")
			if err != nil || !strings.Contains(string(data), `"sandbox": "`+mode) {
				t.Errorf("grade.json: %v\n%s\nwant \"sandbox\": %q", err, data, mode)
			}
		})
	}

	// With Landlock refused as well, no wall is left.
	bare := []wallsCase{
		{"no user namespace, no Landlock", true, "landlock", "sandbox: limited, isolation unavailable (no user namespaces (no space left on device))", false},
		{"no mount, no Landlock", false, "mount,landlock", "sandbox: limited, isolation unavailable (no mount namespace", false},
	}
	for _, c := range bare {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sub := filepath.Join(mkdirMode(t, 0o777), "alice")
			os.Mkdir(sub, 0o777)
			out := mkdirMode(t, 0o777)
			judge := filepath.Join(submission, "judge.py")
			_, stderr, status := othello(t, c, "grade", "-n", "1", "-size", "4x4", "-out", out, sub, "--", "python3", judge)
			if status != 1 || !strings.Contains(stderr, "nothing keeps a program from the grader's files here") || !strings.Contains(stderr, "-sandbox=false") {
				t.Errorf("grade: got status %d and standard error\n%s\nwant 1 and a refusal that names -sandbox=false", status, stderr)
			}
			if _, err := os.Stat(filepath.Join(out, "grades.csv")); err == nil {
				t.Errorf("grade refused, but wrote %s", filepath.Join(out, "grades.csv"))
			}
			// A match or a tournament of a program refuses too; one of our engines alone
			// runs no program.
			_, stderr, status = othello(t, c, "match", "-tc", "5", "greedy", "prog:python3 "+judge)
			if status != 1 || !strings.Contains(stderr, "refusing to run its programs") || !strings.Contains(stderr, "-sandbox=false") {
				t.Errorf("match: got status %d and standard error\n%s\nwant 1 and a refusal that names -sandbox=false", status, stderr)
			}
			_, stderr, status = othello(t, c, "tournament", "-tc", "5", "greedy", "random", "prog:python3 "+judge)
			if status != 1 || !strings.Contains(stderr, "refusing to run its programs") || !strings.Contains(stderr, "-sandbox=false") {
				t.Errorf("tournament: got status %d and standard error\n%s\nwant 1 and a refusal that names -sandbox=false", status, stderr)
			}
			if _, stderr, status = othello(t, c, "match", "-tc", "5", "-openings", "random:0", "greedy", "random"); status != 0 {
				t.Errorf("match of two engines: got status %d, want 0; standard error:\n%s", status, stderr)
			}
			_, stderr, status = othello(t, c, "grade", "-sandbox=false", "-n", "1", "-size", "4x4", "-out", out, sub, "--", "python3", judge)
			if status != 0 {
				t.Errorf("grade -sandbox=false: got status %d, want 0; standard error:\n%s", status, stderr)
			}
			report, stderr, status := othello(t, c, append(checkArgs("bare"), "--", "python3", judge)...)
			warnings := strings.Count(stderr, "othello check: warning: sandbox: nothing keeps a program from the grader's files here")
			if status != 0 || warnings != 1 || !strings.HasSuffix(report, "4 passed, 0 failed\n") {
				t.Errorf("check: got status %d, standard error\n%s\nand the report\n%s\nwant 0, one warning and 4 passed", status, stderr, report)
			}
			if lines := strings.Split(report, "\n"); len(lines) < 2 || !strings.HasPrefix(lines[1], c.line) || strings.Contains(lines[1], "Landlock") {
				t.Errorf("the report's second line does not start %q without Landlock:\n%s", c.line, report)
			}
		})
	}
}
