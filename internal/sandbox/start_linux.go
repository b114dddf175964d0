package sandbox

// The grader's side of a run: Start prepares it (isolatedRun or
// limitedRun, the user, the control groups), starts the launcher with
// the run's spec, and reads its verdict when the run is over; Stop ends
// it early, and Probe tries a run with nothing in it.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// LimitsHold says whether Limits hold on this system: on Linux, where
// the launcher enforces them.
const LimitsHold = true

// stopGrace is how long the grader waits for the launcher to end a run
// it was asked to stop before it kills the launcher itself.
const stopGrace = 2 * time.Second

// Start starts the program path with args in the sandbox, with the given
// standard streams, and returns at once. Path is looked up in the
// grader's PATH as a shell does, in c.Dir, and a version manager's shim,
// such as pyenv's, is followed to the interpreter it runs. The run ends
// when the program's own process exits, at a limit, or at Stop; Done says
// when, and Status how.
func (c Config) Start(path string, args []string, stdin, stdout, stderr *os.File) (*Process, error) {
	prog, err := c.lookPath(path)
	if err != nil {
		return nil, &StartError{Path: path, Err: err}
	}
	// A command found in PATH is an interpreter or a tool, not a file of
	// the submission: its folder is not the program's to see.
	return c.start(spec{Path: followShim(prog), Args: args, FromPath: !strings.Contains(path, "/")}, stdin, stdout, stderr)
}

// start starts the run of s, of which Start and Probe say what to run:
// it fills in the rest, starts the launcher with it, and returns the
// Process, whose goroutine reads the verdict and undoes what the run
// needed when it is over.
func (c Config) start(s spec, stdin, stdout, stderr *os.File) (p *Process, err error) {
	fail := func(err error) (*Process, error) { return nil, &StartError{Path: s.Path, Err: err} }
	self, err := os.Executable()
	if err != nil {
		return fail(fmt.Errorf("the grader's own binary: %w", err))
	}
	s.Isolate = c.Mode == Isolated
	s.Root = os.Geteuid() == 0
	s.Limits = c.Limits
	s.Uid, s.Gid = os.Getuid(), os.Getgid()
	if s.Dir, err = filepath.Abs(c.Dir); err == nil {
		s.Dir, err = filepath.EvalSymlinks(s.Dir)
	}
	if err != nil {
		return fail(fmt.Errorf("the working folder: %w", err))
	}

	// What is undone if the launcher does not start, and what the grader
	// closes once the launcher has its copies.
	var undo []func()
	defer func() {
		if p == nil {
			for _, u := range undo {
				u()
			}
		}
	}()
	var after []func() // what is undone when the run is over, last first
	endRun := func() {
		for i := len(after) - 1; i >= 0; i-- {
			after[i]()
		}
	}
	undo = append(undo, endRun)
	if s.Root && !s.Probe {
		u, release, err := c.acquireUser()
		if err != nil {
			return fail(err)
		}
		s.Run = u
		after = append(after, release)
	}
	s.Show = c.needs(&s)
	home := "/tmp"
	var end func()
	if s.Isolate {
		end, err = c.isolatedRun(&s, self)
	} else {
		s.Filter.NoUnixSockets, s.Filter.NoSysVIPC = true, true
		home, end, err = c.limitedRun(&s, self)
	}
	if err != nil {
		return fail(err)
	}
	after = append(after, end)
	s.Env = c.environ(home)
	if !s.Probe {
		s.Landlock = c.landlockRules(&s, self, home)
	}

	verdictR, verdictW, err := os.Pipe()
	if err != nil {
		return fail(err)
	}
	defer verdictW.Close()
	undo = append(undo, func() { verdictR.Close() })
	controlR, controlW, err := os.Pipe()
	if err != nil {
		return fail(err)
	}
	defer controlR.Close()
	undo = append(undo, func() { controlW.Close() })
	extra := []*os.File{verdictW, controlR} // 3 and 4
	var group *cgroup
	if !s.Probe {
		// nil where the grader may not make one: RLIMIT_NPROC and the
		// seccomp filter do then
		if group, _ = newCgroup(c.Limits); group != nil {
			s.Joins = len(group.joins)
			s.PidsEvents, s.MemoryEvents = group.events()
			extra = append(extra, group.joins...) // 5 on
			undo = append(undo, group.remove)
		}
	}
	s.Filter.NoSharedMemory = group == nil || !group.countsMemory()
	arg, err := json.Marshal(s)
	if err != nil {
		return fail(err)
	}

	cmd := &exec.Cmd{
		Path:       self,
		Args:       []string{launcherName}, // the spec goes on the control pipe: a command line is for all to read
		Dir:        s.Dir,
		Stdin:      stdin,
		Stdout:     stdout,
		Stderr:     stderr,
		ExtraFiles: extra,
		// A session of its own: no controlling terminal to write to through
		// /dev/tty, and no SIGINT from the grader's terminal.
		SysProcAttr: &syscall.SysProcAttr{Setsid: true},
	}
	if s.Isolate {
		// The kernel kills the namespace's processes with its first.
		a := cmd.SysProcAttr
		a.Pdeathsig = syscall.SIGKILL
		a.Cloneflags = syscall.CLONE_NEWPID | syscall.CLONE_NEWNS | syscall.CLONE_NEWNET | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS
		if !s.Root {
			// Root needs no user namespace to make the others, and a
			// program of its own user id (see becomeUser).
			inUserNamespace(a, 0, 0, s.Uid, s.Gid)
		}
	}
	if !s.Isolate {
		cmd.Dir = "" // the launcher, root, starts where the grader is
	}
	launchers.mu.Lock() // a sweep must not take the new launcher for an orphan
	err = cmd.Start()
	if err == nil && !s.Isolate {
		launchers.pids[cmd.Process.Pid] = true
	}
	launchers.mu.Unlock()
	if err != nil && s.Isolate {
		// The launcher is the grader's own binary: when it cannot be
		// started in its namespaces (ENOSPC where their count or depth is
		// used up), isolation is what is missing, not the program.
		// The errno alone: the binary's path says nothing more.
		var errno syscall.Errno
		if errors.As(err, &errno) {
			err = errno
		}
		return fail(&UnavailableError{Missing: namespacesMissing(s.Root) + " (" + err.Error() + ")"})
	}
	if err != nil {
		return fail(err)
	}

	// The spec, a line of JSON, is the first the launcher reads of its
	// control pipe. A launcher that died before it read it says so by its
	// verdict, or by its silence.
	controlW.Write(append(arg, '\n'))
	p = &Process{cmd: cmd, control: controlW, done: make(chan struct{})}
	go func() {
		data, _ := io.ReadAll(io.LimitReader(verdictR, 64<<10))
		verdictR.Close()
		cmd.Wait() // the launcher too is gone when the run is over
		var v verdict
		if err := json.Unmarshal(data, &v); err != nil {
			v = verdict{Exit: -1, Killed: true} // it died before it could say, taking the run with it
		}
		p.status = v.status(s.Path)
		p.stopOnce.Do(func() { controlW.Close() })
		if !s.Isolate {
			launchers.mu.Lock()
			delete(launchers.pids, cmd.Process.Pid)
			launchers.mu.Unlock()
			sweepOrphans()
		}
		if group != nil { // empty now
			switch {
			case p.status.Limit != NoLimit:
			case group.outOfMemory():
				p.status.Limit, p.status.Killed = MemoryLimit, true
			case group.hitMax():
				p.status.Limit = ProcessLimit
			}
			p.status.Memory = max(p.status.Memory, group.peak())
			group.remove()
		}
		endRun() // the user's id last: its files are gone before another run may take it
		close(p.done)
	}()
	return p, nil
}

