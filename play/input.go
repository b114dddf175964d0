package play

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/player"
)

// maxLine is the longest line kept: the rest of a longer one is read and
// dropped, and the line is refused.
const maxLine = 1024

// A command is what a person may type besides a move.
type command int

const (
	noCommand command = iota
	help
	listMoves
	hint
	showRecord
	undo
	quit
)

var commands = map[string]command{
	"h": help, "?": help, "help": help,
	"moves":  listMoves,
	"hint":   hint,
	"record": showRecord,
	"undo":   undo,
	"q":      quit, "quit": quit, "exit": quit,
}

// ParseSquare reads a square written as algebraic "d3", reversed "3d", or
// the judge's "3 4" (row, then column, from 1), in either case. The square
// may be off the board; ok is false if text is none of these.
func ParseSquare(text string) (s othello.Square, ok bool) {
	fields := strings.Fields(strings.ToLower(text))
	switch len(fields) {
	case 1:
		f := fields[0]
		if s, err := othello.ParseSquare(f); err == nil { // "d3"
			return s, true
		}
		s, err := othello.ParseSquare(f[len(f)-1:] + f[:len(f)-1]) // "3d"
		return s, err == nil
	case 2:
		row, ok1 := number(fields[0])
		col, ok2 := number(fields[1])
		if !ok1 || !ok2 {
			return othello.Square{}, false
		}
		return othello.Square{Row: row - 1, Col: col - 1}, true
	}
	return othello.Square{}, false
}

// number returns the value of s if it is one or more ASCII digits, as
// much as fits an int: a number too large for one is off any board
// anyway.
func number(s string) (int, bool) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return math.MaxInt, true
	}
	return n, true
}

// ParsePlayer returns the player named name, as othello play's -black
// and -white take it: nil for "human" (a person), cpu for "cpu", and
// otherwise player.Parse's player, a CPU with budget a move.
func ParsePlayer(name string, cpu player.CPU, budget time.Duration, rng *rand.Rand) (player.Player, error) {
	switch {
	case strings.EqualFold(name, "human"):
		return nil, nil
	case strings.EqualFold(name, "cpu"):
		return cpu, nil
	}
	return player.Parse(name, budget, rng)
}

// Hinter returns the player who gives hints: a CPU of the game, White's
// first, so that hints are as good as the opponent; or else fallback.
func Hinter(black, white player.Player, fallback player.CPU) player.Player {
	for _, p := range []player.Player{white, black} {
		if cpu, ok := p.(player.CPU); ok {
			return cpu
		}
	}
	return fallback
}
