package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	containerTest   = flag.Bool("container", false, "TestContainer: grade in a real container, built with debootstrap and Podman (make container-test)")
	containerCache  = flag.String("container-cache", "", "TestContainer: where the container's root file system is kept between runs (default: the user's cache folder, othello-container)")
	containerMirror = flag.String("container-mirror", "", "TestContainer: the Debian mirror for debootstrap (default: the one apt's sources name for the suite)")
)

// The container's system: Debian's suite with its packages, as
// cmd/othello/Dockerfile has it.
const (
	containerSuite    = "bookworm"
	containerPackages = "python3"
	containerBase     = "localhost/othello-container-base:" + containerSuite + "-" + containerPackages
	containerImage    = "localhost/othello-container-test"
)

// TestContainer grades in a real container, as staff on macOS, Windows or
// a locked-down Linux do (doc/grading.md, "In a container"): the grader root
// without CAP_SYS_ADMIN under the runtime's default seccomp profile, so
// that its runs are Limited, each as its own uid. No registry is needed:
// the image is Debian made by debootstrap, imported into Podman once and
// kept (CONTAINER_CACHE), with the grader built here added on top as the
// Dockerfile adds it. In it: a correct program passes othello check; the
// hostile programs can read no mode 600 file of /autograder or of the
// grader's folder, nor a golden folder mounted read-only with mode 700,
// as doc/grading.md mounts it, nor /autograder's files that all may read,
// nor use the network or namespaces; othello grade grades a class with
// the command of doc/grading.md. It logs the reports' sandbox line and what each
// attack was told.
func TestContainer(t *testing.T) {
	if !*containerTest {
		t.Skip("-container not given: make container-test grades in a real container (root, podman, runc, debootstrap)")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the container test builds a Linux image with debootstrap")
	}
	if os.Geteuid() != 0 {
		t.Skip("not root: debootstrap and Podman's image store need root")
	}
	podman := []string{containerTool(t, "podman")}
	if runc, err := exec.LookPath("runc"); err == nil {
		// runc copes with cgroup v1 and v2 mixed, as on this project's
		// machine, where crun, Podman's other runtime, refuses.
		podman = append(podman, "--runtime", runc)
	}
	c := container{podman: podman, dir: t.TempDir()}
	c.build(t)
	c.layOut(t)
	if out, err := c.podmanOutput(append(c.runFlags("/grade"), "--entrypoint", "/bin/true", containerImage)...); err != nil {
		t.Skipf("podman cannot run a container here: %v\n%s", err, out)
	}

	t.Run("correct", func(t *testing.T) {
		r := c.run(t, "/grade/attack", nil, "check", "-rules", "full", "-n", "2", "-seed", "1", "-size", "4x4",
			"-weights", "/grade/grader/weights.txt", "--", "python3", "judge.py")
		if r.status != 0 || !strings.HasSuffix(r.report, "\n3 passed, 0 failed\n") {
			t.Errorf("exit status %d, want 0 and 3 passed:\n%s%s", r.status, r.report, r.stderr)
		}
		t.Log(r.sandbox())
		// As doc/grading.md says: Limited, as root, each run as its own uid.
		if s := r.sandbox(); !strings.HasPrefix(s, "sandbox: limited, ") || !strings.Contains(s, "as uid 60000 on, one for each run") {
			t.Errorf("the sandbox line is not Limited as uid 60000 on:\n%s", s)
		}
	})

	attacks := []struct {
		name   string
		args   []string // the program's
		flags  []string // more of check's
		env    []string // -env of check
		golden bool     // -golden /grade/golden
		want   []string // regular expressions that the report matches
	}{
		// A mode 600 file of /autograder, read as hostile.py reads
		// /etc/shadow; with the grader's environment, which it must not
		// see.
		{"secrets", []string{"secrets"}, nil, []string{"SECRET=/autograder/secret.txt"}, false,
			[]string{`blocked: /etc/shadow: \[Errno 13\]`}},
		// The same file alone (its outcome in a line of its own), and a
		// mode 600 file of the grader's folder.
		{"mode-600", []string{"golden"}, nil, []string{"GOLDEN=/autograder/secret.txt", "REPORT=/grade/grader/secret.txt"}, false,
			[]string{`blocked: /autograder/secret.txt: \[Errno 13\] Permission denied`, `blocked: /grade/grader/secret.txt: \[Errno 13\] Permission denied`}},
		// The golden folder as doc/grading.md mounts it, and a file of
		// /autograder that every user may read: locked while runs go on.
		{"golden", []string{"golden"}, nil, []string{"GOLDEN=/grade/golden", "REPORT=/autograder/readable.txt"}, true,
			[]string{`blocked: /grade/golden: \[Errno 13\] Permission denied`, `blocked: /autograder/readable.txt: \[Errno 13\] Permission denied`}},
		// The grader's seccomp filter: the container's lets sockets be.
		{"network", []string{"network"}, nil, nil, false,
			[]string{`blocked: connect: \[Errno 1\] Operation not permitted`}},
		{"syscalls", []string{"syscalls"}, nil, nil, false,
			[]string{`blocked: unshare: Operation not permitted; mount: Operation not permitted`}},
		// Memory that no process's resident memory shows: where the
		// container's control groups are read-only, the filter refuses
		// memfd files.
		{"memfd", []string{"memfd"}, []string{"-memory", "64MiB"}, nil, false,
			[]string{`killed: it used more than 64 MiB of memory|blocked: memfd: \[Errno 1\] Operation not permitted`}},
		// The grader is process 1 of the container: its command line,
		// which names MARK, and the launchers', for all to read.
		{"cmdline", []string{"cmdline"}, nil, []string{"MARK=container-mark-cmdline"}, true,
			[]string{`blocked: MARK in none of \d+ command lines`}},
	}
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			args := []string{"check", "-rules", "full", "-n", "2", "-seed", "1", "-size", "4x4", "-weights", "/grade/grader/weights.txt"}
			args = append(args, a.flags...)
			for _, e := range a.env {
				args = append(args, "-env", e)
			}
			scenarios := 3
			if a.golden {
				args = append(args, "-golden", "/grade/golden")
				scenarios = 4
			}
			args = append(append(args, "--", "python3", "hostile.py"), a.args...)
			r := c.run(t, "/grade/attack", []string{"SEC_TOKEN=topsecret123", "PYTHONUNBUFFERED=1"}, args...)
			if r.status != 1 || !strings.HasSuffix(r.report, fmt.Sprintf("\n0 passed, %d failed\n", scenarios)) {
				t.Errorf("exit status %d, want 1 and 0 passed, %d failed:\n%s%s", r.status, scenarios, r.report, r.stderr)
			}
			if strings.Contains(r.report, "LEAK") || strings.Contains(r.report, "topsecret123") {
				t.Errorf("the attack worked:\n%s", r.report)
			}
			for _, w := range a.want {
				if !regexp.MustCompile(w).MatchString(r.report) {
					t.Errorf("the report does not match %q:\n%s", w, r.report)
				}
			}
			if !strings.HasPrefix(r.sandbox(), "sandbox: limited, ") {
				t.Errorf("the sandbox line does not say Limited:\n%s", r.report)
			}
			for _, l := range strings.Split(r.report, "\n") {
				if regexp.MustCompile(`\| "?blocked: |killed: `).MatchString(l) {
					t.Log(strings.TrimSpace(l))
				}
			}
		})
	}

	t.Run("grade", func(t *testing.T) {
		// doc/grading.md's command, the shell's glob of submissions/*/ spelt
		// out.
		r := c.run(t, "/grade", nil, "grade", "-n", "2", "-seed", "1", "-golden", "golden", "-out", "grades",
			"submissions/one-file/", "submissions/ui-named/", "--", "python3", "{main}")
		if r.status != 0 || !strings.Contains(r.report+r.stderr, "graded 2 of 2 submissions") {
			t.Fatalf("exit status %d, want 0 and 2 graded:\n%s%s", r.status, r.report, r.stderr)
		}
		data, err := os.ReadFile(filepath.Join(c.dir, "grades", "grades.csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		// submission, rules, score, max, passed, failed, not_run,
		// first_failure, status
		graded := 0
		for _, row := range rows {
			if row[1] == "FULL" && row[8] == "graded" && (row[0] != "ui-named" || row[2] == row[3] && row[5] == "0") {
				graded++
			}
		}
		if len(rows) != 3 || graded != 2 {
			t.Errorf("not both graded, ui-named with all the points:\n%s", data)
		}
		report, err := os.ReadFile(filepath.Join(c.dir, "grades", "submissions", "ui-named", "report.txt"))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("grades.csv:\n%s", data)
		t.Log(containerRun{report: string(report)}.sandbox())
	})
}

// containerTool returns the path of the command, or skips the test saying
// what to install.
func containerTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s here (apt-get install podman runc debootstrap): %v", name, err)
	}
	return path
}

