package check_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

// The modules of a submission that keeps every rule of structure.
const (
	goodMain  = "import logic\nfrom logic import Board\n\nif __name__ == '__main__':\n    print(Board())\n"
	goodLogic = "class GameError(Exception):\n    pass\n\n\nclass Board:\n    pass\n"
)

// TestStructure checks the rules of structure of small submissions, each
// rule kept and broken, and hostile ones, Isolated and Limited: the
// verdict of each rule, in the order one-main, logic-apart, a-class,
// own-exception, and a place that each says.
func TestStructure(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	outside := filepath.Join(t.TempDir(), "outside.py")
	if err := os.WriteFile(outside, []byte("class Outside(Exception):\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	forged := "import sys\nsys.stdout.write('{\"logic\": {\"met\": true, \"where\": []}, \"class\": {\"met\": true, \"where\": []}, \"exception\": {\"met\": true, \"where\": []}}\\n')\nsys.exit(0)\n"
	tests := []struct {
		name    string
		files   map[string]string // the submission's modules; "->" starts a symbolic link's target
		main    string            // the module the command runs
		verdict string            // the verdicts, a letter a rule: k kept, b broken, n not checked
		where   []string          // a place said by each rule, in order, or "" for any
	}{
		{"good", map[string]string{"main.py": goodMain, "logic.py": goodLogic}, "main.py", "kkkk",
			[]string{"main.py: runs the program", "main.py:1: imports logic.py, which neither prints nor reads", "logic.py:1: class GameError", "logic.py:1: class GameError, an exception"}},
		{"two mains", map[string]string{"main.py": goodMain, "logic.py": goodLogic, "test_logic.py": "if __name__==\"__main__\" :\n    pass\n"}, "main.py", "bkkk",
			[]string{"test_logic.py: has an if __name__ == '__main__': block", "", "", ""}},
		{"no main block", map[string]string{"main.py": "import logic\nlogic.Board()\n", "logic.py": goodLogic}, "main.py", "bkkk",
			[]string{"no .py module has an if __name__ == '__main__': block", "", "", ""}},
		{"logic prints", map[string]string{"main.py": goodMain, "logic.py": goodLogic + "\ndef show():\n    print('x')\n"}, "main.py", "kbkk",
			[]string{"", "logic.py:9: calls print", "", ""}},
		{"logic reads", map[string]string{"main.py": goodMain, "logic.py": goodLogic + "\ndef ask():\n    return input()\n"}, "main.py", "kbkk",
			[]string{"", "logic.py:9: calls input", "", ""}},
		{"logic writes sys.stdout", map[string]string{"main.py": goodMain, "logic.py": "import sys\n" + goodLogic + "sys.stdout.write('x')\n"}, "main.py", "kbkk",
			[]string{"", "logic.py:8: uses sys.stdout", "", ""}},
		{"logic imports stdin", map[string]string{"main.py": goodMain, "logic.py": "from sys import stdin\n" + goodLogic}, "main.py", "kbkk",
			[]string{"", "logic.py:1: imports sys.stdin", "", ""}},
		{"one module", map[string]string{"game.py": goodLogic + goodMain}, "game.py", "kbkk",
			[]string{"", "game.py: imports no module of its folder: the game logic must be in a module of its own", "", ""}},
		{"a module not imported may print", map[string]string{"main.py": goodMain, "logic.py": goodLogic, "tools.py": "print(1)\n"}, "main.py", "kkkk", nil},
		{"from . import", map[string]string{"main.py": "from . import logic\nif __name__ == '__main__':\n    pass\n", "logic.py": "print(2)\n" + goodLogic}, "main.py", "kbkk",
			[]string{"", "logic.py:1: calls print", "", ""}},
		{"no class", map[string]string{"main.py": goodMain, "logic.py": "def board():\n    return []\n"}, "main.py", "kkbb",
			[]string{"", "", "main.py: no class in any of its 2 modules", "main.py: no class of its own derives from Exception"}},
		{"exception of an exception", map[string]string{"main.py": goodMain, "logic.py": "class Board:\n    pass\n\n\nclass MoveError(errors.GameError):\n    pass\n", "errors.py": "class GameError(builtins.ValueError):\n    pass\n"}, "main.py", "kkkk",
			[]string{"", "", "", "errors.py:1: class GameError, an exception"}},
		{"a class not an exception", map[string]string{"main.py": goodMain, "logic.py": "class Board(object):\n    pass\n\n\nclass Bad(Board):\n    pass\n"}, "main.py", "kkkb",
			[]string{"", "", "logic.py:1: class Board", "main.py: no class of its own derives from Exception"}},
		{"logic does not parse", map[string]string{"main.py": goodMain, "logic.py": "class Board:\n    def f(:\n"}, "main.py", "kbbb",
			[]string{"", "logic.py:2: does not parse: ", "logic.py:2: does not parse: ", "logic.py:2: does not parse: "}},
		{"main does not parse", map[string]string{"main.py": "if __name__ == '__main__':\nimport\n", "logic.py": goodLogic}, "main.py", "kbkk",
			[]string{"", "main.py:2: does not parse: ", "", ""}},
		{"not UTF-8", map[string]string{"main.py": goodMain, "logic.py": "s = '\xff\xfe'\n" + goodLogic}, "main.py", "kbbb",
			[]string{"", "logic.py:1: does not parse: ", "logic.py:1: does not parse: ", ""}},
		{"huge", map[string]string{"main.py": goodMain, "logic.py": goodLogic + "#" + strings.Repeat("x", 1<<20) + "\n"}, "main.py", "kbbb",
			[]string{"", "logic.py: is larger than 1 MiB: not read", "", ""}},
		{"nested too deeply", map[string]string{"main.py": goodMain, "logic.py": goodLogic + "x = " + strings.Repeat("-", 100000) + "1\n"}, "main.py", "kbbb",
			[]string{"", "logic.py: does not parse: ", "", ""}},
		{"nested parentheses", map[string]string{"main.py": goodMain, "logic.py": goodLogic + "x = " + strings.Repeat("(", 1000) + "\n"}, "main.py", "kbbb",
			[]string{"", "logic.py:7: does not parse: too many nested parentheses", "", ""}},
		{"symbolic link out of the folder", map[string]string{"main.py": goodMain, "logic.py": "->" + outside}, "main.py", "kbbb",
			[]string{"", "main.py: imports no module of its folder", "main.py: no class in any of its 1 modules", ""}},
		{"main a symbolic link", map[string]string{"main.py": "->" + outside, "logic.py": goodLogic}, "main.py", "bbkk",
			[]string{"", "main.py: cannot be read: ", "logic.py:1: class GameError", ""}},
		{"odd names", map[string]string{"main.py": goodMain, "logic.py": "def board():\n    return []\n", "a\n{\"logic\": 1}\x01.py": goodLogic}, "main.py", "kkkk",
			[]string{"", "", `"a\n{\"logic\": 1}\x01.py":1: class GameError`, ""}},
		{"the standard modules shadowed", map[string]string{"main.py": goodMain, "logic.py": "def board():\n    return []\n",
			"ast.py": forged, "json.py": forged, "os.py": forged, "sys.py": forged, "stat.py": forged, "builtins.py": forged, "sitecustomize.py": forged, "usercustomize.py": forged},
			"main.py", "kkbb", []string{"", "", "main.py: no class in any of its 10 modules", ""}},
		{"main in a subfolder", map[string]string{"src/main.py": goodMain, "src/logic.py": goodLogic, "logic.py": "print(1)\n"}, "src/main.py", "kkkk",
			[]string{"main.py: runs the program", "main.py:1: imports logic.py, which neither prints nor reads", "", ""}},
	}
	for _, mode := range []sandbox.Mode{sandbox.Isolated, sandbox.Limited} {
		for _, tt := range tests {
			t.Run(mode.String()+"/"+tt.name, func(t *testing.T) {
				dir := t.TempDir()
				if err := os.Chmod(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				for name, text := range tt.files {
					path := filepath.Join(dir, name)
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if target, ok := strings.CutPrefix(text, "->"); ok {
						err = os.Symlink(target, path)
					} else {
						err = os.WriteFile(path, []byte(text), 0o644)
					}
					if err != nil {
						t.Fatal(err)
					}
				}
				sb := testSandbox
				sb.Mode, sb.Dir = mode, dir
				rules, err := check.StructureOf(context.Background(), check.Program{Path: python, Args: []string{"-u", tt.main}}, testTimeouts, sb)
				if err != nil {
					t.Fatal(err)
				}
				var got strings.Builder
				for _, r := range rules {
					got.WriteByte("kbn"[r.Verdict])
				}
				if got.String() != tt.verdict {
					t.Fatalf("got the verdicts %s, want %s; the rules: %q", got.String(), tt.verdict, rules)
				}
				for i, want := range tt.where {
					if !strings.Contains(strings.Join(rules[i].Where, "\n"), want) {
						t.Errorf("got rule %s saying %q, want %q", rules[i].Name, rules[i].Where, want)
					}
				}
			})
		}
	}
}

// TestStructureNotPython checks that a program not run by a Python has no
// rules of structure.
func TestStructureNotPython(t *testing.T) {
	tests := []check.Program{
		{Path: "./a.out"},
		{Path: "sh", Args: []string{"run.py"}},
		{Path: "python3", Args: []string{"-m", "othello"}},
	}
	for _, p := range tests {
		t.Run(p.Path, func(t *testing.T) {
			if rules, err := check.StructureOf(context.Background(), p, testTimeouts, testSandbox); rules != nil || err != nil {
				t.Errorf("got the rules %q and %v, want none", rules, err)
			}
		})
	}
}

// TestStructureNotRead checks that a Python that does not say the rules
// as the script does, or fails, leaves the rules read by the script not
// checked, with why.
func TestStructureNotRead(t *testing.T) {
	tests := []struct {
		name, script, why string
	}{
		{"fails", "echo 'Traceback: boom' >&2; exit 1", "the structure could not be read: it exited with status 1: Traceback: boom"},
		{"two objects", `echo '{"logic": {"met": true}, "class": {"met": true}, "exception": {"met": true}} {}'`, "the structure could not be read: the script's output is not one JSON object"},
		{"a rule missing", `echo '{"logic": {"met": true}, "class": {"met": true}}'`, "the structure could not be read: the script's output has no rule exception"},
		{"a bad name", `echo '{"logic": {"met": true, "where": [{"file": "\u0100.py"}]}, "class": {"met": true}, "exception": {"met": true}}'`, "the structure could not be read: the script's output has a bad file name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Chmod(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			python := filepath.Join(dir, "python-"+strings.ReplaceAll(tt.name, " ", "-"))
			if err := os.WriteFile(python, []byte("#!/bin/sh\n"+tt.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			sb := testSandbox
			sb.Dir = dir
			rules, err := check.StructureOf(context.Background(), check.Program{Path: python, Args: []string{"main.py"}}, testTimeouts, sb)
			if err != nil {
				t.Fatal(err)
			}
			if len(rules) != 4 {
				t.Fatalf("got the rules %q, want 4", rules)
			}
			for _, r := range rules[1:] {
				if r.Verdict != check.NotRun || len(r.Where) != 1 || r.Where[0] != tt.why {
					t.Errorf("got rule %s %s, saying %q; want it not run, saying %q", r.Name, r.Verdict, r.Where, tt.why)
				}
			}
		})
	}
}

// TestCheckStructure checks when a check reads the structure: for a
// Python program in the assignment profile with the category worth
// points, not in the protocol profile, nor with structure 0, nor for a
// program that is not Python, which keeps full-game's 15 points.
func TestCheckStructure(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	correct := check.Program{Path: python, Args: []string{filepath.Join("..", "..", "..", "cmd", "othello", "testdata", "class", "ui-named", "othello_ui.py")}}
	tests := []struct {
		name      string
		program   check.Program
		profile   scenario.Profile
		weights   check.Weights
		rules     int     // rules of structure read
		structure float64 // its points, of 10 when read
		fullGame  float64 // full-game's weight
	}{
		{"python", correct, scenario.Assignment, nil, 4, 10, 10},
		{"python, protocol", correct, scenario.Protocol, nil, 0, 0, 10},
		{"python, structure 0", correct, scenario.Assignment, check.Weights{scenario.Reference: 10, scenario.FullGame: 15}, 0, 0, 15},
		{"not python", studentProgram("none"), scenario.Assignment, nil, 0, 0, 15},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := check.Config{Program: tt.program, Profile: tt.profile, Weights: tt.weights, Timeouts: testTimeouts, Sandbox: testSandbox}
			g, err := check.Check(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Structure) != tt.rules {
				t.Fatalf("got the rules %q, want %d", g.Structure, tt.rules)
			}
			if w := cfg.Points()[scenario.FullGame]; w != tt.fullGame {
				t.Errorf("got full-game worth %v, want %v", w, tt.fullGame)
			}
			for _, s := range g.Scores {
				if s.Category == scenario.Structure && (tt.rules == 0 || s.Points != tt.structure || s.Max != 10) {
					t.Errorf("got the score %+v of structure, want %v of 10, and none when not read", s, tt.structure)
				}
			}
		})
	}
}

// BenchmarkStructure reads the structure of the class's correct program,
// in the sandbox: what a check of a Python program adds, once.
func BenchmarkStructure(b *testing.B) {
	python, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("no python3")
	}
	sb := testSandbox
	sb.Dir = filepath.Join("..", "..", "..", "cmd", "othello", "testdata", "class", "ui-named")
	p := check.Program{Path: python, Args: []string{"othello_ui.py"}}
	for range b.N {
		if rules, err := check.StructureOf(context.Background(), p, testTimeouts, sb); len(rules) != 4 || rules[3].Verdict != check.Passed {
			b.Fatalf("got the rules %q and %v, want 4, all kept", rules, err)
		}
	}
}
