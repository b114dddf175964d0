package othello

// A Position is a board, the player to move and the rules that say which
// moves are legal: one turn of a game. Nothing happens on its own: a
// player with no legal move must Pass. Search and analysis walk
// positions; a Game plays one through to the end. A Position must be made
// by NewPosition; a nil or zero one behaves as a finished game with no
// board.
type Position struct {
	rules Rules
	board Board
	turn  Color
}

// NewPosition returns the position with a copy of board b, turn to move,
// under rules r. A nil r is an error wrapping ErrRules, a nil or zero b one
// wrapping ErrShape, and a turn other than Black or White one wrapping
// ErrColor.
func NewPosition(r Rules, b *Board, turn Color) (*Position, error) {
	switch {
	case r == nil:
		return nil, &ValueError{Func: "NewPosition", Value: "nil", Err: ErrRules}
	case !b.valid():
		return nil, &ValueError{Func: "NewPosition", Value: "no board", Err: ErrShape}
	case !turn.isPlayer():
		return nil, &ValueError{Func: "NewPosition", Value: turn.String(), Err: ErrColor}
	}
	return &Position{rules: r, board: *b, turn: turn}, nil
}

// Rules returns the rules of the position.
func (p *Position) Rules() Rules {
	if p == nil {
		return nil
	}
	return p.rules
}

// Turn returns the player to move: Black or White.
func (p *Position) Turn() Color {
	if !p.valid() {
		return Empty
	}
	return p.turn
}

// Board returns a copy of the board.
func (p *Position) Board() *Board {
	if !p.valid() {
		return nil
	}
	return p.board.Clone()
}

// Legal returns the squares where the player to move may play.
func (p *Position) Legal() SquareSet { return p.legal(p.Turn()) }

// LegalFor returns the squares where player could play if it were their
// turn: Legal for the player to move, and the opponent's mobility for
// search and evaluation. A colour other than Black or White has none.
func (p *Position) LegalFor(player Color) SquareSet { return p.legal(player) }

// Discs returns the squares that hold discs of player c: Black or White.
// Any other colour has none; Empties gives the empty squares.
func (p *Position) Discs(c Color) SquareSet {
	if !p.valid() {
		return SquareSet{}
	}
	switch c {
	case Black:
		return p.board.black
	case White:
		return p.board.white
	}
	return SquareSet{}
}

// Empties returns the empty squares of the board.
func (p *Position) Empties() SquareSet {
	if !p.valid() {
		return SquareSet{}
	}
	return p.board.geometry().all.Difference(p.board.black.Union(p.board.white))
}

// Score returns the number of black and white discs on the board.
func (p *Position) Score() (black, white int) {
	return p.Discs(Black).Len(), p.Discs(White).Len()
}

// Moves returns the legal moves of the player to move, ordered row by row
// from the top-left, each with the discs it flips.
func (p *Position) Moves() []Move {
	var moves []Move
	for _, s := range p.Legal().Squares() {
		moves = append(moves, Move{Square: s, Flips: p.flips(s)})
	}
	return moves
}

// Over reports whether neither player has a legal move: the game is over.
func (p *Position) Over() bool {
	return p.legal(p.Turn()).IsEmpty() && p.legal(p.Turn().Opponent()).IsEmpty()
}

// Play places a disc of the player to move on square s, flips what the
// rules say and gives the turn to the opponent, even one with no legal
// move. It returns the discs flipped. A move it refuses is an error
// wrapping ErrGameOver, ErrOffBoard, ErrOccupied or ErrIllegal, and leaves
// the position as it was.
func (p *Position) Play(s Square) (SquareSet, error) {
	if !p.valid() {
		return SquareSet{}, &MoveError{Square: s, Err: ErrGameOver}
	}
	var flips SquareSet
	var err error
	switch {
	case !p.board.Contains(s):
		err = ErrOffBoard
	case p.board.at(s) != Empty:
		err = ErrOccupied
	default:
		if flips = p.flips(s); flips.IsEmpty() {
			err = ErrIllegal
		}
	}
	if err != nil {
		if p.Over() {
			err = ErrGameOver
		}
		return SquareSet{}, &MoveError{Player: p.turn, Square: s, Err: err}
	}
	i, _ := index(s)
	p.apply(i, flips)
	return flips, nil
}

// apply places a disc of the player to move on square i, turns flips and
// gives the turn to the opponent.
func (p *Position) apply(i int, flips SquareSet) {
	mine, theirs := &p.board.black, &p.board.white
	if p.turn == White {
		mine, theirs = theirs, mine
	}
	*mine = mine.Union(flips).Union(single(i))
	*theirs = theirs.Difference(flips)
	p.turn = p.turn.Opponent()
}

// Pass gives the turn to the opponent. It is refused with an error
// wrapping ErrCannotPass while the player to move has a legal move, and
// with one wrapping ErrGameOver when neither player has.
func (p *Position) Pass() error {
	switch {
	case !p.valid():
		return &MoveError{Pass: true, Err: ErrGameOver}
	case !p.Legal().IsEmpty():
		return &MoveError{Player: p.turn, Pass: true, Err: ErrCannotPass}
	case p.Over():
		return &MoveError{Player: p.turn, Pass: true, Err: ErrGameOver}
	}
	p.turn = p.turn.Opponent()
	return nil
}

// passIfBlocked gives the turn to the opponent if the player to move has
// no legal move and the opponent has one. It returns the legal moves of
// the player to move then: none when the game is over.
func (p *Position) passIfBlocked() SquareSet {
	legal := p.legal(p.turn)
	if !legal.IsEmpty() {
		return legal
	}
	if other := p.legal(p.turn.Opponent()); !other.IsEmpty() {
		p.turn = p.turn.Opponent()
		return other
	}
	return SquareSet{}
}

// Clone returns a copy of p that shares nothing with it.
func (p *Position) Clone() *Position {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

// valid reports whether p was made by NewPosition.
func (p *Position) valid() bool { return p != nil && p.rules != nil && p.board.valid() }

// legal returns the squares where player may play, as the rules say, less
// any square a broken Rules names that is not empty or not on the board.
func (p *Position) legal(player Color) SquareSet {
	if !p.valid() || !player.isPlayer() {
		return SquareSet{}
	}
	moves := p.rules.Moves(&p.board, player)
	return moves.Intersect(p.board.geometry().all).Difference(p.board.black.Union(p.board.white))
}

// flips returns the discs that the player to move flips by playing s, as
// the rules say, less any a broken Rules names that are not the
// opponent's.
func (p *Position) flips(s Square) SquareSet {
	theirs := p.board.white
	if p.turn == White {
		theirs = p.board.black
	}
	return p.rules.Flips(&p.board, s, p.turn).Intersect(theirs)
}

// Bits8 returns the discs of the player to move and of the opponent as
// one uint64 each, square (row, col) at bit row*8+col, for the functions
// of an 8x8 board such as Moves8 and Flips8. ok is false unless p is a
// valid position on an 8x8 board.
func (p *Position) Bits8() (mine, theirs uint64, ok bool) {
	if !p.valid() || p.board.rows != 8 || p.board.cols != 8 {
		return 0, 0, false
	}
	m, t := p.board.black, p.board.white
	if p.turn == White {
		m, t = t, m
	}
	return pack8(m), pack8(t), true
}
