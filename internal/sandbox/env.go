package sandbox

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// SystemPath is the program's PATH: the system's folders, the same on
// every machine. A command outside them is found by the grader, in its
// own PATH, before the run.
const SystemPath = "/usr/local/bin:/usr/bin:/bin"

// ErrEnv means a variable for the program is not NAME=VALUE, or names
// one that the sandbox sets itself.
var ErrEnv = errors.New("sandbox: not a variable the program may be given")

// fixedEnv names the variables the sandbox always sets.
var fixedEnv = []string{"PATH", "HOME", "TMPDIR", "TMP", "TEMP", "LANG"}

// CheckEnv checks a variable for Config.Env: NAME=VALUE, with a name of
// letters, digits and underscores that is none of the fixed ones. The
// error wraps ErrEnv.
func CheckEnv(kv string) error {
	name, _, ok := strings.Cut(kv, "=")
	valid := ok && name != "" && strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == "" &&
		!strings.ContainsRune(kv, 0)
	switch {
	case !valid:
		return fmt.Errorf("%w: %q is not NAME=VALUE", ErrEnv, kv)
	case slices.Contains(fixedEnv, name):
		return fmt.Errorf("%w: %s is set by the sandbox", ErrEnv, name)
	}
	return nil
}

// environ returns the program's environment, with home as its home and
// temporary folder: the fixed variables, then c.Env. Nothing of the
// grader's environment is in it.
func (c Config) environ(home string) []string {
	env := []string{
		"PATH=" + SystemPath,
		"HOME=" + home,
		"TMPDIR=" + home,
		"TMP=" + home,
		"TEMP=" + home,
		"LANG=C.UTF-8",
	}
	return append(env, c.Env...)
}

// Environment says in one line what the program's environment is, for a
// report: "PATH=/usr/local/bin:/usr/bin:/bin HOME=TMPDIR=TMP=TEMP=/tmp
// LANG=C.UTF-8", and the names of c.Env's variables (not their values,
// which may be a course's own).
func (c Config) Environment() string {
	home := "/tmp"
	if c.Mode == Limited {
		home = "(a private folder)"
	}
	s := "PATH=" + SystemPath + " HOME=TMPDIR=TMP=TEMP=" + home + " LANG=C.UTF-8"
	for _, kv := range c.Env {
		name, _, _ := strings.Cut(kv, "=")
		s += " " + name + "=…"
	}
	return s
}
