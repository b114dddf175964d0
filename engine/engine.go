package engine

import (
	"time"

	"github.com/othello-judge/judge/player"
)

// name is the engine's name, as both protocols give it to a GUI.
const name = "othello"

// A Config is how an engine thinks: the computer player that searches for
// it, and the clock that times its searches.
type Config struct {
	// CPU searches every position: its Depth, Budget and Threads. NBoard's
	// "set depth" changes its Depth.
	CPU player.CPU
	// Clock tells the time, for the seconds that NBoard's answers report;
	// nil for time.Now. A test's clock makes them reproducible.
	Clock func() time.Time
}

// now returns the config's clock.
func (c Config) now() func() time.Time {
	if c.Clock == nil {
		return time.Now
	}
	return c.Clock
}

// maxLine is the longest line kept: NBoard's "set game" with a whole game
// in GGF is under 2 KB. The rest of a longer line is read and dropped.
const maxLine = 1 << 16

// discs returns the score of r in discs for the player to move: the
// final margin when it is exact; for a win or a loss that the search
// proved without counting by how much, the margin of the line it saw;
// otherwise its estimate.
func discs(r player.Result) float64 {
	switch {
	case r.Exact:
		return float64(r.Score)
	case r.Score >= player.Won:
		return float64(r.Score-player.Won) / 100
	case r.Score <= -player.Won:
		return float64(r.Score+player.Won) / 100
	}
	return float64(r.Score) / 100
}
