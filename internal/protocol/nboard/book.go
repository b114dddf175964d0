package nboard

import (
	"cmp"
	"slices"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/othello"
)

// bookHint answers "hint n" from the engine's book when the position is
// in it, as NBoard's protocol has an engine tell the moves of its book:
// "book F5 EVAL GAMES 0" for the best n of the book's moves, EVAL the
// mean final margin of the GAMES that played it, for the player to move,
// then "status". It reports whether it answered: not without a book, when
// the fewest discs win, or with no move of the position in the book.
func (e *nboard) bookHint(n int) bool {
	if e.book == nil || e.win != othello.MostDiscs {
		return false
	}
	moves := e.book.Moves(&e.pos)
	if len(moves) == 0 {
		return false
	}
	slices.SortStableFunc(moves, func(a, b book.Move) int { return cmp.Compare(b.Score, a.Score) })
	for _, m := range moves[:min(n, len(moves))] {
		e.say("book %s %.2f %d 0", move{square: m.Square}, m.Score, m.Games)
	}
	e.say("status")
	return true
}
