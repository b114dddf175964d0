package sandbox

// The launcher: how a binary that imports this package becomes it, in
// the package's init, and what the grader and it tell each other: the
// spec of a run and the verdict, each on a pipe. The spec is never an
// argument: a Limited run may read the command line of every process of
// the machine, and the spec names the paths of the grader's and of other
// runs.

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"time"
)

// execName is the name (os.Args[0]) of the launcher's second stage.
const execName = launcherName + "-exec"

// init makes a binary that was started under launcherName the launcher's
// first stage, and one started under execName its second: either ends in
// it, and the binary's own main never runs.
func init() {
	if len(os.Args) != 1 {
		return
	}
	switch os.Args[0] {
	case launcherName:
		// The supervisor mostly waits, in wait4 and on pipes: one
		// processor spares it the threads that look for work on others.
		runtime.GOMAXPROCS(1)
		os.Exit(supervise())
	case execName:
		os.Exit(execProgram())
	}
}

// maxSpec is the most that a launcher reads of its spec.
const maxSpec = 16 << 20

// A spec is what the grader tells the launcher: the first stage reads it
// as the first line of its control pipe (file 4), the second stage from a
// pipe of its own (file 4 too), which the first stage writes and closes.
type spec struct {
	Isolate      bool              `json:"isolate"`
	Root         bool              `json:"root"`            // the grader is root: no user namespace, and the program runs as Run
	Probe        bool              `json:"probe,omitempty"` // set up the sandbox, report, and run nothing
	Limits       Limits            `json:"limits"`
	Show         []string          `json:"show,omitempty"`   // the files and folders the program needs, besides the system's: the view shows them read-only
	Hide         []string          `json:"hide,omitempty"`   // Isolated: the paths the view covers
	Copies       map[string]string `json:"copies,omitempty"` // paths of Show that the run uses copies of: Isolated, the view shows these at their places
	Dir          string            `json:"dir"`              // the program's working folder
	Path         string            `json:"path"`
	FromPath     bool              `json:"from_path,omitempty"` // Path was found in the grader's PATH
	Args         []string          `json:"args"`
	Env          []string          `json:"env"`
	Joins        int               `json:"joins,omitempty"`         // control groups to join, through files 5 on of the launcher
	PidsEvents   string            `json:"pids_events,omitempty"`   // the run's control group's counts of processes refused
	MemoryEvents string            `json:"memory_events,omitempty"` // and of kills for memory
	Filter       filter            `json:"filter"`
	Landlock     landlock          `json:"landlock"`
	Tasks        int               `json:"tasks,omitempty"` // Limited, not root: tasks of the user besides the run's, which RLIMIT_NPROC counts too
	Run          User              `json:"run"`             // Root: the user the program runs as
	Uid          int               `json:"uid"`             // not Root: the grader's ids, which the program keeps
	Gid          int               `json:"gid"`
}

// A verdict is what the launcher tells the grader at the end of a run.
type verdict struct {
	Exit   int           `json:"exit"`
	Signal int           `json:"signal"` // the signal that ended the program, or 0
	Limit  Limit         `json:"limit"`
	Killed bool          `json:"killed"`
	CPU    time.Duration `json:"cpu"`
	Memory int64         `json:"memory"`
	Start  string        `json:"start,omitempty"` // why the program could not be started
	Setup  string        `json:"setup,omitempty"` // why the sandbox could not be set up
}

// status returns the Status of the run that v tells of; path is the
// program's.
func (v verdict) status(path string) Status {
	st := Status{Exit: v.Exit, Limit: v.Limit, Killed: v.Killed, CPU: v.CPU, Memory: v.Memory}
	switch {
	case v.Setup != "":
		st.Exit, st.Err = -1, &StartError{Path: path, Err: &UnavailableError{Missing: v.Setup}}
	case v.Start != "":
		st.Exit, st.Err = -1, &StartError{Path: path, Err: fmt.Errorf("%s", v.Start)}
	case v.Signal != 0:
		st.Exit, st.State = -1, "signal: "+syscall.Signal(v.Signal).String()
	case v.Exit < 0:
		st.State = "killed" // the launcher was killed before it could say: by Stop, or by the program when Limited
	default:
		st.State = fmt.Sprintf("exit status %d", v.Exit)
	}
	return st
}

// inUserNamespace makes attr start a process in a user namespace of its
// own, in which it is user uid and group gid, mapped to hostUid and
// hostGid of its parent's, and may not call setgroups.
func inUserNamespace(attr *syscall.SysProcAttr, uid, gid, hostUid, hostGid int) {
	attr.Cloneflags |= syscall.CLONE_NEWUSER
	attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: hostUid, Size: 1}}
	attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: hostGid, Size: 1}}
	attr.GidMappingsEnableSetgroups = false
}
