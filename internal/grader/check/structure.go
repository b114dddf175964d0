package check

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/internal/sandbox"
)

// structureScript reads a Python submission's modules with the
// submission's own Python, its ast module, and prints which rules they
// keep as JSON (structure.py says how).
//
//go:embed structure.py
var structureScript string

// A Rule is one of the assignment's rules of a Python program's
// structure, and whether the program keeps it: the category structure
// scores the share of the rules kept.
type Rule struct {
	Name    string  // such as "one-main"
	About   string  // what the rule asks, in words
	Verdict Verdict // Passed, Failed, or NotRun when the source could not be read
	// Where says, each as "FILE:LINE: what" (FILE: for a whole file),
	// the places that break the rule, or for a rule kept where it is
	// kept, or for one not run why. File names and what the submission
	// wrote are shown as plain shows them.
	Where []string
}

// The rules of structure, in the order the reports show them.
var structureRules = []Rule{
	{Name: "one-main", About: "exactly one module with an if __name__ == '__main__': block"},
	{Name: "logic-apart", About: "the game logic in modules that neither print nor read: those of its folder that the main module imports"},
	{Name: "a-class", About: "at least one class"},
	{Name: "own-exception", About: "at least one exception class of its own"},
}

// IsPython reports whether p is a Python program, whose structure a
// check in the assignment profile reads: p's name starts with python,
// and an argument is MainWord or ends in .py, the module it runs.
func IsPython(p Program) bool {
	_, ok := pythonMain(p)
	return ok
}

// pythonMain returns the module that p runs, and whether p is a Python
// program (IsPython).
func pythonMain(p Program) (string, bool) {
	if !strings.HasPrefix(filepath.Base(p.Path), "python") {
		return "", false
	}
	for _, a := range p.Args {
		if strings.HasSuffix(a, ".py") || a == MainWord {
			return a, true
		}
	}
	return "", false
}

// structureOf returns the rules of structure of the Python program p,
// whose folder, that of the module it runs, is taken from the sandbox's
// working folder; nil for a program that is not Python. The rule
// one-main is FindMain's; the others are read by structureScript, run
// with p's Python in the sandbox sb like p, within the same limits. The
// error is a *MachineError when p's Python could not import a module
// that structureScript imports: the grader's machine lacks it, and no
// rule is said.
func structureOf(ctx context.Context, p Program, lim Timeouts, sb sandbox.Config) ([]Rule, error) {
	main, ok := pythonMain(p)
	if !ok {
		return nil, nil
	}
	rules := make([]Rule, len(structureRules))
	copy(rules, structureRules)

	dir := filepath.Dir(main)
	if !filepath.IsAbs(dir) && sb.Dir != "" {
		dir = filepath.Join(sb.Dir, dir)
	}
	_, err := FindMain(dir)
	var me *MainError
	switch {
	case err == nil || errors.Is(err, ErrMainName):
		rules[0].Verdict, rules[0].Where = Passed, []string{plain(filepath.Base(main)) + ": runs the program"}
	case errors.As(err, &me) && len(me.Modules) > 0:
		rules[0].Verdict = Failed
		for _, m := range me.Modules {
			rules[0].Where = append(rules[0].Where, m+": has an if __name__ == '__main__': block")
		}
	case errors.Is(err, ErrNoMain):
		rules[0].Verdict, rules[0].Where = Failed, []string{strings.TrimPrefix(err.Error(), "check: ")}
	default: // its error names the folder by the grader's path
		rules[0].Verdict, rules[0].Where = NotRun, []string{"its folder could not be read"}
	}

	r := Run(ctx, Program{Path: p.Path, Args: []string{"-I", "-c", structureScript, main}}, scenario.Transcript{}, Batch, lim, sb)
	if err := importError(p.Path, structureScript, r); err != nil {
		return nil, err
	}
	found, err := readStructure(r, lim, sb.Limits)
	for i, name := range []string{"logic", "class", "exception"} {
		rule := &rules[i+1]
		if err != nil {
			rule.Verdict, rule.Where = NotRun, []string{strings.TrimPrefix(err.Error(), "check: ")}
			continue
		}
		got := found[name]
		rule.Verdict = Failed
		if got.Met {
			rule.Verdict = Passed
		}
		for _, pl := range got.Where {
			rule.Where = append(rule.Where, pl.String())
		}
	}
	return rules, nil
}

// ErrStructure means the source of a Python program could not be read
// for its structure.
var ErrStructure = errors.New("check: the structure could not be read")

// A pyRule is a rule as structureScript says it.
type pyRule struct {
	Met   bool      `json:"met"`
	Where []pyPlace `json:"where"`
}

// A pyPlace is a place in a module, as structureScript says it.
type pyPlace struct {
	File string `json:"file"` // the name's bytes, each as a rune
	Line int    `json:"line"`
	What string `json:"what"`
}

// String returns the place as "FILE:LINE: what", the file name and what
// as plain shows them; without LINE when it is 0.
func (pl pyPlace) String() string {
	name := make([]byte, 0, len(pl.File))
	for _, r := range pl.File {
		name = append(name, byte(r))
	}
	if pl.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", plain(string(name)), pl.Line, plain(pl.What))
	}
	return fmt.Sprintf("%s: %s", plain(string(name)), plain(pl.What))
}

// readStructure returns the rules that the run of structureScript r
// says, by their names in its JSON, r run within lim and sl; the error wraps ErrStructure and
// says why when it did not say them.
func readStructure(r Result, lim Timeouts, sl sandbox.Limits) (map[string]pyRule, error) {
	if r.End != Exited || r.Status != 0 {
		return nil, fmt.Errorf("%w: %s", ErrStructure, scriptFailure(r, lim, sl))
	}
	var found map[string]pyRule
	dec := json.NewDecoder(bytes.NewReader(r.Stdout))
	if err := dec.Decode(&found); err != nil || dec.More() {
		return nil, fmt.Errorf("%w: the script's output is not one JSON object", ErrStructure)
	}
	for _, name := range []string{"logic", "class", "exception"} {
		got, ok := found[name]
		if !ok {
			return nil, fmt.Errorf("%w: the script's output has no rule %s", ErrStructure, name)
		}
		for _, pl := range got.Where {
			for _, r := range pl.File {
				if r > 0xff {
					return nil, fmt.Errorf("%w: the script's output has a bad file name", ErrStructure)
				}
			}
		}
	}
	return found, nil
}
