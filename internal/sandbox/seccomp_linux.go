//go:build amd64 || arm64

package sandbox

// The seccomp filter of a run, which the launcher's second stage installs
// just before it execve's the program: the program and everything it
// starts inherit it. Like Docker's and Podman's default profiles, it
// refuses what a program of the assignment never needs and what would
// reach past the sandbox (mounts, namespaces, the kernel's keyrings, BPF,
// tracing other processes, the clock, modules, the machine itself), with
// EPERM rather than a kill, so that a runtime that probes for a system
// call still starts; it allows everything else.

import (
	"fmt"
	"syscall"
	"unsafe"
)

// A filter says what the seccomp filter of a run refuses beyond the fixed
// list, refusedSyscalls.
type filter struct {
	NoUnixSockets  bool // refuse socket(AF_UNIX, ...) too (Limited mode: no network namespace); socketpair stays allowed
	NoSharedMemory bool // refuse memfd_create, SysV shmget and memfd_secret: where no memory control group counts their pages
	NoSysVIPC      bool // refuse shmget, msgget, semget and mq_open (POSIX message queues): Limited mode, where they would outlive the run
}

// refusedSyscalls are the system calls that every filter refuses with EPERM,
// whatever their arguments.
var refusedSyscalls = append([]uintptr{
	// Mounts and the root folder.
	syscall.SYS_MOUNT, syscall.SYS_UMOUNT2, syscall.SYS_PIVOT_ROOT, syscall.SYS_CHROOT,
	nrMountSetattr, nrOpenTree, nrOpenTreeAttr, nrMoveMount, nrFsopen, nrFsconfig, nrFsmount, nrFspick,
	// Namespaces: a new user namespace gives back every capability in it.
	syscall.SYS_UNSHARE, nrSetns,
	// Large parts of the kernel that a program does not need: keyrings,
	// BPF, performance counters, fanotify, userfaultfd, io_uring.
	syscall.SYS_KEYCTL, syscall.SYS_ADD_KEY, syscall.SYS_REQUEST_KEY,
	nrBpf, syscall.SYS_PERF_EVENT_OPEN, syscall.SYS_FANOTIFY_INIT, nrUserfaultfd,
	nrIoUringSetup, nrIoUringEnter, nrIoUringRegister,
	// Other processes' memory and files.
	syscall.SYS_PTRACE, nrProcessVMReadv, nrProcessVMWritev, nrKcmp, nrPidfdGetfd,
	// Kernels and modules.
	syscall.SYS_KEXEC_LOAD, nrKexecFileLoad,
	syscall.SYS_INIT_MODULE, nrFinitModule, syscall.SYS_DELETE_MODULE,
	// The machine's log, clock, name, swap, quotas and terminals.
	syscall.SYS_SYSLOG, syscall.SYS_ACCT, syscall.SYS_REBOOT, syscall.SYS_SWAPON, syscall.SYS_SWAPOFF,
	syscall.SYS_SETTIMEOFDAY, syscall.SYS_CLOCK_SETTIME, nrClockAdjtime, syscall.SYS_ADJTIMEX,
	syscall.SYS_SETHOSTNAME, syscall.SYS_SETDOMAINNAME, syscall.SYS_QUOTACTL, nrQuotactlFd,
	syscall.SYS_VHANGUP,
	// Files by handle, which skip the folders' permissions.
	nrNameToHandleAt, nrOpenByHandleAt, syscall.SYS_LOOKUP_DCOOKIE,
}, archRefused...)

// allowedPersonalities are the values of personality(2) that a filter
// allows, as Docker's profile does: PER_LINUX, PER_LINUX32, UNAME26, both,
// and the query 0xffffffff.
var allowedPersonalities = []uint32{0, 0x8, 0x20000, 0x20008, 0xffffffff}

// cloneNamespaces are the flags of clone(2) that make new namespaces.
const cloneNamespaces = syscall.CLONE_NEWNS | syscall.CLONE_NEWUTS | syscall.CLONE_NEWIPC |
	syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET | syscall.CLONE_NEWCGROUP

// The kernel's numbers of seccomp and struct seccomp_data.
const (
	seccompSetModeFilter = 1
	seccompRetAllow      = 0x7fff0000
	seccompRetErrno      = 0x00050000 // with the errno in the low 16 bits
	dataNr               = 0
	dataArch             = 4
	dataArg0             = 16 // the low 32 bits of the first argument, on a little-endian machine
)

// The numbers of system calls that package syscall lacks and that are the
// same on every architecture (those from Linux 5.1 on); nrMountSetattr,
// which the view uses too, is in mount_linux.go.
const (
	nrOpenTree        = 428
	nrOpenTreeAttr    = 467
	nrMoveMount       = 429
	nrFsopen          = 430
	nrFsconfig        = 431
	nrFsmount         = 432
	nrFspick          = 433
	nrIoUringSetup    = 425
	nrIoUringEnter    = 426
	nrIoUringRegister = 427
	nrPidfdGetfd      = 438
	nrQuotactlFd      = 443
	nrClone3          = 435
	nrMemfdSecret     = 447
)

