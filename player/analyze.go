package player

import (
	"fmt"
	"slices"
	"time"

	"github.com/othello-judge/judge/othello"
)

// ScoreMoves returns every legal move of the player to move in p, in a
// game won by win, with its score, best first (moves of equal score in
// the order of p.Legal). Each is a Result of the position after the move,
// searched by Analyze (a pass of the opponent and the end of the game
// included), seen from the player to move in p: Move is the move, Score
// and Exact its value as Search gives them, exact where the search
// reached the end of the game on every line, and an estimate otherwise.
// On 8x8 under the full rules the positions are solved by package search
// when they likely can be in time, and searched to a depth otherwise;
// other boards go through the general search.
//
// The CPU's Budget is the time of all the moves together, shared evenly
// between them (NoLimit gives each all the time it takes); its Depth
// limits the search after each move, one ply deeper than the move. A
// position with no legal move is an error wrapping ErrNoMove.
func (c CPU) ScoreMoves(p *othello.Position, win othello.WinRule) ([]Result, error) {
	legal := p.Legal().Squares()
	if len(legal) == 0 {
		return nil, ErrNoMove
	}
	each := c
	if budget := c.budget(); budget != NoLimit {
		each.Budget = max(budget/time.Duration(len(legal)), time.Millisecond)
	}
	scores := make([]Result, 0, len(legal))
	for _, sq := range legal {
		next := p.Clone()
		if _, err := next.Play(sq); err != nil {
			return nil, err
		}
		r, err := each.Analyze(next, win)
		if err != nil {
			return nil, err
		}
		depth := r.Depth
		if depth > 0 || r.Exact {
			depth++
		}
		scores = append(scores, Result{Move: sq, Depth: depth, Exact: r.Exact, Score: -r.Score, Nodes: r.Nodes, Time: r.Time})
	}
	slices.SortStableFunc(scores, func(a, b Result) int {
		switch da, db := a.Discs(), b.Discs(); {
		case da > db:
			return -1
		case da < db:
			return 1
		}
		return 0
	})
	return scores, nil
}

// ScoreText returns the score of r as othello solve and the hints write
// it: a signed margin such as "+18" or "+0" when it is exact; otherwise
// "win" or "loss" when the search proved one without counting by how
// much, or the estimate in discs, such as "~+3.25".
func (r Result) ScoreText() string {
	switch {
	case r.Exact:
		return fmt.Sprintf("%+d", r.Score)
	case r.Score >= Won:
		return "win"
	case r.Score <= -Won:
		return "loss"
	}
	return fmt.Sprintf("~%+.2f", float64(r.Score)/disc)
}
