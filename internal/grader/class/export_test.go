package class

import "time"

// SetClock makes p take the time from now, for the tests of package
// class_test.
func (p *Progress) SetClock(now func() time.Time) {
	p.now = now
	p.start = now()
}
