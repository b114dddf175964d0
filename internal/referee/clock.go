package referee

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A TimeControl is the time each player has for its moves: a total for
// the game and an increment added after each move (-tc 10+0.1), or a
// fixed time for each move (-st 0.5), which nothing carries over.
type TimeControl struct {
	Total, Increment time.Duration
	PerMove          time.Duration // when positive, each move's own time, and Total and Increment are not used
}

// ParseTimeControl reads a time control as -tc gives it: TOTAL+INCREMENT
// or TOTAL, in seconds, such as "10+0.1" or "60". Anything else is an
// error wrapping ErrTimeControl.
func ParseTimeControl(s string) (TimeControl, error) {
	total, inc, _ := strings.Cut(s, "+")
	t, err1 := seconds(total)
	i, err2 := time.Duration(0), error(nil)
	if inc != "" || strings.Contains(s, "+") {
		i, err2 = seconds(inc)
	}
	if err1 != nil || err2 != nil || t <= 0 || i < 0 {
		return TimeControl{}, fmt.Errorf("%w, got %q", ErrTimeControl, s)
	}
	return TimeControl{Total: t, Increment: i}, nil
}

// ParsePerMove reads a fixed time a move as -st gives it, in seconds,
// such as "0.5". Anything but a positive number is an error wrapping
// ErrTimeControl.
func ParsePerMove(s string) (TimeControl, error) {
	d, err := seconds(s)
	if err != nil || d <= 0 {
		return TimeControl{}, fmt.Errorf("%w, or a positive time a move, got %q", ErrTimeControl, s)
	}
	return TimeControl{PerMove: d}, nil
}

// Clocks are the time controls of a match's two players, player 1's
// first (Match.Players), which each keeps whichever colour it plays: the
// same for both, or time odds, such as 1.5 seconds against 60.
type Clocks [2]TimeControl

// ParseClocks reads the players' clocks as -tc and -st give them: one
// time control for both, or A/B, player 1's A and player 2's B, each
// read by parse (ParseTimeControl or ParsePerMove), such as "10+0.1",
// "1.5/60" or "10+0.1/60+1". Anything else is parse's error, wrapping
// ErrTimeControl, or one wrapping ErrTimeControl for more than two.
func ParseClocks(s string, parse func(string) (TimeControl, error)) (Clocks, error) {
	parts := strings.Split(s, "/")
	if len(parts) > 2 {
		return Clocks{}, fmt.Errorf("%w, or A/B, player 1's and player 2's, got %q", ErrTimeControl, s)
	}
	var c Clocks
	for i := range c {
		tc, err := parse(parts[i%len(parts)])
		if err != nil {
			return Clocks{}, err
		}
		c[i] = tc
	}
	return c, nil
}

// Odds reports whether the players' clocks differ.
func (c Clocks) Odds() bool { return c[0] != c[1] }

// String writes the clocks as the flags take them: "10+0.1" for both,
// or each player's, player 1's first, "1.5+0 / 60+0".
func (c Clocks) String() string {
	if !c.Odds() {
		return c[0].String()
	}
	return c[0].String() + " / " + c[1].String()
}

// seconds reads a number of seconds, such as "0.25".
func seconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f || f > 1e6 {
		return 0, fmt.Errorf("not seconds: %q", s)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// String writes tc as the flags take it: "10+0.1", or "0.5s a move".
func (tc TimeControl) String() string {
	if tc.PerMove > 0 {
		return fmt.Sprintf("%gs a move", tc.PerMove.Seconds())
	}
	return fmt.Sprintf("%g+%g", tc.Total.Seconds(), tc.Increment.Seconds())
}

// A clock is one player's time in a game.
type clock struct {
	tc   TimeControl
	left time.Duration // of the total; unused with a time a move
}

func newClock(tc TimeControl) *clock { return &clock{tc: tc, left: tc.Total} }

// budget returns the time the player has for its next move.
func (c *clock) budget() time.Duration {
	if c.tc.PerMove > 0 {
		return c.tc.PerMove
	}
	return c.left
}

// spend takes a move's time off the clock and reports whether the
// player was in time; then adds the increment.
func (c *clock) spend(d time.Duration) bool {
	if c.tc.PerMove > 0 {
		return d <= c.tc.PerMove
	}
	c.left -= d
	if c.left < 0 {
		return false
	}
	c.left += c.tc.Increment
	return true
}
