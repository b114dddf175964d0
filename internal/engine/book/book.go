package book

import (
	_ "embed"
	"slices"
	"sync"

	"github.com/othello-judge/judge/othello"
)

// A Book holds positions of 8x8 Othello under the full rules, each with
// the number of games that reached it and their mean final margin for
// its player to move: the discs of the winner less the loser's, the
// empty squares of the final board going to the winner, as the FFO test
// positions count it. It is read only once made, and safe for use by many
// goroutines at once.
type Book struct {
	// Comment is what the book says of itself: the lines of its text
	// that start with "#", without it and the blank after it.
	Comment   []string
	positions map[key]entry
}

// An entry is a position of a book: the moves from the start that reach
// it (as a move list, such as "f5d6c3", or one of its symmetries), the
// games that reached it, and their mean final margin in tenths of a disc
// for the player to move.
type entry struct {
	line   string
	games  int
	tenths int
}

// Len returns the number of positions b holds.
func (b *Book) Len() int { return len(b.positions) }

// A Move is a legal move of a position that leads to a position of the
// book.
type Move struct {
	Square othello.Square
	Games  int     // the games that reached the position after it
	Score  float64 // their mean final margin, in discs, for the player who plays Square
}

// Moves returns the moves of p that lead to positions of b, the most
// played first, then in the order of othello.SquareSet.Squares; none if p
// is not on an 8x8 board under the full rules. Its scores count the most
// discs winning: they are no guide when the fewest discs win.
func (b *Book) Moves(p *othello.Position) []Move {
	if _, full := p.Rules().(othello.Full); !full {
		return nil
	}
	mine, theirs, ok := p.Bits8()
	if !ok {
		return nil
	}
	var moves []Move
	for _, s := range p.Legal().Squares() {
		m, t, _ := play(mine, theirs, index(s))
		m, t, same := next(m, t)
		e, ok := b.positions[keyOf(m, t)]
		if !ok {
			continue
		}
		score := float64(e.tenths) / 10
		if !same {
			score = -score
		}
		moves = append(moves, Move{Square: s, Games: e.games, Score: score})
	}
	slices.SortStableFunc(moves, func(a, b Move) int { return b.Games - a.Games })
	return moves
}

//go:embed book.txt
var standardText string

// standard is Standard, read once when first asked for.
var standard = sync.OnceValue(func() *Book {
	b, err := Parse(standardText)
	if err != nil {
		panic(err) // book.txt is tested
	}
	return b
})

// Standard returns the book of the repository, book.txt, which make book
// builds from the WTHOR tournament games (see Builder). It is read the
// first time it is asked for.
func Standard() *Book { return standard() }