// namespacesMissing names what a launcher that could not be started in
// its namespaces lacked. Root makes them without a user namespace, and
// needs CAP_SYS_ADMIN for that: a container's root lacks it (Docker's and
// Podman's defaults), though it may well make a user namespace. Any
// other user needs a user namespace.
func namespacesMissing(root bool) string {
	if root && !hasCapability(capSysAdmin) {
		return "CAP_SYS_ADMIN"
	}
	return "user namespaces"
}

// capSysAdmin is CAP_SYS_ADMIN's number.
const capSysAdmin = 21

// hasCapability reports whether this process has the capability
// numbered c in its effective set, as /proc/self/status says; true where
// it cannot tell.
func hasCapability(c uint) bool {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return true
	}
	for _, line := range strings.Split(string(data), "\n") {
		if hex, ok := strings.CutPrefix(line, "CapEff:"); ok {
			set, err := strconv.ParseUint(strings.TrimSpace(hex), 16, 64)
			return err != nil || set&(1<<c) != 0
		}
	}
	return true
}

// Stop ends the run now: the launcher kills every process of it. It does
// not wait; Status does.
func (p *Process) Stop() {
	p.stopOnce.Do(func() {
		p.control.Close()
		go func() {
			select {
			case <-p.done:
			case <-time.After(stopGrace):
				p.cmd.Process.Kill()
			}
		}()
	})
}

var probe struct {
	once sync.Once
	err  error
}

// Probe reports whether programs can be run Isolated here: nil, or an
// error wrapping ErrUnavailable that says what is missing. It sets a
// sandbox up once, with nothing in it, and remembers the answer.
func Probe() error {
	probe.once.Do(func() {
		c := Config{Mode: Isolated}
		devNull, err := os.Open(os.DevNull)
		if err != nil {
			probe.err = &UnavailableError{Missing: err.Error()}
			return
		}
		defer devNull.Close()
		p, err := c.start(spec{Probe: true, Path: "probe"}, devNull, devNull, devNull)
		var u *UnavailableError
		switch {
		case errors.As(err, &u):
			probe.err = u
			return
		case err != nil:
			probe.err = &UnavailableError{Missing: "user namespaces (" + unwrapStart(err).Error() + ")"}
			return
		}
		if st := p.Status(); st.Err != nil {
			probe.err = &UnavailableError{Missing: unwrapStart(st.Err).Error()}
			if errors.As(st.Err, &u) {
				probe.err = u
			}
		}
	})
	return probe.err
}

// Walled returns nil where a wall keeps a program run in c from the
// grader's files, and otherwise a *NoWallError: Isolated where Probe
// allows it, a user of its own when the grader is root, or Landlock.
func (c Config) Walled() error {
	if c.Mode == Isolated && Probe() == nil || os.Geteuid() == 0 || LandlockABI() > 0 {
		return nil
	}
	why := "no Landlock"
	if c.Mode == Isolated {
		var u *UnavailableError
		if errors.As(Probe(), &u) {
			why = "no " + u.Missing + ", and " + why
		}
	}
	return &NoWallError{Why: why}
}

// unwrapStart returns the cause inside a *StartError.
func unwrapStart(err error) error {
	if se, ok := err.(*StartError); ok {
		return se.Err
	}
	return err
}
