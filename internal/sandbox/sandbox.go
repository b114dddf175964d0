package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// launcherName is the name (os.Args[0]) under which a binary that imports
// this package runs as the launcher instead of as itself.
const launcherName = "othello-sandbox"

// A Process is one run of a program, started by Config.Start. On Linux
// it is the launcher, which holds the run and ends it; elsewhere, where
// there is no launcher, it is the program's own process, killed with its
// process group at Stop.
type Process struct {
	cmd      *exec.Cmd
	control  *os.File // Linux: closing it asks the launcher to end the run
	stopOnce sync.Once
	done     chan struct{}
	status   Status
}

// Done returns a channel that is closed when the run has ended and every
// process of it is gone.
func (p *Process) Done() <-chan struct{} { return p.done }

// Status returns how the run ended; it waits for the end.
func (p *Process) Status() Status {
	<-p.done
	return p.status
}

// Limits bound one run of a program: all its processes together, unless
// said otherwise. Zero means no limit.
type Limits struct {
	Memory    int64         // resident memory, in bytes; each process may allocate twice that (RLIMIT_DATA)
	CPU       time.Duration // CPU time
	FileSize  int64         // bytes in any one file it writes, and in its private /tmp in all
	Processes int           // processes and threads at once
	OpenFiles int           // open files of each process
}

// DefaultLimits are the limits of a run unless the grader says otherwise:
// far more than a correct program of the assignment needs, in any
// language, and far less than hurts a machine that runs a few at once.
var DefaultLimits = Limits{
	Memory:    512 << 20,
	CPU:       2 * time.Second,
	FileSize:  16 << 20,
	Processes: 128,
	OpenFiles: 256,
}

// A Mode is how much a run is separated from the grader.
type Mode uint8

// The modes. The zero Mode is Isolated, so that a Config that says
// nothing isolates.
const (
	// Isolated runs the program in its own namespaces, with the limits
	// (see the package doc).
	Isolated Mode = iota
	// Limited runs the program with the limits, in its own process group,
	// and kills every process it started at the end; it shares the
	// grader's files, processes and network.
	Limited
)

// String returns "isolated" or "limited".
func (m Mode) String() string {
	if m == Isolated {
		return "isolated"
	}
	return "limited"
}

// A Limit names one of the limits.
type Limit uint8

// The limits, as the Status of a run names them.
const (
	NoLimit Limit = iota
	MemoryLimit
	CPULimit
	FileSizeLimit
	ProcessLimit
)

// Describe says in words that a run reached the limit l of lim, such as
// "used more than 512 MiB of memory".
func (l Limit) Describe(lim Limits) string {
	switch l {
	case MemoryLimit:
		return "used more than " + Bytes(lim.Memory) + " of memory"
	case CPULimit:
		return fmt.Sprintf("used more than %v of CPU time", lim.CPU)
	case FileSizeLimit:
		return "wrote more than " + Bytes(lim.FileSize) + " to a file or its /tmp"
	case ProcessLimit:
		return fmt.Sprintf("ran %d processes and threads at once", lim.Processes)
	}
	return ""
}

// A Status is how a run ended.
type Status struct {
	Exit   int    // the program's exit status; -1 when it died of a signal or was killed
	State  string // how its process ended, such as "exit status 2" or "signal: killed"
	Limit  Limit  // the limit that ended the run, if one did
	Killed bool   // the run was killed: for Limit, or because the grader stopped it
	CPU    time.Duration
	Memory int64 // the most resident memory seen at once, in bytes
	Err    error // why the program could not be started: a *StartError
}

// ErrStart means the program could not be started.
var ErrStart = errors.New("sandbox: cannot start the program")

// A StartError says why a program could not be started.
type StartError struct {
	Path string
	Err  error
}

func (e *StartError) Error() string { return "sandbox: cannot start " + e.Path + ": " + e.Err.Error() }

// Unwrap returns ErrStart and the cause, for errors.Is.
func (e *StartError) Unwrap() []error { return []error{ErrStart, e.Err} }

// ErrUnavailable means the namespaces of Isolated cannot be had here.
var ErrUnavailable = errors.New("sandbox: isolation unavailable")

// An UnavailableError says what is missing for Isolated.
type UnavailableError struct {
	Missing string // such as "user namespaces (clone: operation not permitted)"
}

func (e *UnavailableError) Error() string { return "sandbox: isolation unavailable: " + e.Missing }

// Unwrap returns ErrUnavailable.
func (e *UnavailableError) Unwrap() error { return ErrUnavailable }

// A Config says how to run programs.
type Config struct {
	Mode   Mode
	Limits Limits
	// Hide lists files and folders that an Isolated program must not
	// see: each is replaced by /dev/null or an empty folder. The grader's
	// binary and report are hidden too, unless the binary is the program.
	Hide []string
	// Dir is the program's working folder, which an Isolated program
	// sees read-only and a Limited one of a root grader works in a copy
	// of; "" for the grader's. A relative program path with a slash, such
	// as ./run.sh, and relative paths in the arguments are taken from it.
	Dir string
	// User is who the program runs as when the grader is root; nil for a
	// dedicated id for each run at once (FirstDedicatedUid on).
	User *User
	// Bind lists more files and folders that an Isolated program sees,
	// read-only, at their own paths, such as a JDK outside /usr.
	Bind []string
	// Env lists variables, NAME=VALUE, added to the program's fixed
	// environment (see CheckEnv).
	Env []string
}

