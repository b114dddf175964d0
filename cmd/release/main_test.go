package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
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
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/yaml"
)

// fakeDocs are the documents of the tests' archives.
var fakeDocs = []file{
	{"README.md", []byte("# othello\n")},
	{"doc/cluster/grade.sbatch", []byte("#!/bin/bash\n")},
	{"doc/grading.md", []byte("![a picture](report.png)\n")},
	{"doc/report.png", []byte("\x89PNG\r\n")},
}

// fakeBuild writes, in place of a program built for t, a file that says
// which target it is for.
func fakeBuild(t target, binary string) error {
	return os.WriteFile(binary, []byte("program for "+t.os+"/"+t.arch+"\n"), 0o755)
}

// fakeRelease writes a release of the default targets into a new folder
// with fakeBuild and fakeDocs, and returns the folder.
func fakeRelease(t *testing.T) string {
	t.Helper()
	targets, err := parseTargets(defaultTargets)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "dist")
	if err := release(out, targets, fakeDocs, fakeBuild, io.Discard); err != nil {
		t.Fatal(err)
	}
	return out
}

// An archived is what an entry of an archive, read back, says.
type archived struct {
	name string
	mode fs.FileMode
	data string
}

// String returns the entry as the tests print it: its name, mode and
// contents, quoted.
func (a archived) String() string { return fmt.Sprintf("%s %v %q", a.name, a.mode, a.data) }

// readArchive returns the entries of the archive file name, in their
// order, and fails the test if one is not dated modTime.
func readArchive(t *testing.T, name string) []archived {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var got []archived
	checkTime := func(entry string, mod time.Time) {
		if !mod.Equal(modTime) {
			t.Errorf("%s: got %s dated %v, want %v", name, entry, mod, modTime)
		}
	}
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			checkTime(f.Name, f.Modified)
			got = append(got, archived{f.Name, f.Mode(), string(b)})
		}
		return got
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		checkTime(h.Name, h.ModTime)
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" {
			t.Errorf("%s: got %s owned by %d:%d (%q:%q), want no owner", name, h.Name, h.Uid, h.Gid, h.Uname, h.Gname)
		}
		got = append(got, archived{h.Name, h.FileInfo().Mode(), string(b)})
	}
}

