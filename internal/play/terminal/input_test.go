package terminal

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParseStyle(t *testing.T) {
	for _, tt := range []struct {
		name string
		want Style
		ok   bool
	}{{"plain", Plain, true}, {"xo", XO, true}, {"XO", XO, true}, {"fancy", 0, false}, {"", 0, false}} {
		got, err := ParseStyle(tt.name)
		if tt.ok && (err != nil || got != tt.want || got.String() != strings.ToLower(tt.name)) {
			t.Errorf("ParseStyle(%q): got %v, %v; want %v", tt.name, got, err, tt.want)
		}
		if !tt.ok && (!errors.Is(err, ErrStyle) || !strings.HasSuffix(err.Error(), fmt.Sprintf("got %q", tt.name))) {
			t.Errorf("ParseStyle(%q): got %v, want an error wrapping ErrStyle that quotes the name", tt.name, err)
		}
	}
}
