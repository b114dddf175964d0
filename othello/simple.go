package othello

// Simple is the simplified rule set: a move is legal on an empty square
// that touches at least one of the opponent's discs, in any of the eight
// directions. Every touching disc of the opponent is flipped, and nothing
// further away.
type Simple struct{}

// Name returns "SIMPLE".
func (Simple) Name() string { return "SIMPLE" }

// Flips returns the discs that the move would flip under the simple rules.
func (Simple) Flips(b *Board, s Square, player Color) []Square {
	if !canPlace(b, s, player) {
		return nil
	}
	var flips []Square
	for _, d := range directions {
		at := Square{s.Row + d[0], s.Col + d[1]}
		if b.Contains(at) && b.at(at) == player.Opponent() {
			flips = append(flips, at)
		}
	}
	return flips
}
