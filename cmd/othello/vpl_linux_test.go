package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// spacingSh is a submission's program, ./prog beside the judge, which
// runs the judge but writes its score lines with one blank less, right
// but for blanks, and says on standard error what would forge VPL's
// grade and comments if it were shown as it is.
const spacingSh = `#!/bin/sh
printf 'Grade :=>> 100\nComment :=>>-forged\n--|>\n<|--\n' >&2
./judge "$@" | sed -u 's/  W:/ W:/'
`

// TestVPL writes a VPL activity's files with othello vpl and runs them
// as VPL's jail does: in a fresh folder (the jail user's home) with the
// execution files, the student's files and vpl_environment.sh, it runs
// bash vpl_evaluate.sh, deletes the execution files as VPL does those
// that "Files to keep when running" does not tick, runs the
// vpl_execution that the script wrote, with its standard output and
// error together, and reads the grade and the comments as VPL does. The
// correct submission is the judge itself, which gets the activity's
// maximum grade, as the jail's user too, where no user namespace can be
// had; a submission right but for blanks gets part of it, whatever it
// says; a check that cannot be made, on a maximum grade that is not a
// number, gives no grade and says why. vpl_run.sh writes a
// vpl_execution that runs the submission.
func TestVPL(t *testing.T) {
	bin := buildJudge(t)
	lookPath(t, "bash")
	dir := t.TempDir()
	golden := filepath.Join(dir, "golden")
	os.Mkdir(golden, 0o755)
	// A bad setup that the spacing program gets right to the byte, and a
	// game that it does not.
	for _, name := range []string{"bad-rows-odd.in", "bad-rows-odd.out", "tie.in", "tie.out"} {
		os.WriteFile(filepath.Join(golden, name), mustRead(t, filepath.Join(goldenDir, "full", name)), 0o644)
	}
	weights := filepath.Join(dir, "weights.txt")
	os.WriteFile(weights, []byte("reference 40\ngolden 40\nformat 20\n"), 0o644)
	files := filepath.Join(dir, "vpl")
	cmd := exec.Command(bin, "vpl", "-out", files, "-n", "0", "-j", "2", "-golden", golden, "-weights", weights, "--", "./prog")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The execution files, as uploaded: all but README.txt.
	var uploaded []string
	filepath.WalkDir(files, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != "README.txt" {
			rel, _ := filepath.Rel(files, path)
			uploaded = append(uploaded, rel)
		}
		return err
	})
	judge := mustRead(t, bin)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		files map[string]string // the student's files
		max   string            // VPL_GRADEMAX
		grade string            // "" for none
		user  bool              // the jail's user, where no user namespace can be had
		want  string            // a comment the output holds; "" for the check's
	}{
		{"correct", map[string]string{"prog": string(judge)}, "10.00000", "10", false, ""},
		// 40 + 40 + 20/3 of 100: the format of the bad setup alone.
		{"spacing", map[string]string{"prog": spacingSh, "judge": string(judge)}, "10.00000", "8.67", false, ""},
		{"correct as the jail's user", map[string]string{"prog": string(judge)}, "10.00000", "10", true, ""},
		// A check that cannot be made: no grade, and why.
		{"bad maximum grade", map[string]string{"prog": string(judge)}, "ten", "", false, ""},
		// A file where the grader's go, which would be run in its place.
		{"a file named as the grader's", map[string]string{"prog": string(judge), "grading/othello": "#!/bin/sh\necho 'Grade :=>> 100'\n"}, "10.00000", "", false,
			"-Not graded: your file grading/othello has a name that the grader uses: rename it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.user && os.Geteuid() != 0 {
				t.Skip("the test must be root to run as another user where no user namespace can be had")
			}
			home := mkdirMode(t, 0o755)
			for _, name := range uploaded {
				data := mustRead(t, filepath.Join(files, name))
				info, _ := os.Stat(filepath.Join(files, name))
				os.MkdirAll(filepath.Join(home, filepath.Dir(name)), 0o755)
				os.WriteFile(filepath.Join(home, name), data, info.Mode().Perm())
			}
			subfiles := ""
			for name, data := range tt.files {
				os.MkdirAll(filepath.Dir(filepath.Join(home, name)), 0o755)
				os.WriteFile(filepath.Join(home, name), []byte(data), 0o755)
				subfiles += name + "\n"
			}
			env := "#!/bin/bash\nexport VPL_SUBFILES=\"" + subfiles + "\"\nexport VPL_GRADEMIN='0.00000'\nexport VPL_GRADEMAX='" + tt.max + "'\n"
			os.WriteFile(filepath.Join(home, "vpl_environment.sh"), []byte(env), 0o644)
			evaluate := exec.Command("bash", "vpl_evaluate.sh")
			evaluate.Dir = home
			if out, err := evaluate.CombinedOutput(); err != nil {
				t.Fatalf("vpl_evaluate.sh: %v\n%s", err, out)
			}
			if info, err := os.Stat(filepath.Join(home, "vpl_execution")); err != nil || info.Mode()&0o111 == 0 {
				t.Fatalf("vpl_evaluate.sh wrote no executable vpl_execution: %v", err)
			}
			for _, name := range uploaded {
				os.Remove(filepath.Join(home, name))
			}
			// The jail's user, where it is not the test's: nobody, as deep
			// as user namespaces nest.
			execution := exec.Command(filepath.Join(home, "vpl_execution"))
			if tt.user {
				filepath.WalkDir(home, func(path string, _ os.DirEntry, err error) error { return os.Lchown(path, nobodyId, nobodyId) })
				execution = exec.Command(self, filepath.Join(home, "vpl_execution"))
				execution.Env = append(userEnv(t), nestEnv+"=0", nestAsUserEnv+"=1")
			}
			execution.Dir = home
			out, err := execution.CombinedOutput()
			if err != nil {
				t.Fatalf("vpl_execution: %v\n%s", err, out)
			}
			r := gradetest.ParseVPL(out)
			if r.Grade != tt.grade {
				t.Errorf("got the grade %q, want %q:\n%s", r.Grade, tt.grade, out)
			}
			for _, line := range strings.Split(strings.TrimSuffix(r.Comments, "\n"), "\n") {
				if !strings.HasPrefix(line, "-") && !strings.HasPrefix(line, ">") || strings.HasPrefix(line, "-forged") {
					t.Errorf("got the line of comments %q, want a title of the check's or a preformatted line:\n%s", line, out)
				}
			}
			want := map[bool]string{false: ">sandbox: isolated", true: ">sandbox: limited"}[tt.user]
			switch {
			case tt.want != "":
				want = tt.want
			case tt.grade == "":
				want = "-othello check failed, with exit status 2\n>invalid value \"ten\" for flag -vpl-max"
			}
			if !strings.Contains(r.Comments, want) {
				t.Errorf("got the comments\n%s\nwant them to hold %q", r.Comments, want)
			}
		})
	}
	t.Run("run", func(t *testing.T) {
		home := t.TempDir()
		os.WriteFile(filepath.Join(home, "vpl_run.sh"), mustRead(t, filepath.Join(files, "vpl_run.sh")), 0o755)
		os.WriteFile(filepath.Join(home, "prog"), judge, 0o755)
		run := exec.Command("bash", "vpl_run.sh")
		run.Dir = home
		if out, err := run.CombinedOutput(); err != nil {
			t.Fatalf("vpl_run.sh: %v\n%s", err, out)
		}
		exe := exec.Command("./vpl_execution")
		exe.Dir, exe.Stdin = home, strings.NewReader(string(mustRead(t, filepath.Join(goldenDir, "full", "tie.in"))))
		if out, _ := exe.Output(); string(out) != string(mustRead(t, filepath.Join(goldenDir, "full", "tie.out"))) {
			t.Errorf("vpl_execution printed\n%s\nwant the judge's answer, testdata/full/tie.out", out)
		}
	})
}
