package main

import (
	"archive/zip"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

const gradescopeUsage = `usage: othello gradescope -out autograder.zip [flags] -- COMMAND [ARGS...]

Writes a Gradescope autograder: a zip to upload as the assignment's
autograder. Gradescope runs each submission in a container of its own;
there run_autograder runs the bundled othello check, this binary, with
the flags given here and a fixed seed, on /autograder/submission,
COMMAND running inside it, and writes /autograder/results/results.json:
the sandbox's mode, then one test for each category, with the ways the
program fails and the smallest inputs. This binary must be static
linux/amd64, to run on every image of Gradescope's: a dynamically linked
one is refused (build it with CGO_ENABLED=0 go build ./cmd/othello).
setup.sh installs nothing: Gradescope's Ubuntu image has python3; add
what other languages need to it. The golden folders and the weights file
are bundled.
` + commandUsage + `
  -out FILE
	the zip to write (required)
` + checkFlagsUsage + sandboxUsage

// runAutograder is Gradescope's run_autograder. AUTOGRADER_ROOT, for
// tests, stands for /autograder.
const runAutograder = `#!/bin/sh
# Grades the submission with othello check (see README.md of the judge)
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

// runGradescope runs "othello gradescope".
func runGradescope(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("gradescope", stderr)
	cf := addCheckFlags(flags)
	out := flags.String("out", "", "")
	if status, ok := parseFlags(flags, args, gradescopeUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int {
		return badUsage(stderr, "gradescope", gradescopeUsage, format, a...)
	}
	if flags.NArg() == 0 {
		return usageError("no command to grade")
	}
	if *out == "" {
		return usageError("-out FILE is required")
	}
	if _, err := cf.config(flags); err != nil {
		return usageError("%v", err)
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		fmt.Fprintf(stderr, "othello gradescope: this binary is for %s/%s; Gradescope needs linux/amd64: build one with GOOS=linux GOARCH=amd64 CGO_ENABLED=0 go build ./cmd/othello\n", runtime.GOOS, runtime.GOARCH)
		return 1
	}
	self, err := os.Executable()
	if err == nil {
		err = checkStatic(self)
	}
	if err != nil {
		fmt.Fprintf(stderr, "othello gradescope: %v\n", err)
		return 1
	}
	if err := writeAutograder(*out, self, flags, cf); err != nil {
		fmt.Fprintf(stderr, "othello gradescope: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: upload it as the autograder\n", *out)
	return 0
}

// errDynamic means a binary is dynamically linked: it needs a loader and
// libraries that Gradescope's images may not have.
var errDynamic = errors.New("dynamically linked")

// A dynamicError reports a binary that is dynamically linked, and what
// it needs.
type dynamicError struct {
	Path  string
	Needs []string // its loader (PT_INTERP) and libraries (DT_NEEDED)
}

func (e *dynamicError) Error() string {
	return fmt.Sprintf("%s is %v (it needs %s), and would fail where the C library differs, as on Gradescope's older images: "+
		"build a static one with CGO_ENABLED=0 go build -o bin/othello ./cmd/othello", e.Path, errDynamic, strings.Join(e.Needs, ", "))
}

func (e *dynamicError) Unwrap() error { return errDynamic }

// checkStatic returns nil if the ELF binary path is statically linked: it
// has no loader (a PT_INTERP program header) and needs no library (no
// DT_NEEDED); a *dynamicError if it is not; or why it could not be read.
func checkStatic(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var needs []string
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			interp, err := io.ReadAll(p.Open())
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			needs = append(needs, strings.TrimRight(string(interp), "\x00"))
		}
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if needs = append(needs, libs...); len(needs) > 0 {
		return &dynamicError{Path: path, Needs: needs}
	}
	return nil
}

// writeAutograder writes the zip: the binary self, setup.sh,
// run_autograder with the flags set on flags (but -out), the golden
// folders and the weights file of cf.
func writeAutograder(path, self string, flags *flag.FlagSet, cf *checkFlags) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	z := zip.NewWriter(f)
	add := func(name string, mode fs.FileMode, data []byte) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Now()}
		h.SetMode(mode)
		w, err := z.CreateHeader(h)
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	var args []string
	seed := false
	golden := 0
	var errs []error
	flags.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "out", "format":
		case "golden":
			for _, dir := range cf.golden {
				name := "golden/" + strconv.Itoa(golden)
				golden++
				errs = append(errs, addDir(add, dir, name))
				args = append(args, "-golden", "$root/source/"+name)
			}
		case "weights":
			data, err := os.ReadFile(*cf.weights)
			errs = append(errs, err, add("weights.txt", 0o644, data))
			args = append(args, "-weights", "$root/source/weights.txt")
		// Flags that a function parses have no value to print: each is
		// written again from what it parsed.
		case "env":
			for _, kv := range cf.env {
				args = append(args, quote("-env="+kv))
			}
		case "bind":
			for _, p := range cf.bind {
				args = append(args, quote("-bind="+p))
			}
		case "memory":
			args = append(args, quote("-memory="+strconv.FormatInt(cf.limits.Memory, 10)))
		case "file-size":
			args = append(args, quote("-file-size="+strconv.FormatInt(cf.limits.FileSize, 10)))
		default:
			seed = seed || fl.Name == "seed"
			args = append(args, quote("-"+fl.Name+"="+fl.Value.String()))
		}
	})
	if !seed {
		args = append(args, "-seed="+strconv.FormatUint(clockSeed(), 10))
	}
	args = append(args, "--")
	for _, a := range flags.Args() {
		args = append(args, quote(a))
	}
	for i, a := range args {
		if strings.HasPrefix(a, "$root/") {
			args[i] = `"` + a + `"`
		}
	}
	bin, err := os.ReadFile(self)
	errs = append(errs, err,
		add("othello", 0o755, bin),
		add("setup.sh", 0o755, []byte(setupScript)),
		add("run_autograder", 0o755, []byte(fmt.Sprintf(runAutograder, strings.Join(args, " ")))),
		z.Close(), f.Close())
	return errors.Join(errs...)
}

// addDir adds the transcripts of dir to the zip under name.
func addDir(add func(string, fs.FileMode, []byte) error, dir, name string) error {
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
