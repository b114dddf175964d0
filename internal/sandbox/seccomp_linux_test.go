//go:build amd64 || arm64

package sandbox

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// seccompEnv names the variable that makes TestSeccompHelper the child
// process of the other Seccomp tests; its value is a seccompChild in JSON.
const seccompEnv = "SANDBOX_SECCOMP_CHILD"

// A seccompChild says what the child process does: it installs Filter,
// if any, then execve's Exec, or, if Exec is empty, itself again to run
// the probes under the filter that it inherited, as a program does.
type seccompChild struct {
	Filter *filter
	Exec   []string
	Probe  bool // this is the process that runs the probes
}

// TestSeccompHelper is the child process of the other Seccomp tests.
func TestSeccompHelper(t *testing.T) {
	arg := os.Getenv(seccompEnv)
	if arg == "" {
		t.Skip("only the child process of the Seccomp tests")
	}
	var c seccompChild
	if err := json.Unmarshal([]byte(arg), &c); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if c.Probe {
		fmt.Printf("probe\tSeccomp\t%s\n", procStatus("Seccomp"))
		for _, p := range seccompProbes() {
			fmt.Printf("probe\t%s\t%s\n", p.name, p.call())
		}
		os.Exit(0)
	}
	runtime.LockOSThread() // the thread that installs the filter is the one that execve's
	if c.Filter != nil {
		const prSetNoNewPrivs = 38
		if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0); e != 0 {
			fmt.Fprintln(os.Stderr, "no_new_privs:", e)
			os.Exit(2)
		}
		if err := c.Filter.install(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	argv := c.Exec
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, seccompEnv+"=") {
			env = append(env, kv)
		}
	}
	if len(argv) == 0 {
		self, _ := os.Executable()
		argv = []string{self, "-test.run=^TestSeccompHelper$"}
		data, _ := json.Marshal(seccompChild{Probe: true})
		env = append(env, seccompEnv+"="+string(data))
	}
	err := syscall.Exec(argv[0], argv, env)
	fmt.Fprintln(os.Stderr, "exec:", err)
	os.Exit(2)
}

// runSeccompChild runs the child process c, in a session of its own (so
// that vhangup has no terminal to hang up) and a temporary folder, and
// returns its standard output and error.
func runSeccompChild(t *testing.T, c seccompChild) (stdout, stderr string, err error) {
	t.Helper()
	data, _ := json.Marshal(c)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^TestSeccompHelper$")
	cmd.Env = append(os.Environ(), seccompEnv+"="+string(data))
	cmd.Dir = t.TempDir() // where java writes its crash log, if it crashes
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// probeSeccomp runs the probes in a child process under f (none if nil)
// and returns what each gave.
func probeSeccomp(t *testing.T, f *filter) map[string]string {
	t.Helper()
	out, errOut, err := runSeccompChild(t, seccompChild{Filter: f})
	if err != nil {
		t.Fatalf("child under %+v: %v\n%s", f, err, errOut)
	}
	got := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if f := strings.Split(sc.Text(), "\t"); len(f) == 3 && f[0] == "probe" {
			got[f[1]] = f[2]
		}
	}
	return got
}

// A seccompProbe tries one thing in the child process and says how it
// went: "ok", or why not.
type seccompProbe struct {
	name    string
	call    func() string
	refused func(f filter) bool // nil: allowed under any filter
	works   bool                // when allowed, it must succeed
}

// Probes' verdicts.
func refusedAlways(filter) bool         { return true }
func refusedNoUnix(f filter) bool       { return f.NoUnixSockets }
func refusedNoShared(f filter) bool     { return f.NoSharedMemory }
func refusedNoSysV(f filter) bool       { return f.NoSysVIPC }
func refusedNoSharedSysV(f filter) bool { return f.NoSharedMemory || f.NoSysVIPC }

