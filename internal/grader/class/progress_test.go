package class_test

import (
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/grader/class"
)

// TestProgress checks the progress line: it writes over itself, says how
// far it has come and estimates the time left, and is cleared at the end
// if it was shown.
func TestProgress(t *testing.T) {
	type step struct {
		done, total int
		at          time.Duration // since the start
	}
	tests := []struct {
		name  string
		steps []step
		want  []string // the lines, each after "\r\x1b[K"
	}{
		{"none shown", nil, nil},
		{"a quarter", []step{{1, 4, 3 * time.Second}}, []string{"check: 1/4 scenarios, 3s, about 9s left", ""}},
		{"to the end", []step{{0, 2, 0}, {1, 2, 2 * time.Second}, {2, 2, 5 * time.Second}},
			[]string{"check: 0/2 scenarios, 0s", "check: 1/2 scenarios, 2s, about 2s left", "check: 2/2 scenarios, 5s", ""}},
		{"rounded", []step{{2, 3, 1400 * time.Millisecond}}, []string{"check: 2/3 scenarios, 1s, about 1s left", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			p := class.NewProgress(&b, "check", "scenarios")
			start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			now := start
			p.SetClock(func() time.Time { return now })
			for _, s := range tt.steps {
				now = start.Add(s.at)
				p.Show(s.done, s.total)
			}
			p.End()
			var want string
			for _, line := range tt.want {
				want += "\r\x1b[K" + line
			}
			if got := b.String(); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}
