package othello

import "strings"

// Rules decide which moves are legal and what they flip. Both questions
// are answered for a whole board at once, as sets of squares. The engine
// asks its Rules only this, and never which rule set it has, with one
// exception: Position.Perft searches an 8x8 board under Full on a path of
// its own, built from the same functions Full uses for that board.
type Rules interface {
	// Name returns the name of the rule set in capitals, as the judge
	// announces it: "FULL" or "SIMPLE".
	Name() string

	// Moves returns the empty squares of board b where player may place a
	// disc. It returns no square when b is nil or not a valid board, or
	// player is not Black or White.
	Moves(b *Board, player Color) SquareSet

	// Flips returns the discs that a disc of player placed on square s of
	// board b would flip. The move is legal exactly when the result is not
	// empty. It returns no square when Moves would not, or s is off the
	// board or occupied.
	Flips(b *Board, s Square, player Color) SquareSet
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

// discs returns the discs of player and of the opponent on b, and whether
// b is a valid board and player Black or White, so that there is anything
// to play at all.
func discs(b *Board, player Color) (mine, theirs SquareSet, ok bool) {
	if !b.valid() {
		return SquareSet{}, SquareSet{}, false
	}
	switch player {
	case Black:
		return b.black, b.white, true
	case White:
		return b.white, b.black, true
	}
	return SquareSet{}, SquareSet{}, false
}

// emptyIndex returns the index of square s of b if it is an empty square of
// it, and false if not.
func emptyIndex(b *Board, s Square) (int, bool) {
	i, ok := index(s)
	return i, ok && b.Contains(s) && !b.black.Union(b.white).Has(s)
}