// seccompProbes returns the probes: the refused system calls, with
// arguments that without the filter fail at once (or do nothing) with an
// error other than EPERM, for user 0 too, and the allowed things that a
// program needs.
func seccompProbes() []seccompProbe {
	const none = "/nonexistent/seccomp-test"
	ts := pin(unsafe.Pointer(new(syscall.Timespec)))
	tx := pin(unsafe.Pointer(new(syscall.Timex)))
	pair := pin(unsafe.Pointer(new([2]int32)))
	mq := fmt.Sprintf("seccomp-test-%d", os.Getpid())
	ps := []seccompProbe{
		// Mounts.
		{"mount", tryCall(syscall.SYS_MOUNT, pinString("none"), pinString(none), pinString("tmpfs"), 0, 0), refusedAlways, false},
		{"umount2", tryCall(syscall.SYS_UMOUNT2, pinString(none), 0), refusedAlways, false},
		{"pivot_root", tryCall(syscall.SYS_PIVOT_ROOT, pinString(none), pinString(none)), refusedAlways, false},
		{"chroot", tryCall(syscall.SYS_CHROOT, pinString(none)), refusedAlways, false},
		{"mount_setattr", tryCall(nrMountSetattr, cwdFD, pinString(none), 0, 0, 0), refusedAlways, false},
		{"open_tree", tryCall(nrOpenTree, cwdFD, pinString(none), 0), refusedAlways, false},
		{"open_tree_attr", tryCall(nrOpenTreeAttr, cwdFD, pinString(none), 0, 0, 0), refusedAlways, false},
		{"move_mount", tryCall(nrMoveMount, cwdFD, pinString(none), cwdFD, pinString(none), 0), refusedAlways, false},
		{"fsopen", tryCall(nrFsopen, pinString("seccomp-test-fs"), 0), refusedAlways, false},
		{"fsconfig", tryCall(nrFsconfig, noFile, 0, 0, 0, 0), refusedAlways, false},
		{"fsmount", tryCall(nrFsmount, noFile, 0, 0), refusedAlways, false},
		{"fspick", tryCall(nrFspick, cwdFD, pinString(none), 0), refusedAlways, false},
		// Namespaces. A multithreaded process cannot unshare its user
		// namespace (EINVAL), and CLONE_THREAD without CLONE_SIGHAND is
		// EINVAL before anything is made.
		{"unshare(0)", tryCall(syscall.SYS_UNSHARE, 0), refusedAlways, false},
		{"unshare(CLONE_NEWUSER)", tryCall(syscall.SYS_UNSHARE, syscall.CLONE_NEWUSER), refusedAlways, false},
		{"setns", tryCall(nrSetns, noFile, 0), refusedAlways, false},
		{"clone(CLONE_THREAD)", tryCall(syscall.SYS_CLONE, syscall.CLONE_THREAD, 0, 0, 0, 0), nil, false},
		{"clone3", tryCall(nrClone3, 0, 0), refusedAlways, false},
		// The kernel's keyrings, BPF, performance counters, io_uring.
		{"keyctl", tryCall(syscall.SYS_KEYCTL, 0x7fffffff), refusedAlways, false},
		{"add_key", tryCall(syscall.SYS_ADD_KEY, 0, 0, 0, 0, 0), refusedAlways, false},
		{"request_key", tryCall(syscall.SYS_REQUEST_KEY, 0, 0, 0, 0), refusedAlways, false},
		{"bpf", tryCall(nrBpf, 0x7fffffff, 0, 0), refusedAlways, false},
		{"perf_event_open", tryCall(syscall.SYS_PERF_EVENT_OPEN, 0, 0, noFile, noFile, 0), refusedAlways, false},
		{"fanotify_init", tryCall(syscall.SYS_FANOTIFY_INIT, 0xffffffff, 0), refusedAlways, false},
		{"userfaultfd", tryCall(nrUserfaultfd, 0xffffffff), refusedAlways, false},
		{"io_uring_setup", tryCall(nrIoUringSetup, 0, 0), refusedAlways, false},
		{"io_uring_enter", tryCall(nrIoUringEnter, noFile, 0, 0, 0, 0, 0), refusedAlways, false},
		{"io_uring_register", tryCall(nrIoUringRegister, noFile, 0, 0, 0), refusedAlways, false},
		// Other processes.
		{"ptrace", tryCall(syscall.SYS_PTRACE, 0x7fffffff, 0, 0, 0), refusedAlways, false},
		{"process_vm_readv", tryCall(nrProcessVMReadv, uintptr(os.Getpid()), 0, 0, 0, 0, 1), refusedAlways, false},
		{"process_vm_writev", tryCall(nrProcessVMWritev, uintptr(os.Getpid()), 0, 0, 0, 0, 1), refusedAlways, false},
		{"kcmp", tryCall(nrKcmp, 0, 0, 99, 0, 0), refusedAlways, false},
		{"pidfd_getfd", tryCall(nrPidfdGetfd, noFile, 0, 0), refusedAlways, false},
		// Kernels and modules: flags that are not flags, a module of no
		// bytes, a module that is not there.
		{"kexec_load", tryCall(syscall.SYS_KEXEC_LOAD, 0, 0, 0, 0xdeadbeef), refusedAlways, false},
		{"kexec_file_load", tryCall(nrKexecFileLoad, noFile, noFile, 0, 0, 0xffffffff), refusedAlways, false},
		{"init_module", tryCall(syscall.SYS_INIT_MODULE, 0, 0, 0), refusedAlways, false},
		{"finit_module", tryCall(nrFinitModule, noFile, 0, 0), refusedAlways, false},
		{"delete_module", tryCall(syscall.SYS_DELETE_MODULE, pinString("seccomp_test_none"), syscall.O_NONBLOCK), refusedAlways, false},
		// The machine: no such action, clock, magic or length; a read.
		{"syslog", tryCall(syscall.SYS_SYSLOG, 99, 0, 0), refusedAlways, false},
		{"acct", tryCall(syscall.SYS_ACCT, pinString(none)), refusedAlways, false},
		{"reboot", tryCall(syscall.SYS_REBOOT, 0, 0, 0, 0), refusedAlways, false},
		{"swapon", tryCall(syscall.SYS_SWAPON, pinString(none), 0), refusedAlways, false},
		{"swapoff", tryCall(syscall.SYS_SWAPOFF, pinString(none)), refusedAlways, false},
		{"settimeofday", tryCall(syscall.SYS_SETTIMEOFDAY, 0, 0), refusedAlways, false},
		{"clock_settime", tryCall(syscall.SYS_CLOCK_SETTIME, 0x7fff, ts), refusedAlways, false},
		{"clock_adjtime", tryCall(nrClockAdjtime, 0x7fff, tx), refusedAlways, false},
		{"adjtimex", tryCall(syscall.SYS_ADJTIMEX, tx), refusedAlways, false},
		{"sethostname", tryCall(syscall.SYS_SETHOSTNAME, pinString("x"), 1000), refusedAlways, false},
		{"setdomainname", tryCall(syscall.SYS_SETDOMAINNAME, pinString("x"), 1000), refusedAlways, false},
		{"quotactl", tryCall(syscall.SYS_QUOTACTL, 0x7fffffff, 0, 0, 0), refusedAlways, false},
		{"quotactl_fd", tryCall(nrQuotactlFd, noFile, 0, 0, 0), refusedAlways, false},
		{"vhangup", tryCall(syscall.SYS_VHANGUP), refusedAlways, false},
		{"name_to_handle_at", tryCall(nrNameToHandleAt, cwdFD, pinString(none), 0, 0, 0), refusedAlways, false},
		{"open_by_handle_at", tryCall(nrOpenByHandleAt, noFile, 0, 0), refusedAlways, false},
		{"lookup_dcookie", tryCall(syscall.SYS_LOOKUP_DCOOKIE, 0, 0, 0), refusedAlways, false},
		{"personality(ADDR_NO_RANDOMIZE)", trySetPersonality(0x40000), refusedAlways, false},
		// Sockets.
		{"socket(AF_INET)", tryFile(syscall.SYS_SOCKET, syscall.AF_INET, syscall.SOCK_STREAM, 0), refusedAlways, false},
		{"socket(AF_INET6)", tryFile(syscall.SYS_SOCKET, syscall.AF_INET6, syscall.SOCK_DGRAM, 0), refusedAlways, false},
		{"socket(AF_NETLINK)", tryFile(syscall.SYS_SOCKET, syscall.AF_NETLINK, syscall.SOCK_RAW, 0), refusedAlways, false},
		{"socket(AF_UNIX)", tryFile(syscall.SYS_SOCKET, syscall.AF_UNIX, syscall.SOCK_STREAM, 0), refusedNoUnix, true},
		{"socketpair(AF_UNIX)", tryCall(syscall.SYS_SOCKETPAIR, syscall.AF_UNIX, syscall.SOCK_STREAM, 0, pair), nil, true},
		// Shared memory and System V IPC, each removed again.
		{"memfd_create", tryFile(nrMemfdCreate, pinString("seccomp-test"), 0), refusedNoShared, true},
		{"memfd_secret", tryFile(nrMemfdSecret, 0), refusedNoShared, false},
		{"shmget", trySysV(syscall.SYS_SHMGET, syscall.SYS_SHMCTL, 4096, 0o600), refusedNoSharedSysV, true},
		{"msgget", trySysV(syscall.SYS_MSGGET, syscall.SYS_MSGCTL, 0o600), refusedNoSysV, true},
		{"semget", trySysV(syscall.SYS_SEMGET, syscall.SYS_SEMCTL, 1, 0o600), refusedNoSysV, true},
		{"mq_open", func() string {
			r := tryFile(syscall.SYS_MQ_OPEN, pinString(mq), syscall.O_RDWR|syscall.O_CREAT|syscall.O_EXCL, 0o600, 0)()
			rawSyscall(syscall.SYS_MQ_UNLINK, pinString(mq))
			return r
		}, refusedNoSysV, true},
		// What every runtime does.
		{"threads", startThreads, nil, true},
		{"exec /bin/true", func() string { return okOr(exec.Command("/bin/true").Run()) }, nil, true},
		{"sh fork", func() string { return okOr(exec.Command("/bin/sh", "-c", "/bin/true & wait; /bin/true").Run()) }, nil, true},
	}
	// PER_LINUX, PER_LINUX32, UNAME26, both, and the query.
	for _, v := range []uint32{0, 0x8, 0x20000, 0x20008, 0xffffffff} {
		ps = append(ps, seccompProbe{fmt.Sprintf("personality(%#x)", v), trySetPersonality(v), nil, true})
	}
	for _, flag := range []uintptr{syscall.CLONE_NEWNS, syscall.CLONE_NEWUTS, syscall.CLONE_NEWIPC,
		syscall.CLONE_NEWUSER, syscall.CLONE_NEWPID, syscall.CLONE_NEWNET, syscall.CLONE_NEWCGROUP} {
		name := fmt.Sprintf("clone(CLONE_THREAD|%#x)", flag)
		ps = append(ps, seccompProbe{name, tryCall(syscall.SYS_CLONE, syscall.CLONE_THREAD|flag, 0, 0, 0, 0), refusedAlways, false})
	}
	// 0x7fffffff is out of range for each, or a pointer to nothing.
	for _, c := range archOnlyCalls[runtime.GOARCH] {
		ps = append(ps, seccompProbe{c.name, tryCall(c.nr, 0x7fffffff, 0, 0), refusedAlways, false})
	}
	if runtime.GOARCH == "amd64" {
		ps = append(ps, seccompProbe{"x32 getpid", tryCall(x32SyscallBit | syscall.SYS_GETPID), refusedAlways, false})
	}
	return ps
}

