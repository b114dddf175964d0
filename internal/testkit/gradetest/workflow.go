package gradetest

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A Workflow is a workflow of GitHub Actions as othello classroom writes
// it, read by ParseWorkflow.
type Workflow struct {
	Name        string
	On          []string
	Permissions map[string]string
	Jobs        map[string]Job
}

// A Job is a job of a Workflow.
type Job struct {
	RunsOn, If, TimeoutMinutes string
	Steps                      []Step
}

// A Step is a step of a Job: an action it uses, with its inputs (With),
// or a script it runs; Env are its environment variables.
type Step struct {
	Name, ID, Uses, If, Run string
	With, Env               map[string]string
}

// ErrYAML means a text is not in the subset of YAML that ParseYAML reads.
var ErrYAML = errors.New("gradetest: not in the subset of YAML read")

// ParseYAML reads the subset of YAML that a workflow of othello
// classroom is written in: mappings of keys to values, indented by
// blanks; sequences, each item a line "- " and a value or the first
// entry of a mapping; and scalars, plain (up to a comment " #"), in
// single quotes or in double quotes (as Go quotes), or literal blocks
// ("|", each line less the block's indentation, and one newline at the
// end); comment lines and blank lines between. A mapping is a
// map[string]any, a sequence an []any, a scalar a string. Anything else
// (flow collections, anchors, tags, folded blocks, tabs, a key twice) is
// an error that wraps ErrYAML.
func ParseYAML(text string) (any, error) {
	p := &yamlParser{lines: strings.Split(strings.TrimSuffix(text, "\n"), "\n")}
	for i, l := range p.lines {
		if strings.Contains(l, "\t") {
			return nil, fmt.Errorf("%w: line %d: a tab", ErrYAML, i+1)
		}
	}
	v, err := p.node(0)
	if err == nil && p.skip() {
		err = p.errorf("more than one node at the top")
	}
	return v, err
}

// A yamlParser reads lines from i on.
type yamlParser struct {
	lines []string
	i     int
}

// errorf returns an error of the line the parser is at.
func (p *yamlParser) errorf(format string, a ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrYAML, p.i+1, fmt.Sprintf(format, a...))
}

// skip passes blank lines and comment lines, and reports whether a line
// is left.
func (p *yamlParser) skip() bool {
	for ; p.i < len(p.lines); p.i++ {
		if t := strings.TrimSpace(p.lines[p.i]); t != "" && !strings.HasPrefix(t, "#") {
			return true
		}
	}
	return false
}

// indentOf returns how many blanks l starts with.
func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// isItem reports whether t, a line less its indentation, is an item of a
// sequence.
func isItem(t string) bool { return t == "-" || strings.HasPrefix(t, "- ") }

// node reads the node at the next line, which must be indented by
// indent.
func (p *yamlParser) node(indent int) (any, error) {
	if !p.skip() {
		return "", nil
	}
	if n := indentOf(p.lines[p.i]); n != indent {
		return nil, p.errorf("indented by %d, want %d", n, indent)
	}
	if isItem(p.lines[p.i][indent:]) {
		return p.sequence(indent)
	}
	return p.mapping(indent)
}

// sequence reads the items of a sequence indented by indent.
func (p *yamlParser) sequence(indent int) ([]any, error) {
	var items []any
	for p.skip() && indentOf(p.lines[p.i]) == indent && isItem(p.lines[p.i][indent:]) {
		rest := strings.TrimPrefix(p.lines[p.i][indent+1:], " ")
		var v any
		var err error
		switch {
		case rest == "":
			p.i++
			if !p.skip() || indentOf(p.lines[p.i]) <= indent {
				return nil, p.errorf("an empty item")
			}
			v, err = p.node(indentOf(p.lines[p.i]))
		case isKey(rest):
			// The item's mapping starts on its line, after "- ".
			p.lines[p.i] = strings.Repeat(" ", indent+2) + rest
			v, err = p.mapping(indent + 2)
		default:
			v, err = p.scalar(rest)
			p.i++
		}
		if err != nil {
			return nil, err
		}
		items = append(items, v)
	}
	if p.skip() && indentOf(p.lines[p.i]) > indent {
		return nil, p.errorf("indented by %d after a sequence indented by %d", indentOf(p.lines[p.i]), indent)
	}
	return items, nil
}

