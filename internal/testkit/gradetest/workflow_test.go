package gradetest

import (
	"errors"
	"fmt"
	"testing"
)

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
		if _, err := ParseWorkflow(bad); !errors.Is(err, ErrWorkflow) {
			t.Errorf("%s: got %v, want an error that wraps ErrWorkflow", bad, err)
		}
	}
}
