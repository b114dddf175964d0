package othello

import "strings"

// Rules decide which moves are legal and what they flip. The engine asks
// its Rules only this, and never which rule set it has.
type Rules interface {
	// Name returns the name of the rule set in capitals, as the judge
	// announces it: "FULL" or "SIMPLE".
	Name() string

	// Flips returns the discs that a disc of player placed on square s of
	// board b would flip, ordered row by row from the top-left. The move is
	// legal exactly when the result is not empty. It returns nil when b is
	// nil, s is off the board or occupied, or player is not Black or White.
	Flips(b *Board, s Square, player Color) []Square
}

// ParseRules returns the rule set named name, "full" or "simple" in any
// case. Any other name is an error wrapping ErrRules.
func ParseRules(name string) (Rules, error) {
	switch strings.ToLower(name) {
	case "full":
		return Full{}, nil
	case "simple":
		return Simple{}, nil
	}
	return nil, &ValueError{Func: "ParseRules", Value: name, Err: ErrRules}
}

// directions are the eight steps from a square to its neighbours, as
// {row, col} offsets, row by row from the top-left.
var directions = [8][2]int{
	{-1, -1}, {-1, 0}, {-1, 1},
	{0, -1}, {0, 1},
	{1, -1}, {1, 0}, {1, 1},
}

// canPlace reports whether player may place a disc on s of b at all: the
// board is real, s is an empty square of it and player is Black or White.
func canPlace(b *Board, s Square, player Color) bool {
	return b.valid() && b.Contains(s) && b.at(s) == Empty && player.isPlayer()
}
