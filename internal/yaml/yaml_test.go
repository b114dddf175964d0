package yaml

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// render writes a node as the tests want it: null, a scalar quoted, a
// mapping {k: v, ...} in its order, a sequence [a, ...].
func render(n *Node) string {
	if n == nil {
		return "<none>"
	}
	switch n.Kind {
	case Null:
		return "null"
	case Scalar:
		return fmt.Sprintf("%q", n.Text)
	case Sequence:
		var items []string
		for _, v := range n.Values {
			items = append(items, render(v))
		}
		return "[" + strings.Join(items, ", ") + "]"
	}
	var pairs []string
	for i, k := range n.Keys {
		pairs = append(pairs, k+": "+render(n.Values[i]))
	}
	return "{" + strings.Join(pairs, ", ") + "}"
}

// TestReadYAML reads the subset of YAML that Gradescope's
// submission_metadata.yml is written in, each case as PyYAML reads it
// too (its BaseLoader, which leaves scalars as text).
func TestReadYAML(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"gradescope", `---
submission_1:
  :submitters:
  - :name: Zoë Müller
    :sid: '00421'
    :email: zoe@example.edu
  - :name: 'Lee #2'
    :sid:
  :score: 0.0
  :results:
    extra_data: 
    tests: []
    leaderboard: {}
  :history: []
`, `{submission_1: {:submitters: [{:name: "Zoë Müller", :sid: "00421", :email: "zoe@example.edu"}, {:name: "Lee #2", :sid: null}], :score: "0.0", :results: {extra_data: null, tests: [], leaderboard: {}}, :history: []}}`},
		{"nulls", "a:\nb: ~\nc: null\nd: ''\ne: 'null'\nf: \"\"\n", `{a: null, b: null, c: null, d: "", e: "null", f: ""}`},
		{"indented sequence", "a:\n    - x\n    - y\nb: 1\n", `{a: ["x", "y"], b: "1"}`},
		{"sequences of sequences", "- - a\n  - b\n- - c\n-\n- d\n - e\n", `[["a", "b"], ["c"], null, "d - e"]`},
		{"mappings in a sequence", "a:\n- b: 1\n  c: 2\n- d: 3\n", `{a: [{b: "1", c: "2"}, {d: "3"}]}`},
		{"plain folded", "a: plain\n  continued\n\n  para\nb: x #y\nc: x#y\nd: http://x.org/a:b\ne: -1\n",
			`{a: "plain continued\npara", b: "x", c: "x#y", d: "http://x.org/a:b", e: "-1"}`},
		{"single-quoted", "a: 'it''s # not a comment'\nb: 'one\n  two\n\n  three'\n'key: 1': v\n", `{a: "it's # not a comment", b: "one two\nthree", key: 1: "v"}`},
		{"double-quoted", `a: "\x41\u00e9\U0001F600\t\\\"\n\e\_ é"` + "\nb: \"esc\\\n  aped and\n  folded\"\n\"c d\": \"  \"\n",
			`{a: "Aé😀\t\\\"\n\x1b\u00a0 é", b: "escaped and folded", c d: "  "}`},
		{"literal", "a: |\n  one\n   two\n\n  three\nb: |-\n  x\n\n\nc: |+\n  y\n\nd: |\ne: 1\n",
			`{a: "one\n two\n\nthree\n", b: "x", c: "y\n\n", d: "", e: "1"}`},
		{"folded", "a: >\n  folded\n  text\n\n  para\n   more\n  back\nb: >-\n  one\n  two\n", `{a: "folded text\npara\n more\nback\n", b: "one two"}`},
		{"indentation indicator", "k:\n  a: |2-\n     three\n    two\n", `{k: {a: " three\ntwo"}}`},
		{"comments and markers", "# top\n---   # c\na: 1 # c\n# mid\nb:   # c\n  c: 2\n  d: | # c\n    # text\n...\n# end\n", `{a: "1", b: {c: "2", d: "# text\n"}}`},
		{"bom and crlf", "\uFEFFa: 1\r\nb: Ω\r\n", `{a: "1", b: "Ω"}`},
		{"empty", "", "<none>"},
		{"only a comment", "# nothing\n\n", "<none>"},
		{"only a marker", "---\n", "<none>"},
		{"a scalar", "just text\non two lines\n", `"just text on two lines"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := Read([]byte(tt.yaml))
			if err != nil {
				t.Fatalf("got %v, want %s", err, tt.want)
			}
			if got := render(n); got != tt.want {
				t.Errorf("got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestReadYAMLLines checks the line of each node and key.
func TestReadYAMLLines(t *testing.T) {
	n, err := Read([]byte("---\n# c\na:\n  - x\n\n  - y: 1\n    z: 2\nb: |\n  t\nc: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	a := n.Get("a")
	got := fmt.Sprint(n.Line, n.Lines, a.Line, a.Values[1].Line, a.Values[1].Lines, n.Get("b").Line, n.Get("c").Line, n.Get("none"))
	if want := "3 [3 8 10] 4 6 [6 7] 8 10 <nil>"; got != want {
		t.Errorf("got the lines %s, want %s", got, want)
	}
}

// TestReadYAMLErrors checks that what is not in the subset read is a
// *Error that wraps ErrUnsupported and names its line.
func TestReadYAMLErrors(t *testing.T) {
	tests := []struct {
		name, yaml string
		line       int
		msg        string
	}{
		{"tab", "a:\n\tb: 1\n", 2, "a tab in the indentation: indent with spaces"},
		{"tab in a sequence", "a:\n  - 1\n\t- 2\n", 3, "a tab in the indentation: indent with spaces"},
		{"anchor", "a: &x 1\nb: *x\n", 1, "an anchor (&x): anchors and aliases are not read"},
		{"alias", "a: 1\nb: *x\n", 2, "an alias (*x): anchors and aliases are not read"},
		{"tag", "a:\n  b: !ruby/object:Time x\n", 2, "a tag (!ruby/object:Time): tags are not read"},
		{"flow sequence", "a: [1, 2]\n", 1, "a flow collection ([1, 2]): only [] and {} are read"},
		{"flow mapping", "a: {b: 1}\n", 1, "a flow collection ({b: 1}): only [] and {} are read"},
		{"key twice", "s:\n  a: 1\n  a: 2\n", 3, `the key "a" twice`},
		{"complex key", "? a\n: b\n", 1, "a complex key (? ): complex keys are not read"},
		{"colon in a plain scalar", "a: b: c\n", 1, "a plain scalar with a colon and a blank (b: c): quote it"},
		{"colon on a continuation", "a: 1\n  b: 2\n", 2, "a plain scalar with a colon and a blank (b: 2): quote it"},
		{"unterminated quote", "a: \"x\n  y\n", 1, "a quoted scalar that does not end"},
		{"quote not indented", "a:\n  b: 'x\n  c: y'\n", 3, "a line of a quoted scalar indented no more than its key: the scalar does not end"},
		{"text after a quote", "a: 'x' y\n", 1, "text after a quoted scalar (y)"},
		{"bad escape", "a: \"\\q\"\n", 1, `an escape that is not YAML's (\q)`},
		{"short escape", "a: \"\\x4\"\n", 1, `an escape that is not YAML's (\x4)`},
		{"directive", "%YAML 1.1\n---\na: 1\n", 1, "a directive (%YAML 1.1): directives are not read"},
		{"value on the marker", "--- a\n", 1, "a value on the line of ---: write it on the next line"},
		{"second document", "a: 1\n---\nb: 2\n", 2, "a second document: one is read"},
		{"indented more", "a:\n  b: 1\n    c: 2\n", 3, "a plain scalar with a colon and a blank (c: 2): quote it"},
		{"key indented more", "a:\n  b:\n    c: 1\n   d: 2\n", 4, "indented more than the keys before it"},
		{"item indented more", "-\n  x: 1\n - y\n", 3, "indented more than the items before it"},
		{"out of place", "  a: 1\nb: 2\n", 2, "a line out of place: less indented than the lines before it, or after the end"},
		{"item among keys", "a: 1\n- b\n", 2, "an item of a sequence among the keys of a mapping"},
		{"not a key", "a: 1\nb\n", 2, "not a key and its value (KEY: VALUE)"},
		{"sequence on a key's line", "a: - b\n", 1, "a sequence on the line of its key: write its items on the lines below"},
		{"reserved", "a: @b\n", 1, `a scalar that starts with '@': quote it`},
		{"block scalar header", "a: |x\n  b\n", 1, "a block scalar's header that is not YAML's (|x)"},
		{"block scalar less indented", "a: |\n    x\n  y\n", 3, "a line of a block scalar indented less than its first"},
		{"control character", "a: b\x1bc\n", 1, "a control character (U+001B): write it escaped in a double-quoted scalar"},
		{"line separator", "a: 1\nb: x\u2028y\n", 2, "a line break of YAML 1.1 (U+2028): write it escaped in a double-quoted scalar"},
		{"not UTF-8", "a: 1\nb: \xff\n", 2, "not UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := Read([]byte(tt.yaml))
			var ye *Error
			if !errors.As(err, &ye) || !errors.Is(err, ErrUnsupported) {
				t.Fatalf("got %s, %v; want a *Error that wraps ErrUnsupported", render(n), err)
			}
			if ye.Line != tt.line || ye.Msg != tt.msg {
				t.Errorf("got line %d: %s; want line %d: %s", ye.Line, ye.Msg, tt.line, tt.msg)
			}
			if want := fmt.Sprintf("yaml: line %d: %s", tt.line, tt.msg); err.Error() != want {
				t.Errorf("got %q, want %q", err.Error(), want)
			}
		})
	}
}
