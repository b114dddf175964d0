package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// execName is the name (os.Args[0]) of the launcher's second stage.
const execName = launcherName + "-exec"

func init() {
	if len(os.Args) != 2 {
		return
	}
	switch os.Args[0] {
	case launcherName:
		os.Exit(supervise(os.Args[1]))
	case execName:
		os.Exit(execProgram(os.Args[1]))
	}
}

// pollEvery is how often the supervisor measures the run's processes.
const pollEvery = 10 * time.Millisecond

// supervise is the launcher's first stage: it sets the sandbox up, starts
// the second stage, watches the run and writes its verdict on file 3.
func supervise(arg string) int {
	// The files the grader passed, and any that it inherited itself and
	// left open, are not the program's: it gets none but 0, 1 and 2.
	if entries, err := os.ReadDir("/proc/self/fd"); err == nil {
		for _, e := range entries {
			if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
				syscall.CloseOnExec(fd)
			}
		}
	}
	out := os.NewFile(3, "verdict")
	control := os.NewFile(4, "control")
	var s spec
	if err := json.Unmarshal([]byte(arg), &s); err != nil {
		return say(out, verdict{Exit: -1, Setup: "bad launcher argument: " + err.Error()})
	}
	// The program runs as the same user: it must not be able to signal,
	// read or trace the supervisor.
	signal.Ignore(syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGUSR1,
		syscall.SIGUSR2, syscall.SIGPIPE, syscall.SIGALRM, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU)
	prctl(syscall.PR_SET_DUMPABLE, 0)
	prctl(prSetChildSubreaper, 1)

	tmp := "/tmp"
	if s.Isolate {
		if err := isolate(s); err != nil {
			return say(out, verdict{Exit: -1, Setup: err.Error()})
		}
	} else {
		tmp = s.Tmp
	}
	if s.Probe {
		return say(out, verdict{})
	}
	if !s.Isolate && os.Geteuid() != 0 {
		s.Tasks = userTasks()
		if data, err := json.Marshal(s); err == nil {
			arg = string(data)
		}
	}

	// The second stage reports a failed execve on a pipe that a successful
	// one closes, and joins the run's control group through file 4.
	errR, errW, err := os.Pipe()
	if err != nil {
		return say(out, verdict{Exit: -1, Start: err.Error()})
	}
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if s.Isolate {
		attr.Cloneflags = syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: s.Uid, HostID: 0, Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: s.Gid, HostID: 0, Size: 1}}
		attr.GidMappingsEnableSetgroups = false
	}
	files := []*os.File{os.Stdin, os.Stdout, os.Stderr, errW}
	if s.Cgroup != "" {
		files = append(files, os.NewFile(5, "cgroup"))
	}
	child, err := os.StartProcess("/proc/self/exe", []string{execName, arg}, &os.ProcAttr{
		Env:   programEnv(tmp),
		Files: files,
		Sys:   attr,
	})
	errW.Close()
	if err != nil {
		return say(out, verdict{Exit: -1, Start: err.Error()})
	}
	// Only the program holds its standard streams now, so that they end
	// when it and what it started end.
	for _, f := range []*os.File{os.Stdin, os.Stdout, os.Stderr} {
		if devNull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0); err == nil {
			syscall.Dup3(int(devNull.Fd()), int(f.Fd()), 0)
			devNull.Close()
		}
	}
	msg, _ := io.ReadAll(io.LimitReader(errR, 4096))
	errR.Close()

	w := &watch{s: s, main: child.Pid}
	if s.Cgroup != "" {
		w.group = &cgroup{dir: s.Cgroup}
	}
	v := w.run(control)
	if len(msg) > 0 {
		v = verdict{Exit: -1, Start: string(msg)}
	}
	return say(out, v)
}

// say writes the verdict for the grader and returns the launcher's exit
// status.
func say(out *os.File, v verdict) int {
	data, _ := json.Marshal(v)
	out.Write(data)
	out.Close()
	return 0
}

// programEnv returns the program's environment: the grader's, with its
// home and temporary folders in tmp.
func programEnv(tmp string) []string {
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "HOME", "TMPDIR", "TMP", "TEMP":
		default:
			env = append(env, kv)
		}
	}
	return append(env, "HOME="+tmp, "TMPDIR="+tmp, "TMP="+tmp, "TEMP="+tmp)
}

