package referee

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/othello-judge/judge/internal/referee/rating"
)

// A Tournament is a round robin: every two of its Players play a match.
type Tournament struct {
	Players []Spec
	// Match is how each pairing is played: its Pairs, Setup, Opening,
	// Clock, Jobs and Sandbox; Run sets its Players and Seed for each
	// pairing, its Seed drawn from this one's.
	Match Match
}

// A Pairing is the match of two players of a tournament, and its games.
type Pairing struct {
	Match   Match
	Results []Result
}

// Pairings returns the matches of the round robin, in the order Run plays
// them: player 1 against 2, 3, ..., then 2 against 3, ...; each with its
// own seed drawn from t.Match.Seed and the two players' places, so that
// a tournament is reproducible from its seed. An error wraps
// ErrPlayers: fewer than two players, or two of the same name.
func (t Tournament) Pairings() ([]Match, error) {
	if len(t.Players) < 2 {
		return nil, fmt.Errorf("%w, got %d", ErrPlayers, len(t.Players))
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
		for j := i + 1; j < len(t.Players); j++ {
			m := t.Match
			m.Players = [2]Spec{t.Players[i], t.Players[j]}
			m.Seed = rand.New(rand.NewPCG(t.Match.Seed, uint64(i)<<32|uint64(j))).Uint64()
			out = append(out, m)
		}
	}
	return out, nil
}

// Run plays the tournament's pairings one after the other, each with
// Match.Jobs games at once, and gives each game of each to each as
// Match.Run does. An error is one of Pairings or of a match that cannot
// be played.
func (t Tournament) Run(each func(Match, Result)) ([]Pairing, error) {
	matches, err := t.Pairings()
	if err != nil {
		return nil, err
	}
	out := make([]Pairing, 0, len(matches))
	for _, m := range matches {
		results, err := m.Run(func(r Result) {
			if each != nil {
				each(m, r)
			}
		})
		if err != nil {
			return nil, err
		}
		out = append(out, Pairing{Match: m, Results: results})
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
// they played, such as "3.5/4":
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
	ladder, err := Ladder(pairings, anchor)
	if err != nil {
		return err
	}
	table := Crosstable(players, pairings)
	place := map[string]int{}
	for i, p := range players {
		place[p.Name] = i
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "ladder, anchored on %s at %s, 95%% intervals:\n", printable(anchor.Player), signed(anchor.Elo))
	fmt.Fprintln(tw, "rank\tplayer\tElo\t95%\tgames\tscore")
	for i, r := range ladder {
		interval := "anchor"
		if r.Player != anchor.Player {
			interval = "(" + signed(r.Lower) + ", " + signed(r.Upper) + ")"
		}
		score := 0.0
		if r.Games > 0 {
			score = 100 * r.Points / float64(r.Games)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%.1f%%\n", i+1, printable(r.Player), signed(r.Elo), interval, r.Games, score)
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
		line := strconv.Itoa(i+1) + "\t" + printable(row.Player) + "\t"
		for _, col := range ladder {
			if col.Player == row.Player {
				line += "-\t"
				continue
			}
			r := table[place[row.Player]][place[col.Player]]
			line += strconv.FormatFloat(r.Points(), 'f', -1, 64) + "/" + strconv.Itoa(r.Games()) + "\t"
		}
		fmt.Fprintln(tw, strings.TrimSuffix(line, "\t"))
	}
	return tw.Flush()
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