// archOnlyCalls are the refused system calls that only some architectures
// have, with the kernel's numbers.
var archOnlyCalls = map[string][]struct {
	name string
	nr   uintptr
}{
	"amd64": {{"iopl", 172}, {"ioperm", 173}, {"_sysctl", 156}, {"uselib", 134}, {"ustat", 136}, {"sysfs", 139}},
}

// x32SyscallBit is the kernel's __X32_SYSCALL_BIT, of x86_64.
const x32SyscallBit = 0x40000000

// Arguments of probes.
const (
	noFile = ^uintptr(0) // -1: no file
	cwdFD  = noFile - 99 // AT_FDCWD, -100
)

// rawSyscall makes system call nr.
func rawSyscall(nr uintptr, args ...uintptr) (uintptr, syscall.Errno) {
	var a [6]uintptr
	copy(a[:], args)
	r, _, e := syscall.RawSyscall6(nr, a[0], a[1], a[2], a[3], a[4], a[5])
	return r, e
}

// tryCall returns the probe that makes system call nr.
func tryCall(nr uintptr, args ...uintptr) func() string {
	return func() string {
		_, e := rawSyscall(nr, args...)
		return okOr(e)
	}
}

// tryFile returns the probe that makes system call nr, which returns a
// file, and closes the file.
func tryFile(nr uintptr, args ...uintptr) func() string {
	return func() string {
		fd, e := rawSyscall(nr, args...)
		if e == 0 {
			syscall.Close(int(fd))
		}
		return okOr(e)
	}
}

