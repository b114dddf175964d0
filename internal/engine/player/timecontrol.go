package player

import "time"

// clockMargin is what a player keeps on its clock besides a tenth of
// what is left, for the time that the GUI, the pipes and the system take
// between moves.
const clockMargin = 50 * time.Millisecond

// minBudget is the least time a move is given, however little is left;
// the search takes longer if its first ply does (see CPU.Search).
const minBudget = time.Millisecond

// ClockBudget returns the time a move may take for a player with left on
// its clock for moves moves (MovesLeft gives them for a game played to
// its end): never more than budget, the CPU's own, and never so much
// that the clock runs out. What is left, less a tenth of it and 50ms, is
// shared among the moves; at least a millisecond.
func ClockBudget(budget, left time.Duration, moves int) time.Duration {
	return ClockBudgetWithin(budget, left, moves, clockMargin)
}

// ClockBudgetWithin is ClockBudget for a player that keeps margin, not
// 50ms, for what its moves take besides its search: a referee's player in
// its own process, with no GUI and no pipe, keeps a few milliseconds.
func ClockBudgetWithin(budget, left time.Duration, moves int, margin time.Duration) time.Duration {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return max(min(budget, clockShare(left, moves, margin)), minBudget)
}

// LevelClockBudget is ClockBudgetWithin for a CPU at level l in a match
// between levels under one clock: it takes 2^(l-10) of its share of the
// time left (level 10 all of it, level 9 half, level 7 an eighth), never
// more than its own time a move, at least a millisecond. Levels 7 to 10
// differ by their time a move alone, which a clock too short for them
// would make the same for all four; taking half the time of the level
// above, the levels keep their order under every clock.
func LevelClockBudget(l Level, left time.Duration, moves int, margin time.Duration) time.Duration {
	share := clockShare(left, moves, margin) >> (len(levels) - int(l))
	return max(min(levels[l-1].budget, share), minBudget)
}

// clockShare is a move's share of left, with moves to make: what is left,
// less a tenth of it and margin, shared among the moves.
func clockShare(left time.Duration, moves int, margin time.Duration) time.Duration {
	return (left - left/10 - margin) / time.Duration(max(moves, 1))
}

// MovesLeft returns the moves among which the player to move shares its
// clock, on a board with empty squares empties: its moves down to
// quickEmpties empty squares, half of those above them rounded up, and
// quickMoves for the rest (or fewer if it has fewer to make), which take little time: the end of the game,
// solved at once on 8x8, and quickly searched on any board. (Sharing the
// clock among all the moves to the end, level 10 spent half of its
// clock in a match against NTest at 4 seconds a game.)
func MovesLeft(empties int) int {
	return (max(empties-quickEmpties, 0)+1)/2 + min((empties+1)/2, quickMoves)
}

// The moves at the end of a game that share little of the clock
// (MovesLeft).
const (
	quickEmpties = 14
	quickMoves   = 2
)
