package sandbox_test

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"

	"github.com/othello-judge/judge/internal/sandbox"
)

// TestLimitUnderGrader checks that a grader under a hard limit lower than
// a run's, as where Moodle VPL's jail runs it, runs the program under
// its own limit, rather than failing each run on a limit that a grader
// that is not root may not raise. The test binary, started again, lowers
// its hard limit of processes to 64 above the tasks its user already
// runs: RLIMIT_NPROC counts them all, and for a user other than root
// they include the tests of the other packages running beside it (a
// limit of 64 alone left a launcher no thread to start). It skips where
// that is not under a run's own limit.
func TestLimitUnderGrader(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	if v := os.Getenv("OTHELLO_TEST_UNDER"); v != "" {
		limit, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		const nproc = 6 // RLIMIT_NPROC, which package syscall lacks
		if err := syscall.Setrlimit(nproc, &syscall.Rlimit{Cur: limit, Max: limit}); err != nil {
			t.Fatal(err)
		}
		out, st := run(t, sandbox.Config{Mode: sandbox.Limited, Limits: sandbox.DefaultLimits}, "", "bash", "-c", "ulimit -Hu")
		if st.Err != nil || out != v+"\n" {
			t.Errorf("got %q, %v; want the program under %s processes", out, st.Err, v)
		}
		return
	}
	limit := 64
	if os.Getuid() != 0 {
		limit += sandbox.UserTasks()
	}
	if limit >= sandbox.DefaultLimits.Processes {
		t.Skipf("a limit of %d processes, 64 above the user's tasks, is not under a run's %d", limit, sandbox.DefaultLimits.Processes)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLimitUnderGrader$")
	cmd.Env = append(os.Environ(), "OTHELLO_TEST_UNDER="+strconv.Itoa(limit))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