// trySysV returns the probe that makes a private System V object with
// get, whose arguments after the key are args, and removes it with ctl.
func trySysV(get, ctl uintptr, args ...uintptr) func() string {
	return func() string {
		const ipcPrivate, ipcRmid = 0, 0
		id, e := rawSyscall(get, append([]uintptr{ipcPrivate}, args...)...)
		if e != 0 {
			return e.Error()
		}
		if ctl == syscall.SYS_SEMCTL {
			rawSyscall(ctl, id, 0, ipcRmid)
		} else {
			rawSyscall(ctl, id, ipcRmid, 0)
		}
		return "ok"
	}
}

// pinnedArgs keeps what the probes' arguments point to.
var pinnedArgs []unsafe.Pointer

// pin returns p as an argument of a system call, kept until the probes
// end.
func pin(p unsafe.Pointer) uintptr {
	pinnedArgs = append(pinnedArgs, p)
	return uintptr(p)
}

// pinString returns s as an argument of a system call: a C string.
func pinString(s string) uintptr {
	p, _ := syscall.BytePtrFromString(s)
	return pin(unsafe.Pointer(p))
}

// trySetPersonality returns the probe that sets the personality v and
// then sets the old one back.
func trySetPersonality(v uint32) func() string {
	return func() string {
		old, _, _ := syscall.RawSyscall(syscall.SYS_PERSONALITY, 0xffffffff, 0, 0)
		_, _, e := syscall.RawSyscall(syscall.SYS_PERSONALITY, uintptr(v), 0, 0)
		syscall.RawSyscall(syscall.SYS_PERSONALITY, old, 0, 0)
		return okOr(e)
	}
}

