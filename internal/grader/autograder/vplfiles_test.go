package autograder_test

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
	"github.com/othello-judge/judge/internal/grader/check"
)

// TestWriteVPLFiles writes a VPL activity's files and reads them back:
// the scripts, executable, the bundle under grader/, the README, and
// vpl_evaluate.sh's othello check line, which names grader/'s files as
// grading/ from submission/; a folder that is not empty is refused, and
// so is a file that VPL would refuse.
func TestWriteVPLFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		path := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	b := autograder.Bundle{
		Binary: write("othello", "the binary"), Flags: []string{"-n=7", "-env=COURSE=othello 101"},
		Golden: []string{filepath.Dir(write("full/a.in", "a.in"))}, Weights: write("weights.txt", "reference 100\n"),
		Command: []string{"python3", "{main}"},
	}
	out := filepath.Join(dir, "vpl")
	if err := autograder.WriteVPLFiles(out, b, "make it's"); err != nil {
		t.Fatal(err)
	}
	var files []string
	modes := map[string]fs.FileMode{}
	filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(out, path)
			info, _ := d.Info()
			files, modes[rel] = append(files, rel), info.Mode().Perm()
		}
		return err
	})
	want := []string{"README.txt", "grader/golden/0/a.in", "grader/othello", "grader/weights.txt", "vpl_evaluate.sh", "vpl_run.sh"}
	if !slices.Equal(files, want) {
		t.Errorf("got the files %q, want %q", files, want)
	}
	for name, mode := range map[string]fs.FileMode{"vpl_run.sh": 0o755, "vpl_evaluate.sh": 0o755, "grader/othello": 0o755, "README.txt": 0o644} {
		if modes[name] != mode {
			t.Errorf("%s: got mode %v, want %v", name, modes[name], mode)
		}
	}
	evaluate := readFile(t, filepath.Join(out, "vpl_evaluate.sh"))
	line := `../grading/othello check -format vpl ${max:+"-vpl-max=$max"} -n=7 '-env=COURSE=othello 101' -golden ../grading/golden/0 -weights ../grading/weights.txt -- python3 '{main}' 2> ../grading/stderr.txt` + "\n"
	for _, want := range []string{"\nmv grader grading || exit 1\n", "\n(cd submission && bash -c 'make it'\\''s')\n", "\n" + line} {
		if !strings.Contains(evaluate, want) {
			t.Errorf("got vpl_evaluate.sh\n%s\nwant it to hold %q", evaluate, want)
		}
	}
	if run := readFile(t, filepath.Join(out, "vpl_run.sh")); !strings.Contains(run, "\nbash -c 'make it'\\''s' || exit 1\n") || !strings.Contains(run, "\nexec python3 \"$main\"\n") {
		t.Errorf("got vpl_run.sh\n%s\nwant it to build, then run python3 \"$main\"", run)
	}
	if readme := readFile(t, filepath.Join(out, "README.txt")); !strings.Contains(readme, "grader/weights.txt") || !strings.Contains(readme, "Files to keep when running: none") {
		t.Errorf("got README.txt\n%s\nwant it to list the files, and say that none is to keep", readme)
	}
	err := autograder.WriteVPLFiles(out, b, "")
	if !errors.Is(err, autograder.ErrNotEmpty) || !strings.HasPrefix(err.Error(), "autograder: ") || !strings.Contains(err.Error(), out) {
		t.Errorf("again in the same folder: got %v, want ErrNotEmpty that names it", err)
	}
	// VPL refuses an execution file named so: nothing is written.
	write("odd/a=b.in", "a=b.in")
	b.Golden = []string{filepath.Join(dir, "odd")}
	other := filepath.Join(dir, "other")
	err = autograder.WriteVPLFiles(other, b, "")
	if _, statErr := os.Stat(other); !errors.Is(err, autograder.ErrVPLName) || !strings.Contains(err.Error(), "grader/golden/0/a=b.in") || statErr == nil {
		t.Errorf("a golden transcript a=b.in: got %v, want ErrVPLName that names it, and no folder", err)
	}
}

// TestVPLRunMain runs vpl_run.sh for a command with {main} in a folder of
// Python modules: it finds the main module as othello check does, or
// says why not and writes no vpl_execution; check.Program.In finds the
// same.
func TestVPLRunMain(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	bin := filepath.Join(t.TempDir(), "othello")
	os.WriteFile(bin, []byte("the binary"), 0o755)
	files := filepath.Join(t.TempDir(), "vpl")
	if err := autograder.WriteVPLFiles(files, autograder.Bundle{Binary: bin, Command: []string{"echo", "main:", "{main}"}}, ""); err != nil {
		t.Fatal(err)
	}
	run := readFile(t, filepath.Join(files, "vpl_run.sh"))
	main := "if __name__ == '__main__':\n    pass\n"
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string // what vpl_execution prints, or vpl_run.sh if it fails
	}{
		{"one", map[string]string{"game.py": "import x\n" + main, "logic.py": "x = 1\n"}, "main: game.py\n"},
		{"blanks", map[string]string{"a b.py": "if  __name__==\t\"__main__\" :  \r\n"}, "main: a b.py\n"},
		{"dash", map[string]string{"-m.py": main}, "main: ./-m.py\n"},
		{"none", map[string]string{"game.py": "# if __name__ == '__main__':\n", "x.txt": main}, "Run: no .py module has an if __name__ == '__main__': block\n"},
		{"two", map[string]string{"a.py": main, "b.py": main}, "Run: more than one .py module has an if __name__ == '__main__': block: a.py, b.py\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			os.WriteFile(filepath.Join(home, "vpl_run.sh"), []byte(run), 0o755)
			for name, data := range tt.files {
				os.WriteFile(filepath.Join(home, name), []byte(data), 0o644)
			}
			cmd := exec.Command("bash", "vpl_run.sh")
			cmd.Dir = home
			out, err := cmd.CombinedOutput()
			if err == nil {
				cmd = exec.Command("./vpl_execution")
				cmd.Dir = home
				out, err = cmd.CombinedOutput()
			} else if _, statErr := os.Stat(filepath.Join(home, "vpl_execution")); statErr == nil {
				t.Errorf("vpl_run.sh failed and wrote a vpl_execution")
			}
			if string(out) != tt.want {
				t.Errorf("got %q (%v), want %q", out, err, tt.want)
			}
			p, err := check.Program{Path: "echo", Args: []string{"main:", check.MainWord}}.In(home)
			if ok := strings.HasPrefix(tt.want, "main: "); (err == nil) != ok || ok && "main: "+p.Args[1]+"\n" != tt.want {
				t.Errorf("othello check finds %q, %v; want what vpl_run.sh finds", p.Args, err)
			}
		})
	}
}

// readFile returns the text of the file at path.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
