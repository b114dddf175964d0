package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/othello-judge/judge/internal/sandbox"
)

// nestEnv, set, makes the test binary start itself again in a new user
// namespace, and so on until the kernel refuses one (they nest at most
// 32 deep); the last one then drops CAP_SYS_ADMIN, as Docker's default
// profile has it, and runs the command of its arguments: a root grader on
// a machine where no namespace can be had.
const nestEnv = "OTHELLO_TEST_NEST"

// containerEnv, set, makes the test binary drop CAP_SYS_ADMIN and run
// the command of its arguments: root in a container under Podman's or
// Docker's defaults, where a user namespace may still be made.
const containerEnv = "OTHELLO_TEST_CONTAINER"

// inContainer is the test binary's work under containerEnv.
func inContainer() int {
	runtime.LockOSThread()
	if err := dropSysAdmin(); err != nil {
		os.Stderr.WriteString("container: " + err.Error() + "\n")
		return 125
	}
	if err := refuseSyscalls(); err != nil {
		os.Stderr.WriteString("container: " + err.Error() + "\n")
		return 125
	}
	err := syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
	os.Stderr.WriteString("container: " + err.Error() + "\n")
	return 125
}

// dropSysAdmin takes CAP_SYS_ADMIN out of the calling thread's bounding
// set, so that what it execve's as root lacks it, as a container's root
// does.
func dropSysAdmin() error {
	const prCapbsetDrop, capSysAdmin = 24, 21
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prCapbsetDrop, capSysAdmin, 0); e != 0 {
		return fmt.Errorf("dropping CAP_SYS_ADMIN: %w", e)
	}
	return nil
}

// nestOneLeftEnv, set with nestEnv, makes the command run instead one
// level above the deepest, as nobody: a grader that is not root where
// user namespaces nest one level more and no further.
const nestOneLeftEnv = "OTHELLO_TEST_NEST_ONE_LEFT"

// deepest is the exit status with which, under nestOneLeftEnv, the
// deepest level says it is the deepest.
const deepest = 123

// nest is the test binary's work under nestEnv; it returns the exit
// status of the command at the bottom.
func nest() int {
	self, err := os.Executable()
	if err != nil {
		return 125
	}
	depth, _ := strconv.Atoi(os.Getenv(nestEnv))
	cmd := exec.Command(self, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), nestEnv+"="+strconv.Itoa(depth+1))
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 65536}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 65536}},
		// A container's root may set its groups.
		GidMappingsEnableSetgroups: true,
	}
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() == deepest && os.Getenv(nestOneLeftEnv) != "":
		// One level left: run the command here, as nobody.
		if err := syscall.Setgroups(nil); err != nil {
			return 125
		}
		if syscall.Setgid(65534) != nil || syscall.Setuid(65534) != nil {
			return 125
		}
		os.Stderr.WriteString("nest: one level left, at depth " + strconv.Itoa(depth) + "\n")
		err = syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
		os.Stderr.WriteString("nest: " + err.Error() + "\n")
		return 125
	case errors.As(err, &exit):
		return exit.ExitCode()
	case !errors.Is(err, syscall.EUSERS) && !errors.Is(err, syscall.ENOSPC):
		os.Stderr.WriteString("nest: " + err.Error() + "\n")
		return 125
	}
	// The deepest: no user namespace below. Without CAP_SYS_ADMIN, no
	// other namespace either.
	if os.Getenv(nestOneLeftEnv) != "" {
		return deepest
	}
	runtime.LockOSThread()
	if os.Getenv(nestAsUserEnv) != "" {
		if syscall.Setgroups(nil) != nil || syscall.Setgid(nobodyId) != nil || syscall.Setuid(nobodyId) != nil {
			os.Stderr.WriteString("nest: cannot become nobody\n")
			return 125
		}
	} else if err := dropSysAdmin(); err != nil {
		os.Stderr.WriteString("nest: " + err.Error() + "\n")
		return 125
	}
	if err := refuseSyscalls(); err != nil {
		os.Stderr.WriteString("nest: " + err.Error() + "\n")
		return 125
	}
	os.Stderr.WriteString("nest: depth " + strconv.Itoa(depth) + "\n")
	err = syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
	os.Stderr.WriteString("nest: " + err.Error() + "\n")
	return 125
}