// execProgram is the launcher's second stage: it joins the run's control
// group, if there is one, through file 4, sets the limits on itself and
// becomes the program. It reports a failure on file 3. It runs in the
// package's init, on the main thread, which is the one that calls execve.
func execProgram(arg string) int {
	fail := os.NewFile(3, "exec error")
	var s spec
	if err := json.Unmarshal([]byte(arg), &s); err != nil {
		fmt.Fprint(fail, err)
		return 127
	}
	syscall.CloseOnExec(3)
	if s.Cgroup != "" {
		join := os.NewFile(4, "cgroup")
		_, err := join.WriteString("0")
		join.Close()
		if err != nil {
			fmt.Fprint(fail, "control group: ", err)
			return 127
		}
	}
	if err := setLimits(s.Limits, s.Tasks); err != nil {
		fmt.Fprint(fail, "limits: ", err)
		return 127
	}
	if err := dropPrivileges(); err != nil {
		fmt.Fprint(fail, "privileges: ", err)
		return 127
	}
	argv := append([]string{s.Path}, s.Args...)
	err := syscall.Exec(s.Path, argv, os.Environ())
	fmt.Fprint(fail, err)
	return 127
}

// setLimits sets the rlimits that bound each process of the program;
// others is how many tasks of the same user RLIMIT_NPROC counts besides
// the run's.
func setLimits(lim Limits, others int) error {
	set := func(resource int, v uint64) error {
		return syscall.Setrlimit(resource, &syscall.Rlimit{Cur: v, Max: v})
	}
	var errs []error
	errs = append(errs, set(syscall.RLIMIT_CORE, 0))
	if lim.Memory > 0 {
		// Twice the run's limit, which the supervisor enforces first on
		// memory in use: this refuses at once an allocation far too large.
		errs = append(errs, set(syscall.RLIMIT_DATA, 2*uint64(lim.Memory)))
	}
	if lim.CPU > 0 {
		// A second more than the run's limit, which the supervisor
		// enforces first across all the processes: this is the backstop.
		secs := uint64((lim.CPU+time.Second-1)/time.Second) + 1
		errs = append(errs, syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: secs, Max: secs + 1}))
	}
	if lim.FileSize > 0 {
		errs = append(errs, set(syscall.RLIMIT_FSIZE, uint64(lim.FileSize)))
	}
	if lim.Processes > 0 {
		// More than the run's limit, which the supervisor enforces first
		// when it sees that many: the kernel refuses a fork only past it,
		// and its count has zombies and tasks on their way in or out.
		errs = append(errs, set(rlimitNPROC, uint64(lim.Processes+others+nprocSlack)))
	}
	if lim.OpenFiles > 0 {
		errs = append(errs, set(syscall.RLIMIT_NOFILE, uint64(lim.OpenFiles)))
	}
	return errors.Join(errs...)
}

// dropPrivileges leaves the program no way to more privilege than its
// user's: no set-user-ID gain at execve, and, for user 0, no capability
// now or after execve. The launcher's init runs on the main thread, which
// is the one that calls execve, and these are the thread's.
func dropPrivileges() error {
	if err := prctl(prSetNoNewPrivs, 1); err != nil {
		return err
	}
	if os.Geteuid() != 0 {
		return nil // execve gives a user other than 0 no capability
	}
	if err := prctl(prSetSecurebits, secbitsNoRoot); err != nil {
		return fmt.Errorf("securebits: %w", err)
	}
	for c := uintptr(0); c < 64; c++ {
		if err := prctl(prCapbsetDrop, c); err == syscall.EINVAL {
			break // past the last capability
		}
	}
	prctl(prCapAmbient, prCapAmbientClearAll)
	hdr := struct{ version, pid uint32 }{version: linuxCapabilityVersion3}
	var data [2]struct{ effective, permitted, inheritable uint32 }
	if _, _, e := syscall.RawSyscall(syscall.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); e != 0 {
		return fmt.Errorf("capset: %w", e)
	}
	return nil
}

// userTasks counts the tasks (processes and threads) of the launcher's
// user, which RLIMIT_NPROC counts with the run's where there is no user
// namespace.
func userTasks() int {
	entries, _ := os.ReadDir("/proc")
	uid := uint32(os.Getuid())
	n := 0
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.IsDir() {
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); !ok || st.Uid != uid {
			continue
		}
		if tasks, err := os.ReadDir("/proc/" + e.Name() + "/task"); err == nil {
			n += len(tasks)
		}
	}
	return n
}

// The launcher's own numbers.
const (
	nprocSlack    = 16              // RLIMIT_NPROC above Limits.Processes
	stopWait      = 5 * time.Second // the longest killAll tries
	maxKillRounds = 10000
	userHZ        = 100 // the unit of CPU times in /proc/PID/stat
)

