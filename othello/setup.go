package othello

// A Setup is how a game starts: the rules, the starting board, the player
// who moves first and how the game is won. It is a plain value: copying a
// Setup copies its board. Package console reads and writes it in the
// judge's text format.
type Setup struct {
	Rules Rules
	Board Board
	First Color
	Win   WinRule
}

// StandardSetup returns the setup of a game as it usually starts: the
// board of NewStartBoard, Black first, won by MostDiscs. A size that
// CheckSize refuses is an error wrapping ErrSize.
func StandardSetup(r Rules, rows, cols int) (Setup, error) {
	b, err := NewStartBoard(rows, cols)
	if err != nil {
		return Setup{}, err
	}
	return Setup{Rules: r, Board: *b, First: Black, Win: MostDiscs}, nil
}

// NewGame returns a game that starts as s says. If the first player has
// no legal move, the game passes to the opponent at once; if neither has,
// the game is already over. A nil Rules is an error wrapping ErrRules, a
// zero Board one wrapping ErrShape, a First other than Black or White one
// wrapping ErrColor, and a Win that is not a WinRule constant one wrapping
// ErrWinRule.
func (s Setup) NewGame() (*Game, error) {
	if s.Win != MostDiscs && s.Win != FewestDiscs {
		return nil, &ValueError{Func: "NewGame", Value: s.Win.String(), Err: ErrWinRule}
	}
	start, err := NewPosition(s.Rules, &s.Board, s.First)
	if err != nil {
		return nil, err
	}
	g := &Game{setup: s, now: *start}
	g.legal = g.now.passIfBlocked()
	// A game has at most one move an empty square: its history never
	// grows past this.
	g.past = make([]turn, 0, s.Board.Count(Empty))
	return g, nil
}