// install installs the filter on the calling thread, which must be locked
// to its goroutine (the launcher's init is, on the main thread); the
// thread keeps it across execve, and the program's processes inherit it.
// No_new_privs must be set first (the kernel refuses the filter with
// EACCES otherwise, unless the thread has CAP_SYS_ADMIN).
func (f filter) install() error {
	prog := f.program()
	fprog := syscall.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if _, _, e := syscall.RawSyscall(nrSeccomp, seccompSetModeFilter, 0, uintptr(unsafe.Pointer(&fprog))); e != 0 {
		return fmt.Errorf("sandbox: seccomp filter: %w", e)
	}
	return nil
}

// program returns the filter as a classic BPF program. Every jump is over
// a few instructions at most, well within the 8 bits of its offset.
func (f filter) program() []syscall.SockFilter {
	refuse := append([]uintptr{}, refusedSyscalls...)
	if f.NoUnixSockets {
		refuse = append(refuse, syscall.SYS_SOCKET)
	}
	if f.NoSharedMemory {
		refuse = append(refuse, nrMemfdCreate, nrMemfdSecret)
	}
	if f.NoSharedMemory || f.NoSysVIPC {
		refuse = append(refuse, syscall.SYS_SHMGET)
	}
	if f.NoSysVIPC {
		refuse = append(refuse, syscall.SYS_MSGGET, syscall.SYS_SEMGET, syscall.SYS_MQ_OPEN)
	}

	eperm := bpfRet(seccompRetErrno | uint32(syscall.EPERM))
	// A system call of another architecture (i386's int 0x80 on x86_64,
	// arm's on arm64) has other numbers: all are refused.
	p := []syscall.SockFilter{
		bpfLoad(dataArch),
		bpfJump(syscall.BPF_JEQ, auditArch, 1, 0),
		eperm,
		bpfLoad(dataNr),
	}
	// So are those of the x32 ABI, which x86_64 tells by a bit of the
	// number.
	if x32Bit != 0 {
		p = append(p, bpfJump(syscall.BPF_JSET, x32Bit, 0, 1), eperm)
	}
	for _, nr := range refuse {
		p = append(p, bpfJump(syscall.BPF_JEQ, uint32(nr), 0, 1), eperm)
	}
	// clone3 passes its flags in memory, which the filter cannot read:
	// ENOSYS makes glibc and Go fall back to clone.
	p = append(p, bpfJump(syscall.BPF_JEQ, nrClone3, 0, 1), bpfRet(seccompRetErrno|uint32(syscall.ENOSYS)))

	// The system calls refused for some values of their first argument,
	// of which the kernel reads the low 32 bits only: each block ends the
	// program.
	p = append(p,
		bpfJump(syscall.BPF_JEQ, syscall.SYS_CLONE, 0, 4),
		bpfLoad(dataArg0),
		bpfJump(syscall.BPF_JSET, cloneNamespaces, 0, 1),
		eperm,
		bpfRet(seccompRetAllow))
	p = append(p, allowOnly(syscall.SYS_PERSONALITY, allowedPersonalities...)...)
	if !f.NoUnixSockets {
		p = append(p, allowOnly(syscall.SYS_SOCKET, syscall.AF_UNIX)...)
	}
	return append(p, bpfRet(seccompRetAllow))
}

// allowOnly returns the block of a program that, for system call nr,
// allows it when its first argument is one of values and refuses it
// otherwise, and jumps past itself for any other system call.
func allowOnly(nr uint32, values ...uint32) []syscall.SockFilter {
	n := uint8(len(values))
	p := []syscall.SockFilter{bpfJump(syscall.BPF_JEQ, nr, 0, n+3), bpfLoad(dataArg0)}
	for i, v := range values {
		p = append(p, bpfJump(syscall.BPF_JEQ, v, n-uint8(i), 0))
	}
	return append(p, bpfRet(seccompRetErrno|uint32(syscall.EPERM)), bpfRet(seccompRetAllow))
}

// bpfLoad returns the instruction that loads the 32-bit word at offset off
// of struct seccomp_data.
func bpfLoad(off uint32) syscall.SockFilter {
	return syscall.SockFilter{Code: syscall.BPF_LD | syscall.BPF_W | syscall.BPF_ABS, K: off}
}

// bpfJump returns the instruction that compares the loaded word with k (op
// is BPF_JEQ or BPF_JSET) and skips jt instructions if true, jf if false.
func bpfJump(op uint16, k uint32, jt, jf uint8) syscall.SockFilter {
	return syscall.SockFilter{Code: syscall.BPF_JMP | op | syscall.BPF_K, Jt: jt, Jf: jf, K: k}
}

// bpfRet returns the instruction that ends the program with the action k.
func bpfRet(k uint32) syscall.SockFilter {
	return syscall.SockFilter{Code: syscall.BPF_RET | syscall.BPF_K, K: k}
}