// The kernel's numbers that package syscall lacks.
const (
	prSetNoNewPrivs         = 38
	prSetSecurebits         = 28
	prCapbsetDrop           = 24
	prCapAmbient            = 47
	prCapAmbientClearAll    = 4
	prSetChildSubreaper     = 36
	secbitsNoRoot           = 0xef // NOROOT, NO_SETUID_FIXUP, KEEP_CAPS locked, NO_CAP_AMBIENT_RAISE, each locked
	linuxCapabilityVersion3 = 0x20080522
	rlimitNPROC             = 6
	sysMountSetattr         = 442
	mountAttrRdonly         = 0x1
	mountAttrNosuid         = 0x2
	atRecursive             = 0x8000
	atFdcwd                 = -0x64
)

// isolate sets up the mount namespace that the launcher was started in:
// everything read-only, a fresh /proc, a private /tmp, and the hidden
// paths covered.
func isolate(s spec) error {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("mount namespace (making / private: %v)", err)
	}
	if err := readOnly(); err != nil {
		return fmt.Errorf("read-only mounts (%v)", err)
	}
	if err := syscall.Mount("proc", "/proc", "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("a /proc of its own (%v)", err)
	}
	// The folders the program needs that the private /tmp covers: held
	// open, and bound again at their place on top of it.
	var keep []*os.File
	for _, dir := range s.Keep {
		if underTmp(dir) {
			if f, err := os.Open(dir); err == nil {
				keep = append(keep, f)
			}
		}
	}
	size := s.Limits.FileSize
	if size <= 0 {
		size = 64 << 20
	}
	if err := syscall.Mount("tmpfs", "/tmp", "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV,
		"mode=1777,size="+strconv.FormatInt(size, 10)); err != nil {
		return fmt.Errorf("a private /tmp (%v)", err)
	}
	// The terminals: the grader's may be one of them.
	if err := syscall.Mount("tmpfs", "/dev/pts", "tmpfs", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "mode=0,size=4k"); err != nil && !errors.Is(err, syscall.ENOENT) {
		return fmt.Errorf("hiding /dev/pts (%v)", err)
	}
	for _, dir := range tmpDirs[1:] {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			if err := syscall.Mount("/tmp", dir, "", syscall.MS_BIND, ""); err != nil {
				return fmt.Errorf("a private %s (%v)", dir, err)
			}
		}
	}
	for _, f := range keep {
		err := bindReadOnly(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("showing %s (%v)", f.Name(), err)
		}
	}
	for _, p := range s.Hide {
		if err := hide(p, s.Keep); err != nil {
			return fmt.Errorf("hiding %s (%v)", p, err)
		}
	}
	if wd, err := os.Getwd(); err == nil {
		os.Chdir(wd) // see the mounts made over the working folder's path, if any
	}
	return nil
}

// tmpDirs are the folders that the private /tmp covers.
var tmpDirs = []string{"/tmp", "/var/tmp", "/dev/shm"}

// underTmp reports whether path is in one of tmpDirs.
func underTmp(path string) bool {
	for _, dir := range tmpDirs {
		if path == dir || strings.HasPrefix(path, dir+"/") {
			return true
		}
	}
	return false
}

// bindReadOnly binds the open folder or file f read-only at its own
// path, which it makes first in the private /tmp.
func bindReadOnly(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	to := f.Name()
	if fi.IsDir() {
		err = os.MkdirAll(to, 0o755)
	} else if err = os.MkdirAll(filepath.Dir(to), 0o755); err == nil {
		err = os.WriteFile(to, nil, 0o644)
	}
	if err != nil {
		return err
	}
	// Not recursive: the folder's own mount tree now has the private
	// /tmp on top of it.
	if err := syscall.Mount(fmt.Sprintf("/proc/self/fd/%d", f.Fd()), to, "", syscall.MS_BIND, ""); err != nil {
		return err
	}
	return syscall.Mount("", to, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY|syscall.MS_NOSUID, "")
}

