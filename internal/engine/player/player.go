package player

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/othello"
)

// A Player chooses moves.
type Player interface {
	// Name returns the player as the command line names it, such as
	// "cpu", "cpu:4", "greedy" or "random".
	Name() string
	// Move returns a legal move for the player to move in p, in a game
	// won by win. A position with no legal move is an error wrapping
	// ErrNoMove.
	Move(p *othello.Position, win othello.WinRule) (othello.Square, error)
}

var (
	// ErrNoMove means a player was asked for a move where it has none.
	ErrNoMove = errors.New("player: no legal move")
	// ErrName means a player's name is none of cpu, cpu:DEPTH, greedy and
	// random.
	ErrName = errors.New("player: must be cpu, cpu:DEPTH (DEPTH from 1), greedy or random")
)

// Parse returns the computer player named name: "cpu" (a CPU searching as
// deep as its budget allows), "cpu:N" (no deeper than N plies), "greedy"
// or "random". Names are not case-sensitive. CPUs think for budget a move,
// DefaultBudget if it is 0; Greedy and Random draw from rng. Anything else
// is an error wrapping ErrName.
func Parse(name string, budget time.Duration, rng *rand.Rand) (Player, error) {
	lower := strings.ToLower(name)
	switch {
	case lower == "cpu":
		return CPU{Budget: budget}, nil
	case strings.HasPrefix(lower, "cpu:"):
		depth, err := strconv.Atoi(lower[len("cpu:"):])
		if err != nil || depth < 1 {
			break
		}
		return CPU{Depth: depth, Budget: budget}, nil
	case lower == "greedy":
		return Greedy{Rand: rng}, nil
	case lower == "random":
		return Random{Rand: rng}, nil
	}
	return nil, fmt.Errorf("%w, got %q", ErrName, name)
}

// Random plays any legal move, each as likely as the others.
type Random struct {
	Rand *rand.Rand // the source of its choices; nil for the global one
}

// Name returns "random".
func (Random) Name() string { return "random" }

// Move returns one of the legal moves of p at random.
func (r Random) Move(p *othello.Position, _ othello.WinRule) (othello.Square, error) {
	legal := p.Legal().Squares()
	if len(legal) == 0 {
		return othello.Square{}, ErrNoMove
	}
	return legal[intN(r.Rand, len(legal))], nil
}

// Greedy plays the move that flips the most discs, whatever the win rule;
// it chooses among equal moves at random.
type Greedy struct {
	Rand *rand.Rand // the source of its choices; nil for the global one
}

// Name returns "greedy".
func (Greedy) Name() string { return "greedy" }

// Move returns a legal move of p that flips the most discs.
func (g Greedy) Move(p *othello.Position, _ othello.WinRule) (othello.Square, error) {
	var best []othello.Square
	most := 0
	for _, m := range p.Moves() {
		switch n := m.Flips.Len(); {
		case n > most:
			best, most = append(best[:0], m.Square), n
		case n == most:
			best = append(best, m.Square)
		}
	}
	if len(best) == 0 {
		return othello.Square{}, ErrNoMove
	}
	return best[intN(g.Rand, len(best))], nil
}

// intN returns a number from 0 to n-1 drawn from rng, or from the global
// source if rng is nil.
func intN(rng *rand.Rand, n int) int {
	if rng == nil {
		return rand.IntN(n)
	}
	return rng.IntN(n)
}