// A container is the image that TestContainer grades in, and the folder
// of the host whose parts it mounts.
type container struct {
	podman []string // podman and its global flags
	dir    string
}

// build makes containerImage: containerBase, made and kept once, with the
// grader built here, as the Dockerfile makes it.
func (c container) build(t *testing.T) {
	start := time.Now()
	if c.podmanRun("image", "exists", containerBase) != nil {
		c.buildBase(t)
	}
	ctx := t.TempDir()
	build := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(ctx, "othello"), ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	file := "FROM " + containerBase + "\nCOPY othello /usr/local/bin/othello\nWORKDIR /grade\nENTRYPOINT [\"othello\"]\n"
	if err := os.WriteFile(filepath.Join(ctx, "Containerfile"), []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := c.podmanOutput("build", "--pull=never", "-t", containerImage, ctx); err != nil {
		t.Fatalf("podman build: %v\n%s", err, out)
	}
	t.Cleanup(func() { c.podmanRun("rmi", containerImage) })
	t.Logf("the image, with the grader built: %v", time.Since(start).Round(100*time.Millisecond))
}

// buildBase makes containerBase from a root file system that debootstrap
// makes in the cache folder, if it is not there yet.
func (c container) buildBase(t *testing.T) {
	cache := *containerCache
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Skipf("no cache folder: %v (give -container-cache)", err)
		}
		cache = filepath.Join(dir, "othello-container")
	}
	rootfs := filepath.Join(cache, "rootfs-"+containerSuite+"-"+containerPackages)
	if _, err := os.Stat(filepath.Join(rootfs, "usr", "bin", "python3")); err != nil {
		debootstrap := containerTool(t, "debootstrap")
		mirror := *containerMirror
		if mirror == "" {
			if mirror = aptMirror(containerSuite); mirror == "" {
				t.Skipf("apt's sources name no Debian mirror of %s: give -container-mirror", containerSuite)
			}
		}
		start := time.Now()
		tmp := rootfs + ".tmp"
		os.RemoveAll(tmp)
		if err := os.MkdirAll(cache, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(debootstrap, "--variant=minbase", "--include="+containerPackages, containerSuite, tmp, mirror)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("debootstrap: %v\n%s", err, tail(out, 20))
		}
		if err := os.Rename(tmp, rootfs); err != nil {
			t.Fatal(err)
		}
		t.Logf("debootstrap of %s from %s into %s: %v", containerSuite, mirror, rootfs, time.Since(start).Round(time.Second))
	}
	start := time.Now()
	tar := exec.Command("tar", "-C", rootfs, "-c", ".")
	stdout, err := tar.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	imp := exec.Command(c.podman[0], append(c.podman[1:], "import", "-", containerBase)...)
	imp.Stdin = stdout
	if err := tar.Start(); err != nil {
		t.Fatal(err)
	}
	out, err := imp.CombinedOutput()
	if tarErr := tar.Wait(); err != nil || tarErr != nil {
		t.Fatalf("tar | podman import: %v, %v\n%s", tarErr, err, out)
	}
	t.Logf("podman import of %s: %v", rootfs, time.Since(start).Round(100*time.Millisecond))
}

