package sandbox

// What the launcher and the grader read of processes in /proc: the
// children and descendants of a process, the counts and times of one, and
// the tasks of a user.

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// descendantsOf returns the descendants of process pid, from the files
// /proc/PID/task/TID/children.
func descendantsOf(pid int) []int {
	var pids []int
	for queue := childrenOf(pid); len(queue) > 0; queue = queue[1:] {
		pids = append(pids, queue[0])
		queue = append(queue, childrenOf(queue[0])...)
	}
	return pids
}

// childrenOf returns the children of process pid.
func childrenOf(pid int) []int {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	var pids []int
	for _, t := range tasks {
		data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", pid, t.Name()))
		for _, f := range strings.Fields(string(data)) {
			if child, err := strconv.Atoi(f); err == nil {
				pids = append(pids, child)
			}
		}
	}
	return pids
}

// otherProcesses returns every process that /proc shows but the calling
// one: in one listing of /proc, where finding descendants reads a file
// for each thread of each process.
func otherProcesses() []int {
	f, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := f.Readdirnames(-1)
	f.Close()
	var pids []int
	for _, name := range names {
		if pid, err := strconv.Atoi(name); err == nil && pid != os.Getpid() {
			pids = append(pids, pid)
		}
	}
	return pids
}

// scanDescendantsOf returns the descendants of process pid from the
// parent of every process in /proc.
func scanDescendantsOf(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	for _, e := range entries {
		other, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(other); ok {
			parent[other] = st.ppid
		}
	}
	var pids []int
	for child := range parent {
		for p, n := parent[child], 0; p > 0 && n < 1000; p, n = parent[p], n+1 {
			if p == pid {
				pids = append(pids, child)
				break
			}
		}
	}
	return pids
}

// A stat is what the launcher reads of one process in /proc/PID/stat.
type stat struct {
	ppid    int
	cpu     time.Duration // its own and its reaped children's
	threads int
	rss     int64
}

// pageSize is the unit of the resident memory in /proc/PID/stat.
var pageSize = int64(os.Getpagesize())

// userHZ is the unit of the CPU times in /proc/PID/stat.
const userHZ = 100

// readStat reads /proc/PID/stat.
func readStat(pid int) (stat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, false
	}
	// The fields after the command name, which is in parentheses and
	// may hold anything: state is field 3 of the stat, so f[0].
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return stat{}, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 22 {
		return stat{}, false
	}
	n := func(k int) int64 { // field k of the stat, counted from 1
		v, _ := strconv.ParseInt(f[k-3], 10, 64)
		return v
	}
	ticks := n(14) + n(15) + n(16) + n(17) // utime, stime, cutime, cstime
	return stat{
		ppid:    int(n(4)),
		cpu:     time.Duration(ticks) * time.Second / userHZ,
		threads: int(n(20)),
		rss:     n(24) * pageSize,
	}, true
}

// userTasks counts the tasks (processes and threads) of the launcher's
// user, which RLIMIT_NPROC counts with the run's where there is no user
// namespace.
func userTasks() int {
	entries, _ := os.ReadDir("/proc")
	uid := uint32(os.Getuid())
	n := 0
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.IsDir() {
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); !ok || st.Uid != uid {
			continue
		}
		if tasks, err := os.ReadDir("/proc/" + e.Name() + "/task"); err == nil {
			n += len(tasks)
		}
	}
	return n
}
