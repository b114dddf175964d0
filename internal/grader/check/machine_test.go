package check_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/testkit/gradetest"
)

// correctSubmission copies the class's correct program, which keeps
// every rule of structure, into a folder of its own that the runs may
// read, and returns the folder.
func correctSubmission(t *testing.T) string {
	t.Helper()
	from := filepath.Join("..", "..", "..", "cmd", "othello", "testdata", "class", "ui-named")
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"othello_ui.py", "othello_logic.py", "helpers.py"} {
		data, err := os.ReadFile(filepath.Join(from, name))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// writePython writes dir/name, a shell script that stands for a Python
// and runs script, and returns its path.
func writePython(t *testing.T, dir, name, script string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestProbeScript checks that the probe imports what structure.py
// imports, each on a line of its own, and nothing else.
func TestProbeScript(t *testing.T) {
	want := "import ast\nimport builtins\nimport json\nimport os\nimport stat\nimport sys\nprint(\"ok\")\n"
	if check.ProbeScript != want {
		t.Errorf("got the probe\n%s\nwant\n%s", check.ProbeScript, want)
	}
}

// TestImportError checks which failures of a script of the grader's are
// the machine's: an import of the script's own that raised
// ModuleNotFoundError or ImportError there, and nothing else.
func TestImportError(t *testing.T) {
	const script = "import ast\nimport json\nfrom os import path\n\nmain = sys.argv[1]\nimport_error = 1\n"
	traceback := func(line, last string) string {
		return "Traceback (most recent call last):\n  File \"<string>\", line " + line + ", in <module>\n" +
			"  File \"/usr/lib/python3.11/json/__init__.py\", line 106, in <module>\n" + last + "\n"
	}
	tests := []struct {
		name   string
		r      check.Result
		module string // the module said; "" for none: not the machine's
		msg    string // the error's message, if one
	}{
		{"json missing", check.Result{Status: 1, Stderr: []byte(traceback("2", "ModuleNotFoundError: No module named 'json'"))}, "json",
			"check: the structure check needs Python's json module, which python3 here lacks (python3-minimal?): install python3 (Debian: apt-get install python3)"},
		{"json's own import fails", check.Result{Status: 1, Stderr: []byte(traceback("2", "ModuleNotFoundError: No module named '_json'"))}, "json",
			"check: the structure check needs Python's json module, which python3 here cannot import (ModuleNotFoundError: No module named '_json'): install python3 (Debian: apt-get install python3)"},
		{"from os import", check.Result{Status: 1, Stderr: []byte(traceback("3", "ImportError: cannot import name 'path' from 'os'"))}, "os", ""},
		{"CRLF", check.Result{Status: 1, Stderr: []byte(strings.ReplaceAll(traceback("2", "ModuleNotFoundError: No module named 'json'"), "\n", "\r\n"))}, "json", ""},
		{"raised at a line that imports nothing", check.Result{Status: 1, Stderr: []byte(traceback("6", "ImportError: boom"))}, "", ""},
		{"raised at no line of the script", check.Result{Status: 1, Stderr: []byte("Fatal Python error: init_import_site\nModuleNotFoundError: No module named 'encodings'\n")}, "", ""},
		{"past the script's end", check.Result{Status: 1, Stderr: []byte(traceback("60", "ModuleNotFoundError: No module named 'json'"))}, "", ""},
		{"another exception", check.Result{Status: 1, Stderr: []byte(traceback("2", "SyntaxError: invalid syntax"))}, "", ""},
		{"exited with status 0", check.Result{Status: 0, Stderr: []byte(traceback("2", "ModuleNotFoundError: No module named 'json'"))}, "", ""},
		{"killed", check.Result{Status: -1, End: check.TimedOut, Stderr: []byte(traceback("2", "ModuleNotFoundError: No module named 'json'"))}, "", ""},
		{"no standard error", check.Result{Status: 1}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := check.ImportErrorOf("python3", script, tt.r)
			var me *check.MachineError
			switch {
			case tt.module == "" && err != nil:
				t.Fatalf("got %v, want no error", err)
			case tt.module == "":
			case !errors.As(err, &me) || !errors.Is(err, check.ErrGraderMachine):
				t.Fatalf("got %v, want a *check.MachineError wrapping ErrGraderMachine", err)
			case me.Module != tt.module:
				t.Errorf("got the module %q, want %q", me.Module, tt.module)
			case tt.msg != "" && err.Error() != tt.msg:
				t.Errorf("got %q, want %q", err.Error(), tt.msg)
			}
		})
	}
}

// TestProbeStructure checks the probe of a check's Python: the machine's
// error where it lacks a module of structure.py's, is a Python 2 or runs
// no script; nothing where it can run the structure check, where it
// cannot be started (the command's to report), where no structure is
// read, and where it is the submission's own, not the machine's.
func TestProbeStructure(t *testing.T) {
	python := gradetest.SystemPython(t)
	tests := []struct {
		name   string
		python func(dir string) string // the interpreter, written in the submission's folder dir
		args   []string                // the command's arguments; nil for the main module
		module string                  // the module the machine lacks, if any
		want   string                  // the error's message, DIR for the folder; "" for none
	}{
		{"python3-minimal", func(dir string) string { return gradetest.FakePython(t, dir, "python3", gradetest.LacksJSON) }, nil, "json",
			"check: the structure check needs Python's json module, which DIR/python3 here lacks (python3-minimal?): install python3 (Debian: apt-get install python3)"},
		{"python3.11-minimal", func(dir string) string { return gradetest.FakePython(t, dir, "python3.11", gradetest.LacksJSONInProbe) }, nil, "json",
			"check: the structure check needs Python's json module, which DIR/python3.11 here lacks (python3.11-minimal?): install python3.11 (Debian: apt-get install python3.11)"},
		{"a Python 2", func(dir string) string {
			return writePython(t, dir, "python", "echo 'Unknown option: -I' >&2; echo 'usage: python [option] ...' >&2; exit 2")
		}, nil, "",
			"check: the structure check cannot run with DIR/python here, which must be Python 3.6 or later with its standard library: it exited with status 2: usage: python [option] ..."},
		{"a Python that runs no script", func(dir string) string { return writePython(t, dir, "python3", "exit 0") }, nil, "",
			"check: the structure check cannot run with DIR/python3 here, which must be Python 3.6 or later with its standard library: it did not run the probe's script: it printed \"\""},
		{"json lacking only after the probe", func(dir string) string { return gradetest.FakePython(t, dir, "python3", gradetest.LacksJSONAfterProbe) }, nil, "", ""},
		{"python3", func(string) string { return python }, nil, "", ""},
		{"not there", func(dir string) string { return filepath.Join(dir, "python3") }, nil, "", ""},
		{"not Python", func(dir string) string { return gradetest.FakePython(t, dir, "python3", gradetest.LacksJSON) }, []string{"-m", "othello"}, "", ""},
		{"the submission's own, which each check probes", func(dir string) string {
			gradetest.FakePython(t, dir, "python3", gradetest.LacksJSON)
			return "./python3"
		}, nil, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := correctSubmission(t)
			p := check.Program{Path: tt.python(dir), Args: tt.args}
			if p.Args == nil {
				p.Args = []string{"othello_ui.py"}
			}
			sb := testSandbox
			sb.Dir = dir
			cfg := check.Config{Program: p, Profile: scenario.Assignment, Timeouts: testTimeouts, Sandbox: sb}
			err := check.ProbeStructure(context.Background(), cfg)
			want := strings.ReplaceAll(tt.want, "DIR", dir)
			var me *check.MachineError
			switch {
			case want == "" && err != nil:
				t.Fatalf("got %v, want no error", err)
			case want == "":
			case !errors.As(err, &me) || !errors.Is(err, check.ErrGraderMachine):
				t.Fatalf("got %v, want a *check.MachineError wrapping ErrGraderMachine", err)
			case err.Error() != want:
				t.Errorf("got %q, want %q", err.Error(), want)
			case me.Module != tt.module:
				t.Errorf("got the module %q, want %q", me.Module, tt.module)
			}
		})
	}
}

