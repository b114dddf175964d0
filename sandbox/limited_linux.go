package sandbox

// What the grader does for Limited runs, which share its user, its
// processes and its files: it is not dumpable while they go on, and, a
// child subreaper, it kills what a program left when it killed its
// launcher.

import (
	"os"
	"sync"
	"syscall"
)

// launchers are the launchers of the Limited runs under way, which the
// grader, a child subreaper while they run, tells from the orphans of a
// run whose launcher the program killed.
var launchers = struct {
	mu   sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

// sweepOrphans kills and reaps the grader's children that are neither
// launchers of runs under way nor in the grader's process group, with
// everything they started: in Limited mode, what a program that killed
// its launcher left, which the kernel gave to the grader, a child
// subreaper. (The grader's own children, if it has others, stay in its
// group unless it puts them elsewhere.)
func sweepOrphans() {
	launchers.mu.Lock()
	defer launchers.mu.Unlock()
	own := syscall.Getpgrp()
	for _, pid := range childrenOf(os.Getpid()) {
		if pgid, err := syscall.Getpgid(pid); launchers.pids[pid] || err != nil || pgid == own {
			continue
		}
		for _, p := range append(descendantsOf(pid), pid) {
			syscall.Kill(p, syscall.SIGKILL)
		}
		var ws syscall.WaitStatus
		syscall.Wait4(pid, &ws, 0, nil)
	}
}

var protect struct {
	mu      sync.Mutex
	limited int // Limited runs under way
}

// protectGrader counts a Limited run that starts (+1) or ends (-1). While
// one is under way, the grader's own process is non-dumpable, so that a
// program of the same user cannot read its memory, file descriptors or
// binary through /proc. It is dumpable otherwise, because a user other
// than root can only write the user-ID map of a dumpable child, and an
// Isolated program cannot see the grader anyway.
func protectGrader(delta int) {
	protect.mu.Lock()
	defer protect.mu.Unlock()
	protect.limited += delta
	switch {
	case delta > 0 && protect.limited == 1:
		prctl(syscall.PR_SET_DUMPABLE, 0)
		prctl(prSetChildSubreaper, 1)
	case delta < 0 && protect.limited == 0:
		prctl(syscall.PR_SET_DUMPABLE, 1)
	}
}
