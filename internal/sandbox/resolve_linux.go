package sandbox

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// shimLine is the line of a version manager's shim (pyenv, rbenv,
// nodenv, ...) that runs its command: exec "/root/.pyenv/libexec/pyenv"
// exec "$program" "$@".
var shimLine = regexp.MustCompile(`(?m)^exec "(/[^"]+/libexec/[a-z]+env)" exec "\$program"`)

// followShim returns the program that prog runs, if prog is a version
// manager's shim, which the grader asks (pyenv which NAME, as the
// grader's user, with its environment): the sandbox shows the program
// the interpreter alone, not the manager and its settings. Otherwise it
// returns prog. The manager is asked once for each shim, however many
// runs start at the same time: pyenv takes most of a second to answer.
func followShim(prog string) string {
	v, _ := shims.LoadOrStore(prog, &shim{})
	s := v.(*shim)
	s.once.Do(func() { s.real = resolveShim(prog) })
	return s.real
}

// shims holds a *shim for each program followShim was asked about.
var shims sync.Map

// A shim is what followShim found for one program.
type shim struct {
	once sync.Once
	real string
}

// resolveShim is followShim without the memory.
func resolveShim(prog string) string {
	data, err := os.ReadFile(prog)
	if err != nil || len(data) > 4096 || !bytes.HasPrefix(data, []byte("#!")) {
		return prog
	}
	m := shimLine.FindSubmatch(data)
	if m == nil {
		return prog
	}
	out, err := exec.Command(string(m[1]), "which", filepath.Base(prog)).Output()
	if err != nil {
		return prog
	}
	real := strings.TrimSpace(string(out))
	if fi, err := os.Stat(real); err != nil || fi.IsDir() || !filepath.IsAbs(real) {
		return prog
	}
	return real
}

// interpreterHome returns the folder that the program prog needs beside
// it, when it lives outside the system's folders: the installation it is
// part of, such as /root/.pyenv/versions/3.11.7 for its bin/python3,
// where its libraries are. It returns nothing for a program in the
// system's folders, one that is not in a bin folder beside a lib folder
// (a program in a submission, whose folder is shown anyway), or one whose
// installation would be a home folder.
func interpreterHome(prog string) []string {
	real, err := filepath.EvalSymlinks(prog)
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range []string{prog, real} {
		dir := filepath.Dir(p)
		home := filepath.Dir(dir)
		if fi, err := os.Stat(filepath.Join(home, "lib")); err != nil || !fi.IsDir() || filepath.Base(dir) != "bin" ||
			underAny(p, systemPaths) || home == "/root" || filepath.Dir(home) == "/home" {
			continue
		}
		out = append(out, home)
	}
	return out
}
