package nboard

import (
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A gameClock is the time of each player of the game that "set game"
// gives: the main time of its GGF (TI, or TB and TW for each player),
// less the time of each of the player's moves that the GGF and the
// "move" commands since say. A game whose GGF gives no clock, or one
// that cannot be read, has none.
type gameClock struct {
	timed bool
	left  [3]time.Duration // by othello.Color
}

// newGameClock returns the clock of the game of rec, whose positions,
// its start first, are history: Notes[i] is the turn played from
// history[i].
func newGameClock(rec record.Record, history []othello.Position) gameClock {
	var k gameClock
	for c, text := range map[othello.Color]string{othello.Black: rec.BlackClock, othello.White: rec.WhiteClock} {
		if text == "" {
			text = rec.Clock
		}
		main, ok := parseTime(text)
		if !ok {
			return gameClock{}
		}
		k.left[c] = main
	}
	k.timed = true
	for i, n := range rec.Notes {
		if i < len(history) {
			k.spend(history[i].Turn(), n.Time)
		}
	}
	return k
}

// spend takes the seconds took, as a GGF or NBoard's "move" writes them,
// off the clock of player c; nothing if took is not a time.
func (k *gameClock) spend(c othello.Color, took string) {
	if d, ok := parseTime(took); ok && k.timed {
		k.left[c] -= d
	}
}

// budget returns the most time that a move of c in p may take: the
// CPU's own budget, or less if c's clock says so (player.ClockBudget).
func (k gameClock) budget(own time.Duration, c othello.Color, p *othello.Position) time.Duration {
	if !k.timed {
		return own
	}
	return player.ClockBudget(own, k.left[c], player.MovesLeft(p.Empties().Len()))
}

// parseTime reads a time of GGF, its first part if it has several (main
// time, then increment and extension, such as "05:00//02:00": the
// increment and the extension are not counted): seconds, minutes and
// seconds, or hours, minutes and seconds, such as "15", "0:01", "15:00",
// "1:00:00", each part a number of 0 or more.
func parseTime(text string) (time.Duration, bool) {
	text, _, _ = strings.Cut(text, "/")
	if text == "" {
		return 0, false
	}
	var seconds float64
	for _, part := range strings.Split(text, ":") {
		n, err := strconv.ParseFloat(part, 64)
		if err != nil || n < 0 {
			return 0, false
		}
		seconds = seconds*60 + n
	}
	return time.Duration(seconds * float64(time.Second)), true
}
