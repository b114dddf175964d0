//go:build !linux

package sandbox

import (
	"os"
	"os/exec"
	"runtime"
)

// LimitsHold says whether Limits hold on this system: not here, where
// there is no launcher to enforce them.
const LimitsHold = false

// Start starts the program path with args with the given standard
// streams. Here, outside Linux, it runs without a launcher: no limits but
// the grader's own time limits, and only a process group.
func (c Config) Start(path string, args []string, stdin, stdout, stderr *os.File) (*Process, error) {
	prog, err := c.lookPath(path)
	if err != nil {
		return nil, &StartError{Path: path, Err: err}
	}
	cmd := exec.Command(prog, args...)
	cmd.Dir = c.Dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, &StartError{Path: path, Err: err}
	}
	p := &Process{cmd: cmd, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		killGroup(cmd)
		p.status = Status{Exit: cmd.ProcessState.ExitCode(), State: cmd.ProcessState.String()}
		close(p.done)
	}()
	return p, nil
}

// Stop kills the program and its process group.
func (p *Process) Stop() {
	p.stopOnce.Do(func() { killGroup(p.cmd) })
}

// Probe reports that programs cannot be run Isolated here.
func Probe() error {
	return &UnavailableError{Missing: "namespaces (" + runtime.GOOS + " is not Linux)"}
}

// Walled returns a *NoWallError: outside Linux nothing keeps a program
// from the grader's files.
func (c Config) Walled() error {
	return &NoWallError{Why: runtime.GOOS + " is not Linux"}
}

// LandlockABI returns 0: Landlock is Linux's.
func LandlockABI() int { return 0 }

// memoryCounted reports that no control group counts memory here.
func memoryCounted() bool { return false }
