package gradetest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/othello-judge/judge/internal/yaml"
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

// ErrWorkflow means a workflow is not as othello classroom writes it.
var ErrWorkflow = errors.New("gradetest: not a workflow as othello classroom writes it")

// value returns the YAML node n as plain values: a mapping as a
// map[string]any, a sequence as an []any, a scalar as its text, null as
// nil.
func value(n *yaml.Node) any {
	switch {
	case n == nil || n.Kind == yaml.Null:
		return nil
	case n.Kind == yaml.Scalar:
		return n.Text
	case n.Kind == yaml.Sequence:
		items := []any{}
		for _, v := range n.Values {
			items = append(items, value(v))
		}
		return items
	}
	m := map[string]any{}
	for i, k := range n.Keys {
		m[k] = value(n.Values[i])
	}
	return m
}

// ParseWorkflow reads a workflow of GitHub Actions with package yaml,
// with only the keys that othello classroom writes: name, on,
// permissions and jobs; a job's runs-on, timeout-minutes, if and steps; a
// step's name, id, uses, if, run, with and env. What yaml.Read does not
// read is its *yaml.Error; a key or a value out of place is an error
// that wraps ErrWorkflow.
func ParseWorkflow(text string) (Workflow, error) {
	doc, err := yaml.Read([]byte(text))
	if err != nil {
		return Workflow{}, err
	}
	v := value(doc)
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
		err = fmt.Errorf("%w: jobs is not a mapping", ErrWorkflow)
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
			err = fmt.Errorf("%w: the steps of job %s are not a sequence", ErrWorkflow, name)
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
		return nil, fmt.Errorf("%w: %s is not a mapping", ErrWorkflow, what)
	}
	for k := range m {
		if !strings.Contains(" "+strings.Join(keys, " ")+" ", " "+k+" ") {
			return nil, fmt.Errorf("%w: %s has the key %q", ErrWorkflow, what, k)
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
		return "", fmt.Errorf("%w: %s is not a scalar", ErrWorkflow, what)
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
		return nil, fmt.Errorf("%w: %s is not a sequence of scalars", ErrWorkflow, what)
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
		return nil, fmt.Errorf("%w: %s is not a mapping of scalars", ErrWorkflow, what)
	}
	return out, nil
}
