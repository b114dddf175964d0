package sandbox

// The launcher's second stage, the last before the program: it joins the
// run's control groups, sets the rlimits, becomes the run's user, gives
// up every privilege, restricts itself with Landlock (landlock_linux.go),
// installs the seccomp filter (seccomp_linux.go) and execve's the
// program.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// execProgram is the launcher's second stage: it reads the spec on file
// 4, joins the run's control groups, if there are any, through files 5
// on, sets the limits on
// itself, becomes the run's user, gives up every privilege, restricts
// itself with Landlock, installs the seccomp filter and becomes the
// program. It reports a failure on file 3.
// It runs in the package's init, on the main thread, which is the one
// that calls execve: the ids, capabilities and filter it sets are that
// thread's, and the program's.
func execProgram() int {
	fail := os.NewFile(3, "exec error")
	specFile := os.NewFile(4, "spec")
	arg, err := io.ReadAll(io.LimitReader(specFile, maxSpec))
	specFile.Close()
	var s spec
	if err == nil {
		err = json.Unmarshal(arg, &s)
	}
	if err != nil {
		fmt.Fprint(fail, "spec: ", err)
		return 127
	}
	syscall.CloseOnExec(3)
	for i := range s.Joins {
		join := os.NewFile(uintptr(5+i), "cgroup")
		_, err := join.WriteString("0")
		join.Close()
		if err != nil {
			fmt.Fprint(fail, "control group: ", err)
			return 127
		}
	}
	if err := setLimits(s.Limits, s.Tasks); err != nil {
		fmt.Fprint(fail, "limits: ", err)
		return 127
	}
	if s.Root {
		if err := becomeUser(s.Run); err != nil {
			fmt.Fprint(fail, "user: ", err)
			return 127
		}
	}
	if err := dropPrivileges(); err != nil {
		fmt.Fprint(fail, "privileges: ", err)
		return 127
	}
	if err := s.Landlock.apply(); err != nil {
		fmt.Fprint(fail, err)
		return 127
	}
	if err := s.Filter.install(); err != nil {
		fmt.Fprint(fail, err)
		return 127
	}
	argv := append([]string{s.Path}, s.Args...)
	err = syscall.Exec(s.Path, argv, os.Environ())
	fmt.Fprint(fail, err)
	return 127
}

// becomeUser makes the calling thread, root, the user u: no capability in
// its bounding set, no supplementary group, and u's ids, real, effective
// and saved, so that it has no capability left either.
func becomeUser(u User) error {
	for c := uintptr(0); c < 64; c++ {
		if err := prctl(prCapbsetDrop, c); err == syscall.EINVAL {
			break // past the last capability
		}
	}
	prctl(prCapAmbient, prCapAmbientClearAll)
	if _, _, e := syscall.RawSyscall(syscall.SYS_SETGROUPS, 0, 0, 0); e != 0 {
		return fmt.Errorf("setgroups: %w", e)
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_SETRESGID, uintptr(u.Gid), uintptr(u.Gid), uintptr(u.Gid)); e != 0 {
		return fmt.Errorf("setresgid: %w", e)
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_SETRESUID, uintptr(u.Uid), uintptr(u.Uid), uintptr(u.Uid)); e != 0 {
		return fmt.Errorf("setresuid: %w", e)
	}
	return nil
}

// setLimits sets the rlimits that bound each process of the program;
// others is how many tasks of the same user RLIMIT_NPROC counts besides
// the run's. A limit that the grader itself is under, lower, holds
// instead: a grader that is not root may not raise it, as where a course
// platform's jail runs it (Moodle VPL's, whose processes limit a -j of
// 16 would pass).
func setLimits(lim Limits, others int) error {
	set := func(resource int, v uint64) error {
		return setrlimit(resource, v, v)
	}
	var errs []error
	errs = append(errs, set(syscall.RLIMIT_CORE, 0))
	if lim.Memory > 0 {
		// Twice the run's limit, which the supervisor enforces first on
		// memory in use: this refuses at once an allocation far too large.
		errs = append(errs, set(syscall.RLIMIT_DATA, 2*uint64(lim.Memory)))
	}
	if lim.CPU > 0 {
		// A second more than the run's limit, which the supervisor
		// enforces first across all the processes: this is the backstop.
		secs := uint64((lim.CPU+time.Second-1)/time.Second) + 1
		errs = append(errs, setrlimit(syscall.RLIMIT_CPU, secs, secs+1))
	}
	if lim.FileSize > 0 {
		errs = append(errs, set(syscall.RLIMIT_FSIZE, uint64(lim.FileSize)))
	}
	if lim.Processes > 0 {
		// Far more than the run's limit, which the supervisor enforces
		// when it counts that many: this is the backstop. Were it near,
		// a burst of forks between two counts would meet it, the
		// processes whose fork failed would end, and the run would go on
		// under its limit, never counted past it; and the runs of a user
		// at once share the kernel's count with each other and with the
		// grader's threads, which change after the run starts.
		errs = append(errs, set(rlimitNPROC, uint64(sharedRuns*lim.Processes+others+nprocSlack)))
	}
	if lim.OpenFiles > 0 {
		errs = append(errs, set(syscall.RLIMIT_NOFILE, uint64(lim.OpenFiles)))
	}
	return errors.Join(errs...)
}

// setrlimit sets the resource's soft and hard limits to cur and max, or
// to the hard limit the process is under where that is lower.
func setrlimit(resource int, cur, max uint64) error {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(resource, &old); err == nil {
		cur, max = min(cur, old.Max), min(max, old.Max)
	}
	return syscall.Setrlimit(resource, &syscall.Rlimit{Cur: cur, Max: max})
}

// dropPrivileges leaves the program no way to more privilege than its
// user's: no set-user-ID gain at execve; and it refuses to go on as user
// 0, which execve would give every capability. The launcher's init runs
// on the main thread, which is the one that calls execve, and this is the
// thread's.
func dropPrivileges() error {
	if err := prctl(prSetNoNewPrivs, 1); err != nil {
		return err
	}
	if os.Geteuid() == 0 {
		return errors.New("the program would run as root") // becomeUser, or the user namespace, saw to it that it does not
	}
	return nil // execve gives a user other than 0 no capability
}

// RLIMIT_NPROC is sharedRuns times Limits.Processes, and nprocSlack
// more, above the tasks of the user the run starts beside: room for that
// many runs of a user at once, each at its limit, and for the zombies and
// tasks on their way in or out that the kernel counts.
const (
	sharedRuns = 8
	nprocSlack = 16
)

// The kernel's numbers for prctl and setrlimit that package syscall lacks.
const (
	prSetNoNewPrivs      = 38
	prCapbsetDrop        = 24
	prCapAmbient         = 47
	prCapAmbientClearAll = 4
	rlimitNPROC          = 6
)

// prctl calls prctl(2) with option and one argument, on the calling
// thread.
func prctl(option, arg uintptr) error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, option, arg, 0); e != 0 {
		return e
	}
	return nil
}
