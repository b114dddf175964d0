package sandbox

// The mount helpers that build the view (view_linux.go): binding an open
// file read-only, covering a path, pivoting into a new root, and the
// kernel's numbers they need; and the paths of the mount table, in which
// cgroup_linux.go finds the control groups.

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// bindReadOnly binds the open file or folder f at to, which it makes
// first, read-only and without set-user-ID, with what is mounted in it.
func bindReadOnly(f *os.File, to string) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.IsDir() {
		err = os.MkdirAll(to, 0o755)
	} else if err = os.MkdirAll(filepath.Dir(to), 0o755); err == nil {
		err = os.WriteFile(to, nil, 0o644)
	}
	if err != nil {
		return err
	}
	if err := syscall.Mount(fdPath(f), to, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return err
	}
	return readOnly(to)
}

// readOnly makes the mount at path, and those in it, read-only and
// without set-user-ID: in one call where the kernel has mount_setattr
// (5.12), the top mount alone otherwise, keeping the flags that a mount
// namespace of a user namespace may not clear.
func readOnly(path string) error {
	attr := struct{ set, clr, propagation, userns uint64 }{set: mountAttrRdonly | mountAttrNosuid}
	p, err := syscall.BytePtrFromString(path)
	if err != nil {
		return err
	}
	dirfd := atFdcwd
	_, _, e := syscall.Syscall6(nrMountSetattr, uintptr(dirfd), uintptr(unsafe.Pointer(p)),
		atRecursive, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e == 0 {
		return nil
	}
	if e != syscall.ENOSYS {
		return e
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return err
	}
	const kept = syscall.MS_NODEV | syscall.MS_NOEXEC | syscall.MS_NOATIME | syscall.MS_NODIRATIME | syscall.MS_RELATIME // as statfs's ST_ flags
	flags := uintptr(syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY|syscall.MS_NOSUID) | uintptr(st.Flags)&kept
	return syscall.Mount("", path, "", flags, "")
}

// readOnlyTop makes the mount at path read-only, but not those in it.
func readOnlyTop(path string) error {
	return syscall.Mount("", path, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NOEXEC, "")
}

// coverDir covers the folder at path with an empty one that nobody may
// read.
func coverDir(path string) error {
	return syscall.Mount("tmpfs", path, "tmpfs", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "mode=0,size=4k")
}

// coverFile covers the file at path with the null device (devNull, or
// the system's /dev/null when nil), read-only.
func coverFile(path string, devNull *os.File) error {
	from := "/dev/null"
	if devNull != nil {
		from = fdPath(devNull)
	}
	if err := syscall.Mount(from, path, "", syscall.MS_BIND, ""); err != nil {
		return err
	}
	return readOnlyTop(path)
}

// pivotRoot makes the folder dir the root of the calling process's mount
// namespace, and its working folder: pivot_root with the old root on top
// of the new one, then dropped, so that nothing of the old tree is left in
// the namespace.
func pivotRoot(dir string) error {
	if err := os.Chdir(dir); err != nil {
		return err
	}
	if err := syscall.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root (%v)", err)
	}
	if err := syscall.Unmount(".", syscall.MNT_DETACH); err != nil {
		return fmt.Errorf("leaving the old root (%v)", err)
	}
	return nil
}

// fdPath returns the path of the open file f in /proc/self/fd: the
// source of a bind mount of it, and a link to the path it was opened by.
func fdPath(f *os.File) string { return fmt.Sprintf("/proc/self/fd/%d", f.Fd()) }

// oPath is O_PATH, which package syscall lacks: a file opened only to be
// named, as the source of a bind mount.
const oPath = 0x200000

// The kernel's numbers for mount_setattr(2) that package syscall lacks.
// The seccomp filter refuses the call to the program.
const (
	nrMountSetattr  = 442 // the same number on every architecture
	mountAttrRdonly = 0x1
	mountAttrNosuid = 0x2
	atRecursive     = 0x8000
	atFdcwd         = -0x64
)

// unescapeMountPath undoes the octal escapes of /proc/self/mountinfo.
func unescapeMountPath(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
