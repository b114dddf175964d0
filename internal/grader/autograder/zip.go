package autograder

import (
	"archive/zip"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// runAutograder is Gradescope's run_autograder, othello check's
// arguments in place of %s. AUTOGRADER_ROOT, for tests, stands for
// /autograder.
const runAutograder = `#!/bin/sh
# Grades the submission with othello check (see doc/grading.md of the judge)
# and writes Gradescope's results.json.
root="${AUTOGRADER_ROOT:-/autograder}"
mkdir -p "$root/results"
cd "$root/submission" || exit 1
"$root/source/othello" check -format gradescope %s > "$root/results/results.json"
status=$?
# 0: all passed; 1: failures, in the results. Anything else is ours.
[ $status -le 1 ] || exit $status
exit 0
`

// setupScript is Gradescope's setup.sh.
const setupScript = `#!/bin/sh
# othello check needs nothing installed. Install here what the students'
# programs need beyond Gradescope's Ubuntu image, such as a Java
# compiler: apt-get install -y default-jdk
exit 0
`

// A GradescopeZip is what WriteGradescopeZip puts in a Gradescope
// autograder: the othello binary, and the arguments of the othello check
// that its run_autograder runs, with the files they name; and what
// WriteClassroomTemplate puts in a template repository of GitHub
// Classroom, for its workflow.
type GradescopeZip struct {
	// Binary is the path of the othello binary to bundle, which must be
	// static linux/amd64 (CheckStatic).
	Binary string
	// Flags are othello check's flags, each one argument such as "-n=7"
	// or "-env=COURSE=othello 101", in the order they are to be given;
	// not -golden nor -weights, which name files, nor -format.
	Flags []string
	// Golden are the golden folders to bundle, each given to -golden.
	Golden []string
	// Weights is the weights file to bundle, given to -weights; "" for
	// none.
	Weights string
	// Command is the program to check and its arguments, after "--".
	Command []string
}

// WriteGradescopeZip writes the zip of a Gradescope autograder to path:
// the binary z.Binary as othello, setup.sh, run_autograder, which runs
// othello check -format gradescope with z's flags, its golden folders
// and weights file and its command, each quoted for sh, and the
// transcripts of the golden folders (their .in, .out and .err files)
// and the weights file, which it names under $root/source.
func WriteGradescopeZip(path string, z GradescopeZip) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	zw := zip.NewWriter(f)
	add := func(name string, mode fs.FileMode, data []byte) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Now()}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	args, err := z.bundle(add, func(name string) string { return `"$root/source/` + name + `"` })
	bin, binErr := os.ReadFile(z.Binary)
	err = errors.Join(err, binErr,
		add("othello", 0o755, bin),
		add("setup.sh", 0o755, []byte(setupScript)),
		add("run_autograder", 0o755, []byte(fmt.Sprintf(runAutograder, strings.Join(args, " ")))),
		zw.Close(), f.Close())
	if err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	return nil
}

// An addFunc adds a file to what an autograder bundles: its name, with
// slashes, in the bundle, its mode and its bytes.
type addFunc func(name string, mode fs.FileMode, data []byte) error

// bundle adds with add the transcripts of z's golden folders, each as
// golden/N, and its weights file as weights.txt, and returns the
// arguments of the othello check that z asks for, each quoted for sh:
// its flags, those files as at names them, such as
// "$root/source/golden/0", then "--" and its command.
func (z GradescopeZip) bundle(add addFunc, at func(name string) string) ([]string, error) {
	var args []string
	for _, fl := range z.Flags {
		args = append(args, quote(fl))
	}
	var errs []error
	for i, dir := range z.Golden {
		name := "golden/" + strconv.Itoa(i)
		errs = append(errs, addDir(add, dir, name))
		args = append(args, "-golden", at(name))
	}
	if z.Weights != "" {
		data, err := os.ReadFile(z.Weights)
		errs = append(errs, err, add("weights.txt", 0o644, data))
		args = append(args, "-weights", at("weights.txt"))
	}
	args = append(args, "--")
	for _, a := range z.Command {
		args = append(args, quote(a))
	}
	return args, errors.Join(errs...)
}

// addDir adds the transcripts of dir to the zip under name.
func addDir(add addFunc, dir, name string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := filepath.Ext(p)
		if ext != ".in" && ext != ".out" && ext != ".err" {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return add(name+"/"+filepath.ToSlash(rel), 0o644, data)
	})
}

// quote quotes s for sh.
func quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./:,+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ErrDynamic means a binary is dynamically linked: it needs a loader and
// libraries that Gradescope's images may not have.
var ErrDynamic = errors.New("autograder: dynamically linked")

// A DynamicError reports a binary that is dynamically linked, and what
// it needs. It wraps ErrDynamic.
type DynamicError struct {
	Path  string
	Needs []string // its loader (PT_INTERP) and libraries (DT_NEEDED)
}

// Error says that the binary is dynamically linked, what it needs, and
// how to build a static one.
func (e *DynamicError) Error() string {
	return fmt.Sprintf("autograder: %s is dynamically linked (it needs %s), and would fail where the C library differs, as on Gradescope's older images: "+
		"build a static one with CGO_ENABLED=0 go build -o bin/othello ./cmd/othello", e.Path, strings.Join(e.Needs, ", "))
}

// Unwrap returns ErrDynamic.
func (e *DynamicError) Unwrap() error { return ErrDynamic }

// CheckStatic returns nil if the ELF binary path is statically linked: it
// has no loader (a PT_INTERP program header) and needs no library (no
// DT_NEEDED); a *DynamicError if it is not; or why it could not be read,
// such as that it is not ELF.
func CheckStatic(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	defer f.Close()
	var needs []string
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			interp, err := io.ReadAll(p.Open())
			if err != nil {
				return fmt.Errorf("autograder: %s: %w", path, err)
			}
			needs = append(needs, strings.TrimRight(string(interp), "\x00"))
		}
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return fmt.Errorf("autograder: %s: %w", path, err)
	}
	if needs = append(needs, libs...); len(needs) > 0 {
		return &DynamicError{Path: path, Needs: needs}
	}
	return nil
}