// isKey reports whether t starts with a key and a colon.
func isKey(t string) bool {
	_, _, err := splitKey(t)
	return err == nil
}

// splitKey splits t, "key: value" or "key:", into its key, plain or in
// single quotes, and its value.
func splitKey(t string) (key, value string, err error) {
	k, v, ok := strings.Cut(t, ":")
	if !ok || v != "" && v[0] != ' ' {
		return "", "", fmt.Errorf("no key")
	}
	if len(k) >= 2 && k[0] == '\'' && k[len(k)-1] == '\'' {
		k = k[1 : len(k)-1]
	}
	if k == "" || strings.Trim(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
		return "", "", fmt.Errorf("key %q", k)
	}
	return k, strings.TrimSpace(v), nil
}

// mapping reads the entries of a mapping indented by indent.
func (p *yamlParser) mapping(indent int) (map[string]any, error) {
	m := map[string]any{}
	for p.skip() {
		l := p.lines[p.i]
		switch n := indentOf(l); {
		case n < indent:
			return m, nil
		case n > indent:
			return nil, p.errorf("indented by %d in a mapping indented by %d", n, indent)
		case isItem(l[indent:]):
			return nil, p.errorf("an item among a mapping's keys")
		}
		key, value, err := splitKey(l[indent:])
		if err != nil {
			return nil, p.errorf("%v", err)
		}
		if _, ok := m[key]; ok {
			return nil, p.errorf("key %q twice", key)
		}
		p.i++
		switch {
		case value == "|":
			m[key] = p.literal(indent)
		case value == "":
			m[key] = ""
			if p.skip() && indentOf(p.lines[p.i]) > indent {
				m[key], err = p.node(indentOf(p.lines[p.i]))
			}
		default:
			m[key], err = p.scalar(value)
		}
		if err != nil {
			return nil, err
		}
	}
	return m, nil
}

// literal reads the lines of a literal block under a key indented by
// indent: each less the indentation of its first line, with one newline
// at the end.
func (p *yamlParser) literal(indent int) string {
	var lines []string
	block := -1
	for ; p.i < len(p.lines); p.i++ {
		l := p.lines[p.i]
		if strings.TrimSpace(l) == "" {
			lines = append(lines, "")
			continue
		}
		if indentOf(l) <= indent || block >= 0 && indentOf(l) < block {
			break
		}
		if block < 0 {
			block = indentOf(l)
		}
		lines = append(lines, l[block:])
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
		p.i-- // blank lines after the block are not its
	}
	return strings.Join(lines, "\n") + "\n"
}

// scalar reads a scalar on one line: in single quotes, in double quotes,
// or plain; a comment may follow.
func (p *yamlParser) scalar(s string) (string, error) {
	if s[0] == '\'' || s[0] == '"' {
		end := 1 // the closing quote
		for ; end < len(s); end++ {
			switch {
			case s[0] == '"' && s[end] == '\\':
				end++
			case s[end] == s[0] && s[0] == '\'' && end+1 < len(s) && s[end+1] == '\'':
				end++
			case s[end] == s[0]:
				rest := strings.TrimSpace(s[end+1:])
				if rest != "" && rest[0] != '#' {
					return "", p.errorf("%s after a quoted scalar", rest)
				}
				if s[0] == '"' {
					v, err := strconv.Unquote(s[:end+1])
					if err != nil {
						return "", p.errorf("%s: %v", s, err)
					}
					return v, nil
				}
				return strings.ReplaceAll(s[1:end], "''", "'"), nil
			}
		}
		return "", p.errorf("a quote not closed: %s", s)
	}
	if strings.ContainsRune("[]{}&*!|>%@`,?:-#", rune(s[0])) {
		return "", p.errorf("a scalar that starts with %q", s[0])
	}
	if i := strings.Index(s, " #"); i >= 0 {
		s = s[:i]
	}
	if strings.Contains(s, ": ") || strings.HasSuffix(s, ":") {
		return "", p.errorf("a colon in a plain scalar: %s", s)
	}
	return strings.TrimSpace(s), nil
}

