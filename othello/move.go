package othello

import "strings"

// A Move is a legal move: the square played and the discs it flips.
type Move struct {
	Square Square
	Flips  []Square // ordered row by row from the top-left; never empty
}

// String returns the move as "d3 flips d4 e4".
func (m Move) String() string {
	var sb strings.Builder
	sb.WriteString(m.Square.String())
	sb.WriteString(" flips")
	for _, f := range m.Flips {
		sb.WriteByte(' ')
		sb.WriteString(f.String())
	}
	return sb.String()
}
