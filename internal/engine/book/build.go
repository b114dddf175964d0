package book

import (
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// A Builder makes a Book from games played from the standard start: it
// counts every position the games reach in their first moves (up to
// symmetry) and the final margins of the games that reached it. The
// book is the same whatever order the games are added in.
type Builder struct {
	plies     int
	positions map[key]*tally
}

// A tally is what a Builder knows of a position: the least move list
// that reaches it (all have the same length, one a ply), the games that
// reached it, and the sum of their final margins for its player to move.
type tally struct {
	line  string
	games int
	sum   int
}

// NewBuilder returns a Builder that counts the positions after each of
// the first plies moves of a game.
func NewBuilder(plies int) *Builder {
	return &Builder{plies: plies, positions: make(map[key]*tally)}
}

// Add counts the positions of a game: its moves from the standard start,
// played to the end of the game. A move that is not legal is an error
// wrapping ErrIllegal, and a game that stops before its end one wrapping
// ErrUnfinished; the game is then not counted.
func (b *Builder) Add(moves []othello.Square) error {
	line := normalize(moves)
	type seen struct {
		k     key
		black bool // whether Black is to move
	}
	var reached []seen
	mine, theirs := start()
	black := true
	for i, s := range moves {
		m, t, ok := play(mine, theirs, index(s))
		if !ok {
			return fmt.Errorf("%w: %s after %s", ErrIllegal, s, orStart(line[:2*i]))
		}
		var same bool
		mine, theirs, same = next(m, t)
		black = black == same
		if i < b.plies {
			reached = append(reached, seen{keyOf(mine, theirs), black})
		}
	}
	if othello.Moves8(mine, theirs) != 0 || othello.Moves8(theirs, mine) != 0 {
		return fmt.Errorf("%w: %d moves", ErrUnfinished, len(moves))
	}
	margin := finalMargin(mine, theirs)
	if !black {
		margin = -margin // Black's
	}
	for i, r := range reached {
		t := b.positions[r.k]
		if t == nil {
			t = &tally{line: line[:2*(i+1)]}
			b.positions[r.k] = t
		}
		t.line = min(t.line, line[:2*(i+1)])
		t.games++
		if r.black {
			t.sum += margin
		} else {
			t.sum -= margin
		}
	}
	return nil
}

// finalMargin returns the margin of a finished game for the player who
// has the discs mine against theirs: the empty squares go to the winner.
func finalMargin(mine, theirs uint64) int {
	m, t := bits.OnesCount64(mine), bits.OnesCount64(theirs)
	empty := 64 - m - t
	switch {
	case m > t:
		return m - t + empty
	case m < t:
		return m - t - empty
	}
	return 0
}

// normalize returns moves as a move list, turned by the symmetry of the
// standard start that makes the first move f5, as the players' notation
// has it.
func normalize(moves []othello.Square) string {
	sym := 0
	if len(moves) > 0 {
		if i := index(moves[0]); i >= 0 {
			mine, theirs := start()
			for s := range 8 {
				if symmetry(mine, s) == mine && symmetry(theirs, s) == theirs && symmetry(1<<i, s) == 1<<(4*8+5) {
					sym = s
					break
				}
			}
		}
	}
	var sb strings.Builder
	for _, s := range moves {
		if i := index(s); i >= 0 {
			j := bits.TrailingZeros64(symmetry(1<<i, sym))
			s = othello.Square{Row: j / 8, Col: j % 8}
		}
		sb.WriteString(s.String())
	}
	return sb.String()
}

// Book returns the book of the positions that at least min of the games
// added reached.
func (b *Builder) Book(min int) *Book {
	book := &Book{positions: make(map[key]entry)}
	for k, t := range b.positions {
		if t.games >= min {
			tenths := int(math.Round(float64(10*t.sum) / float64(t.games)))
			book.positions[k] = entry{line: t.line, games: t.games, tenths: tenths}
		}
	}
	return book
}