// ParseWorkflow reads a workflow of GitHub Actions in the subset of YAML
// of ParseYAML, with only the keys that othello classroom writes: name,
// on, permissions and jobs; a job's runs-on, timeout-minutes, if and
// steps; a step's name, id, uses, if, run, with and env.
func ParseWorkflow(text string) (Workflow, error) {
	v, err := ParseYAML(text)
	if err != nil {
		return Workflow{}, err
	}
	var w Workflow
	top, err := fields(v, "the workflow", "name", "on", "permissions", "jobs")
	if err == nil {
		w.Name, err = str(top["name"], "name")
	}
	if err == nil {
		w.On, err = strs(top["on"], "on")
	}
	if err == nil {
		w.Permissions, err = strMap(top["permissions"], "permissions")
	}
	jobs, ok := top["jobs"].(map[string]any)
	if err == nil && !ok {
		err = fmt.Errorf("%w: jobs is not a mapping", ErrYAML)
	}
	w.Jobs = map[string]Job{}
	for name, v := range jobs {
		if err != nil {
			break
		}
		var job Job
		var j map[string]any
		j, err = fields(v, "job "+name, "runs-on", "timeout-minutes", "if", "steps")
		for _, f := range []struct {
			to   *string
			name string
		}{{&job.RunsOn, "runs-on"}, {&job.TimeoutMinutes, "timeout-minutes"}, {&job.If, "if"}} {
			if err == nil {
				*f.to, err = str(j[f.name], f.name)
			}
		}
		steps, ok := j["steps"].([]any)
		if err == nil && !ok {
			err = fmt.Errorf("%w: the steps of job %s are not a sequence", ErrYAML, name)
		}
		for i, v := range steps {
			if err != nil {
				break
			}
			var s map[string]any
			s, err = fields(v, fmt.Sprintf("step %d of job %s", i+1, name), "name", "id", "uses", "if", "run", "with", "env")
			var step Step
			for _, f := range []struct {
				to   *string
				name string
			}{{&step.Name, "name"}, {&step.ID, "id"}, {&step.Uses, "uses"}, {&step.If, "if"}, {&step.Run, "run"}} {
				if err == nil {
					*f.to, err = str(s[f.name], f.name)
				}
			}
			if err == nil {
				step.With, err = strMap(s["with"], "with")
			}
			if err == nil {
				step.Env, err = strMap(s["env"], "env")
			}
			job.Steps = append(job.Steps, step)
		}
		w.Jobs[name] = job
	}
	return w, err
}

// fields returns v as a mapping with no keys but those named.
func fields(v any, what string, keys ...string) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: %s is not a mapping", ErrYAML, what)
	}
	for k := range m {
		if !strings.Contains(" "+strings.Join(keys, " ")+" ", " "+k+" ") {
			return nil, fmt.Errorf("%w: %s has the key %q", ErrYAML, what, k)
		}
	}
	return m, nil
}

// str returns v as a string; "" if it is not there.
func str(v any, what string) (string, error) {
	if v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%w: %s is not a scalar", ErrYAML, what)
	}
	return s, nil
}

// strs returns v as a sequence of strings.
func strs(v any, what string) ([]string, error) {
	items, ok := v.([]any)
	var out []string
	for _, item := range items {
		s, isStr := item.(string)
		ok = ok && isStr
		out = append(out, s)
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s is not a sequence of scalars", ErrYAML, what)
	}
	return out, nil
}

// strMap returns v as a mapping of strings to strings; nil if it is not
// there.
func strMap(v any, what string) (map[string]string, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	out := map[string]string{}
	for k, item := range m {
		s, isStr := item.(string)
		ok = ok && isStr
		out[k] = s
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s is not a mapping of scalars", ErrYAML, what)
	}
	return out, nil
}
