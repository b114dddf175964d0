package player

import (
	"errors"
	"fmt"
)

// ErrSetting means a setting of a CPU that an engine's command line
// gives is out of its range.
var ErrSetting = errors.New("player: a setting is out of its range")

// A SettingError is a setting of a CPU out of its range, named by the
// flag that gives it on an engine's command line (Flag, such as
// "-threads"), with what it must be and what it is. It wraps ErrSetting.
type SettingError struct {
	Flag string // -depth, -time or -threads
	Want string // such as "1 or more"
	Got  string // the value, as the flag reads it
}

// Error says the flag, what it must be and what it is: "player: -threads
// must be 1 or more, got 0".
func (e *SettingError) Error() string {
	return "player: " + e.Flag + " must be " + e.Want + ", got " + e.Got
}

// Unwrap returns ErrSetting.
func (e *SettingError) Unwrap() error { return ErrSetting }

// Check returns a *SettingError for the first setting of c, in the order
// Depth, Budget and Threads, that is out of the range an engine (othello
// nboard, othello gtp) gives it: a Depth below 0, a Budget that is not
// positive (no DefaultBudget, no NoLimit), or Threads below 1.
func (c CPU) Check() error {
	switch {
	case c.Depth < 0:
		return &SettingError{Flag: "-depth", Want: "0 or more", Got: fmt.Sprint(c.Depth)}
	case c.Budget <= 0:
		return &SettingError{Flag: "-time", Want: "positive", Got: fmt.Sprint(c.Budget)}
	case c.Threads < 1:
		return &SettingError{Flag: "-threads", Want: "1 or more", Got: fmt.Sprint(c.Threads)}
	}
	return nil
}
