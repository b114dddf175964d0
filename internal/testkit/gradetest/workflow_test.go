package gradetest

import (
	"errors"
	"fmt"
	"testing"
)

// TestParseYAML checks the reader of the subset of YAML of a workflow:
// what it reads, and what it refuses.
func TestParseYAML(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		want       string // the value as fmt prints it; "" for an error
	}{
		{"mapping", "a: 1\nb: two words\n", "map[a:1 b:two words]"},
		{"nested", "# a comment\na:\n  b: 1\n\n  c:\n    - x\n    - 'y''s' # not a comment inside quotes\nd: \"q\\tq\"\n", "map[a:map[b:1 c:[x y's]] d:q\tq]"},
		{"items that are mappings", "steps:\n  - name: one\n    id: first\n  - uses: a@v1\n    with:\n      k: v\n", "map[steps:[map[id:first name:one] map[uses:a@v1 with:map[k:v]]]]"},
		{"literal block", "run: |\n  a\n    b\n\n  # kept\nnext: x\n", "map[next:x run:a\n  b\n\n# kept\n]"},
		{"literal block at the end", "- run: |\n    echo \"$X\" >> 'f'\n\n", "[map[run:echo \"$X\" >> 'f'\n]]"},
		{"quoted key", "'on':\n  - push\n", "map[on:[push]]"},
		{"expression", "env:\n  R: ${{ steps.x.outputs.result }}\n", "map[env:map[R:${{ steps.x.outputs.result }}]]"},
		{"comment after a value", "a: b # c\n", "map[a:b]"},
		{"tab", "a:\n\tb: 1\n", ""},
		{"flow sequence", "on: [push]\n", ""},
		{"flow mapping", "a: {b: 1}\n", ""},
		{"anchor", "a: &x 1\n", ""},
		{"folded block", "a: >\n  b\n", ""},
		{"key twice", "a: 1\na: 2\n", ""},
		{"colon in a plain scalar", "a: b: c\n", ""},
		{"deeper after a value", "a: 1\n  b: 2\n", ""},
		{"item among keys", "a: 1\n- b\n", ""},
		{"quote not closed", "a: 'b\n", ""},
		{"two nodes", "a: 1\n- b\n", ""},
		{"bad key", "a b: 1\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseYAML(tt.text)
			switch {
			case tt.want == "" && !errors.Is(err, ErrYAML):
				t.Errorf("got %v, %v; want an error that wraps ErrYAML", v, err)
			case tt.want != "" && (err != nil || fmt.Sprint(v) != tt.want):
				t.Errorf("got %q, %v; want %q", fmt.Sprint(v), err, tt.want)
			}
		})
	}
}

// TestParseWorkflow checks that a workflow is read into its fields, and
// that a key it does not know is an error.
func TestParseWorkflow(t *testing.T) {
	const text = `name: W
on:
  - push
permissions:
  contents: read
jobs:
  j:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - id: s
        run: |
          echo hi
        env:
          A: b
`
	w, err := ParseWorkflow(text)
	if err != nil {
		t.Fatal(err)
	}
	j := w.Jobs["j"]
	if w.Name != "W" || fmt.Sprint(w.On) != "[push]" || w.Permissions["contents"] != "read" || j.RunsOn != "ubuntu-24.04" || len(j.Steps) != 2 ||
		j.Steps[0].Uses != "actions/checkout@v4" || j.Steps[1].ID != "s" || j.Steps[1].Run != "echo hi\n" || j.Steps[1].Env["A"] != "b" {
		t.Errorf("got %+v", w)
	}
	for _, bad := range []string{text + "concurrency: x\n", text + "        shell: sh\n", "name: W\njobs: x\n"} {
		if _, err := ParseWorkflow(bad); !errors.Is(err, ErrYAML) {
			t.Errorf("%s: got %v, want an error that wraps ErrYAML", bad, err)
		}
	}
}
