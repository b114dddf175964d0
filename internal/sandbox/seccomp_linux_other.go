//go:build linux && !amd64 && !arm64

package sandbox

import (
	"errors"
	"runtime"
)

// A filter says what the seccomp filter of a run refuses; see
// seccomp_linux.go. There is none on this architecture.
type filter struct {
	NoUnixSockets  bool
	NoSharedMemory bool
	NoSysVIPC      bool
}

// install fails: the filter knows the system calls of amd64 and arm64
// only.
func (f filter) install() error {
	return errors.New("sandbox: no seccomp filter for linux/" + runtime.GOARCH)
}
