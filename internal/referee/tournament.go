package referee

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/othello"
)

// A Tournament is a round robin, every two of its Players playing a
// match, or a gauntlet, its first Gauntlet players each playing a match
// against every other player but not against each other.
type Tournament struct {
	Players []Spec
	// Gauntlet, if more than 0, is how many of the first Players are in
	// the gauntlet, such as a class's submissions before the reference
	// players: each plays every player after them, none of the others.
	// 0 is a round robin.
	Gauntlet int
	// Match is how each pairing is played: its Pairs, Setup, Openings,
	// Clocks, Jobs and Sandbox; Run sets its Players and Seed for each
	// pairing, its Seed drawn from this one's.
	Match Match
	// Shard, if not nil, makes the tournament one shard of a run split
	// among the nodes of a cluster: Run plays only the games
	// shard.Assign gives it, and its file of results says so, for
	// MergeResults.
	Shard *Shard
}

// A Pairing is the match of two players of a tournament, and its games.
type Pairing struct {
	Match   Match
	Results []Result
}

// A GameKey names a game of a tournament: its pairing's players, by
// name, and seed, and its number in their match, from 1. The same
// tournament seed gives a pairing of the same two players the same seed,
// whoever else plays, so that a game is known again in a tournament that
// has another player (a late submission) or one fewer.
type GameKey struct {
	Players [2]string
	Seed    uint64
	Number  int
}

// Key returns the key of game number n of m, from 1.
func (m Match) Key(n int) GameKey {
	return GameKey{Players: [2]string{m.Players[0].Name, m.Players[1].Name}, Seed: m.Seed, Number: n}
}

// Pairings returns the matches of the tournament, in the order Run
// plays them: in a round robin, player 1 against 2, 3, ..., then 2
// against 3, ...; in a gauntlet, player 1 against each player after the
// gauntlet's, then player 2, .... Each has its own seed, drawn from
// t.Match.Seed and the two players' names, so that a tournament is
// reproducible from its seed. An error wraps ErrPlayers: fewer than two
// players, two of the same name, or a gauntlet of no other player.
func (t Tournament) Pairings() ([]Match, error) {
	if len(t.Players) < 2 {
		return nil, fmt.Errorf("%w, got %d", ErrPlayers, len(t.Players))
	}
	if t.Gauntlet < 0 || t.Gauntlet >= len(t.Players) {
		return nil, fmt.Errorf("%w: a gauntlet of %d of %d players plays no one", ErrPlayers, t.Gauntlet, len(t.Players))
	}
	seen := map[string]bool{}
	for _, p := range t.Players {
		if seen[p.Name] {
			return nil, fmt.Errorf("%w: %q twice", ErrPlayers, p.Name)
		}
		seen[p.Name] = true
	}
	var out []Match
	for i := range t.Players {
		if t.Gauntlet > 0 && i >= t.Gauntlet {
			break
		}
		for j := max(i+1, t.Gauntlet); j < len(t.Players); j++ {
			m := t.Match
			m.Players = [2]Spec{t.Players[i], t.Players[j]}
			h := fnv.New64a()
			h.Write([]byte(t.Players[i].Name + "\x00" + t.Players[j].Name))
			m.Seed = rand.New(rand.NewPCG(t.Match.Seed, h.Sum64())).Uint64()
			out = append(out, m)
		}
	}
	return out, nil
}

