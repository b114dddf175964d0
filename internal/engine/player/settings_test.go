package player_test

import (
	"errors"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
)

// TestCPUCheck checks the settings of an engine's CPU: each out of its
// range is a *SettingError that wraps ErrSetting and names its flag, the
// first in the order depth, time, threads.
func TestCPUCheck(t *testing.T) {
	tests := []struct {
		name string
		cpu  player.CPU
		want string // the error; "" for none
	}{
		{"defaults of nboard", player.CPU{Budget: player.DefaultBudget, Threads: 2}, ""},
		{"a depth", player.CPU{Depth: 12, Budget: time.Second, Threads: 1}, ""},
		{"negative depth", player.CPU{Depth: -1, Budget: time.Second, Threads: 1}, "player: -depth must be 0 or more, got -1"},
		{"no time", player.CPU{Threads: 1}, "player: -time must be positive, got 0s"},
		{"negative time", player.CPU{Budget: -time.Second, Threads: 1}, "player: -time must be positive, got -1s"},
		{"no threads", player.CPU{Budget: time.Second}, "player: -threads must be 1 or more, got 0"},
		{"depth first", player.CPU{Depth: -2}, "player: -depth must be 0 or more, got -2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cpu.Check()
			if tt.want == "" {
				if err != nil {
					t.Errorf("got %v, want nil", err)
				}
				return
			}
			var se *player.SettingError
			if !errors.As(err, &se) || !errors.Is(err, player.ErrSetting) || err.Error() != tt.want {
				t.Errorf("got %v, want a *SettingError %q that wraps ErrSetting", err, tt.want)
			}
		})
	}
}
