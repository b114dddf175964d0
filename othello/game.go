package othello

// A Game is a game of Othello from a starting board to its end. It passes
// on its own for a player who has no legal move, so the player to move
// always has one until the game is over. It is over when neither player
// has a legal move; the win rule then names the winner. A Game must be
// made by NewGame; a nil or zero one behaves as a finished game with no
// board.
type Game struct {
	pos   *Position
	win   WinRule
	legal SquareSet // the legal moves of the player to move, kept after each move
	over  bool
}

// NewGame returns a game on a copy of board b under rules r, first to move
// first and won by win. If first has no legal move, the game passes to the
// opponent at once; if neither has, the game is already over. A nil r is
// an error wrapping ErrRules, a nil or zero b one wrapping ErrShape, a
// first other than Black or White one wrapping ErrColor, and a win that is
// not a WinRule constant one wrapping ErrWinRule.
func NewGame(r Rules, b *Board, first Color, win WinRule) (*Game, error) {
	if win != MostDiscs && win != FewestDiscs {
		return nil, &ValueError{Func: "NewGame", Value: win.String(), Err: ErrWinRule}
	}
	pos, err := NewPosition(r, b, first)
	if err != nil {
		return nil, err
	}
	g := &Game{pos: pos, win: win}
	g.settle()
	return g, nil
}

// Rules returns the rules of the game.
func (g *Game) Rules() Rules { return g.position().Rules() }

// WinRule returns how the game is won.
func (g *Game) WinRule() WinRule {
	if g == nil {
		return 0
	}
	return g.win
}

// Position returns a copy of the present position.
func (g *Game) Position() *Position { return g.position().Clone() }

// Board returns a copy of the board.
func (g *Game) Board() *Board { return g.position().Board() }

// Turn returns the player to move, or Empty once the game is over.
func (g *Game) Turn() Color {
	if g.Over() {
		return Empty
	}
	return g.position().Turn()
}

// Moves returns the legal moves of the player to move, as Position.Moves
// does; none once the game is over.
func (g *Game) Moves() []Move { return g.position().Moves() }

// Legal returns the squares where the player to move may play; none once
// the game is over.
func (g *Game) Legal() SquareSet {
	if g.Over() {
		return SquareSet{}
	}
	return g.legal
}

// Over reports whether the game is over: neither player has a legal move.
func (g *Game) Over() bool { return g == nil || g.pos == nil || g.over }

// Play plays square s for the player to move and returns the discs it
// flipped, as Position.Play does. Then, if the opponent has no legal move
// but the mover has, the opponent passes and the mover moves again.
func (g *Game) Play(s Square) (SquareSet, error) {
	flips, err := g.position().Play(s)
	if err == nil {
		g.settle()
	}
	return flips, err
}

// Score returns the number of black and white discs on the board.
func (g *Game) Score() (black, white int) {
	return g.position().count(Black), g.position().count(White)
}

// Winner returns the player whom the win rule makes the winner with the
// discs now on the board: Black, White, or Empty for equal counts. Once
// the game is over, that is its result.
func (g *Game) Winner() Color { return g.WinRule().Winner(g.Score()) }

// position returns the present position, nil for a nil Game.
func (g *Game) position() *Position {
	if g == nil {
		return nil
	}
	return g.pos
}

// settle works out the legal moves of the player to move. If there are
// none, the turn passes to the opponent if the opponent has some, and the
// game is over if not.
func (g *Game) settle() {
	g.legal = g.pos.legal(g.pos.turn)
	if !g.legal.IsEmpty() {
		return
	}
	if other := g.pos.legal(g.pos.turn.Opponent()); !other.IsEmpty() {
		g.pos.turn, g.legal = g.pos.turn.Opponent(), other
		return
	}
	g.over = true
}