// aptMirror returns the first address that apt's sources give for
// Debian's suite, or "".
func aptMirror(suite string) string {
	files, _ := filepath.Glob("/etc/apt/sources.list.d/*")
	for _, path := range append([]string{"/etc/apt/sources.list"}, files...) {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		switch {
		case strings.HasSuffix(path, ".list"):
			// One line a source: deb [options] URI SUITE COMPONENT...
			for _, line := range strings.Split(string(data), "\n") {
				line = regexp.MustCompile(`\[[^]]*\]`).ReplaceAllString(line, "")
				if f := strings.Fields(line); len(f) >= 3 && f[0] == "deb" && f[2] == suite {
					return f[1]
				}
			}
		case strings.HasSuffix(path, ".sources"):
			// deb822: stanzas of "Field: value", a blank line between.
			for _, stanza := range regexp.MustCompile(`\n\s*\n`).Split(string(data), -1) {
				fields := map[string][]string{}
				sc := bufio.NewScanner(strings.NewReader(stanza))
				for sc.Scan() {
					if k, v, ok := strings.Cut(sc.Text(), ":"); ok && !strings.HasPrefix(k, "#") && !strings.HasPrefix(k, " ") {
						fields[strings.ToLower(k)] = strings.Fields(v)
					}
				}
				if slices.Contains(fields["types"], "deb") && slices.Contains(fields["suites"], suite) && len(fields["uris"]) > 0 &&
					!slices.Contains(fields["enabled"], "no") {
					return fields["uris"][0]
				}
			}
		}
	}
	return ""
}

