//go:build !unix

package check_test

import "time"

// start is when the process started, near enough.
var start = time.Now()

// cpuTime returns the time since the process started, which is as much
// as its CPU time could be.
func cpuTime() time.Duration { return time.Since(start) }
