package sandbox

import (
	"runtime"
	"sync"
	"syscall"
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

// TestKillEachTakesReaps checks that killing a run's processes goes on
// taking what the reaper reaped: a run that leaves more processes than
// reaps holds, when its main process ends, is all reaped, where killAll
// once waited stopWait for zombies that the reaper, stuck on a full
// channel, could not reap (a fork bomb on a busy machine).
func TestKillEachTakesReaps(t *testing.T) {
	const n = 150
	alive := map[int]bool{} // not reaped yet, as the run's descendants list them
	for pid := 1; pid <= n; pid++ {
		alive[pid] = true
	}
	var mu sync.Mutex
	killed := make(chan int, n)
	reaps := make(chan reaped, 64) // as watch.run makes it
	go func() {                    // the reaper: reaps each killed process, once there is room
		defer close(reaps)
		for i := 0; i < n; i++ {
			pid := <-killed
			reaps <- reaped{pid: pid, usage: syscall.Rusage{Utime: syscall.Timeval{Usec: 1000}}}
			mu.Lock()
			delete(alive, pid)
			mu.Unlock()
		}
	}()
	list := func() []int {
		mu.Lock()
		defer mu.Unlock()
		var pids []int
		for pid := range alive {
			pids = append(pids, pid)
		}
		return pids
	}
	sent := map[int]bool{}
	kill := func(pid int) { // a zombie killed again is no new death
		if !sent[pid] {
			sent[pid] = true
			killed <- pid
		}
	}
	w := &watch{s: spec{Limits: DefaultLimits}}
	w.killEach(reaps, list, kill) // it returns when none is left, or gives up after stopWait
	if left := list(); len(left) > 0 {
		t.Errorf("got %d processes not reaped when killing ended, want none: the reaper was stuck on a full channel", len(left))
	}
	for range reaps { // what was reaped after the last list
		w.reapedCPU += time.Millisecond
	}
	if want := n * time.Millisecond; w.reapedCPU != want {
		t.Errorf("got %v of CPU time reaped, want %v", w.reapedCPU, want)
	}
}
