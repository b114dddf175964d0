package nboard

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/protocoltest"
	"github.com/othello-judge/judge/player"
)

func TestDepthText(t *testing.T) {
	tests := []struct {
		r    player.Result
		want string
	}{
		{player.Result{Exact: true, Score: -6, Depth: 12}, "100%"},
		{player.Result{Score: player.Won + 300, Depth: 9}, "100%W"},
		{player.Result{Score: -player.Won - 200, Depth: 9}, "100%W"},
		{player.Result{Score: 250, Depth: 4}, "4"},
		{player.Result{Score: -75, Depth: 1}, "1"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.r), func(t *testing.T) {
			if got := depthText(tt.r); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLongLine gives the engine a line longer than maxLine: it is
// refused, and the next is answered.
func TestLongLine(t *testing.T) {
	in := "ping " + strings.Repeat("1", maxLine) + "\nping 2\n"
	var out, errs strings.Builder
	if err := Run(strings.NewReader(in), &out, &errs, Config{}); err != nil {
		t.Fatal(err)
	}
	wantErr := fmt.Sprintf("nboard: line 1: a line longer than %d bytes, ignored\n", maxLine)
	if out.String() != "pong 2\n" || errs.String() != wantErr {
		t.Errorf("got %q and on errs %q, want %q and %q", out.String(), errs.String(), "pong 2\n", wantErr)
	}
}

// TestIOErrors checks that the engine returns the error of a reader or a
// writer that fails, and stops.
func TestIOErrors(t *testing.T) {
	protocoltest.IOErrors(t, func(in io.Reader, out, errs io.Writer) error { return Run(in, out, errs, Config{}) })
}