// startThreads makes the Go runtime start threads (clone without
// namespace flags): it holds 16 at once with goroutines locked to them,
// and says whether the process has more threads than before.
func startThreads() string {
	before := threadCount()
	ready, done := make(chan bool), make(chan bool)
	for range 16 {
		go func() {
			runtime.LockOSThread()
			ready <- true
			<-done
		}()
	}
	for range 16 {
		<-ready
	}
	after := threadCount()
	close(done)
	if after <= before {
		return fmt.Sprintf("%d threads before, %d after", before, after)
	}
	return "ok"
}

// threadCount returns the number of threads of the process.
func threadCount() int {
	var n int
	fmt.Sscan(procStatus("Threads"), &n)
	return n
}

// procStatus returns the value of a field of /proc/self/status.
func procStatus(name string) string {
	data, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, name+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// okOr returns "ok" for no error, and the error's text otherwise.
func okOr(err error) string {
	if err == nil || err == syscall.Errno(0) {
		return "ok"
	}
	return err.Error()
}

// seccompFilters are the filters that the tests install.
var seccompFilters = []struct {
	name string
	f    filter
}{
	{"fixed", filter{}},
	{"NoUnixSockets", filter{NoUnixSockets: true}},
	{"NoSharedMemory", filter{NoSharedMemory: true}},
	{"NoSysVIPC", filter{NoSysVIPC: true}},
	{"all", filter{NoUnixSockets: true, NoSharedMemory: true, NoSysVIPC: true}},
}

// seccompRefusal returns what probe p gives when the filter refuses it.
func seccompRefusal(p seccompProbe) string {
	if p.name == "clone3" {
		return syscall.ENOSYS.Error()
	}
	return syscall.EPERM.Error()
}

// TestSeccomp runs the probes in a child process without a filter and
// under each filter. Under a filter, a probe that it refuses must fail
// with EPERM (ENOSYS for clone3), and any other must give what it gave
// without the filter. Without a filter, a refused probe must not give
// that (else it would prove nothing), and an allowed one that must work
// must work.
func TestSeccomp(t *testing.T) {
	without := probeSeccomp(t, nil)
	t.Run("without", func(t *testing.T) {
		for _, p := range seccompProbes() {
			got, ok := without[p.name]
			switch {
			case !ok:
				t.Errorf("%s: no result", p.name)
			case p.refused != nil && got == seccompRefusal(p) && os.Geteuid() == 0:
				t.Errorf("%s: got %q, want anything else", p.name, got)
			case p.refused != nil && got == seccompRefusal(p):
				t.Logf("%s: got %q, which the filter's refusal cannot be told from (not user 0)", p.name, got)
			case p.works && got != "ok":
				t.Errorf("%s: got %q, want ok", p.name, got)
			}
		}
	})
	for _, tt := range seccompFilters {
		t.Run(tt.name, func(t *testing.T) {
			got := probeSeccomp(t, &tt.f)
			if got["Seccomp"] != "2" {
				t.Errorf("Seccomp in /proc/self/status: got %q, want 2 (a filter)", got["Seccomp"])
			}
			for _, p := range seccompProbes() {
				want := without[p.name]
				if p.refused != nil && p.refused(tt.f) {
					want = seccompRefusal(p)
				}
				if got[p.name] != want {
					t.Errorf("%s: got %q, want %q", p.name, got[p.name], want)
				}
			}
		})
	}
}

// TestSeccompRuntimes runs programs under the strictest filter, where
// they are installed: they must start, fork and start threads (glibc's
// pthread_create tries clone3 first).
func TestSeccompRuntimes(t *testing.T) {
	python, _ := exec.LookPath("python3")
	const pyThread = `import threading
def f(): print([l.split()[1] for l in open("/proc/self/status") if l.startswith("Seccomp:")])
t = threading.Thread(target=f); t.start(); t.join()`
	tests := []struct {
		name string
		argv []string
		want string // in the output
	}{
		{"sh", []string{"/bin/sh", "-c", "/bin/true & wait; grep Seccomp: /proc/self/status"}, "Seccomp:\t2\n"},
		{"python3", []string{python, "-c", pyThread}, "['2']\n"},
		{"java", []string{"/usr/bin/java", "-version"}, " version "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := os.Stat(tt.argv[0]); tt.argv[0] == "" || err != nil {
				t.Skipf("no %s here", tt.name)
			}
			all := filter{NoUnixSockets: true, NoSharedMemory: true, NoSysVIPC: true}
			out, errOut, err := runSeccompChild(t, seccompChild{Filter: &all, Exec: tt.argv})
			if err != nil {
				t.Fatalf("got %v, want success\n%s%s", err, out, errOut)
			}
			if !strings.Contains(out+errOut, tt.want) {
				t.Errorf("got output %q, want %q in it", out+errOut, tt.want)
			}
		})
	}
}

