package othello

// A Game is a game of Othello from its Setup to its end, with every
// position it went through. It passes on its own for a player who has no
// legal move, so the player to move always has one until the game is
// over; Passed says when that happened. It is over when neither player
// has a legal move; the win rule then names the winner. A Game must be
// made by Setup.NewGame; a nil or zero one behaves as a finished game
// with no board.
//
// A Game keeps one thing it could work out: the legal moves of the
// player to move, since the judge asks for them several times a move
// (whose turn, over, the move itself). BenchmarkGame measured a whole
// game on 8x8 at 32 µs without them and 18 µs with them.
type Game struct {
	setup Setup
	now   Position  // the present position, passed on if its player to move had no legal move
	legal SquareSet // the legal moves of the player to move now: none once the game is over
	past  []turn    // the turns before now, the start first, for Passed and Undo
}

// A turn is a position of a game's history without its rules, which are
// the game's: a history that holds no pointer costs the garbage collector
// nothing, and copies without write barriers.
type turn struct {
	board  Board
	player Color
	legal  SquareSet
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
	if g.present() == nil {
		return SquareSet{}
	}
	return g.legal
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
	if n := len(g.past); n > 0 {
		due = g.past[n-1].player.Opponent()
	}
	return g.now.turn != due
}

// Play plays square s for the player to move and returns the discs it
// flipped, as Position.Play does. Then, if the opponent has no legal move
// but the mover has, the opponent passes and the mover moves again. A
// move it refuses leaves the game as it was.
func (g *Game) Play(s Square) (SquareSet, error) {
	if g.present() == nil {
		return SquareSet{}, &MoveError{Square: s, Err: ErrGameOver}
	}
	before := turn{board: g.now.board, player: g.now.turn, legal: g.legal}
	flips, err := g.now.Play(s)
	if err != nil {
		return flips, err
	}
	g.past = append(g.past, before)
	g.legal = g.now.passIfBlocked()
	return flips, nil
}

// Ply returns the number of moves played so far.
func (g *Game) Ply() int {
	if g == nil {
		return 0
	}
	return len(g.past)
}

// Played returns the squares played so far, in order: one a move, as
// many as Ply. The passes the game made on its own are not among them:
// replayed from the Setup, the same squares make the same passes.
func (g *Game) Played() []Square {
	squares := make([]Square, 0, g.Ply())
	for i := range g.Ply() {
		after := g.now.board
		if i+1 < len(g.past) {
			after = g.past[i+1].board
		}
		before := g.past[i].board
		placed := after.black.Union(after.white).Difference(before.black.Union(before.white))
		s, _ := placed.Pop()
		squares = append(squares, s)
	}
	return squares
}

// Undo takes back the last move, and the pass that followed it if there
// was one. It reports false, and does nothing, when no move has been
// played.
func (g *Game) Undo() bool {
	if g.Ply() == 0 {
		return false
	}
	t := g.past[len(g.past)-1]
	g.past = g.past[:len(g.past)-1]
	g.now.board, g.now.turn, g.legal = t.board, t.player, t.legal
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
	if g == nil || !g.now.valid() {
		return nil
	}
	return &g.now
}
