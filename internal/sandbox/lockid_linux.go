package sandbox

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// lockDir returns the folder of the dedicated ids' locks: /run's, which
// only root writes and the machine empties when it starts, or the
// temporary folder's.
func lockDir() string {
	if fi, err := os.Stat("/run"); err == nil && fi.IsDir() {
		return "/run/othello-ids"
	}
	return filepath.Join(os.TempDir(), "othello-ids")
}

// lockId takes the dedicated id for a run of this grader against the
// other graders of the machine: it holds a lock on a file of root's,
// which the kernel lets go when the grader ends, however it ends, and
// which unlock removes. It reports false if another grader holds it.
func lockId(id int) (unlock func(), ok bool) {
	dir := lockDir()
	if err := os.Mkdir(dir, 0o700); err != nil && !os.IsExist(err) {
		return func() {}, true // no lock to be had: this grader's own pool still holds
	}
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 || fi.Sys().(*syscall.Stat_t).Uid != uint32(os.Geteuid()) {
		return func() {}, true // not the grader's own folder: no lock is to be trusted there
	}
	path := filepath.Join(dir, strconv.Itoa(id))
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return func() {}, true
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			return nil, false
		}
		// The file may have been removed by the grader that held it
		// between the open and the lock: then lock the new one.
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return func() { os.Remove(path); f.Close() }, true
		}
		f.Close()
	}
}