// layOut makes the host's folders that the container mounts, as a class's
// folder holds them: submissions/, golden/ (mode 700, mounted read-only)
// and grades/; and for the attacks, attack/ (the hostile programs and a
// correct one), grader/ (the weights and a mode 600 file) and autograder/
// (a mode 600 file and one that all may read), mounted at /autograder.
func (c container) layOut(t *testing.T) {
	mk := func(dir string, mode os.FileMode) string {
		path := filepath.Join(c.dir, dir)
		if err := os.MkdirAll(path, mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(path, mode)
		return path
	}
	write := func(path string, data []byte, mode os.FileMode) {
		if err := os.WriteFile(path, data, mode); err != nil {
			t.Fatal(err)
		}
	}
	copyFiles := func(glob, to string) {
		files, _ := filepath.Glob(glob)
		if len(files) == 0 {
			t.Fatalf("no %s", glob)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(filepath.Join(to, filepath.Base(f)), data, 0o644)
		}
	}
	for _, name := range []string{"ui-named", "one-file"} {
		copyFiles(filepath.Join("testdata", "class", name, "*.py"), mk(filepath.Join("submissions", name), 0o755))
	}
	copyFiles(filepath.Join(goldenDir, "full", "reference-4x4.*"), mk("golden", 0o700))
	mk("grades", 0o755)
	copyFiles(filepath.Join(hostileDir, "*.py"), mk("attack", 0o755))
	grader := mk("grader", 0o755)
	write(filepath.Join(grader, "weights.txt"), []byte("reference 10\nfull-game 90\n"), 0o644)
	write(filepath.Join(grader, "secret.txt"), []byte("the grader's\n"), 0o600)
	autograder := mk("autograder", 0o755)
	write(filepath.Join(autograder, "secret.txt"), []byte("the autograder's\n"), 0o600)
	write(filepath.Join(autograder, "readable.txt"), []byte("the autograder's\n"), 0o644)
}

// A containerRun is what one podman run left.
type containerRun struct {
	report, stderr string
	status         int
}

// sandbox returns the report's second line, which says what the sandbox
// is.
func (r containerRun) sandbox() string {
	if lines := strings.SplitN(r.report, "\n", 3); len(lines) == 3 {
		return lines[1]
	}
	return ""
}

// run runs othello ARGS in the container, in the folder workdir, with the
// variables of env set, as doc/grading.md runs it (with no network), and the
// folders of layOut mounted.
func (c container) run(t *testing.T, workdir string, env []string, args ...string) containerRun {
	t.Helper()
	flags := c.runFlags(workdir)
	for _, e := range env {
		flags = append(flags, "-e", e)
	}
	cmd := exec.Command(c.podman[0], append(append(append(c.podman[1:], flags...), containerImage), args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	cmd.Run()
	r := containerRun{report: stdout.String(), stderr: stderr.String(), status: cmd.ProcessState.ExitCode()}
	t.Logf("%s in %v", strings.Join(args, " "), time.Since(start).Round(100*time.Millisecond))
	return r
}

// runFlags returns podman's command and flags that run the image in the
// folder workdir, with no network and the folders of layOut mounted.
func (c container) runFlags(workdir string) []string {
	flags := []string{"run", "--rm", "--network", "none", "-w", workdir,
		// Podman, as root, sets its own limits of open files and of
		// processes (1048576 and 32768), which the runtime may not set
		// on a machine such as this project's.
		"--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024"}
	for _, m := range [][2]string{{"submissions", "/grade/submissions"}, {"golden", "/grade/golden:ro"}, {"grades", "/grade/grades"},
		{"attack", "/grade/attack"}, {"grader", "/grade/grader"}, {"autograder", "/autograder"}} {
		flags = append(flags, "-v", filepath.Join(c.dir, m[0])+":"+m[1])
	}
	return flags
}

func (c container) podmanRun(args ...string) error {
	return exec.Command(c.podman[0], append(c.podman[1:], args...)...).Run()
}

func (c container) podmanOutput(args ...string) ([]byte, error) {
	return exec.Command(c.podman[0], append(c.podman[1:], args...)...).CombinedOutput()
}

// tail returns the last n lines of out.
func tail(out []byte, n int) string {
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
