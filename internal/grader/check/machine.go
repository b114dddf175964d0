package check

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

// ErrGraderMachine means the grader's machine cannot make a check, for a
// reason of its own, not of the program checked: the check gives no
// grade.
var ErrGraderMachine = errors.New("check: the grader's machine cannot make the check")

// A MachineError reports that the Python of a check, on the grader's
// machine, cannot run the structure check (structure.py): it lacks a
// module of the standard library that structure.py imports, as
// python3-minimal does, or it is not a Python 3 that runs it. It wraps
// ErrGraderMachine.
type MachineError struct {
	Python string // the interpreter, as the command names it, such as "python3"
	Module string // the module of structure.py's imports that it could not import, such as "json"; "" when it failed otherwise
	// Why is the exception of an import that failed, such as
	// "ModuleNotFoundError: No module named 'json'", or else what the
	// Python did, with the last line of its standard error.
	Why string
}

// Error says what the structure check needs and, for a module missing,
// what to install: "check: the structure check needs Python's json
// module, which python3 here lacks (python3-minimal?): install python3
// (Debian: apt-get install python3)".
func (e *MachineError) Error() string {
	pkg := plain(filepath.Base(e.Python))
	if pkg == "python" {
		pkg = "python3"
	}
	install := fmt.Sprintf("install %s (Debian: apt-get install %s)", pkg, pkg)
	python := plain(e.Python)
	switch {
	case e.Module != "" && e.Why == "ModuleNotFoundError: No module named '"+e.Module+"'":
		return fmt.Sprintf("check: the structure check needs Python's %s module, which %s here lacks (%s-minimal?): %s", e.Module, python, pkg, install)
	case e.Module != "":
		return fmt.Sprintf("check: the structure check needs Python's %s module, which %s here cannot import (%s): %s", e.Module, python, e.Why, install)
	}
	return fmt.Sprintf("check: the structure check cannot run with %s here, which must be Python 3.6 or later with its standard library: %s", python, e.Why)
}

// Unwrap returns ErrGraderMachine.
func (e *MachineError) Unwrap() error { return ErrGraderMachine }

// readsStructure reports whether a check of cfg reads the program's
// structure: a Python program (IsPython) in the assignment profile,
// the category structure worth points, and not an AI grade.
func (cfg Config) readsStructure() bool {
	return cfg.AI == nil && cfg.Profile == scenario.Assignment && cfg.Points()[scenario.Structure] > 0 && IsPython(cfg.Program)
}

// ownPython reports whether the interpreter of p is a file of the
// submission's folder, a relative path such as ./venv/bin/python3,
// rather than the grader's machine's, a name looked up in PATH or an
// absolute path.
func ownPython(p Program) bool {
	return strings.Contains(p.Path, "/") && !filepath.IsAbs(p.Path)
}

// ProbeStructure returns nil where the Python of cfg's program can run
// the structure check, and a *MachineError where it cannot for a reason
// of the grader's machine: it runs that Python once, in cfg's sandbox
// (its working folder a submission's) and within the limits of the
// smallest run, as the structure check runs it, on a script that
// imports what structure.py imports and prints ok. Check probes so
// before its first run, unless Config.StructureProbed; othello grade
// calls ProbeStructure once for the whole class.
//
// A check that reads no structure (readsStructure) probes nothing, nor
// does ProbeStructure probe a Python of the submission's own folder
// (such as ./venv/bin/python3), which is not the machine's and which
// each check probes, the submission's. A Python that cannot be started
// at all is the command's to report, as every run of a program that
// cannot start is (a *RulesError from Check), not the machine's: nil,
// as for a probe that ctx stopped.
func ProbeStructure(ctx context.Context, cfg Config) error {
	if !cfg.readsStructure() || ownPython(cfg.Program) {
		return nil
	}
	cfg.Sandbox, _ = sandboxFor(cfg)
	return probeStructure(ctx, cfg)
}

// probeStructure is ProbeStructure in cfg's sandbox as it is, settled
// (sandboxFor).
func probeStructure(ctx context.Context, cfg Config) error {
	lim, sb := cfg.limitsFor(scenario.Transcript{})
	python := cfg.Program.Path
	r := Run(ctx, Program{Path: python, Args: []string{"-I", "-c", probeScript}}, scenario.Transcript{}, Batch, lim, sb)
	switch {
	case r.End == NotStarted || r.End == Interrupted:
		return nil
	case r.End == Exited && r.Status == 0 && string(r.Stdout) == "ok\n":
		return nil
	}
	if err := importError(python, probeScript, r); err != nil {
		return err
	}
	why := scriptFailure(r, lim, sb.Limits)
	if r.End == Exited && r.Status == 0 {
		why = "it did not run the probe's script: it printed " + quote(firstLine(r.Stdout))
	}
	return &MachineError{Python: python, Why: why}
}

// firstLine returns the first line of out, with its newline if it has
// one.
func firstLine(out []byte) string {
	line, _, _ := strings.Cut(string(out), "\n")
	if len(line) < len(out) {
		line += "\n"
	}
	return line
}

// importLine matches a line of structure.py that imports a module, at
// its top: the module's name (its first part) is the submatch.
var importLine = regexp.MustCompile(`^(?:import|from) ([A-Za-z_][A-Za-z0-9_]*)`)

// probeScript imports what structureScript imports, each module on a
// line of its own as there, and prints ok: ProbeStructure runs it.
var probeScript = func() string {
	var b strings.Builder
	for _, line := range strings.Split(structureScript, "\n") {
		if importLine.MatchString(line) {
			b.WriteString(line + "\n")
		}
	}
	b.WriteString("print(\"ok\")\n")
	return b.String()
}()

// scriptFrame matches the line of a Python traceback that names a line
// of the script run with -c.
var scriptFrame = regexp.MustCompile(`^\s*File "<string>", line ([0-9]+)`)

// importError returns a *MachineError when the run r, by the Python
// python, of script (run with -c) failed on one of the script's own
// import lines: its traceback ends in ModuleNotFoundError or ImportError
// raised at such a line. No submission makes that happen, as -I keeps
// its modules from being imported in place of the standard ones and
// script imports none of them; nil otherwise.
func importError(python, script string, r Result) error {
	if r.End != Exited || r.Status == 0 {
		return nil
	}
	var lines []string
	for _, l := range strings.Split(string(r.Stderr), "\n") {
		if l = strings.TrimRight(l, "\r"); strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	last := strings.TrimSpace(lines[len(lines)-1])
	if !strings.HasPrefix(last, "ModuleNotFoundError: ") && !strings.HasPrefix(last, "ImportError: ") {
		return nil
	}
	at := 0 // the line of script where it was raised
	for _, l := range lines {
		if m := scriptFrame.FindStringSubmatch(l); m != nil {
			at, _ = strconv.Atoi(m[1])
		}
	}
	script = strings.TrimSuffix(script, "\n")
	if at < 1 || at > strings.Count(script, "\n")+1 {
		return nil
	}
	m := importLine.FindStringSubmatch(strings.Split(script, "\n")[at-1])
	if m == nil {
		return nil
	}
	return &MachineError{Python: python, Module: m[1], Why: plain(last)}
}

// scriptFailure says why a run r of a script of the grader's, within
// lim and sl, failed: what it did, and the last line of its standard
// error.
func scriptFailure(r Result, lim Timeouts, sl sandbox.Limits) string {
	why := what(scenario.Transcript{}, r, lim, sl, false)
	if lines := stderrExcerpt(r.Stderr); len(lines) > 0 {
		why += ": " + plain(strings.TrimSpace(lines[len(lines)-1]))
	}
	return why
}
