package sandbox

// The launcher's first stage, the run's supervisor: it sets the sandbox
// up, starts the second stage (exec_linux.go), then reaps, measures and
// ends the run's processes, and tells the grader how the run ended.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The supervisor's own numbers.
const (
	pollEvery     = 10 * time.Millisecond  // how often it measures the run's processes, at least
	maxPollEvery  = 200 * time.Millisecond // how long it may go without measuring them, where the kernel bounds their memory and processes
	stopWait      = 5 * time.Second        // the longest killAll tries
	maxKillRounds = 10000
)

// supervise is the launcher's first stage: it reads the spec on file 4,
// sets the sandbox up, starts the second stage, watches the run and
// writes its verdict on file 3.
func supervise() int {
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
	control := bufio.NewReader(os.NewFile(4, "control"))
	arg, err := control.ReadBytes('\n')
	var s spec
	if err == nil {
		err = json.Unmarshal(arg, &s)
	}
	if err != nil {
		return say(out, verdict{Exit: -1, Setup: "bad launcher spec: " + err.Error()})
	}
	// The program must not be able to signal, read or trace the
	// supervisor, where it runs as the same user.
	signal.Ignore(syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGUSR1,
		syscall.SIGUSR2, syscall.SIGPIPE, syscall.SIGALRM, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU)
	guardProcess()

	// The control group's counts, which the view does not show.
	w := &watch{s: s, cpus: onlineCPUs()}
	for path, f := range map[string]**os.File{s.PidsEvents: &w.pidsEvents, s.MemoryEvents: &w.memoryEvents} {
		if path != "" {
			*f, _ = os.Open(path)
		}
	}
	if s.Isolate {
		if err := buildView(s); err != nil {
			return say(out, verdict{Exit: -1, Setup: err.Error()})
		}
	}
	if s.Probe {
		if missing := probeProgramNamespace(s); missing != "" {
			return say(out, verdict{Exit: -1, Setup: missing})
		}
		return say(out, verdict{})
	}
	if !s.Isolate && !s.Root {
		s.Tasks = userTasks()
		if data, err := json.Marshal(s); err == nil {
			arg = data
		}
	}

	// The second stage reports a failed execve on a pipe that a successful
	// one closes, reads its spec on another, and joins the run's control
	// groups through files 5 on.
	errR, errW, err := os.Pipe()
	if err != nil {
		return say(out, verdict{Exit: -1, Start: err.Error()})
	}
	specR, specW, err := os.Pipe()
	if err != nil {
		return say(out, verdict{Exit: -1, Start: err.Error()})
	}
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if s.Isolate && !s.Root {
		// A user namespace in the launcher's, in which the program is the
		// grader's user again and has no capability.
		inUserNamespace(attr, s.Uid, s.Gid, 0, 0)
	}
	files := []*os.File{os.Stdin, os.Stdout, os.Stderr, errW, specR}
	for i := range s.Joins {
		files = append(files, os.NewFile(uintptr(5+i), "cgroup"))
	}
	dir := ""
	if !s.Isolate {
		dir = s.Dir // the view's root is already in it
	}
	child, err := os.StartProcess("/proc/self/exe", []string{execName}, &os.ProcAttr{
		Dir:   dir,
		Env:   s.Env,
		Files: files,
		Sys:   attr,
	})
	errW.Close()
	specR.Close()
	if err == nil {
		specW.Write(arg) // a second stage that dies first says so on errR, or by its exit
	}
	specW.Close()
	if err != nil && s.Isolate && !s.Root {
		// The second stage is the grader's binary too: what fails here is
		// the program's user namespace.
		return say(out, verdict{Exit: -1, Setup: "the program's user namespace (" + err.Error() + ")"})
	}
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

	w.main = child.Pid
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

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER, which package syscall
// lacks.
const prSetChildSubreaper = 36

// guardProcess makes the calling process non-dumpable, so that a program
// of the same user cannot read its memory, file descriptors or binary
// through /proc, nor trace it, and a child subreaper, so that the orphans
// of what it starts become its children, which it kills and reaps: the
// supervisor, and the grader while Limited runs go on.
func guardProcess() {
	prctl(syscall.PR_SET_DUMPABLE, 0)
	prctl(prSetChildSubreaper, 1)
}

// A watch follows one run: it reaps its processes, measures them, and
// ends the run at a limit, at the main process's exit, or when the
// grader closes the control pipe.
type watch struct {
	s    spec
	main int // the program's own process
	cpus int // the machine's CPUs: the most CPU time the run can use in a second, in seconds

	pidsEvents, memoryEvents *os.File // the counts of the run's control group, if it has one

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
func (w *watch) run(control io.Reader) verdict {
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
	tick := time.NewTimer(w.interval(0))
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
			l, cpu := w.measure()
			if l != NoLimit {
				v = verdict{Exit: -1, Signal: int(syscall.SIGKILL), Limit: l, Killed: true}
				mainDone = true
			}
			tick.Reset(w.interval(cpu))
		case <-stop:
			v = verdict{Exit: -1, Signal: int(syscall.SIGKILL), Killed: true}
			mainDone = true
		}
	}
	if l, _ := w.measure(); !v.Killed && v.Limit == NoLimit && l == ProcessLimit {
		// Its main process ended, perhaps because a fork failed at
		// RLIMIT_NPROC, between two measures, and what it left running
		// holds the limit: that is how the run ends.
		v = verdict{Exit: -1, Signal: int(syscall.SIGKILL), Limit: ProcessLimit, Killed: true}
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

// interval returns how long the supervisor may wait before it measures
// the run again, when it has used cpu so far: pollEvery, but where the
// kernel itself bounds the run's memory and processes (an Isolated run in
// control groups that count both), as long as the run cannot reach its
// CPU limit before then, even on every CPU of the machine at once, up to
// maxPollEvery. Past a limit, a run is stopped as soon as with pollEvery.
func (w *watch) interval(cpu time.Duration) time.Duration {
	lim := w.s.Limits
	kernelBounds := w.s.Isolate && (lim.Memory == 0 || w.s.MemoryEvents != "") && (lim.Processes == 0 || w.s.PidsEvents != "")
	if !kernelBounds {
		return pollEvery
	}
	if lim.CPU <= 0 {
		return maxPollEvery
	}
	spare := (lim.CPU - w.reapedCPU - cpu) / time.Duration(max(w.cpus, 1))
	return min(max(spare, pollEvery), maxPollEvery)
}

// onlineCPUs returns how many CPUs the machine has online, as /proc/stat
// lists them (every one a program could set its affinity to), or the
// CPUs the launcher may use where it cannot tell.
func onlineCPUs() int {
	data, err := os.ReadFile("/proc/stat")
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if len(line) > 3 && strings.HasPrefix(line, "cpu") && line[3] >= '0' && line[3] <= '9' {
			n++
		}
	}
	if err != nil || n == 0 {
		return runtime.NumCPU()
	}
	return n
}

// measure adds up what the run's live processes use, keeps the peak of
// memory, and returns the limit they are past, if any, and the CPU time
// of the live processes.
func (w *watch) measure() (Limit, time.Duration) {
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
	if !w.s.Isolate && w.s.Root {
		rss += filesOf(w.s.Run.Uid) // shared memory in files, which no control group counts here
	}
	w.peak = max(w.peak, rss)
	lim := w.s.Limits
	switch {
	case lim.Memory > 0 && (rss > lim.Memory || readCounter(w.memoryEvents, "oom_kill") > 0):
		return MemoryLimit, cpu
	case lim.CPU > 0 && w.reapedCPU+cpu > lim.CPU:
		return CPULimit, cpu
	case lim.Processes > 0 && (tasks >= lim.Processes || readCounter(w.pidsEvents, "max") > 0):
		return ProcessLimit, cpu
	}
	return NoLimit, cpu
}

// killAll kills every process of the run and waits until the reaper has
// reaped them all, or gives up after stopWait. It takes what the reaper
// reaped as it goes: the reaper waits for no process while reaps is full,
// and what it has not reaped stays, a zombie, among the descendants.
func (w *watch) killAll(reaps <-chan reaped) {
	w.killEach(reaps, w.descendants, func(pid int) { syscall.Kill(pid, syscall.SIGKILL) })
}

// killEach is killAll with the run's processes listed by list and each
// killed by kill.
func (w *watch) killEach(reaps <-chan reaped, list func() []int, kill func(pid int)) {
	deadline := time.Now().Add(stopWait)
	for round := 0; round < maxKillRounds && time.Now().Before(deadline); round++ {
		if w.s.Isolate {
			syscall.Kill(-1, syscall.SIGKILL) // as process 1: every other process of the namespace
		}
		pids := list()
		for _, pid := range pids {
			kill(pid)
		}
		if len(pids) == 0 {
			return
		}
		w.take(reaps)
		time.Sleep(time.Millisecond)
	}
}

// take counts the CPU time of the processes in reaps, without waiting
// for more.
func (w *watch) take(reaps <-chan reaped) {
	for {
		select {
		case r, ok := <-reaps:
			if !ok {
				return
			}
			w.reapedCPU += cpuTime(r.usage)
		default:
			return
		}
	}
}

// descendants returns the processes of the run that are still there: all
// but the launcher when isolated, its descendants otherwise.
func (w *watch) descendants() []int {
	if w.s.Isolate {
		// The view's /proc is the run's PID namespace's, of which the
		// launcher is process 1: every other process in it is the run's.
		return otherProcesses()
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/self/task/%d/children", os.Getpid())); err != nil {
		return scanDescendantsOf(os.Getpid()) // a kernel without the children files
	}
	return descendantsOf(os.Getpid())
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
	free := int64(fs.Bavail) * int64(fs.Bsize)
	return free < 64<<10
}

// probeProgramNamespace returns "" if the user namespace that an Isolated
// run of a grader that is not root makes for the program, inside the
// launcher's, can be had, and otherwise what is missing. The probe must
// need what a run needs: where user namespaces nest one level short of
// that, it would pass, and every run then fail to start ("no space left
// on device").
func probeProgramNamespace(s spec) string {
	if !s.Isolate || s.Root {
		return ""
	}
	attr := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	inUserNamespace(attr, s.Uid, s.Gid, 0, 0)
	// Any program will do: it is killed at once, as what is probed is
	// that it could start.
	p, err := os.StartProcess("/proc/self/exe", []string{"probe"}, &os.ProcAttr{Sys: attr})
	if err != nil {
		return "user namespace for the program, nested in the launcher's (" + err.Error() + ")"
	}
	p.Kill()
	p.Wait()
	return ""
}
