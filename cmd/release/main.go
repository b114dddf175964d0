// Command release writes the files of a release of othello, what a
// course downloads from the project's releases page: for each target
// (OS/ARCH), the program cross-compiled static in an archive with
// README.md and the guides, and SHA256SUMS, the archives' sums in the
// format that sha256sum -c reads. make release runs it from the
// module's top folder:
//
//	go run ./cmd/release -version v1.2.3 -out dist
//
// Each target's program is built by go build with GOOS and GOARCH set,
// CGO_ENABLED=0, -trimpath, -ldflags "-s -w -X main.version=VERSION"
// (what othello version prints) and -buildvcs=false. Its archive,
// othello-OS-ARCH.tar.gz (othello-OS-ARCH.zip for windows, the program
// othello.exe), holds under the folder othello-OS-ARCH/ the program
// (mode 0755), README.md and doc/: the guides, the pictures they show
// and the recipes they name (0644). The names hold no version, so that the address of the
// latest release's archive
// (releases/latest/download/othello-linux-amd64.tar.gz) stays the same
// from one release to the next; othello version says which release it
// is. The archives are reproducible: their entries sorted, each dated
// 1980-01-01 and owned by no one, so that the same commit built by the
// same version of Go gives the same bytes.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: go run ./cmd/release -version VERSION [-out DIR] [-targets OS/ARCH,...]

Builds othello for each target and writes into DIR its archive,
othello-OS-ARCH.tar.gz (.zip for windows) with README.md and the guides,
and SHA256SUMS. Run it from the module's top folder (make release does).

Flags:
  -version VERSION
	what othello version prints, such as v1.2.3: letters, digits and . + - _
  -out DIR
	the folder written (default dist)
  -targets OS/ARCH,...
	the targets (default ` + defaultTargets + `)
