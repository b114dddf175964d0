package web

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/othello"
)

// A game is a session the server holds. Its mutex guards the session,
// including while a computer thinks about its move, so that the
// requests of one game take turns while other games go on.
type game struct {
	mu sync.Mutex
	s  *session.Session
	// reviews are the reviews of the first moves of the line of
	// reviewed, from the setup, as far as they have gone.
	reviews  []player.MoveReview
	reviewed []othello.Square
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
