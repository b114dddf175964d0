//go:build linux && (amd64 || arm64)

package sandbox

// The grader's own command line, out of the programs' sight: a Limited
// run can read /proc/PID/cmdline of every process of the machine, and a
// grader's names the class's folders, the seed and the golden folders.

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// hiddenArgsEnv names the file that holds the arguments that HideArgs
// took off the command line, in the process it executes again.
const hiddenArgsEnv = "OTHELLO_SANDBOX_ARGS"

// HideArgs takes the arguments of this process after the first keep of
// args (os.Args) off its command line, which every process of the
// machine may read in /proc, and returns them all. It executes the
// process's binary again, the same process, with the first keep
// arguments alone, and hands it the others in a memory file whose number
// it puts in the environment; called there, it reads them back, closes
// the file and clears the variable, so that no program it starts
// inherits either. The environment of a process is for its own user to
// read, and a program a sandbox runs as that user reads it no more than
// its memory (Landlock's rule on tracing, or a user of its own). Call it
// first in main, before any goroutine of the program's starts: it does
// not return where it executes the binary again. Where it cannot, it
// returns args and an error saying why, and nothing has changed.
func HideArgs(args []string, keep int) ([]string, error) {
	if fd := os.Getenv(hiddenArgsEnv); fd != "" {
		os.Unsetenv(hiddenArgsEnv)
		if hidden, err := readHiddenArgs(fd); err == nil && len(hidden) > keep {
			return hidden, nil
		}
		// Not this package's: a variable set by hand. Hide args as
		// they are.
	}
	if len(args) <= keep {
		return args, nil
	}
	fd, err := memfdCreate("othello-args")
	if err != nil {
		return args, fmt.Errorf("sandbox: hiding the command line: %w", err)
	}
	f := os.NewFile(uintptr(fd), "args")
	defer f.Close()
	if _, err := f.WriteString(strings.Join(args, "\x00")); err != nil {
		return args, fmt.Errorf("sandbox: hiding the command line: %w", err)
	}
	env := append(os.Environ(), hiddenArgsEnv+"="+strconv.Itoa(fd))
	err = syscall.Exec("/proc/self/exe", args[:keep], env)
	return args, fmt.Errorf("sandbox: hiding the command line: %w", err)
}

// readHiddenArgs returns the arguments that HideArgs wrote to the file fd
// before it executed this process, and closes it.
func readHiddenArgs(fd string) ([]string, error) {
	n, err := strconv.Atoi(fd)
	if err != nil || n < 3 {
		return nil, fmt.Errorf("sandbox: %s=%q names no file", hiddenArgsEnv, fd)
	}
	f := os.NewFile(uintptr(n), "args")
	defer f.Close()
	data, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<31))
	if err != nil {
		return nil, fmt.Errorf("sandbox: reading the arguments back: %w", err)
	}
	return strings.Split(string(data), "\x00"), nil
}

// memfdCreate makes a file in memory, left open across execve.
func memfdCreate(name string) (int, error) {
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return -1, err
	}
	fd, _, e := syscall.Syscall(nrMemfdCreate, uintptr(unsafe.Pointer(p)), 0, 0)
	if e != 0 {
		return -1, e
	}
	return int(fd), nil
}