// TestSeccompNumbers checks the numbers of the system calls that package
// syscall lacks against the kernel's headers, where they are installed.
func TestSeccompNumbers(t *testing.T) {
	headers := map[string][]string{
		"amd64": {"/usr/include/x86_64-linux-gnu/asm/unistd_64.h", "/usr/include/asm/unistd_64.h"},
		"arm64": {"/usr/include/asm-generic/unistd.h"},
	}[runtime.GOARCH]
	kernel := map[string]uintptr{}
	for _, h := range headers {
		data, _ := os.ReadFile(h)
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			var nr uintptr
			if len(f) == 3 && f[0] == "#define" && strings.HasPrefix(f[1], "__NR_") {
				if _, err := fmt.Sscan(f[2], &nr); err == nil {
					kernel[strings.TrimPrefix(f[1], "__NR_")] = nr
				}
			}
		}
	}
	if len(kernel) == 0 {
		t.Skipf("no kernel headers: none of %v", headers)
	}
	ours := map[string]uintptr{
		"seccomp": nrSeccomp, "setns": nrSetns, "bpf": nrBpf, "userfaultfd": nrUserfaultfd,
		"process_vm_readv": nrProcessVMReadv, "process_vm_writev": nrProcessVMWritev, "kcmp": nrKcmp,
		"kexec_file_load": nrKexecFileLoad, "finit_module": nrFinitModule, "clock_adjtime": nrClockAdjtime,
		"name_to_handle_at": nrNameToHandleAt, "open_by_handle_at": nrOpenByHandleAt, "memfd_create": nrMemfdCreate,
		"mount_setattr": nrMountSetattr, "open_tree": nrOpenTree, "open_tree_attr": nrOpenTreeAttr,
		"move_mount": nrMoveMount, "fsopen": nrFsopen, "fsconfig": nrFsconfig, "fsmount": nrFsmount,
		"fspick": nrFspick, "io_uring_setup": nrIoUringSetup, "io_uring_enter": nrIoUringEnter,
		"io_uring_register": nrIoUringRegister, "pidfd_getfd": nrPidfdGetfd, "quotactl_fd": nrQuotactlFd,
		"clone3": nrClone3, "memfd_secret": nrMemfdSecret,
	}
	for name, nr := range ours {
		want, ok := kernel[name]
		switch {
		case !ok:
			t.Logf("%s: not in the headers, which are older", name)
		case nr != want:
			t.Errorf("%s: got %d, want %d", name, nr, want)
		}
	}
}

