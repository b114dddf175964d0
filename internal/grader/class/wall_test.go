package class_test

import (
	"errors"
	"testing"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/class"
	"github.com/othello-judge/judge/internal/sandbox"
)

// TestRefuse checks that a class is refused where an Isolated check
// would run with no wall, and never under Limited, chosen on purpose.
func TestRefuse(t *testing.T) {
	tests := []struct {
		name string
		mode sandbox.Mode
		want error // the sandbox's reason; nil for no refusal
	}{
		{"limited", sandbox.Limited, nil},
		{"isolated", sandbox.Isolated, sandbox.Config{Mode: sandbox.Isolated}.Walled()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := class.Refuse(check.Config{Sandbox: sandbox.Config{Mode: tt.mode}})
			if tt.want == nil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			var re *class.RefusedError
			if !errors.As(err, &re) || !errors.Is(err, class.ErrRefused) || !errors.Is(err, sandbox.ErrNoWall) {
				t.Fatalf("got %v, want a *RefusedError that wraps ErrRefused and sandbox.ErrNoWall", err)
			}
			if want := "class: refusing to grade: " + tt.want.Error(); err.Error() != want {
				t.Errorf("got %q, want %q", err, want)
			}
		})
	}
}

// TestRefusedError checks the words of a *RefusedError.
func TestRefusedError(t *testing.T) {
	err := &class.RefusedError{Err: &sandbox.NoWallError{Why: "no Landlock"}}
	want := "class: refusing to grade: sandbox: nothing keeps a program from the grader's files here (no Landlock)"
	if got := err.Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