// readOnly makes every mount read-only and without set-user-ID: in one
// call where the kernel has mount_setattr (5.12), mount by mount
// otherwise.
func readOnly() error {
	attr := struct{ set, clr, propagation, userns uint64 }{set: mountAttrRdonly | mountAttrNosuid}
	root := []byte("/\x00")
	dirfd := atFdcwd
	_, _, e := syscall.Syscall6(sysMountSetattr, uintptr(dirfd), uintptr(unsafe.Pointer(&root[0])),
		atRecursive, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e == 0 {
		return nil
	}
	if e != syscall.ENOSYS {
		return e
	}
	return remountEachReadOnly()
}

// remountEachReadOnly remounts each mount read-only, keeping the flags that
// a mount namespace of a user namespace may not clear.
func remountEachReadOnly() error {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 {
			continue
		}
		flags := uintptr(syscall.MS_BIND | syscall.MS_REMOUNT | syscall.MS_RDONLY | syscall.MS_NOSUID)
		for _, o := range strings.Split(f[5], ",") {
			switch o {
			case "nodev":
				flags |= syscall.MS_NODEV
			case "noexec":
				flags |= syscall.MS_NOEXEC
			case "noatime":
				flags |= syscall.MS_NOATIME
			case "nodiratime":
				flags |= syscall.MS_NODIRATIME
			case "relatime":
				flags |= syscall.MS_RELATIME
			}
		}
		mountPoint := unescapeMountPath(f[4])
		if err := syscall.Mount("", mountPoint, "", flags, ""); err != nil && err != syscall.ENOENT && err != syscall.EACCES {
			return fmt.Errorf("%s: %v", mountPoint, err)
		}
	}
	return nil
}

// unescapeMountPath undoes the octal escapes of /proc/self/mountinfo.
func unescapeMountPath(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// hide covers path: a folder with an empty read-only one, anything else
// with /dev/null. A folder that holds one of the folders the program
// needs (keep) stays, and only its golden transcripts' expected outputs
// (NAME.out, NAME.err) are covered.
func hide(path string, keep []string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return nil // nothing to hide
	}
	if !fi.IsDir() {
		return hideFile(path)
	}
	for _, k := range keep {
		if k == path || strings.HasPrefix(k, path+"/") {
			return filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".out") || strings.HasSuffix(p, ".err")) {
					return hideFile(p)
				}
				return nil
			})
		}
	}
	return syscall.Mount("tmpfs", path, "tmpfs", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "mode=0,size=4k")
}

// hideFile covers the file at path with /dev/null, read-only.
func hideFile(path string) error {
	if err := syscall.Mount("/dev/null", path, "", syscall.MS_BIND, ""); err != nil {
		return err
	}
	return syscall.Mount("", path, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NOEXEC, "")
}

// A watch follows one run: it reaps its processes, measures them, and
// ends the run at a limit, at the main process's exit, or when the
// grader closes the control pipe.
type watch struct {
	s     spec
	main  int     // the program's own process
	group *cgroup // the run's control group, or nil

	reapedCPU time.Duration // CPU time of the processes reaped so far, with their children
	peak      int64
}

// A reaped process and how it ended.
type reaped struct {
	pid    int
	status syscall.WaitStatus
	usage  syscall.Rusage
}

// run watches the run until it ends and returns its verdict.
func (w *watch) run(control *os.File) verdict {
	reaps := make(chan reaped, 64)
	go func() {
		defer close(reaps)
		for {
			var r reaped
			pid, err := syscall.Wait4(-1, &r.status, 0, &r.usage)
			if err == syscall.EINTR {
				continue
			}
			if err != nil {
				return // ECHILD: no process of the run is left
			}
			r.pid = pid
			reaps <- r
		}
	}()
	stop := make(chan struct{})
	go func() {
		io.Copy(io.Discard, control) // until the grader closes it or dies
		close(stop)
	}()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()

	var v verdict
	mainDone := false
	for !mainDone {
		select {
		case r, ok := <-reaps:
			if !ok {
				mainDone = true // cannot happen before the main process is reaped
				break
			}
			w.reapedCPU += cpuTime(r.usage)
			if r.pid == w.main {
				mainDone = true
				switch {
				case r.status.Signaled():
					v.Exit, v.Signal = -1, int(r.status.Signal())
					switch r.status.Signal() {
					case syscall.SIGXCPU:
						v.Limit = CPULimit
					case syscall.SIGXFSZ:
						v.Limit = FileSizeLimit
					}
				default:
					v.Exit = r.status.ExitStatus()
				}
			}
		case <-tick.C:
			if l := w.measure(); l != NoLimit {
				v = verdict{Exit: -1, Signal: int(syscall.SIGKILL), Limit: l, Killed: true}
				mainDone = true
			}
		case <-stop:
			v = verdict{Exit: -1, Signal: int(syscall.SIGKILL), Killed: true}
			mainDone = true
		}
	}
	w.killAll(reaps)
	for r := range reaps {
		w.reapedCPU += cpuTime(r.usage)
	}
	if v.Limit == NoLimit && w.s.Isolate && tmpFull(w.s.Limits.FileSize) {
		v.Limit = FileSizeLimit // it filled its /tmp, and the program saw ENOSPC
	}
	v.CPU, v.Memory = w.reapedCPU, w.peak
	if v.Limit == CPULimit && v.CPU < w.s.Limits.CPU {
		v.CPU = w.s.Limits.CPU
	}
	return v
}