// TestCheckMachine checks that a check whose structure the grader's
// machine cannot read, found by the probe or at the structure check's
// run, gives no grade but the machine's error; that a check told that
// its Python was probed (as grade's are) does not probe it again, unless
// it is the submission's own; that a Python that cannot be started is
// reported as today, as the command's; and that on a good machine the
// correct program gets every point of structure.
func TestCheckMachine(t *testing.T) {
	python := gradetest.SystemPython(t)
	fake := func(lacks string) func(dir string) string {
		return func(dir string) string { return gradetest.FakePython(t, dir, "python3", lacks) }
	}
	tests := []struct {
		name   string
		python func(dir string) string // the interpreter, written in the submission's folder dir
		probed bool                    // Config.StructureProbed
		want   string                  // "machine", "rules" (a *check.RulesError) or "graded"
	}{
		{"python3-minimal", fake(gradetest.LacksJSON), false, "machine"},
		{"json lacking at the run", fake(gradetest.LacksJSONAfterProbe), false, "machine"},
		{"python3-minimal, probed for the class", fake(gradetest.LacksJSON), true, "machine"},
		{"json lacking in the probe alone, probed for the class", fake(gradetest.LacksJSONInProbe), true, "graded"},
		{"json lacking in the probe alone, the submission's own, probed for the class", func(dir string) string {
			gradetest.FakePython(t, dir, "python3", gradetest.LacksJSONInProbe)
			return "./python3"
		}, true, "machine"},
		{"not there", func(dir string) string { return filepath.Join(dir, "python3") }, false, "rules"},
		{"python3", func(string) string { return python }, false, "graded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := correctSubmission(t)
			sb := testSandbox
			sb.Dir = dir
			cfg := check.Config{Program: check.Program{Path: tt.python(dir), Args: []string{"othello_ui.py"}}, Profile: scenario.Assignment,
				Timeouts: testTimeouts, Sandbox: sb, StructureProbed: tt.probed}
			g, err := check.Check(context.Background(), cfg)
			graded := "no grade"
			if g != nil {
				score, max := g.Total()
				graded = fmt.Sprintf("a grade of %v of %v", score, max)
			}
			var me *check.MachineError
			var re *check.RulesError
			switch tt.want {
			case "machine":
				if g != nil || !errors.As(err, &me) || !errors.Is(err, check.ErrGraderMachine) || me.Module != "json" {
					t.Fatalf("got %s and the error %v, want no grade and a *check.MachineError of json", graded, err)
				}
			case "rules":
				if g != nil || !errors.As(err, &re) || errors.Is(err, check.ErrGraderMachine) {
					t.Fatalf("got %s and the error %v, want no grade and a *check.RulesError, not the machine's", graded, err)
				}
			case "graded":
				if err != nil {
					t.Fatal(err)
				}
				score, max := g.Total()
				for _, s := range g.Scores {
					if s.Category == scenario.Structure && (s.Points != 10 || s.Max != 10) {
						t.Errorf("got structure %v of %v, want 10 of 10; the rules: %q", s.Points, s.Max, g.Structure)
					}
				}
				if len(g.Structure) != 4 || score != max {
					t.Errorf("got %v of %v with the rules %q, want every point, 4 rules", score, max, g.Structure)
				}
			}
		})
	}
}