// A bpfCase is a system call for runSeccompBPF and the action it wants.
type bpfCase struct {
	name string
	arch uint32
	nr   uintptr
	arg0 uint64
	want uint32
}

// TestSeccompProgram runs the filters' programs, as the kernel would, on
// what the child processes cannot try: the system calls of another
// architecture, arguments whose high 32 bits the kernel ignores, and
// every refused number.
func TestSeccompProgram(t *testing.T) {
	const allow, eperm = seccompRetAllow, seccompRetErrno | uint32(syscall.EPERM)
	otherArch := map[string]uint32{"amd64": 0x40000003, "arm64": 0x40000028}[runtime.GOARCH] // AUDIT_ARCH_I386, AUDIT_ARCH_ARM
	for _, tt := range seccompFilters {
		t.Run(tt.name, func(t *testing.T) {
			prog := tt.f.program()
			if len(prog) > syscall.BPF_MAXINSNS {
				t.Fatalf("got %d instructions, want at most %d", len(prog), syscall.BPF_MAXINSNS)
			}
			unix := uint32(allow)
			if tt.f.NoUnixSockets {
				unix = eperm
			}
			cases := []bpfCase{
				{"getpid", auditArch, syscall.SYS_GETPID, 0, allow},
				{"getpid of another architecture", otherArch, syscall.SYS_GETPID, 0, eperm},
				{"clone3", auditArch, nrClone3, 0, seccompRetErrno | uint32(syscall.ENOSYS)},
				{"fork", auditArch, syscall.SYS_CLONE, uint64(syscall.SIGCHLD), allow},
				{"clone(CLONE_NEWUSER)", auditArch, syscall.SYS_CLONE, syscall.CLONE_NEWUSER, eperm},
				{"clone(CLONE_NEWUSER<<32)", auditArch, syscall.SYS_CLONE, syscall.CLONE_NEWUSER << 32, allow},
				{"personality(1<<32)", auditArch, syscall.SYS_PERSONALITY, 1 << 32, allow},
				{"personality(1<<32|0x40000)", auditArch, syscall.SYS_PERSONALITY, 1<<32 | 0x40000, eperm},
				{"socket(1<<32|AF_UNIX)", auditArch, syscall.SYS_SOCKET, 1<<32 | syscall.AF_UNIX, unix},
				{"socket(1<<32|AF_INET)", auditArch, syscall.SYS_SOCKET, 1<<32 | syscall.AF_INET, eperm},
			}
			if runtime.GOARCH == "amd64" {
				cases = append(cases, bpfCase{"x32 getpid", auditArch, x32SyscallBit | syscall.SYS_GETPID, 0, eperm})
			}
			for _, nr := range refusedSyscalls {
				cases = append(cases, bpfCase{fmt.Sprintf("syscall %d", nr), auditArch, nr, 0, eperm})
			}
			for _, c := range cases {
				if got := runSeccompBPF(t, prog, c.arch, uint32(c.nr), c.arg0); got != c.want {
					t.Errorf("%s: got %#x, want %#x", c.name, got, c.want)
				}
			}
		})
	}
}