// measure adds up what the run's live processes use, keeps the peak of
// memory, and returns the limit they are past, if any.
func (w *watch) measure() Limit {
	var rss int64
	var cpu time.Duration
	tasks := 0
	for _, pid := range w.descendants() {
		st, ok := readStat(pid)
		if !ok {
			continue
		}
		rss += st.rss
		cpu += st.cpu
		tasks += st.threads
	}
	w.peak = max(w.peak, rss)
	lim := w.s.Limits
	switch {
	case lim.Memory > 0 && rss > lim.Memory:
		return MemoryLimit
	case lim.CPU > 0 && w.reapedCPU+cpu > lim.CPU:
		return CPULimit
	case lim.Processes > 0 && (tasks >= lim.Processes || w.group != nil && w.group.hitMax()):
		return ProcessLimit
	}
	return NoLimit
}

// killAll kills every process of the run and waits until the reaper has
// reaped them all (and so closed reaps), or gives up after stopWait.
func (w *watch) killAll(reaps <-chan reaped) {
	deadline := time.Now().Add(stopWait)
	for round := 0; round < maxKillRounds && time.Now().Before(deadline); round++ {
		if w.s.Isolate {
			syscall.Kill(-1, syscall.SIGKILL) // as process 1: every other process of the namespace
		}
		pids := w.descendants()
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		if len(pids) == 0 {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// descendants returns the processes of the run that are still there: all
// but the launcher when isolated, its descendants otherwise.
func (w *watch) descendants() []int {
	if _, err := os.Stat(fmt.Sprintf("/proc/self/task/%d/children", os.Getpid())); err != nil {
		return w.scan() // a kernel without the children files
	}
	return descendantsOf(os.Getpid())
}

// descendantsOf returns the descendants of process pid, from the files
// /proc/PID/task/TID/children.
func descendantsOf(pid int) []int {
	var pids []int
	for queue := childrenOf(pid); len(queue) > 0; queue = queue[1:] {
		pids = append(pids, queue[0])
		queue = append(queue, childrenOf(queue[0])...)
	}
	return pids
}

// childrenOf returns the children of process pid.
func childrenOf(pid int) []int {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	var pids []int
	for _, t := range tasks {
		data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", pid, t.Name()))
		for _, f := range strings.Fields(string(data)) {
			if child, err := strconv.Atoi(f); err == nil {
				pids = append(pids, child)
			}
		}
	}
	return pids
}

// scan returns the descendants of the launcher from the parent of every
// process in /proc.
func (w *watch) scan() []int {
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok {
			parent[pid] = st.ppid
		}
	}
	self := os.Getpid()
	var pids []int
	for pid := range parent {
		for p, n := parent[pid], 0; p > 0 && n < 1000; p, n = parent[p], n+1 {
			if p == self {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}

// A stat is what the launcher reads of one process in /proc/PID/stat.
type stat struct {
	ppid    int
	cpu     time.Duration // its own and its reaped children's
	threads int
	rss     int64
}

var pageSize = int64(os.Getpagesize())

// readStat reads /proc/PID/stat.
func readStat(pid int) (stat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, false
	}
	// The fields after the command name, which is in parentheses and
	// may hold anything: state is field 3 of the stat, so f[0].
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return stat{}, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 22 {
		return stat{}, false
	}
	n := func(k int) int64 { // field k of the stat, counted from 1
		v, _ := strconv.ParseInt(f[k-3], 10, 64)
		return v
	}
	ticks := n(14) + n(15) + n(16) + n(17) // utime, stime, cutime, cstime
	return stat{
		ppid:    int(n(4)),
		cpu:     time.Duration(ticks) * time.Second / userHZ,
		threads: int(n(20)),
		rss:     n(24) * pageSize,
	}, true
}

// cpuTime is the user and system time of a rusage.
func cpuTime(u syscall.Rusage) time.Duration {
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// tmpFull reports whether the private /tmp of size bytes is full.
func tmpFull(size int64) bool {
	var fs syscall.Statfs_t
	if size <= 0 || syscall.Statfs("/tmp", &fs) != nil {
		return false
	}
	free := int64(fs.Bavail) * fs.Bsize
	return free < 64<<10
}
