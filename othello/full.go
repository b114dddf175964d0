package othello

import "slices"

// Full is the standard rule set of Othello: a move is legal on an empty
// square from which, in at least one of the eight directions, a line of
// one or more of the opponent's discs is closed by a disc of the mover's.
// Every such line, in every direction, is flipped.
type Full struct{}

// Name returns "FULL".
func (Full) Name() string { return "FULL" }

// Flips returns the discs that the move would flip under the full rules.
func (Full) Flips(b *Board, s Square, player Color) []Square {
	if !canPlace(b, s, player) {
		return nil
	}
	var flips []Square
	for _, d := range directions {
		n := 0 // opponent discs in a row from s in direction d
		at := Square{s.Row + d[0], s.Col + d[1]}
		for b.Contains(at) && b.at(at) == player.Opponent() {
			n++
			at = Square{at.Row + d[0], at.Col + d[1]}
		}
		if n == 0 || !b.Contains(at) || b.at(at) != player {
			continue
		}
		for i := 1; i <= n; i++ {
			flips = append(flips, Square{s.Row + i*d[0], s.Col + i*d[1]})
		}
	}
	slices.SortFunc(flips, compareSquares)
	return flips
}
