package sandbox

import "syscall"

// auditArch is how struct seccomp_data names the architecture of a native
// system call: AUDIT_ARCH_AARCH64.
const auditArch = 0xc00000b7

// x32Bit is 0: arm64 has no ABI that shares its architecture's name.
const x32Bit = 0

// The kernel's numbers of system calls, under the names that
// seccomp_linux_amd64.go gives those that package syscall lacks there.
const (
	nrSeccomp         = syscall.SYS_SECCOMP
	nrSetns           = syscall.SYS_SETNS
	nrBpf             = syscall.SYS_BPF
	nrUserfaultfd     = 282
	nrProcessVMReadv  = syscall.SYS_PROCESS_VM_READV
	nrProcessVMWritev = syscall.SYS_PROCESS_VM_WRITEV
	nrKcmp            = syscall.SYS_KCMP
	nrKexecFileLoad   = 294
	nrFinitModule     = syscall.SYS_FINIT_MODULE
	nrClockAdjtime    = syscall.SYS_CLOCK_ADJTIME
	nrNameToHandleAt  = syscall.SYS_NAME_TO_HANDLE_AT
	nrOpenByHandleAt  = syscall.SYS_OPEN_BY_HANDLE_AT
	nrMemfdCreate     = syscall.SYS_MEMFD_CREATE
)

// archRefused is empty: arm64 has no iopl, ioperm, _sysctl, uselib, ustat
// or sysfs.
var archRefused []uintptr