// units are the binary units of Bytes and ParseBytes, largest first.
var units = []struct {
	size int64
	name string
}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}}

// Bytes writes n bytes for people: "512 MiB", "16 MiB", "1,500 bytes".
func Bytes(n int64) string {
	for _, u := range units {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return Count(n) + " bytes"
}

// Count writes n with a comma between each group of three digits.
func Count(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// ErrBytes means a size is not a number of bytes as ParseBytes reads them.
var ErrBytes = errors.New("sandbox: not a size in bytes")

// ParseBytes reads a size as Bytes writes it, or shorter: "512 MiB",
// "512MiB", "512M", "1g", "1500"; K, M and G are powers of 1024. The
// error wraps ErrBytes.
func ParseBytes(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "BYTES"), "B")
	t = strings.TrimSuffix(t, "I")
	mult := int64(1)
	for _, u := range units {
		if suffix := u.name[:1]; strings.HasSuffix(t, suffix) {
			t, mult = strings.TrimSuffix(t, suffix), u.size
			break
		}
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(strings.TrimSpace(t), ",", ""), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%w: %q", ErrBytes, s)
	}
	return n * mult, nil
}

// lookPath finds the program path as a shell in the folder c.Dir would,
// and makes it absolute: a path with a slash, such as ./run.sh, is taken
// from c.Dir, and a name without one is looked up in PATH. When a name is
// not found in PATH but c.Dir has a file of that name, the error says to
// write it ./NAME, as a shell wants too.
func (c Config) lookPath(path string) (string, error) {
	dir, err := filepath.Abs(c.Dir)
	if err != nil {
		return "", err
	}
	if strings.Contains(path, "/") && !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	prog, err := exec.LookPath(path)
	if err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, path)); !strings.Contains(path, "/") && statErr == nil {
			return "", fmt.Errorf("%w (the working folder's own file is ./%s)", err, path)
		}
		return "", err
	}
	return filepath.Abs(prog)
}

// Describe says in a few words how a program runs in c on this machine,
// for the report's sandbox line: as which user, behind which walls
// (namespaces, Landlock and its ABI, the seccomp filter, control groups
// and their version), and what it sees.
func (c Config) Describe() string {
	if !LimitsHold {
		return "no launcher outside Linux: a process group and the time limits only, no wall"
	}
	var user string
	switch {
	case os.Geteuid() != 0:
		user = "as the grader's user"
	case c.User != nil:
		user = "as " + c.User.String()
	default:
		user = fmt.Sprintf("as uid %d on, one for each run", FirstDedicatedUid)
	}
	var walls []string
	if c.Mode == Isolated {
		walls = append(walls, "namespaces")
	}
	landlock := LandlockABI()
	if landlock > 0 {
		walls = append(walls, fmt.Sprintf("Landlock ABI %d", landlock))
	}
	walls = append(walls, "seccomp")
	memory := ""
	if kind := cgroupKind(); kind != "" {
		walls = append(walls, "control groups "+kind)
	}
	if !memoryCounted() {
		memory = ", memory: resident, no memfd or shared memory"
	}
	var sees string
	switch {
	case c.Mode == Isolated:
		sees = "it sees the system, its folders and a private /tmp"
	case landlock > 0:
		sees = "it reads the system and its folders only"
	case os.Geteuid() == 0:
		sees = "in a private copy, it reads what every user may"
	default:
		sees = "it shares the grader's files and processes"
	}
	return user + "; walls: " + strings.Join(walls, ", ") + memory + "; " + sees
}

// Settle returns c as programs can run here: Limited instead of
// Isolated where Probe says isolation is unavailable, with Probe's error
// to say why (it wraps ErrUnavailable); otherwise c and nil. Walled says
// whether the Limited run that results still has a wall.
func (c Config) Settle() (Config, error) {
	if c.Mode != Isolated {
		return c, nil
	}
	if err := Probe(); err != nil {
		c.Mode = Limited
		return c, err
	}
	return c, nil
}

// ErrNoWall means that nothing would keep a program from the grader's
// files: not its own user, nor namespaces, nor Landlock.
var ErrNoWall = errors.New("sandbox: nothing keeps a program from the grader's files")

// A NoWallError says why nothing would keep a program from the grader's
// files on this machine.
type NoWallError struct {
	Why string // such as "darwin is not Linux"
}

func (e *NoWallError) Error() string {
	return "sandbox: nothing keeps a program from the grader's files here (" + e.Why + ")"
}

// Unwrap returns ErrNoWall.
func (e *NoWallError) Unwrap() error { return ErrNoWall }
