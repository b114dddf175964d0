package othello

// A Game is a game of Othello from its Setup to its end, with every
// position it went through. It passes on its own for a player who has no
// legal move, so the player to move always has one until the game is
// over; Passed says when that happened. It is over when neither player
// has a legal move; the win rule then names the winner. A Game must be
// made by Setup.NewGame; a nil or zero one behaves as a finished game
// with no board.
//
// A Game keeps one thing it could work out: the legal moves of each
// position of its history, since the judge asks for them several times a
// move (whose turn, over, the move itself). BenchmarkGame measured a whole
// game on 8x8 at 32 µs without them and 18 µs with them.
type Game struct {
	setup Setup
	// history[i] is the turn after i moves, the turn already passed on if
	// the player to move had no legal move; the present one last.
	history []turn
}

// A turn is a position of a game's history with the legal moves of its
// player to move.
type turn struct {
	pos   Position
	legal SquareSet // none once the game is over
}

// Setup returns how the game started.
func (g *Game) Setup() Setup {
	if g == nil {
		return Setup{}
	}
	return g.setup
}

// Rules returns the rules of the game.
func (g *Game) Rules() Rules { return g.Setup().Rules }

// WinRule returns how the game is won.
func (g *Game) WinRule() WinRule { return g.Setup().Win }

// Position returns a copy of the present position.
func (g *Game) Position() *Position { return g.present().Clone() }

// Board returns a copy of the board.
func (g *Game) Board() *Board { return g.present().Board() }

// Turn returns the player to move, or Empty once the game is over.
func (g *Game) Turn() Color {
	if g.Over() {
		return Empty
	}
	return g.present().Turn()
}

// Legal returns the squares where the player to move may play; none once
// the game is over.
func (g *Game) Legal() SquareSet {
	if g == nil || len(g.history) == 0 {
		return SquareSet{}
	}
	return g.history[len(g.history)-1].legal
}

// Moves returns the legal moves of the player to move, each with the
// discs it flips, as Position.Moves does; none once the game is over.
func (g *Game) Moves() []Move { return g.present().Moves() }

// Over reports whether the game is over: neither player has a legal move.
// The player to move always has one while it is not.
func (g *Game) Over() bool { return g.Legal().IsEmpty() }

// Passed reports whether the player to move has the turn because the
// opponent had no legal move and passed: after the last move, or at the
// start if the first player had none. It is false once the game is over.
func (g *Game) Passed() bool {
	if g.Over() {
		return false
	}
	due := g.setup.First
	if n := len(g.history); n > 1 {
		due = g.history[n-2].pos.turn.Opponent()
	}
	return g.present().turn != due
}

// Play plays square s for the player to move and returns the discs it
// flipped, as Position.Play does. Then, if the opponent has no legal move
// but the mover has, the opponent passes and the mover moves again. A
// move it refuses leaves the game as it was.
func (g *Game) Play(s Square) (SquareSet, error) {
	p := g.present()
	if p == nil {
		return SquareSet{}, &MoveError{Square: s, Err: ErrGameOver}
	}
	// The move is played on a copy in place in the history, which
	// NewGame made big enough for every move: a copy on the stack would
	// escape to the heap through the Rules interface, once a move.
	g.history = append(g.history, turn{pos: *p})
	next := &g.history[len(g.history)-1]
	flips, err := next.pos.Play(s)
	if err != nil {
		g.history = g.history[:len(g.history)-1]
		return flips, err
	}
	next.legal = next.pos.passIfBlocked()
	return flips, nil
}

// Ply returns the number of moves played so far.
func (g *Game) Ply() int {
	if g == nil || len(g.history) == 0 {
		return 0
	}
	return len(g.history) - 1
}

// Undo takes back the last move, and the pass that followed it if there
// was one. It reports false, and does nothing, when no move has been
// played.
func (g *Game) Undo() bool {
	if g.Ply() == 0 {
		return false
	}
	g.history = g.history[:len(g.history)-1]
	return true
}

// Score returns the number of black and white discs on the board.
func (g *Game) Score() (black, white int) { return g.present().Score() }

// Winner returns the player whom the win rule makes the winner with the
// discs now on the board: Black, White, or Empty for equal counts. Once
// the game is over, that is its result.
func (g *Game) Winner() Color { return g.WinRule().Winner(g.Score()) }

// present returns the present position, nil for a nil or zero Game.
func (g *Game) present() *Position {
	if g == nil || len(g.history) == 0 {
		return nil
	}
	return &g.history[len(g.history)-1].pos
}
