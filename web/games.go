package web

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/play"
	"github.com/othello-judge/judge/player"
	"github.com/othello-judge/judge/record"
)

// A game is one game the server holds: the engine's game, who plays each
// colour, and the line of moves known, which may run past the present
// position after an undo or in a game loaded to replay. Its mutex guards
// all of it, including while a computer thinks about its move, so that
// the requests of one game take turns while other games go on.
type game struct {
	mu           sync.Mutex
	g            *othello.Game
	black, white player.Player // nil for a person
	hint         player.Player // who suggests moves
	// line is the moves known from the setup: the game's Played, and
	// after them the moves undone or not replayed yet.
	line []othello.Square
	last *othello.Move // the move just played, nil at the start
}

// player returns the computer player of color, nil for a person.
func (gm *game) player(color othello.Color) player.Player {
	if color == othello.White {
		return gm.white
	}
	return gm.black
}

// people reports whether people play both colours.
func (gm *game) people() bool { return gm.black == nil && gm.white == nil }

// play plays square sq for the player to move and returns the messages
// that tell it: the move, a pass that follows, and the result if it
// ends the game. A move that is not the next one of the line replaces
// the line from there on. A move the game refuses is its error.
func (gm *game) play(sq othello.Square) ([]string, error) {
	mover := gm.g.Turn()
	ply := gm.g.Ply()
	flips, err := gm.g.Play(sq)
	if err != nil {
		return nil, err
	}
	if ply >= len(gm.line) || gm.line[ply] != sq {
		gm.line = append(gm.line[:ply], sq)
	}
	gm.last = &othello.Move{Square: sq, Flips: flips}
	return append([]string{play.Played(mover, *gm.last)}, gm.after()...), nil
}

// after returns the messages of the position just reached: a pass made,
// or the result of a game over.
func (gm *game) after() []string {
	switch {
	case gm.g.Over():
		return []string{play.Result(gm.g)}
	case gm.g.Passed():
		return []string{play.Passes(gm.g.Turn().Opponent())}
	}
	return nil
}

// rewind takes the game to the position after the first ply moves of
// its line, replayed from the setup, and keeps the line.
func (gm *game) rewind(ply int) error {
	g, err := gm.g.Setup().NewGame()
	if err != nil {
		return err
	}
	gm.last = nil
	for _, sq := range gm.line[:ply] {
		flips, err := g.Play(sq)
		if err != nil {
			return err
		}
		gm.last = &othello.Move{Square: sq, Flips: flips}
	}
	gm.g = g
	return nil
}

// undoTarget returns the ply that undo goes back to: the last before
// the present at which a person was to move, as othello play's undo
// does; ok is false if there is none.
func (gm *game) undoTarget() (ply int, ok bool) {
	g, _ := gm.g.Setup().NewGame() // the setup made gm.g: NewGame takes it again
	target := -1
	for i, sq := range gm.line[:gm.g.Ply()] {
		if gm.player(g.Turn()) == nil {
			target = i
		}
		g.Play(sq)
	}
	return target, target >= 0
}

// newGame returns the game of r at its start, with the moves of r as its
// line to replay, players black and white, and hints from hint. A move
// of r that the game refuses is the *record.MoveError of r.Game.
func newGame(r record.Record, black, white, hint player.Player) (*game, error) {
	g, err := r.Game()
	if err != nil {
		return nil, err
	}
	gm := &game{g: g, black: black, white: white, hint: hint, line: g.Played()}
	return gm, gm.rewind(0)
}

// A store holds the games of a server by id, at most max at once. A
// game not asked for in idle is dropped when a new game is made, so that
// neither many games nor old ones exhaust the memory.
type store struct {
	mu    sync.Mutex
	games map[string]*entry
	max   int
	idle  time.Duration
	now   func() time.Time
}

// An entry is a game in a store and when it was last asked for.
type entry struct {
	game *game
	used time.Time
}

func newStore(max int, idle time.Duration) *store {
	return &store{games: make(map[string]*entry), max: max, idle: idle, now: time.Now}
}

// add drops the games idle too long, then adds gm and returns its id: an
// error wrapping ErrFull if the store holds max games even so.
func (s *store) add(gm *game) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for id, e := range s.games {
		if now.Sub(e.used) > s.idle {
			delete(s.games, id)
		}
	}
	if len(s.games) >= s.max {
		return "", ErrFull
	}
	id := newID()
	s.games[id] = &entry{game: gm, used: now}
	return id, nil
}

// get returns the game of id and marks it used, or ErrNoGame if the store
// does not hold it or it has been idle too long.
func (s *store) get(id string) (*game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.games[id]
	now := s.now()
	if !ok || now.Sub(e.used) > s.idle {
		delete(s.games, id)
		return nil, ErrNoGame
	}
	e.used = now
	return e.game, nil
}

// len returns the number of games held, idle ones included.
func (s *store) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

// newID returns a new game id: 16 random hex digits, not to be guessed.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
