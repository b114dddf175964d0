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
// The CPU's Budget is the time of all the moves together, shared by
// them: each move has the time left, shared evenly by the moves left to
// score (NoLimit gives each all the time it takes); its Depth
// limits the search after each move, one ply deeper than the move. A
// position with no legal move is an error wrapping ErrNoMove.
func (c CPU) ScoreMoves(p *othello.Position, win othello.WinRule) ([]Result, error) {
	legal := p.Legal().Squares()
	if len(legal) == 0 {
		return nil, ErrNoMove
	}
	clock := c.timer()
	start := clock.now()
	budget := c.budget()
	each := c
	scores := make([]Result, 0, len(legal))
	for i, sq := range legal {
		if budget != NoLimit { // the time left, shared by the moves left
			each.Budget = max((budget-clock.now().Sub(start))/time.Duration(len(legal)-i), time.Millisecond)
		}
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

// A MoveReview is a move played in a game and how it compares with the
// best move of its position, by ScoreMoves.
type MoveReview struct {
	Number int           // the move's number in the game, from 1; passes are not counted
	Player othello.Color // who played it
	Played Result        // the move played and its score
	Best   Result        // the best move and its score; Played if it is one of the best
	// Loss is how many discs the move lost against the best: the
	// difference of their scores in discs (Result.Discs), 0 for a best
	// move. It is exact when Exact, and an estimate otherwise.
	Loss  float64
	Exact bool // whether both scores are exact
}

// Outcome returns the result that the score of r promises the player to
// move: 1 a win, 0 a draw, -1 a loss; an estimate within half a disc of
// 0 is a draw.
func (r Result) Outcome() int {
	switch d := r.Discs(); {
	case d > 0.5 || (r.Exact && d > 0):
		return 1
	case d < -0.5 || (r.Exact && d < 0):
		return -1
	}
	return 0
}

// ReviewMove reviews played, a legal move of the player to move in p, in
// a game won by win: its score and the best move's, from ScoreMoves. A
// move that is not legal in p is an error wrapping othello.ErrIllegal;
// a position with no legal move, ErrNoMove.
func (c CPU) ReviewMove(p *othello.Position, win othello.WinRule, played othello.Square) (MoveReview, error) {
	if !p.Legal().Has(played) {
		return MoveReview{}, fmt.Errorf("player: %v %v: %w", p.Turn(), played, othello.ErrIllegal)
	}
	scores, err := c.ScoreMoves(p, win)
	if err != nil {
		return MoveReview{}, err
	}
	m := MoveReview{Player: p.Turn(), Best: scores[0]}
	for _, s := range scores {
		if s.Move == played {
			m.Played = s
		}
	}
	if m.Played.Discs() == m.Best.Discs() {
		m.Best = m.Played
	}
	m.Exact = m.Played.Exact && m.Best.Exact
	m.Loss = m.Best.Discs() - m.Played.Discs()
	return m, nil
}

// ReviewGame reviews the moves of the game of setup s whose squares
// played are moves (its passes left out, as package record keeps them),
// from moves[from] on, one after the other with ReviewMove, and gives
// each review to each, which returns whether to go on. A move the game
// refuses is its error, wrapping othello.ErrIllegal.
func (c CPU) ReviewGame(s othello.Setup, moves []othello.Square, from int, each func(MoveReview) bool) error {
	g, err := s.NewGame()
	if err != nil {
		return err
	}
	for i, sq := range moves {
		if i >= from {
			m, err := c.ReviewMove(g.Position(), g.WinRule(), sq)
			if err != nil {
				return err
			}
			m.Number = i + 1
			if !each(m) {
				return nil
			}
		}
		if _, err := g.Play(sq); err != nil {
			return err
		}
	}
	return nil
}

// TurningPoints returns the turning points of a game from the reviews of
// its moves, in the order played: worst, the indexes of at most n moves
// that lost the most, a disc or more each, the most first (the earlier
// of equal losses first); and decided, the index of the move that
// decided the game, or -1 if none did: the last move whose player could
// have had a better result (a win rather than a draw or a loss, a draw
// rather than a loss, by the Outcome of the scores) than the move
// promised, and lost a disc or more.
func TurningPoints(reviews []MoveReview, n int) (worst []int, decided int) {
	decided = -1
	for i, m := range reviews {
		if m.Loss >= 1 {
			worst = append(worst, i)
		}
		if m.Loss >= 1 && m.Best.Outcome() > m.Played.Outcome() {
			decided = i
		}
	}
	slices.SortStableFunc(worst, func(a, b int) int {
		switch la, lb := reviews[a].Loss, reviews[b].Loss; {
		case la > lb:
			return -1
		case la < lb:
			return 1
		}
		return 0
	})
	if len(worst) > n {
		worst = worst[:n]
	}
	return worst, decided
}
