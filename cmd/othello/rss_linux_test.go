package main

import (
	"os"
	"syscall"
)

// peakRSS returns the most memory the finished process held at once, in
// bytes.
func peakRSS(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return ru.Maxrss << 10, true // Linux gives kilobytes
}
