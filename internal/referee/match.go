package referee

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// A Match is two players playing pairs of games: each opening twice, each
// player Black once.
type Match struct {
	Players [2]Spec
	Pairs   int           // pairs of games
	Setup   othello.Setup // how every game starts, before its opening
	// Openings are how each pair begins, played from Setup before the
	// players move.
	Openings Openings
	Seed     uint64 // draws the openings and the engines' choices
	// Clocks are player 1's and player 2's time controls, which each
	// keeps whichever colour it plays.
	Clocks  Clocks
	Jobs    int            // games at once; 1 if less
	Sandbox sandbox.Config // where programs run
	// SPRT, if not nil, stops the match once it decides between its
	// hypotheses on the pairs played (Decided): the games under way are
	// finished, and no other is started.
	SPRT *rating.SPRT
	// Hold, if not nil, is called as each game starts, and what it
	// returns as the game ends: a bound on the games of several matches
	// at once, such as a class's checks share.
	Hold func() (release func())
}

// A Result is a game of a match: which game, and what player 1 was.
type Result struct {
	Number int           // from 1, in the order of the match
	First  othello.Color // the colour Players[0] played
	Game
}

// Run plays the match, Jobs games at once, and gives each game to each
// in the order of the match as soon as it and those before it are over;
// with an SPRT, only until it decides, and only until ctx is done: the
// games under way then end, and no other starts. Every process of a game
// is stopped once it is over. An error is a setup or an opening that
// cannot be played, or a player that cannot play on its board (Check),
// before any game.
func (m Match) Run(ctx context.Context, each func(Result)) ([]Result, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	openings, err := m.draw()
	if err != nil {
		return nil, err
	}
	results := make([]Result, 2*m.Pairs)
	done := make([]bool, len(results))
	var mu sync.Mutex
	next := 0 // the first game not yet given to each
	decided := false
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(m.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				mu.Lock()
				stop := decided || ctx.Err() != nil // while this game waited for a player of its own
				mu.Unlock()
				if stop {
					continue
				}
				r := m.play(i, openings[i/2])
				mu.Lock()
				results[i], done[i] = r, true
				for next < len(results) && done[next] {
					if each != nil {
						each(results[next])
					}
					next++
					if next%2 == 0 && m.Decided(Summarize(results[:next])) != rating.Continue {
						decided = true
					}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range results {
		mu.Lock()
		stop := decided
		mu.Unlock()
		if stop {
			break
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	return results[:next], nil
}

// Check returns why m's players cannot play on its board, an error
// wrapping ErrSpec: GTP's boards are square. Run checks it.
func (m Match) Check() error {
	b := m.Setup.Board
	for _, p := range m.Players {
		if p.Protocol == GTP && b.Rows() != b.Cols() {
			return fmt.Errorf("%w: %s: GTP plays square boards only, got %dx%d", ErrSpec, p.Name, b.Rows(), b.Cols())
		}
	}
	return nil
}

// Unwalled returns why no wall would keep m's programs from the
// referee's files, a *sandbox.NoWallError, or nil where one would, where
// m has no program, or where it runs them Limited on purpose
// (-sandbox=false). A referee runs others' programs, so othello match
// refuses where it is not nil, as othello grade does.
func (m Match) Unwalled() error {
	if !m.Players[0].IsProgram() && !m.Players[1].IsProgram() || m.Sandbox.Mode != sandbox.Isolated {
		return nil
	}
	return m.Sandbox.Walled()
}

// Decided returns the SPRT's decision on s's pairs: Continue with no
// SPRT.
func (m Match) Decided(s Summary) rating.Decision {
	if m.SPRT == nil {
		return rating.Continue
	}
	return m.SPRT.Decide(m.SPRT.PairsLLR(s.Pairs))
}

// play plays game i of the match (from 0) from opening: player 1 is
// Black in even games, White in odd ones, once Hold lets it.
func (m Match) play(i int, opening []othello.Square) Result {
	if m.Hold != nil {
		defer m.Hold()()
	}
	first := othello.Black
	specs, clocks := m.Players, m.Clocks // Black's, White's
	if i%2 == 1 {
		first = othello.White
		specs, clocks = [2]Spec{m.Players[1], m.Players[0]}, Clocks{m.Clocks[1], m.Clocks[0]}
	}
	var players [2]Player
	var forfeit *ForfeitError
	for c, s := range specs {
		p, err := s.start(m.Sandbox, rand.New(rand.NewPCG(m.Seed, uint64(2*i+c+1))), m.Setup, clocks[c])
		if err != nil && forfeit == nil {
			forfeit = &ForfeitError{Detail: strconv.Quote(err.Error()), Err: ErrCrashed}
			errors.As(err, &forfeit)
			forfeit.Player = "BW"[c : c+1]
		}
		if err == nil {
			players[c] = p
		}
	}
	defer func() {
		for _, p := range players {
			if p != nil {
				p.Stop()
			}
		}
	}()
	var g Game
	if forfeit != nil {
		g = finish(m.Setup, mustGame(m.Setup), nil, forfeit, clocks)
	} else {
		var err error
		if g, err = Play(m.Setup, opening, players[0], players[1], clocks); err != nil {
			panic(err) // m.draw played every random opening, ParseOpenings every line
		}
	}
	g.Record.Black, g.Record.White = specs[0].Name, specs[1].Name
	return Result{Number: i + 1, First: first, Game: g}
}

// mustGame returns the game of a setup that openings has started already.
func mustGame(s othello.Setup) *othello.Game {
	g, err := s.NewGame()
	if err != nil {
		panic(err)
	}
	return g
}

// Balance is how far from even, in hundredths of a disc at the search
// of balanceDepth, a random opening may be; the most even of
// balanceTries is taken when none is.
const (
	balance      = 200
	balanceDepth = 4
	balanceTries = 50
)

// draw returns the opening of each pair: its line of Openings.Lines, in
// their order or in one drawn from Seed (Shuffle), or Openings.Random
// random plies from Setup, drawn from Seed, each as even as a shallow
// search finds it.
func (m Match) draw() ([][]othello.Square, error) {
	if _, err := m.Setup.NewGame(); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(m.Seed, 0))
	cpu := player.CPU{Depth: balanceDepth, Endgame: 1, Budget: time.Minute, Threads: 1}
	out := make([][]othello.Square, m.Pairs)
	lines := m.Openings.Lines
	if m.Openings.Shuffle {
		lines = slices.Clone(lines)
		rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	}
	for i := range out {
		if lines != nil {
			out[i] = lines[i%len(lines)]
			continue
		}
		if m.Openings.Random == 0 {
			continue
		}
		best, bestScore := []othello.Square(nil), 0
		for try := 0; try < balanceTries; try++ {
			moves, g := randomOpening(m.Setup, m.Openings.Random, rng)
			if g.Over() {
				continue
			}
			r, err := cpu.Search(g.Position(), m.Setup.Win)
			if err != nil {
				return nil, err
			}
			score := max(r.Score, -r.Score)
			if best == nil || score < bestScore {
				best, bestScore = moves, score
			}
			if score <= balance {
				break
			}
		}
		out[i] = best
	}
	return out, nil
}

// randomOpening plays n random moves from s, fewer if the game ends.
func randomOpening(s othello.Setup, n int, rng *rand.Rand) ([]othello.Square, *othello.Game) {
	g := mustGame(s)
	for range n {
		legal := g.Legal().Squares()
		if len(legal) == 0 {
			break
		}
		g.Play(legal[rng.IntN(len(legal))])
	}
	return g.Played(), g
}

// A Summary is a match's results from player 1's side.
type Summary struct {
	rating.Result              // its wins, draws and losses
	Pairs         rating.Pairs // the pairs of games from one opening, by its points in them
	Discs         int          // its margins, added up
}

// Summarize adds up results, in the order of the match, from player 1's
// side: games 2i-1 and 2i, from one opening, are a pair.
func Summarize(results []Result) Summary {
	var s Summary
	points := map[int]int{} // half points of each pair, by pair
	games := map[int]int{}
	for _, r := range results {
		margin := r.Margin
		if r.First == othello.White {
			margin = -margin
		}
		s.Discs += margin
		pair := (r.Number - 1) / 2
		games[pair]++
		switch {
		case r.Winner == othello.Empty:
			s.Draws++
			points[pair]++
		case r.Winner == r.First:
			s.Wins++
			points[pair] += 2
		default:
			s.Losses++
		}
	}
	for pair, n := range games {
		if n == 2 { // a pair cut short by an interrupted match counts in Result only
			s.Pairs[points[pair]]++
		}
	}
	return s
}

// Elo returns the Elo difference between player 1 and player 2 and its
// 95% interval: from the pairs' pentanomial variance, as fastchess
// reports a match played in pairs, or, with fewer than two pairs whole,
// of which the variance says nothing, from the games'.
func (s Summary) Elo() (rating.Interval, error) {
	if s.Pairs.Count() >= 2 {
		return s.Pairs.Elo()
	}
	return s.Result.Elo()
}

// Line writes a game's result for people, on one line: "game 3: greedy
// (B) 40-24 random (W): B wins", or with a forfeit "game 4: prog:a.py (B)
// random (W): W wins: B forfeits: illegal move: played "9 9"; it could
// play 3 4, 4 3, ...".
func (r Result) Line() string {
	g, _ := r.Record.Game()
	black, white := g.Score()
	s := fmt.Sprintf("game %d: %s (B) %d-%d %s (W): ", r.Number, r.Record.Black, black, white, r.Record.White)
	switch r.Winner {
	case othello.Empty:
		s += "draw"
	default:
		s += colorLetter(r.Winner) + " wins"
	}
	if r.Forfeit != nil {
		s += ": " + r.Forfeit.Player + " forfeits: " + reason(r.Forfeit.Err) + ": " + r.Forfeit.Detail
	}
	return s
}

// WriteSummary writes the match's tally from player 1's side, and the
// Elo difference with its 95% interval: "level:1 vs greedy: won 3, drawn
// 0, lost 1, score 75.0%, discs +52, Elo +190.8 (95%: -13.0 to +inf)".
func WriteSummary(w io.Writer, m Match, results []Result) error {
	s := Summarize(results)
	score := 0.0
	if s.Games() > 0 {
		score = s.Points() / float64(s.Games())
	}
	line := fmt.Sprintf("%s vs %s: won %d, drawn %d, lost %d, score %.1f%%, discs %+d",
		m.Players[0].Name, m.Players[1].Name, s.Wins, s.Draws, s.Losses, 100*score, s.Discs)
	if elo, err := s.Elo(); err == nil {
		line += fmt.Sprintf(", Elo %s (95%%: %s to %s)", signed(elo.Elo), signed(elo.Lower), signed(elo.Upper))
	}
	if m.SPRT != nil {
		lower, upper := m.SPRT.Bounds()
		llr := m.SPRT.PairsLLR(s.Pairs)
		line += fmt.Sprintf("\nSPRT %s: LLR %.2f (%.2f, %.2f): ", m.SPRT, llr, lower, upper)
		switch m.SPRT.Decide(llr) {
		case rating.AcceptH0:
			line += "H0 accepted"
		case rating.AcceptH1:
			line += "H1 accepted"
		default:
			line += "undecided"
		}
	}
	_, err := fmt.Fprintln(w, line)
	return err
}

// signed writes an Elo difference with its sign and one decimal, or
// "+inf" and "-inf" for a score of all or nothing.
func signed(elo float64) string {
	switch {
	case math.IsInf(elo, 1):
		return "+inf"
	case math.IsInf(elo, -1):
		return "-inf"
	case elo == 0:
		return "+0.0" // not -0.0, which an even score gives
	}
	return fmt.Sprintf("%+.1f", elo)
}

// WriteRecords writes every game in format, record.GGF (a game a line)
// or record.PGN.
func WriteRecords(w io.Writer, results []Result, format record.Format) error {
	for _, r := range results {
		var text string
		var err error
		if format == record.PGN {
			text, err = record.FormatPGN(r.Record)
		} else {
			text, err = record.FormatGGF(r.Record)
			text += "\n"
		}
		if err != nil {
			return fmt.Errorf("referee: game %d: %w", r.Number, err)
		}
		if _, err := io.WriteString(w, text); err != nil {
			return err
		}
	}
	return nil
}
