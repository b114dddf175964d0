package sandbox

import "syscall"

// auditArch is how struct seccomp_data names the architecture of a native
// system call: AUDIT_ARCH_X86_64.
const auditArch = 0xc000003e

// x32Bit is the bit of a system call's number that marks the x32 ABI,
// whose system calls seccomp_data also names AUDIT_ARCH_X86_64.
const x32Bit = 0x40000000

// The kernel's numbers of system calls that package syscall lacks here.
const (
	nrSeccomp         = 317
	nrSetns           = 308
	nrBpf             = 321
	nrUserfaultfd     = 323
	nrProcessVMReadv  = 310
	nrProcessVMWritev = 311
	nrKcmp            = 312
	nrKexecFileLoad   = 320
	nrFinitModule     = 313
	nrClockAdjtime    = 305
	nrNameToHandleAt  = 303
	nrOpenByHandleAt  = 304
	nrMemfdCreate     = 319
)

// archRefused are the system calls that every filter refuses that only
// this architecture has: the I/O ports, and old ones that read the
// kernel's tables.
var archRefused = []uintptr{
	syscall.SYS_IOPL, syscall.SYS_IOPERM,
	syscall.SYS__SYSCTL, syscall.SYS_USELIB, syscall.SYS_USTAT, syscall.SYS_SYSFS,
}