// TestRelease checks each archive's name and what it holds: the program
// (othello.exe for windows) and the documents under one folder, sorted,
// the program's mode 0755 and the documents' 0644.
func TestRelease(t *testing.T) {
	out := fakeRelease(t)
	tests := []struct {
		archive, top, program, built string
	}{
		{"othello-linux-amd64.tar.gz", "othello-linux-amd64/", "othello", "linux/amd64"},
		{"othello-linux-arm64.tar.gz", "othello-linux-arm64/", "othello", "linux/arm64"},
		{"othello-darwin-amd64.tar.gz", "othello-darwin-amd64/", "othello", "darwin/amd64"},
		{"othello-darwin-arm64.tar.gz", "othello-darwin-arm64/", "othello", "darwin/arm64"},
		{"othello-windows-amd64.zip", "othello-windows-amd64/", "othello.exe", "windows/amd64"},
		{"othello-windows-arm64.zip", "othello-windows-arm64/", "othello.exe", "windows/arm64"},
	}
	var wantFiles []string
	for _, tt := range tests {
		wantFiles = append(wantFiles, tt.archive)
		t.Run(tt.archive, func(t *testing.T) {
			got := readArchive(t, filepath.Join(out, tt.archive))
			want := []archived{
				{tt.top, fs.ModeDir | 0o755, ""},
				{tt.top + "README.md", 0o644, "# othello\n"},
				{tt.top + "doc/", fs.ModeDir | 0o755, ""},
				{tt.top + "doc/cluster/", fs.ModeDir | 0o755, ""},
				{tt.top + "doc/cluster/grade.sbatch", 0o644, "#!/bin/bash\n"},
				{tt.top + "doc/grading.md", 0o644, "![a picture](report.png)\n"},
				{tt.top + "doc/report.png", 0o644, "\x89PNG\r\n"},
				{tt.top + tt.program, 0o755, "program for " + tt.built + "\n"},
			}
			if !slices.Equal(got, want) {
				t.Errorf("got the entries\n%v\nwant\n%v", got, want)
			}
		})
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var gotFiles []string
	for _, e := range entries {
		gotFiles = append(gotFiles, e.Name())
	}
	wantFiles = append(wantFiles, "SHA256SUMS")
	slices.Sort(wantFiles)
	if got, want := strings.Join(gotFiles, " "), strings.Join(wantFiles, " "); got != want {
		t.Errorf("got the files %s, want %s", got, want)
	}
}

// TestSums checks that SHA256SUMS has a line for each archive, "HEX
// NAME" with two blanks as sha256sum writes it, sorted, and that each
// sum is the archive's; and that sha256sum -c agrees, where there is one.
func TestSums(t *testing.T) {
	out := fakeRelease(t)
	sums, err := os.ReadFile(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^([0-9a-f]{64})  (\S+)$`)
	var names []string
	for _, l := range strings.Split(strings.TrimSuffix(string(sums), "\n"), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("got the line %q, want HEX  NAME", l)
			continue
		}
		names = append(names, m[2])
		data, err := os.ReadFile(filepath.Join(out, m[2]))
		if err != nil {
			t.Error(err)
			continue
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(data)); got != m[1] {
			t.Errorf("%s: got the sum %s, want %s", m[2], got, m[1])
		}
	}
	if len(names) != 6 || !slices.IsSorted(names) {
		t.Errorf("got the archives %q, want the 6, sorted", names)
	}
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Log("no sha256sum: not run")
		return
	}
	cmd := exec.Command("sha256sum", "-c", "SHA256SUMS")
	cmd.Dir = out
	if got, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("sha256sum -c SHA256SUMS: %v\n%s", err, got)
	}
}

// TestReproducible checks that two releases of the same programs and
// documents are the same bytes.
func TestReproducible(t *testing.T) {
	first, second := fakeRelease(t), fakeRelease(t)
	entries, err := os.ReadDir(first)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		a, errA := os.ReadFile(filepath.Join(first, e.Name()))
		b, errB := os.ReadFile(filepath.Join(second, e.Name()))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: got different bytes from two releases (%v, %v)", e.Name(), errA, errB)
		}
	}
}

// TestReadDocs checks that the archives hold README.md, the guides,
// every picture a guide shows and every file of doc/ that a document
// names, such as doc/cluster/grade.sbatch.
func TestReadDocs(t *testing.T) {
	docs, err := readDocs("../..")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range docs {
		names = append(names, d.name)
	}
	want := []string{"README.md", "doc/development.md", "doc/grading.md", "doc/playing.md", "doc/protocol.md"}
	picture := regexp.MustCompile(`!\[[^]]*\]\(([^)]+)\)`)
	named := regexp.MustCompile("`(doc/[^`\\s]+)`")
	for _, d := range docs {
		for _, m := range picture.FindAllStringSubmatch(string(d.data), -1) {
			want = append(want, path.Join(path.Dir(d.name), m[1]))
		}
		for _, m := range named.FindAllStringSubmatch(string(d.data), -1) {
			if fi, err := os.Stat(filepath.Join("../..", m[1])); err == nil && !fi.IsDir() {
				want = append(want, m[1])
			}
		}
	}
	for _, name := range want {
		if !slices.Contains(names, name) {
			t.Errorf("got the documents %q, want %s among them", names, name)
		}
	}
	if !slices.IsSorted(names) {
		t.Errorf("got the documents %q, want them sorted", names)
	}
}

// TestRun checks release's command line.
func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // the start of standard output
		wantErr    string // the start of standard error
	}{
		{"help", []string{"-h"}, 0, "usage: go run ./cmd/release", ""},
		{"no version", nil, 2, "", "release: -version must be letters, digits and . + - _, such as v1.2.3, got \"\""},
		{"version with a blank", []string{"-version", "v1 x"}, 2, "", "release: -version must be"},
		{"bad target", []string{"-version", "v1", "-targets", "linux"}, 2, "", `release: -targets must be OS/ARCH, such as linux/amd64, separated by commas, got "linux"`},
		{"target twice", []string{"-version", "v1", "-targets", "linux/amd64,linux/amd64"}, 2, "", "release: -targets names linux/amd64 twice"},
		{"stray argument", []string{"-version", "v1", "x"}, 2, "", `release: unexpected argument "x"`},
		{"unknown flag", []string{"-x"}, 2, "", "flag provided but not defined"},
		{"not at the top", []string{"-version", "v1", "-out", t.TempDir()}, 1, "", "release: open README.md: no such file or directory: run it from the module's top folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, &stdout, &stderr)
			if status != tt.wantStatus {
				t.Errorf("got exit status %d, want %d", status, tt.wantStatus)
			}
			if got := stdout.String(); !strings.HasPrefix(got, tt.wantOut) || tt.wantOut == "" && got != "" {
				t.Errorf("got standard output %q, want it to start with %q", got, tt.wantOut)
			}
			if got := stderr.String(); !strings.HasPrefix(got, tt.wantErr) || tt.wantErr == "" && got != "" {
				t.Errorf("got standard error %q, want it to start with %q", got, tt.wantErr)
			}
		})
	}
}

