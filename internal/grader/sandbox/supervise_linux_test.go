package sandbox

import (
	"runtime"
	"testing"
	"time"
)

// TestInterval checks how long the supervisor waits between two measures
// of a run: pollEvery unless the kernel bounds the run's memory and
// processes, and otherwise as long as the run cannot reach its CPU limit
// even on every CPU at once, within pollEvery and maxPollEvery.
func TestInterval(t *testing.T) {
	bounded := spec{Isolate: true, Limits: DefaultLimits, PidsEvents: "pids.events", MemoryEvents: "memory.events"}
	noMemoryGroup := bounded
	noMemoryGroup.MemoryEvents = ""
	noPidsGroup := bounded
	noPidsGroup.PidsEvents = ""
	limited := bounded
	limited.Isolate = false
	noCPULimit := bounded
	noCPULimit.Limits.CPU = 0
	noLimits := spec{Isolate: true}
	for _, tc := range []struct {
		name   string
		s      spec
		cpus   int
		reaped time.Duration // CPU time of the processes reaped so far
		cpu    time.Duration // of the live ones
		want   time.Duration
	}{
		{"no memory group", noMemoryGroup, 2, 0, 0, pollEvery},
		{"no pids group", noPidsGroup, 2, 0, 0, pollEvery},
		{"limited", limited, 2, 0, 0, pollEvery},
		{"fresh run", bounded, 2, 0, 0, maxPollEvery},
		{"fresh run, many CPUs", bounded, 64, 0, 0, 2 * time.Second / 64},
		{"near the limit", bounded, 2, time.Second, 900 * time.Millisecond, 50 * time.Millisecond},
		{"nearer", bounded, 2, 0, 1990 * time.Millisecond, pollEvery},
		{"past it", bounded, 2, time.Second, 2 * time.Second, pollEvery},
		{"no CPU limit", noCPULimit, 2, 0, time.Hour, maxPollEvery},
		{"no limits at all", noLimits, 2, 0, 0, maxPollEvery},
		{"CPUs unknown", bounded, 0, 0, 1900 * time.Millisecond, 100 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &watch{s: tc.s, cpus: tc.cpus, reapedCPU: tc.reaped}
			if got := w.interval(tc.cpu); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOnlineCPUs checks that the supervisor counts at least the CPUs it
// may use itself.
func TestOnlineCPUs(t *testing.T) {
	if got, least := onlineCPUs(), runtime.NumCPU(); got < least {
		t.Errorf("got %d CPUs, want at least the %d the test may use", got, least)
	}
}
