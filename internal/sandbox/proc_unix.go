//go:build unix && !linux

package sandbox

import (
	"os/exec"
	"syscall"
)

// ownGroup makes the program the leader of a new process group, so that
// killGroup reaches every process it starts.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the program and every process it started that is still
// in its group, whether or not the program itself is still running.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