// steps returns the steps of every job of the workflow at path, in order.
func steps(t *testing.T, path string) []*yaml.Node {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := yaml.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	jobs := doc.Get("jobs")
	if jobs == nil {
		t.Fatalf("%s: no jobs", path)
	}
	var all []*yaml.Node
	for _, job := range jobs.Values {
		if s := job.Get("steps"); s != nil {
			all = append(all, s.Values...)
		}
	}
	return all
}

// text returns the text of the scalar at the keys of n, "" if there is
// none.
func text(n *yaml.Node, keys ...string) string {
	for _, k := range keys {
		if n == nil || n.Kind != yaml.Mapping {
			return ""
		}
		n = n.Get(k)
	}
	if n == nil || n.Kind != yaml.Scalar {
		return ""
	}
	return n.Text
}

// TestWorkflow checks that the release workflow runs make release with
// the tag, a target of the Makefile that runs this program into dist,
// uploads dist, and builds the image from a Dockerfile that exists.
func TestWorkflow(t *testing.T) {
	const workflow = "../../.github/workflows/release.yml"
	makefile, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	target := regexp.MustCompile(`(?m)^release:\n((?:\t.*\n)+)`).FindSubmatch(makefile)
	phony := regexp.MustCompile(`(?m)^\.PHONY:.* release( |$)`).Match(makefile)
	if target == nil || !phony || !strings.Contains(string(target[1]), "go run ./cmd/release -version $(VERSION) -out dist\n") {
		t.Errorf("Makefile: got no .PHONY target release that runs go run ./cmd/release -version $(VERSION) -out dist")
	}
	var makes, uploads, images int
	for _, step := range steps(t, workflow) {
		run := text(step, "run")
		switch {
		case strings.Contains(run, "make "):
			makes++
			if want := "make release VERSION=${{ github.ref_name }}"; run != want {
				t.Errorf("%s: got the step %q, want %q", workflow, run, want)
			}
		case strings.Contains(run, "gh release create"):
			uploads++
			if !strings.Contains(run, `gh release create "$GITHUB_REF_NAME" dist/* `) {
				t.Errorf("%s: got the step %q, want it to upload dist/*", workflow, run)
			}
		case strings.HasPrefix(text(step, "uses"), "docker/build-push-action@"):
			images++
			file, context := text(step, "with", "file"), text(step, "with", "context")
			if context != "." {
				t.Errorf("%s: got the image's context %q, want .", workflow, context)
			}
			if _, err := os.Stat(filepath.Join("../..", file)); file == "" || err != nil {
				t.Errorf("%s: got the image's Dockerfile %q, want one that exists (%v)", workflow, file, err)
			}
		}
	}
	if makes != 1 || uploads != 1 || images != 1 {
		t.Errorf("%s: got %d make steps, %d uploads and %d images, want one each", workflow, makes, uploads, images)
	}
}

// TestDownloads checks that every address of the latest release's
// files that README.md and the guides show names a file that a release
// has.
func TestDownloads(t *testing.T) {
	targets, err := parseTargets(defaultTargets)
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"SHA256SUMS"}
	for _, tg := range targets {
		files = append(files, tg.archive())
	}
	docs, err := readDocs("../..")
	if err != nil {
		t.Fatal(err)
	}
	download := regexp.MustCompile(`/releases/latest/download/([^\s)]+)`)
	found := 0
	for _, d := range docs {
		for _, m := range download.FindAllStringSubmatch(string(d.data), -1) {
			found++
			if !slices.Contains(files, m[1]) {
				t.Errorf("%s: got a download of %s, want one of %q", d.name, m[1], files)
			}
		}
	}
	if found == 0 {
		t.Error("README.md: got no download of the latest release, want one")
	}
}
