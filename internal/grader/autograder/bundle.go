package autograder

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A Bundle is what an autograder holds besides its scripts: the othello
// binary, and the othello check that it runs on each submission, with
// the golden folders and the weights file that the check names, which
// are bundled too. WriteGradescopeZip writes one in a zip, and
// WriteVPLFiles in a folder.
type Bundle struct {
	// Binary is the path of the othello binary to bundle, which must be
	// static (CheckStatic).
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

// A bundledFile is a file of an autograder: its path in it, with
// slashes, its mode and its bytes.
type bundledFile struct {
	name string
	mode fs.FileMode
	data []byte
}

// files returns the files of b: the binary as othello, the transcripts
// of each golden folder (its .in, .out and .err files, in its subfolders
// too) under golden/N, and the weights file as weights.txt; and the
// arguments of othello check after -format: b's flags, then -golden and
// -weights naming those files under root (a path, or sh code such as
// $root/source), then "--" and the command, each quoted for sh.
func (b Bundle) files(root string) ([]bundledFile, string, error) {
	at := func(name string) string {
		if strings.Contains(root, "$") {
			return `"` + root + "/" + name + `"` // the variable expanded
		}
		return quote(root + "/" + name)
	}
	var args []string
	for _, fl := range b.Flags {
		args = append(args, quote(fl))
	}
	bin, err := os.ReadFile(b.Binary)
	files := []bundledFile{{"othello", 0o755, bin}}
	errs := []error{err}
	for i, dir := range b.Golden {
		name := "golden/" + strconv.Itoa(i)
		golden, err := transcripts(dir, name)
		files, errs = append(files, golden...), append(errs, err)
		args = append(args, "-golden", at(name))
	}
	if b.Weights != "" {
		data, err := os.ReadFile(b.Weights)
		files, errs = append(files, bundledFile{"weights.txt", 0o644, data}), append(errs, err)
		args = append(args, "-weights", at("weights.txt"))
	}
	args = append(args, "--")
	for _, a := range b.Command {
		args = append(args, quote(a))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, "", fmt.Errorf("autograder: %w", err)
	}
	return files, strings.Join(args, " "), nil
}

// transcripts returns the transcripts of dir under name.
func transcripts(dir, name string) ([]bundledFile, error) {
	var files []bundledFile
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
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
		files = append(files, bundledFile{name + "/" + filepath.ToSlash(rel), 0o644, data})
		return err
	})
	return files, err
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
