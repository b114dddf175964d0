package othello

// A Move is a legal move: the square played and the discs it flips.
type Move struct {
	Square Square
	Flips  SquareSet // never empty
}

// String returns the move as "d3 flips d4 e4".
func (m Move) String() string {
	if m.Flips.IsEmpty() {
		return m.Square.String() + " flips"
	}
	return m.Square.String() + " flips " + m.Flips.String()
}
