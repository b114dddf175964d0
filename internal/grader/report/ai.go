package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

// writeAIText writes the text report of an AI grade (g.AI): what was
// played, how (the sandbox's line), each opponent's games, the table of
// points, and last the games won, drawn and lost.
func writeAIText(w io.Writer, g *check.Grade) error {
	bw := bufio.NewWriter(w)
	writeChecked(bw, g)
	for _, s := range g.Scores {
		fmt.Fprintf(bw, "\n%s: %s\n", s.Category, gamesOf(s))
		writeGames(bw, g, s.Category)
	}
	fmt.Fprintf(bw, "\nscore (ai profile): each opponent's points times the score over the score for all, at most all:\n")
	fmt.Fprintf(bw, "  %-16s %6s %5s %6s %5s %7s %8s %13s\n", "opponent", "games", "won", "drawn", "lost", "score", "for all", "points")
	for _, s := range g.Scores {
		fmt.Fprintf(bw, "  %-16s %6d %5d %6d %5d %7s %8s %13s\n", s.Category, s.Count(), s.Passed, s.Drawn, s.Failed+s.NotRun,
			percent(scoreOf(s)), percent(s.Threshold), check.FormatPoints(s.Points)+"/"+check.FormatPoints(s.Max))
	}
	total, most := g.Total()
	fmt.Fprintf(bw, "  %-16s %56s\n", "total", check.FormatPoints(total)+"/"+check.FormatPoints(most))
	fmt.Fprintln(bw, aiCounts(g))
	return bw.Flush()
}

// aiChecked says what an AI grade played, in a line: "check PROGRAM: ai
// profile, 8x8 games against 3 opponents, clock 10+0.1, openings
// random:4, seed 1, 2 at a time".
func aiChecked(g *check.Grade) string {
	return fmt.Sprintf("check %s: ai profile, 8x8 games against %d %s, clock %s, openings random:%d, seed %d, %d at a time",
		g.Program, len(g.AI.Opponents), plural(len(g.AI.Opponents), "opponent"), g.AI.Clock, g.AI.Openings, g.Seed, g.Jobs)
}

// writeGames writes each game of g against the opponent c, a line each,
// with why the program forfeited, if it did.
func writeGames(w io.Writer, g *check.Grade, c scenario.Category) {
	for _, k := range g.Cases {
		if k.Category != c {
			continue
		}
		if k.Verdict == check.NotRun {
			fmt.Fprintf(w, "  %s: %s\n", k.Name, k.Why)
			continue
		}
		fmt.Fprintf(w, "  %s: %s\n", k.Name, k.About)
	}
}

// gamesOf says how the games against an opponent went: "won 3, drew 1,
// lost 2 of 6 games: score 58.3%, 70% for all the points".
func gamesOf(s check.Score) string {
	lost := s.Failed + s.NotRun
	return fmt.Sprintf("won %d, drew %d, lost %d of %d %s: score %s, %s for all the points",
		s.Passed, s.Drawn, lost, s.Count(), plural(s.Count(), "game"), percent(scoreOf(s)), percent(s.Threshold))
}

// scoreOf returns an opponent's score, of 1: its games won and half
// those drawn over all its games.
func scoreOf(s check.Score) float64 {
	if s.Count() == 0 {
		return 0
	}
	return (float64(s.Passed) + float64(s.Drawn)/2) / float64(s.Count())
}

// percent writes a share of 1 as a percentage with at most one decimal:
// "70%", "58.3%".
func percent(x float64) string {
	return strconv.FormatFloat(float64(int64(x*1000+0.5))/10, 'f', -1, 64) + "%"
}

// aiCounts says how many games of an AI grade the program won, drew and
// lost, as its text report's last line: "5 won, 1 drawn, 0 lost", and
// how many were not played, if any.
func aiCounts(g *check.Grade) string {
	s := fmt.Sprintf("%d won, %d drawn, %d lost", g.Count(check.Passed), g.Count(check.Drawn), g.Count(check.Failed))
	if n := g.Count(check.NotRun); n > 0 {
		s += fmt.Sprintf(", %d not played", n)
	}
	return s
}