// Run plays the tournament's games, but for those of kept (by their
// Key), which it takes as they are: Match.Jobs games at once of all the
// pairings, a pairing's opening drawn before its first game. It gives
// each game it plays to each, in the order of Pairings and of each
// match, as soon as it and those before it are over, so that two runs
// of the same tournament write the same games in the same order. When
// ctx is done no game starts; the games under way are finished and given
// to each, and Run returns the pairings with the games they have and
// ctx's error. Another error is one of Pairings, or a setup or an
// opening that cannot be played.
func (t Tournament) Run(ctx context.Context, kept map[GameKey]Result, each func(Match, Result)) ([]Pairing, error) {
	matches, err := t.Pairings()
	if err != nil {
		return nil, err
	}
	if _, err := t.Match.Setup.NewGame(); err != nil {
		return nil, err
	}
	type game struct{ pairing, index int }
	results := make([][]Result, len(matches))
	have := make([][]bool, len(matches))
	openings := make([]func() ([][]othello.Square, error), len(matches))
	owns := t.owns(matches)
	var todo []game
	for p, m := range matches {
		results[p], have[p] = make([]Result, 2*m.Pairs), make([]bool, 2*m.Pairs)
		openings[p] = sync.OnceValues(m.draw)
		for i := range results[p] {
			if !owns[m.Key(i+1)] {
				have[p][i] = true // another shard's: not played, not given
			} else if r, ok := kept[m.Key(i+1)]; ok {
				results[p][i], have[p][i] = r, true
			} else {
				todo = append(todo, game{p, i})
			}
		}
	}
	var mu sync.Mutex
	done := make([]bool, len(todo))
	next := 0 // the first game of todo not yet given to each
	var failed error
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(t.Match.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				g := todo[k]
				m := matches[g.pairing]
				ops, err := openings[g.pairing]()
				mu.Lock()
				if err != nil && failed == nil {
					failed = err
				}
				stop := failed != nil || ctx.Err() != nil
				mu.Unlock()
				if stop {
					continue
				}
				r := m.play(g.index, ops[g.index/2])
				mu.Lock()
				results[g.pairing][g.index], have[g.pairing][g.index], done[k] = r, true, true
				for next < len(todo) && done[next] {
					if each != nil {
						each(matches[todo[next].pairing], results[todo[next].pairing][todo[next].index])
					}
					next++
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for k := range todo {
		mu.Lock()
		stop := failed != nil
		mu.Unlock()
		if stop {
			break
		}
		select {
		case jobs <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if failed != nil {
		return nil, failed
	}
	for k := next; k < len(todo); k++ { // after an interruption: the games over, out of order
		if done[k] && each != nil {
			each(matches[todo[k].pairing], results[todo[k].pairing][todo[k].index])
		}
	}
	out := make([]Pairing, len(matches))
	all := true
	for p, m := range matches {
		out[p].Match = m
		for i, r := range results[p] {
			if have[p][i] && owns[m.Key(i+1)] {
				out[p].Results = append(out[p].Results, r)
			}
			all = all && have[p][i]
		}
	}
	if !all {
		return out, ctx.Err()
	}
	return out, nil
}

// DefaultAnchor returns the player othello tournament anchors the ladder
// on unless told: random, at Elo 0, if it plays, else the first player.
func DefaultAnchor(players []Spec) rating.Anchor {
	for _, p := range players {
		if p.Name == "random" {
			return rating.Anchor{Player: p.Name}
		}
	}
	if len(players) == 0 {
		return rating.Anchor{}
	}
	return rating.Anchor{Player: players[0].Name}
}

// ParseAnchor reads -anchor NAME[=ELO]: a player's name, and its rating,
// 0 if not given. A name may hold "=" itself (prog:x --a=b) where what
// follows the last one is no number. An empty name is an error wrapping
// ErrAnchor.
func ParseAnchor(s string) (rating.Anchor, error) {
	a := rating.Anchor{Player: s}
	if i := strings.LastIndexByte(s, '='); i >= 0 {
		if elo, err := strconv.ParseFloat(s[i+1:], 64); err == nil {
			a = rating.Anchor{Player: s[:i], Elo: elo}
		}
	}
	if a.Player == "" {
		return a, fmt.Errorf("%w, got %q", ErrAnchor, s)
	}
	return a, nil
}

// Ladder returns the ratings of the pairings' players, highest first,
// anchored on anchor, with rating.DefaultPrior: each pairing counted from
// its player 1's side by Summarize. The error is rating.Ratings's, or
// one wrapping ErrAnchor if the anchor is none of the players.
func Ladder(pairings []Pairing, anchor rating.Anchor) ([]rating.Rating, error) {
	games := make([]rating.Pairing, len(pairings))
	known := false
	for i, p := range pairings {
		a, b := p.Match.Players[0].Name, p.Match.Players[1].Name
		games[i] = rating.Pairing{A: a, B: b, Result: Summarize(p.Results).Result}
		known = known || a == anchor.Player || b == anchor.Player
	}
	if !known {
		return nil, fmt.Errorf("%w, got %q", ErrAnchor, anchor.Player)
	}
	return rating.Ratings(games, anchor, rating.DefaultPrior)
}

// Crosstable returns each player's results against each other, by the
// players' places in players: row i, column j is what player i won, drew
// and lost against player j, so that [j][i] is [i][j].Reverse(); the
// diagonal is empty.
func Crosstable(players []Spec, pairings []Pairing) [][]rating.Result {
	place := map[string]int{}
	for i, p := range players {
		place[p.Name] = i
	}
	table := make([][]rating.Result, len(players))
	for i := range table {
		table[i] = make([]rating.Result, len(players))
	}
	for _, p := range pairings {
		i, j := place[p.Match.Players[0].Name], place[p.Match.Players[1].Name]
		r := Summarize(p.Results).Result
		a, b := &table[i][j], &table[j][i]
		a.Wins, a.Draws, a.Losses = a.Wins+r.Wins, a.Draws+r.Draws, a.Losses+r.Losses
		b.Wins, b.Draws, b.Losses = b.Wins+r.Losses, b.Draws+r.Draws, b.Losses+r.Wins
	}
	return table
}

// WriteTournament writes the ladder, a player a line, highest first (its
// rank, name, Elo, the 95% interval of its difference from the anchor,
// games and score), and the crosstable in the ladder's order, each cell
// the points the row's player scored against the column's of the games
// they played, such as "3.5/4", or "-" where they played none:
//
//	ladder, anchored on random at +0.0, 95% intervals:
//	rank  player  Elo     95%               games  score
//	1     cpu:1   +281.6  (+52.8, +510.4)   8      87.5%
//	...
//
//	crosstable, the row's points against the column's:
//	    player  1      2      3
//	1   cpu:1   -      3.5/4  3.5/4
//	...
//
// The error is Ladder's, or w's.
func WriteTournament(w io.Writer, players []Spec, pairings []Pairing, anchor rating.Anchor) error {
	ladder, cross, err := standings(players, pairings, anchor)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "ladder, anchored on %s at %s, 95%% intervals:\n", printable(anchor.Player), signed(anchor.Elo))
	fmt.Fprintln(tw, "rank\tplayer\tElo\t95%\tgames\tscore")
	for _, r := range ladder {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\n", r.Rank, printable(r.Player), r.Elo, r.Interval, r.Games, r.Score)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\ncrosstable, the row's points against the column's:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := "\tplayer\t"
	for i := range ladder {
		header += strconv.Itoa(i+1) + "\t"
	}
	fmt.Fprintln(tw, strings.TrimSuffix(header, "\t"))
	for i, row := range ladder {
		line := strconv.Itoa(i+1) + "\t" + printable(row.Player) + "\t" + strings.Join(cross[i], "\t")
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

// A standing is a line of the ladder as WriteTournament and WritePage
// show it.
type standing struct {
	Rank     int
	Player   string
	Elo      string // "+281.6"
	Interval string // "(+52.8, +510.4)", or "anchor"
	Games    int
	Score    string // "87.5%"
}

// standings returns the ladder of the pairings, highest first, and the
// crosstable in its order: cross[i][j] the points the ladder's player i
// scored against its player j, of the games they played, "3.5/4", or
// "-" where they played none. The error is Ladder's.
func standings(players []Spec, pairings []Pairing, anchor rating.Anchor) ([]standing, [][]string, error) {
	ladder, err := Ladder(pairings, anchor)
	if err != nil {
		return nil, nil, err
	}
	table := Crosstable(players, pairings)
	place := map[string]int{}
	for i, p := range players {
		place[p.Name] = i
	}
	out := make([]standing, len(ladder))
	cross := make([][]string, len(ladder))
	for i, r := range ladder {
		interval := "anchor"
		if r.Player != anchor.Player {
			interval = "(" + signed(r.Lower) + ", " + signed(r.Upper) + ")"
		}
		score := 0.0
		if r.Games > 0 {
			score = 100 * r.Points / float64(r.Games)
		}
		out[i] = standing{Rank: i + 1, Player: r.Player, Elo: signed(r.Elo), Interval: interval, Games: r.Games, Score: fmt.Sprintf("%.1f%%", score)}
		for _, col := range ladder {
			c := table[place[r.Player]][place[col.Player]]
			if c.Games() == 0 {
				cross[i] = append(cross[i], "-")
				continue
			}
			cross[i] = append(cross[i], strconv.FormatFloat(c.Points(), 'f', -1, 64)+"/"+strconv.Itoa(c.Games()))
		}
	}
	return out, cross, nil
}

// printable returns a player's name as it is, or quoted if it holds a
// character that is not printable (a tab, a newline), which would break
// a table's lines.
func printable(name string) string {
	for _, r := range name {
		if !strconv.IsPrint(r) {
			return strconv.Quote(name)
		}
	}
	return name
}

// Unwalled returns what Match.Unwalled returns for a match of t's
// programs: nil where t has none, where a wall would keep them from the
// referee's files, or where t runs them Limited on purpose.
func (t Tournament) Unwalled() error {
	for _, p := range t.Players {
		if p.IsProgram() {
			m := t.Match
			m.Players = [2]Spec{p, p}
			return m.Unwalled()
		}
	}
	return nil
}