// runSeccompBPF runs a seccomp program on a system call as the kernel
// would and returns the action.
func runSeccompBPF(t *testing.T, prog []syscall.SockFilter, arch, nr uint32, arg0 uint64) uint32 {
	t.Helper()
	data := make([]byte, 64) // struct seccomp_data
	binary.LittleEndian.PutUint32(data[dataNr:], nr)
	binary.LittleEndian.PutUint32(data[dataArch:], arch)
	binary.LittleEndian.PutUint64(data[dataArg0:], arg0)
	var a uint32
	for pc := 0; pc < len(prog); pc++ {
		in := prog[pc]
		var jump bool
		switch in.Code {
		case syscall.BPF_LD | syscall.BPF_W | syscall.BPF_ABS:
			a = binary.LittleEndian.Uint32(data[in.K:])
			continue
		case syscall.BPF_RET | syscall.BPF_K:
			return in.K
		case syscall.BPF_JMP | syscall.BPF_JEQ | syscall.BPF_K:
			jump = a == in.K
		case syscall.BPF_JMP | syscall.BPF_JSET | syscall.BPF_K:
			jump = a&in.K != 0
		default:
			t.Fatalf("instruction %d: unknown code %#x", pc, in.Code)
		}
		if jump {
			pc += int(in.Jt)
		} else {
			pc += int(in.Jf)
		}
	}
	t.Fatalf("the program ran past its end")
	return 0
}

// BenchmarkSeccompProgram measures the making of the program; its
// installing cannot be measured in a process, which keeps every filter
// that it installs.
func BenchmarkSeccompProgram(b *testing.B) {
	f := filter{NoUnixSockets: true, NoSharedMemory: true, NoSysVIPC: true}
	for range b.N {
		f.program()
	}
}
