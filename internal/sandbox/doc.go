// Package sandbox runs an untrusted program, such as a student's answer to
// the assignment, so that it cannot see or change the grader that runs it
// or the machine, leaves nothing behind, and stops at its limits. Its
// model is isolate's, nsjail's and bubblewrap's: an unprivileged
// identity, an allow-list view of the file system built for each run, a
// fixed environment, a control group that counts all its memory, a
// seccomp filter, and, where the kernel has it, Landlock, which keeps a
// run to the same allow-list where namespaces cannot be had.
//
// # How it is built
//
// What a caller uses, Config, Limits and Status, is in sandbox.go.
// Start (start_linux.go) finds the program as a shell would, follows a
// version manager's shim to its interpreter (resolve_linux.go), and
// re-executes the grader's own binary as a small launcher: every binary
// that imports this package becomes the launcher when it is started under
// the name launcherName (the package's init checks os.Args[0]). The
// grader gives the launcher the run's spec on a pipe, never as an
// argument (a Limited run can read every command line of the machine),
// and the launcher gives back a verdict on another (launch_linux.go). The
// launcher works in two stages.
//
// The first stage is the run's supervisor (supervise_linux.go), in a
// session of its own with no controlling terminal. Isolated, it starts in
// its own PID, mount, network, IPC and UTS namespaces, and, when the
// grader is not root, a user namespace that maps it to the grader's user
// (root needs none to make the others). It is process 1 of the run. It
// builds the view (view_linux.go, with the mount helpers of
// mount_linux.go): a tmpfs root with the system's folders, /etc less its
// secrets, and the folders the program needs bound read-only, a private
// /tmp, a /dev of five devices and a masked /proc, and enters it with
// pivot_root. It makes itself non-dumpable, ignores every signal it can,
// and leaves the program no file but 0, 1 and 2.
//
// The second stage (exec_linux.go) joins the run's control groups (the
// grader makes a pids and a memory group for each run where it may: as
// root in v1, or in a v2 group of its own, root's or one systemd
// delegates to its user, which it first divides so that it sits in a
// leaf beside the runs' groups; cgroup_linux.go), sets the rlimits of
// Limits (none above a hard limit that the grader is under itself, such
// as a course platform's jail sets), becomes the run's user
// (as root: a dedicated id for each run at once, user.go, which no other
// grader of the machine takes meanwhile, lockid_linux.go; otherwise a
// nested user namespace in which it is the grader's user again), gives up
// every privilege (no capability, no new privileges), restricts itself
// with Landlock to the paths the grader listed (landlock_linux.go: read
// the system and what the run needs, write its home, no TCP, no signal
// outside the run), installs the seccomp filter (seccomp_linux.go) and
// execve's the program with the fixed environment (env.go).
//
// While the program runs, the first stage reaps every process that ends
// and, every 10ms, adds up the resident memory, the CPU time and the
// number of processes and threads of all the run's processes, as /proc
// tells them (procfs_linux.go), and reads the control groups' counts.
// Past a limit it kills them all and says which limit it was. Where the
// kernel bounds the memory and the processes itself (Isolated, in control
// groups that count both), it measures less often, up to every 200ms,
// but never later than the run could reach its CPU limit on every CPU of
// the machine at once. When the
// program's own process exits, or when the grader closes the control pipe
// (or dies), it kills every process that is left and writes the run's
// Status to the grader on a pipe. Process 1 of a PID namespace takes
// every other process of it along when it ends, and the launcher dies
// with the grader (PR_SET_PDEATHSIG).
//
// Where namespaces cannot be had, the launcher runs the program Limited
// (limited_linux.go): with the same limits, user, environment, Landlock
// and filter, as a child subreaper that kills every descendant at the
// end. As root, the program works in a private copy of what it needs,
// which its user owns, and the grader's files lose their permissions for
// others while runs go on; as a user, Landlock is what keeps it from the
// grader's files, and Config.Walled says when nothing would. Outside
// Linux there is no launcher (sandbox_other.go, proc_unix.go): the
// program runs in a process group of its own, with no limits but the
// grader's time limits.
// Probe says which mode a machine allows and, if not Isolated, what is
// missing: it sets a sandbox up as a run does, and for a grader that is
// not root also starts a process in the program's own user namespace
// (probeProgramNamespace), so that a machine where user namespaces nest
// one level short runs Limited instead of failing every run.
package sandbox
