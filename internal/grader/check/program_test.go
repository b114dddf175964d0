package check_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/othello-judge/judge/internal/grader/check"
)

// TestIsMainLine checks which lines open a main block: blanks anywhere
// and either quote, nothing more.
func TestIsMainLine(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"if __name__ == '__main__':\n", true},
		{`if __name__ == "__main__":`, true},
		{`if __name__=="__main__" :` + "\r\n", true},
		{"\tif  __name__ ==\t'__main__'  :  \n", true},
		{"    if __name__ == '__main__':\n", true}, // indented: the checker ignores blanks
		{"if __name__ == '__main__': main()\n", false},
		{"if __name__ == '__main__':  # run it\n", false},
		{"# if __name__ == '__main__':\n", false},
		{"if __name__ == '__main__' and debug:\n", false},
		{"if (__name__ == '__main__'):\n", false},
		{"if '__main__' == __name__:\n", false},
		{`if __name__ == "__main__':`, false},
		{"if __name__ == '__main__'\n", false},
		{"if __name__ == '__mai n__':\n", true}, // blanks are ignored everywhere, as the checker does
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			if got := check.IsMainLine(tt.line); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestFindMain checks the main module found in folders of modules, and
// the errors of none, two, and a name that does not print.
func TestFindMain(t *testing.T) {
	const main = "import game\n\nif __name__ == \"__main__\":\n    game.run()\n"
	const lib = "def run():\n    print('FULL')\n"
	tests := []struct {
		name    string
		files   map[string]string // a name ending in / is a folder
		want    string
		wantErr error
		modules []string
	}{
		{"one", map[string]string{"ui.py": main, "game.py": lib, "notes.txt": main}, "ui.py", nil, nil},
		{"odd name", map[string]string{"mon jeu é.py": main}, "mon jeu é.py", nil, nil},
		{"subfolders do not count", map[string]string{"ui.py": main, "tests/": "", "tests/test_ui.py": main}, "ui.py", nil, nil},
		{"a folder named .py", map[string]string{"ui.py": main, "x.py/": ""}, "ui.py", nil, nil},
		{"none", map[string]string{"game.py": lib, "main.pyc": main}, "", check.ErrNoMain, nil},
		{"empty", map[string]string{}, "", check.ErrNoMain, nil},
		{"two", map[string]string{"b.py": main, "a.py": "if __name__=='__main__' :\n    pass\n", "c.py": lib}, "", check.ErrManyMains, []string{"a.py", "b.py"}},
		{"a name that does not print", map[string]string{"a\x1bb.py": main}, "", check.ErrMainName, []string{`"a\x1bb.py"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tt.files {
				path := filepath.Join(dir, name)
				var err error
				if name[len(name)-1] == '/' {
					err = os.MkdirAll(path, 0o755)
				} else if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil { // the map may give a file before its folder
					err = os.WriteFile(path, []byte(text), 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			got, err := check.FindMain(dir)
			var me *check.MainError
			if got != tt.want || !errors.Is(err, tt.wantErr) || (tt.wantErr != nil) != errors.As(err, &me) {
				t.Fatalf("got %q, %v; want %q, %v", got, err, tt.want, tt.wantErr)
			}
			if me != nil && !slices.Equal(me.Modules, tt.modules) {
				t.Errorf("got modules %q, want %q", me.Modules, tt.modules)
			}
		})
	}
}

// TestFindMainLink checks that a symbolic link is no module: the grader
// does not read what it points to, which may be none of the submission's.
func TestFindMainLink(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	target := filepath.Join(other, "secret.py")
	if err := os.WriteFile(target, []byte("if __name__ == '__main__':\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "ui.py")); err != nil {
		t.Skip(err)
	}
	if got, err := check.FindMain(dir); !errors.Is(err, check.ErrNoMain) {
		t.Errorf("got %q, %v; want %v", got, err, check.ErrNoMain)
	}
}

// TestProgramIn checks that only arguments that are exactly {main} are
// replaced, and a main module named like an option is written ./NAME.
func TestProgramIn(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "-ui.py"), []byte("if __name__ == '__main__':\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   check.Program
		want []string
	}{
		{"main", check.Program{Path: "python3", Args: []string{"-u", "{main}"}}, []string{"-u", "./-ui.py"}},
		{"no main", check.Program{Path: "python3", Args: []string{"othello.py"}}, []string{"othello.py"}},
		{"part of an argument", check.Program{Path: "sh", Args: []string{"-c", "python3 {main}"}}, []string{"-c", "python3 {main}"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.in.In(dir)
			if err != nil || got.Path != tt.in.Path || !slices.Equal(got.Args, tt.want) {
				t.Errorf("got %v, %v; want %q", got, err, tt.want)
			}
		})
	}
	if _, err := (check.Program{Path: "python3", Args: []string{"{main}"}}).In(t.TempDir()); !errors.Is(err, check.ErrNoMain) {
		t.Errorf("in an empty folder: got %v, want %v", err, check.ErrNoMain)
	}
}
