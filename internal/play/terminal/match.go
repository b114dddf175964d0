package terminal

import (
	"fmt"
	"io"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/othello"
)

// A Tally is the result of a match for its first player.
type Tally struct {
	A, B             string // the names of the two players
	Won, Lost, Drawn int    // A's games
	AStats, BStats   Stats  // their searches, if they are Searchers
}

// String returns the tally as one line: "cpu vs greedy: 93 won, 5 lost,
// 2 drawn".
func (t Tally) String() string {
	return fmt.Sprintf("%s vs %s: %d won, %d lost, %d drawn", t.A, t.B, t.Won, t.Lost, t.Drawn)
}

// A Searcher is a player that says how it searched for its move, as
// player.CPU does. Match counts the searches of the players that are.
type Searcher interface {
	Search(p *othello.Position, win othello.WinRule) (player.Result, error)
}

// Stats sum up the searches of a Searcher over a match.
type Stats struct {
	Moves    int           // the moves it chose, searched or not
	Searched int           // the moves it searched: those with a choice, out of its book
	Exact    int           // the searches that reached the end of the game
	MinDepth int           // the shallowest search, exact or not
	MaxDepth int           // the deepest
	Depths   int           // the sum of the depths of the searches that were not exact
	Longest  time.Duration // the longest time a move took
	Total    time.Duration // the time all moves took
}

// MeanDepth returns the mean depth of the searches that did not reach the
// end of the game.
func (s Stats) MeanDepth() float64 {
	midgame := s.Searched - s.Exact
	if midgame == 0 {
		return 0
	}
	return float64(s.Depths) / float64(midgame)
}

// String returns the stats as the line that follows a player's name:
// "30 moves, 28 searched: depth 2 to 9, mean 5.5 before the end, 8
// solved to the end; longest move 412ms, mean 96ms".
func (s Stats) String() string {
	mean := time.Duration(0)
	if s.Moves > 0 {
		mean = s.Total / time.Duration(s.Moves)
	}
	return fmt.Sprintf("%d moves, %d searched: depth %d to %d, mean %.1f before the end, %d solved to the end; longest move %v, mean %v",
		s.Moves, s.Searched, s.MinDepth, s.MaxDepth, s.MeanDepth(), s.Exact,
		s.Longest.Round(time.Millisecond), mean.Round(time.Millisecond))
}

// add counts the search r.
func (s *Stats) add(r player.Result) {
	s.Moves++
	s.Total += r.Time
	s.Longest = max(s.Longest, r.Time)
	if r.Forced || r.Book {
		return // the only move, or the book's: nothing was searched
	}
	if s.Searched == 0 || r.Depth < s.MinDepth {
		s.MinDepth = r.Depth
	}
	s.MaxDepth = max(s.MaxDepth, r.Depth)
	s.Searched++
	if r.Exact {
		s.Exact++
	} else {
		s.Depths += r.Depth
	}
}

// Match plays games between the computer players c.Black and c.White, as
// c says but with colours changing each game: c.Black plays Black in the
// first. It returns the tally for c.Black. A person (a nil player) is an
// error wrapping ErrNotComputer.
func Match(c Config, games int) (Tally, error) {
	a, b := c.Black, c.White
	if a == nil || b == nil {
		return Tally{}, ErrNotComputer
	}
	t := Tally{A: a.Name(), B: b.Name()}
	for i := range games {
		black, white, aColor := a, b, othello.Black
		bStats, wStats := &t.AStats, &t.BStats
		if i%2 == 1 {
			black, white, aColor = b, a, othello.White
			bStats, wStats = wStats, bStats
		}
		g, err := c.NewGame()
		if err != nil {
			return t, err
		}
		for !g.Over() {
			p, stats := black, bStats
			if g.Turn() == othello.White {
				p, stats = white, wStats
			}
			sq, err := move(p, g, stats)
			if err != nil {
				return t, err
			}
			if _, err := g.Play(sq); err != nil {
				return t, &session.ChoiceError{Player: p.Name(), Err: err}
			}
		}
		switch g.Winner() {
		case aColor:
			t.Won++
		case othello.Empty:
			t.Drawn++
		default:
			t.Lost++
		}
	}
	return t, nil
}

// WriteTally writes the tally of a match to w, its line (Tally.String),
// and with stats a line for each player that is a Searcher, its name and
// its Stats: "cpu:2: 30 moves, 28 searched: ...".
func WriteTally(w io.Writer, t Tally, stats bool) error {
	if _, err := fmt.Fprintln(w, t); err != nil || !stats {
		return err
	}
	for _, p := range []struct {
		name  string
		stats Stats
	}{{t.A, t.AStats}, {t.B, t.BStats}} {
		if p.stats.Moves == 0 {
			continue // not a Searcher
		}
		if _, err := fmt.Fprintf(w, "%s: %v\n", p.name, p.stats); err != nil {
			return err
		}
	}
	return nil
}

// move returns the move of p in g, counting its search in stats if it is
// a Searcher.
func move(p player.Player, g *othello.Game, stats *Stats) (othello.Square, error) {
	searcher, ok := p.(Searcher)
	if !ok {
		return p.Move(g.Position(), g.WinRule())
	}
	r, err := searcher.Search(g.Position(), g.WinRule())
	stats.add(r)
	return r.Move, err
}
