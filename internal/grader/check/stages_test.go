package check

import (
	"slices"
	"testing"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

// TestGroup sorts made-up outcomes into ways: in the order of their first
// case, each with the smallest random scenario as its example, first
// among its cases, the others in the order of the check; cases that did
// not fail belong to no way.
func TestGroup(t *testing.T) {
	score := way{want: "game", got: "other"}
	crash := way{want: "game", got: "end", exit: "status 1"}
	gen := scenario.Generator{Rules: othello.Full{}}
	sized := func(rows int) *scenario.Scenario {
		return scenario.Generator{Rules: othello.Full{}, Rows: rows, Cols: rows}.Scenario(1, 0)
	}
	failed := func(name string, w way, s *scenario.Scenario) outcome {
		return outcome{c: &Case{Name: name, Verdict: Failed, Failure: &Failure{way: w}}, s: s}
	}
	outcomes := []outcome{
		failed("golden", score, nil),
		{c: &Case{Name: "pass", Verdict: Passed}},
		failed("8x8", score, sized(8)),
		failed("crash 6x6", crash, sized(6)),
		failed("4x4", score, sized(4)),
		{c: &Case{Name: "not run", Verdict: NotRun}, s: gen.Scenario(1, 1)},
		failed("6x6", score, sized(6)),
		failed("crash 4x4", crash, sized(4)),
	}
	tests := []struct {
		example string
		cases   []string
	}{
		{"4x4", []string{"4x4", "golden", "8x8", "6x6"}},
		{"crash 4x4", []string{"crash 4x4", "crash 6x6"}},
	}
	groups := group(outcomes)
	if len(groups) != len(tests) {
		t.Fatalf("got %d ways, want %d", len(groups), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.example, func(t *testing.T) {
			g := groups[i]
			if g.example.c.Name != tt.example {
				t.Errorf("got example %s, want %s", g.example.c.Name, tt.example)
			}
			var names []string
			for _, c := range g.cases {
				names = append(names, c.Name)
			}
			if !slices.Equal(names, tt.cases) {
				t.Errorf("got cases %v, want %v", names, tt.cases)
			}
		})
	}
	if outcomes[0].c.Name != "golden" || outcomes[4].c.Name != "4x4" {
		t.Errorf("group changed the order of the outcomes it was given")
	}
}
