package gradetest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/sandbox"
)

// Where a fake Python of FakePython lacks the module json.
const (
	// LacksJSON lacks it in every script the grader runs with -I -c, the
	// probe's and the structure check's, as python3-minimal does.
	LacksJSON = "every"
	// LacksJSONAfterProbe lacks it only in a script given arguments: the
	// structure check's, not the probe's (check.ProbeStructure).
	LacksJSONAfterProbe = "args"
	// LacksJSONInProbe lacks it only in a script given none: the probe's.
	LacksJSONInProbe = "noargs"
)

// fakePython is a Python 3 that lacks the module json in the scripts
// that the grader runs (python -I -c SCRIPT ARGS...) where %[2]q says,
// and runs anything else, such as a student's program, as the real
// Python %[1]s does. Its import of json fails as python3-minimal's does:
// ModuleNotFoundError: No module named 'json', at the script's line.
const fakePython = `#!%[1]s -I
import os
import sys

args = sys.argv[1:]
where = %[2]q
if args[:2] == ["-I", "-c"] and (where == "every" or (where == "args") == (len(args) > 3)):
    class Minimal:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "json":
                raise ModuleNotFoundError("No module named %%r" %% name, name=name)
            return None

    sys.meta_path.insert(0, Minimal())
    sys.argv = ["-c"] + args[3:]
    exec(compile(args[2], "<string>", "exec"), {"__name__": "__main__"})
else:
    os.execv(%[1]q, [%[1]q] + args)
`

// SystemPython returns the python3 that a run in the sandbox finds, in
// the folders of its PATH (sandbox.SystemPath), which the sandbox shows
// every run; it skips the test where there is none.
func SystemPython(t *testing.T) string {
	t.Helper()
	for _, dir := range filepath.SplitList(sandbox.SystemPath) {
		if path := filepath.Join(dir, "python3"); executable(path) {
			return path
		}
	}
	t.Skipf("no python3 in %s", sandbox.SystemPath)
	return ""
}

// FakePython writes dir/name, a Python 3 that lacks the module json
// where lacks says (LacksJSON, LacksJSONAfterProbe, LacksJSONInProbe), as
// a grader's machine with python3-minimal does, and runs anything else
// as SystemPython does; it returns its path. The run must be given dir,
// such as the submission's folder: the file is there. It skips the test
// where there is no SystemPython.
func FakePython(t *testing.T, dir, name, lacks string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, fmt.Appendf(nil, fakePython, SystemPython(t), lacks), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// PreferSystemPython makes python3 in PATH the system's (the first in
// sandbox.SystemPath) where PATH would find another first, such as a
// version manager's shim (pyenv's): it puts the system's folder before
// the first folder of PATH that holds a python3, and leaves the folders
// before that one first. The tests check the grader, not an interpreter:
// on this project's machines a start of pyenv's python3 costs 0.16 s of
// CPU (its shim, and its site's imports), of the system's 0.02 s, which
// was a third of cmd/othello's tests. Following a shim is the sandbox's
// TestFollowShim. TestMain calls it before the tests run.
func PreferSystemPython() {
	var system string
	for _, dir := range filepath.SplitList(sandbox.SystemPath) {
		if executable(filepath.Join(dir, "python3")) {
			system = dir
			break
		}
	}
	path := filepath.SplitList(os.Getenv("PATH"))
	at := slices.IndexFunc(path, func(dir string) bool { return executable(filepath.Join(dir, "python3")) })
	if system == "" || at < 0 || path[at] == system {
		return
	}
	path = slices.Insert(path, at, system)
	os.Setenv("PATH", strings.Join(path, string(os.PathListSeparator)))
}

// executable reports whether path is a file that may be run, or a link
// to one.
func executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}