// TestSandboxWithoutNamespaces runs a root grader where it can make no
// namespace, neither a user namespace (started as deep as they nest) nor
// another (without CAP_SYS_ADMIN), and as in a container, without
// CAP_SYS_ADMIN but with user namespaces: its runs are Limited, as its
// report says, naming CAP_SYS_ADMIN, and still keep the grader's golden
// transcripts, binary and secrets from a hostile program, which runs as
// a user of its own; a correct program passes.
func TestSandboxWithoutNamespaces(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the grader must be root: this is the root grader's Limited mode")
	}
	lookPath(t, "python3")
	bin := buildJudge(t)
	// The grader where a course puts it: readable by all, as the golden
	// transcripts and a secret of root's in a folder anybody may enter.
	course := mkdirMode(t, 0o755)
	grader := filepath.Join(course, "othello")
	if data, err := os.ReadFile(bin); err != nil || os.WriteFile(grader, data, 0o755) != nil {
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
	secret := filepath.Join(course, "secret")
	os.WriteFile(secret, []byte("root's\n"), 0o600)
	hostile, _ := filepath.Abs(hostileDir)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		prog      []string
		want      string // what the report matches
		last      string // its last line
		goldenArg bool
	}{
		{[]string{"python3", filepath.Join(hostile, "hostile.py"), "golden"}, `blocked: ` + golden + `: \[Errno 13\] Permission denied`, "0 passed, 2 failed", true},
		{[]string{"python3", filepath.Join(hostile, "hostile.py"), "exe"}, `blocked: exec /proc/\d+/exe: \[Errno 13\] Permission denied`, "0 passed, 1 failed", false},
		{[]string{"python3", filepath.Join(hostile, "hostile.py"), "secrets"}, `blocked: /etc/shadow: \[Errno 13\]`, "0 passed, 1 failed", false},
		{[]string{"python3", filepath.Join(hostile, "judge.py")}, ``, "2 passed, 0 failed", true},
	}
	// Landlock on, and refused by a filter on the grader, as a kernel
	// without it: the run's own user and its private copy are the wall.
	for _, machine := range []string{"nested", "container"} {
		for _, landlock := range []bool{true, false} {
			for _, tt := range tests {
				t.Run(fmt.Sprintf("%s/landlock=%v/%s", machine, landlock, filepath.Base(tt.prog[len(tt.prog)-1])), func(t *testing.T) {
					if landlock && sandbox.LandlockABI() == 0 {
						t.Skip("the kernel has no Landlock")
					}
					work := mkdirMode(t, 0o755)
					// The reference game (and the golden pair) alone: each
					// attack is made when the program starts, on any input.
					args := []string{grader, "check", "-rules", "full", "-n", "0", "-seed", "1", "-size", "4x4", "-timeout", "5s",
						"-env", "GRADER_BIN=" + grader, "-env", "GOLDEN=" + golden, "-env", "SECRET=" + secret, "-env", "MARK=nested"}
					if tt.goldenArg {
						args = append(args, "-golden", golden)
					}
					cmd := exec.Command(self, append(append(args, "--"), tt.prog...)...)
					cmd.Dir = work
					cmd.Env = append(os.Environ(), nestEnv+"=0")
					if machine == "container" {
						cmd.Env = append(os.Environ(), containerEnv+"=1")
					}
					if !landlock {
						cmd.Env = append(cmd.Env, refuseEnv+"=landlock")
					}
					var stderr strings.Builder
					cmd.Stderr = &stderr
					out, _ := cmd.Output()
					report := string(out)
					lines := strings.Split(strings.TrimSuffix(report, "\n"), "\n")
					if want := "sandbox: limited, isolation unavailable (no CAP_SYS_ADMIN (operation not permitted))"; len(lines) < 2 || !strings.HasPrefix(lines[1], want) {
						t.Fatalf("the report's second line does not start %q:\n%s\nstandard error:\n%s", want, report, stderr.String())
					}
					if got := strings.Contains(lines[1], "Landlock"); got != landlock {
						t.Errorf("the sandbox line names Landlock: %v, want %v:\n%s", got, landlock, lines[1])
					}
					t.Logf("%s%s", stderr.String(), lines[1])
					if machine == "nested" && !strings.Contains(stderr.String(), "nest: depth ") {
						t.Errorf("standard error %q does not say how deep the grader ran", stderr.String())
					}
					if got := lines[len(lines)-1]; got != tt.last {
						t.Errorf("the report ends %q, want %q:\n%s", got, tt.last, report)
					}
					if strings.Contains(report, "LEAK") || tt.want != "" && !regexp.MustCompile(tt.want).MatchString(report) {
						t.Errorf("the report has a LEAK or does not match %q:\n%s", tt.want, report)
					}
					for _, p := range []string{grader, golden, secret} {
						if fi, err := os.Stat(p); err != nil || fi.Mode().Perm()&0o077 == 0 && p != secret {
							t.Errorf("%s: %v, mode %v after the check, want its permissions given back", p, err, fi.Mode())
						}
					}
				})
			}
		}
	}
}

// TestSandboxOneNamespaceShort runs a grader that is not root where user
// namespaces nest one level more and no further: the launcher's, but not
// the program's inside it. The probe must see that, and the check run
// Limited, saying why, rather than every run failing to start.
func TestSandboxOneNamespaceShort(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the test must be root to nest user namespaces as deep as they go")
	}
	lookPath(t, "python3")
	course := mkdirMode(t, 0o755)
	grader, program := filepath.Join(course, "othello"), filepath.Join(course, "judge.py")
	for from, to := range map[string]string{buildJudge(t): grader, filepath.Join(hostileDir, "judge.py"): program} {
		if data, err := os.ReadFile(from); err != nil || os.WriteFile(to, data, 0o755) != nil {
			t.Fatal("copying ", from)
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, grader, "check", "-n", "2", "-seed", "1", "-size", "4x4", "--", "python3", program)
	cmd.Dir = mkdirMode(t, 0o777)
	cmd.Env = append(userEnv(t), nestEnv+"=0", nestOneLeftEnv+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	report := string(out)
	if !strings.Contains(stderr.String(), "nest: one level left") {
		t.Fatalf("the grader did not run one level short; standard error:\n%s", stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(report, "\n"), "\n")
	if want := "sandbox: limited, isolation unavailable (no user namespace for the program"; len(lines) < 2 || !strings.HasPrefix(lines[1], want) {
		t.Fatalf("the report's second line does not start %q:\n%s\nstandard error:\n%s", want, report, stderr.String())
	}
	if got := lines[len(lines)-1]; got != "3 passed, 0 failed" {
		t.Errorf("the report ends %q, want \"3 passed, 0 failed\":\n%s", got, report)
	}
}