`

// defaultTargets are the targets of a release: Linux, macOS and Windows
// on amd64 and arm64.
const defaultTargets = "linux/amd64,linux/arm64,darwin/amd64,darwin/arm64,windows/amd64,windows/arm64"

// run runs the program with the arguments after its name and the
// standard streams, and returns its exit status: 0 done, 1 a build or a
// file failed, 2 a bad command line.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("release", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {}
	version := flags.String("version", "", "")
	out := flags.String("out", "dist", "")
	targetList := flags.String("targets", defaultTargets, "")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		fmt.Fprint(stderr, usage)
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "release: "+format+"\n%s", append(a, usage)...)
		return 2
	}
	targets, err := parseTargets(*targetList)
	switch {
	case flags.NArg() > 0:
		return usageError("unexpected argument %q", flags.Arg(0))
	case !validVersion.MatchString(*version):
		return usageError("-version must be letters, digits and . + - _, such as v1.2.3, got %q", *version)
	case err != nil:
		return usageError("%v", err)
	}
	docs, err := readDocs(".")
	if err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	build := func(t target, binary string) error {
		return goBuild(t, *version, binary, stderr)
	}
	began := time.Now()
	if err := release(*out, targets, docs, build, stdout); err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "release %s: %d archives and SHA256SUMS in %s (%.0fs)\n", *version, len(targets), *out, time.Since(began).Seconds())
	return 0
}

// validVersion is what -version may be: it goes into -ldflags, where a
// blank or a quote would split it.
var validVersion = regexp.MustCompile(`^[A-Za-z0-9._+-]+$`)

// A target is an OS and an architecture that go build builds for, as
// GOOS and GOARCH name them.
type target struct {
	os, arch string
}

// parseTargets returns the targets of a comma-separated list of
// OS/ARCH, each once.
func parseTargets(list string) ([]target, error) {
	var targets []target
	for _, s := range strings.Split(list, ",") {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(s), "/")
		t := target{goos, goarch}
		if !ok || !validName.MatchString(goos) || !validName.MatchString(goarch) {
			return nil, fmt.Errorf("-targets must be OS/ARCH, such as linux/amd64, separated by commas, got %q", s)
		}
		if slices.Contains(targets, t) {
			return nil, fmt.Errorf("-targets names %s twice", s)
		}
		targets = append(targets, t)
	}
	return targets, nil
}

// validName is what GOOS and GOARCH may be.
var validName = regexp.MustCompile(`^[a-z0-9]+$`)

// name returns the name of the target's archive without its extension,
// which is also the folder the archive holds: othello-linux-amd64.
func (t target) name() string { return "othello-" + t.os + "-" + t.arch }

// archive returns the name of the target's archive:
// othello-linux-amd64.tar.gz, or othello-windows-amd64.zip.
func (t target) archive() string {
	if t.os == "windows" {
		return t.name() + ".zip"
	}
	return t.name() + ".tar.gz"
}

// binary returns the name of the program in the target's archive:
// othello, or othello.exe for windows.
func (t target) binary() string {
	if t.os == "windows" {
		return "othello.exe"
	}
	return "othello"
}

// goBuild builds cmd/othello for t, static and stripped, with version
// for othello version, into the file binary; go build's errors go to
// stderr. What would make the program differ from one machine to
// another is set: GOFLAGS replaces the machine's (which may hold
// -pgo=off), -buildvcs=false keeps the state of the checkout out of the
// program (the linker gives the version), and the instruction sets are
// the defaults, which every amd64 and arm64 CPU runs.
func goBuild(t target, version, binary string, stderr io.Writer) error {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -X main.version="+version, "-o", binary, "./cmd/othello")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.os, "GOARCH="+t.arch,
		"GOFLAGS=-buildvcs=false", "GOAMD64=v1", "GOARM64=v8.0")
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build for %s/%s: %w", t.os, t.arch, err)
	}
	return nil
}

// A file is a file's name, with slashes, and its contents: a document
// of an archive, named under the archive's folder ("doc/grading.md"), or
// a file of the release ("othello-linux-amd64.tar.gz").
type file struct {
	name string
	data []byte
}

// readDocs returns the files that every archive holds besides the
// program, from the module's top folder root: README.md and every file
// under doc/, the guides, the pictures they show and the recipes they
// name (doc/cluster/), sorted by name.
func readDocs(root string) ([]file, error) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		return nil, fmt.Errorf("%w: run it from the module's top folder", err)
	}
	docs := []file{{"README.md", readme}}
	err = filepath.WalkDir(filepath.Join(root, "doc"), func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, name)
		docs = append(docs, file{filepath.ToSlash(rel), data})
		return err
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(docs, func(a, b file) int { return strings.Compare(a.name, b.name) })
	return docs, nil
}

// release builds the program of each target with build, into a file
// of a temporary folder, and writes into the folder out its archive, with
// docs, and then SHA256SUMS; it prints each file's name and size on
// stdout as it writes it.
func release(out string, targets []target, docs []file, build func(t target, binary string) error, stdout io.Writer) error {
	tmp, err := os.MkdirTemp("", "release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var written []file
	write := func(name string, data []byte) error {
		written = append(written, file{name, data})
		fmt.Fprintf(stdout, "%s %d bytes\n", filepath.Join(out, name), len(data))
		return os.WriteFile(filepath.Join(out, name), data, 0o644)
	}
	for _, t := range targets {
		binary := filepath.Join(tmp, t.name(), t.binary())
		if err := os.Mkdir(filepath.Dir(binary), 0o755); err != nil {
			return err
		}
		if err := build(t, binary); err != nil {
			return err
		}
		program, err := os.ReadFile(binary)
		if err != nil {
			return err
		}
		var archive bytes.Buffer
		if err := writeArchive(&archive, t, program, docs); err != nil {
			return err
		}
		if err := write(t.archive(), archive.Bytes()); err != nil {
			return err
		}
	}
	var sums bytes.Buffer
	writeSums(&sums, written)
	return write("SHA256SUMS", sums.Bytes())
}

// writeSums writes the SHA-256 sums of the files, in the format that
// sha256sum writes and sha256sum -c reads: a line "HEX  NAME" for each,
// sorted by name.
func writeSums(w io.Writer, files []file) {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b file) int { return strings.Compare(a.name, b.name) })
	for _, f := range files {
		fmt.Fprintf(w, "%x  %s\n", sha256.Sum256(f.data), f.name)
	}
}

// modTime is the time of every entry of an archive, so that the same
// files give the same archive: the earliest that a zip file can date.
var modTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// An entry is a file or folder of an archive: its whole name, under the
// archive's folder ("othello-linux-amd64/doc/"), its mode and contents.
type entry struct {
	name string
	mode fs.FileMode
	data []byte
}

// entries returns what the archive of t holds, sorted by name, each
// folder before what it holds: the folder t.name() and the folders of
// docs (mode 0755), the program (0755) and docs (0644).
func entries(t target, program []byte, docs []file) []entry {
	top := t.name() + "/"
	es := []entry{{top, fs.ModeDir | 0o755, nil}, {top + t.binary(), 0o755, program}}
	dirs := map[string]bool{}
	for _, d := range docs {
		for dir := path.Dir(d.name); dir != "." && !dirs[dir]; dir = path.Dir(dir) {
			dirs[dir] = true
			es = append(es, entry{top + dir + "/", fs.ModeDir | 0o755, nil})
		}
		es = append(es, entry{top + d.name, 0o644, d.data})
	}
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	return es
}

// writeArchive writes the archive of t, holding program and docs: a
// zip file for windows, a gzipped tar file for the others.
func writeArchive(w io.Writer, t target, program []byte, docs []file) error {
	es := entries(t, program, docs)
	if t.os == "windows" {
		return writeZip(w, es)
	}
	return writeTarGz(w, es)
}

// writeTarGz writes the entries as a gzipped tar file.
func writeTarGz(w io.Writer, es []entry) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	for _, e := range es {
		h := &tar.Header{Name: e.name, Mode: int64(e.mode.Perm()), Size: int64(len(e.data)), ModTime: modTime, Typeflag: tar.TypeReg, Format: tar.FormatUSTAR}
		if e.mode.IsDir() {
			h.Typeflag = tar.TypeDir
		}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(e.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// writeZip writes the entries as a zip file, the files deflated.
func writeZip(w io.Writer, es []entry) error {
	zw := zip.NewWriter(w)
	for _, e := range es {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: modTime}
		if e.mode.IsDir() {
			h.Method = zip.Store
		}
		h.SetMode(e.mode)
		f, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := f.Write(e.data); err != nil {
			return err
		}
	}
	return zw.Close()
}
