package player

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/book"
)

// A Level is a strength of the CPU for people to choose, from 1, the
// weakest, to 10, which plays perfectly as early as it can solve the
// game in a few seconds. Levels 1 to 6 search the midgame to a depth,
// within DefaultBudget; levels 7 to 10 search as deep as their time
// allows. On an 8x8 board under the full rules every level solves the
// end of the game exactly once it likely can within its time, as every
// CPU does.
type Level int

// The levels that have names.
const (
	Easy    Level = 2
	Medium  Level = 5
	Hard    Level = 8 // a CPU{}: as deep as DefaultBudget allows
	Perfect Level = 10
)

// levels holds the depth and the time a move of each level, level 1
// first: the one table of levels.
var levels = [...]struct {
	depth  int
	budget time.Duration
}{
	{1, DefaultBudget},
	{2, DefaultBudget},
	{3, DefaultBudget},
	{4, DefaultBudget},
	{6, DefaultBudget},
	{8, DefaultBudget},
	{0, 250 * time.Millisecond},
	{0, DefaultBudget},
	{0, 2 * time.Second},
	{0, 5 * time.Second},
}

// levelNames are the names ParseLevel takes besides numbers.
var levelNames = map[string]Level{"easy": Easy, "medium": Medium, "hard": Hard, "perfect": Perfect}

// ErrLevel means a level is neither a number from 1 to 10 nor a name.
var ErrLevel = errors.New("player: a level must be 1 to 10, easy, medium, hard or perfect")

// ParseLevel returns the level named s: a number from 1 to 10, or easy
// (2), medium (5), hard (8) or perfect (10), in any case. Anything else is
// an error wrapping ErrLevel.
func ParseLevel(s string) (Level, error) {
	if l, ok := levelNames[strings.ToLower(s)]; ok {
		return l, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > len(levels) {
		return 0, fmt.Errorf("%w, got %q", ErrLevel, s)
	}
	return Level(n), nil
}

// CPU returns the CPU that plays at level l, which must be from 1 to 10,
// from the standard opening book (book.Standard) while it can.
func (l Level) CPU() CPU {
	return CPU{Depth: levels[l-1].depth, Budget: levels[l-1].budget, Book: book.Standard()}
}

// Level returns the level that c plays at: the one with its depth and
// budget; ok is false if there is none.
func (c CPU) Level() (l Level, ok bool) {
	budget := c.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	for i, v := range levels {
		if v.depth == c.Depth && v.budget == budget {
			return Level(i + 1), true
		}
	}
	return 0, false
}

// String describes c for people: "cpu at level 5 (depth 6, 500ms a
// move)" for a CPU of a level, and otherwise its name and time, such as
// "cpu:3 (2s a move)" or "cpu (no time limit)".
func (c CPU) String() string {
	budget := c.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	limit := budget.String() + " a move"
	if budget == NoLimit {
		limit = "no time limit"
	}
	l, ok := c.Level()
	switch {
	case !ok:
		return c.Name() + " (" + limit + ")"
	case c.Depth > 0:
		return fmt.Sprintf("cpu at level %d (depth %d, %s)", l, c.Depth, limit)
	}
	return fmt.Sprintf("cpu at level %d (%s)", l, limit)
}
