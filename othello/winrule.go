package othello

import "strconv"

// A WinRule says how a finished game is won.
type WinRule uint8

// The win rules. The zero WinRule is not valid.
const (
	MostDiscs   WinRule = iota + 1 // the player with more discs wins, written ">"
	FewestDiscs                    // the player with fewer discs wins, written "<"
)

// String returns ">" or "<", as the judge's setup writes the rule.
func (r WinRule) String() string {
	switch r {
	case MostDiscs:
		return ">"
	case FewestDiscs:
		return "<"
	}
	return "WinRule(" + strconv.Itoa(int(r)) + ")"
}

// Winner returns the player who wins under r with the given disc counts:
// Black, White, or Empty when the counts are equal or r is not valid.
func (r WinRule) Winner(black, white int) Color {
	if black == white || (r != MostDiscs && r != FewestDiscs) {
		return Empty
	}
	if (black > white) == (r == MostDiscs) {
		return Black
	}
	return White
}

// ParseWinRule returns the win rule written as s: ">" for MostDiscs, "<"
// for FewestDiscs. Anything else is an error wrapping ErrWinRule.
func ParseWinRule(s string) (WinRule, error) {
	switch s {
	case ">":
		return MostDiscs, nil
	case "<":
		return FewestDiscs, nil
	}
	return 0, &ValueError{Func: "ParseWinRule", Value: s, Err: ErrWinRule}
}
