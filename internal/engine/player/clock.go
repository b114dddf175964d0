package player

import "time"

// A clock is the time as a CPU sees it: the system's, or in tests one
// that moves only when the test moves it, so that no test times anything
// real.
type clock interface {
	now() time.Time
	// after returns a channel that receives the time once d has passed,
	// and a function that stops it.
	after(d time.Duration) (<-chan time.Time, func() bool)
}

// systemClock is the system's clock.
type systemClock struct{}

func (systemClock) now() time.Time { return time.Now() }

func (systemClock) after(d time.Duration) (<-chan time.Time, func() bool) {
	t := time.NewTimer(d)
	return t.C, t.Stop
}
