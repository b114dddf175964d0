package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/grader/check"
	"github.com/othello-judge/judge/internal/grader/diff"
	"github.com/othello-judge/judge/internal/grader/scenario"
)

// maxShownLines bounds the input lines of a reproducer shown in the
// report, and maxNamed the other scenarios of a way that it names.
const (
	maxShownLines = 40
	maxNamed      = 8
)

// WriteText writes the report of g for people: what was checked, a
// summary of the ways of failing, one block for each way with its
// smallest input, with verbose one block for each failing scenario too,
// the rules of structure of a Python program, the table of points, and
// last the line "N passed, M failed".
func WriteText(w io.Writer, g *check.Grade, verbose bool) error {
	if g.AI != nil {
		return writeAIText(w, g)
	}
	bw := bufio.NewWriter(w)
	writeChecked(bw, g)
	if len(g.Ways) > 0 {
		fmt.Fprintln(bw)
		writeWays(bw, g)
	}
	for _, way := range g.Ways {
		writeWay(bw, g, way)
	}
	if verbose {
		for _, c := range g.Cases {
			if c.Verdict == check.Failed {
				fmt.Fprintf(bw, "\nFAIL %s (%s): way %d\n", c.Name, c.About, c.Way.Number)
				WriteFailure(bw, c.Failure)
			}
		}
	}
	writeNotRun(bw, g, verbose)
	if g.Structure != nil {
		fmt.Fprintln(bw)
		writeStructure(bw, g.Structure)
	}
	fmt.Fprintf(bw, "\nscore (%s profile):\n", g.Profile)
	fmt.Fprintf(bw, "  %-16s %9s %15s\n", "category", "passed", "points")
	for _, s := range g.Scores {
		n := s.Count()
		if n == 0 {
			fmt.Fprintf(bw, "  %-16s %9s %15s\n", s.Category, "none", fmt.Sprintf("-/%s", check.FormatPoints(s.Weight)))
			continue
		}
		fmt.Fprintf(bw, "  %-16s %9s %15s\n", s.Category, fmt.Sprintf("%d/%d", s.Passed, n), check.FormatPoints(s.Points)+"/"+check.FormatPoints(s.Max))
	}
	total, most := g.Total()
	fmt.Fprintf(bw, "  %-16s %9s %15s\n", "total", "", check.FormatPoints(total)+"/"+check.FormatPoints(most))
	fmt.Fprintln(bw, counts(g))
	return bw.Flush()
}

// writeChecked writes the first lines of the text report: what was
// checked, how (the sandbox's line), in what environment, and how many
// golden transcripts were skipped; of an AI grade, what it played
// (aiChecked).
func writeChecked(w io.Writer, g *check.Grade) {
	if g.AI != nil {
		fmt.Fprintln(w, aiChecked(g))
		fmt.Fprintln(w, g.Sandbox)
		if g.Env != "" {
			fmt.Fprintln(w, "environment:", g.Env)
		}
		return
	}
	golden := 0
	for _, c := range g.Cases {
		if c.Category == scenario.Golden {
			golden++
		}
	}
	fmt.Fprintf(w, "check %s: %s (%s), %s profile, %s, seed %d: 1 reference, %d golden and %d random scenarios, %d at a time\n",
		g.Program, g.Rules.Name(), g.RulesFrom, g.Profile, g.Mode, g.Seed, golden, len(g.Cases)-1-golden, g.Jobs)
	fmt.Fprintln(w, g.Sandbox)
	if g.Env != "" {
		fmt.Fprintln(w, "environment:", g.Env)
	}
	if g.Skipped > 0 {
		fmt.Fprintf(w, "skipped %d golden transcripts of the other rule set\n", g.Skipped)
	}
}

// writeWays writes the summary of the ways of failing: how many
// scenarios fail, then each way in a line with the size of its smallest
// input.
func writeWays(w io.Writer, g *check.Grade) {
	failed := g.Count(check.Failed)
	blanks := ""
	if n := g.Blanks(); n > 0 {
		blanks = fmt.Sprintf(" and %d %s right but for blanks", n, plural3(n, "is", "are"))
	}
	fmt.Fprintf(w, "%d %s %s%s, in %d %s:\n", failed, plural(failed, "scenario"), plural3(failed, "fails", "fail"), blanks, len(g.Ways), plural(len(g.Ways), "way"))
	for _, way := range g.Ways {
		fmt.Fprintf(w, "  way %d: %d %s (%s): %s\n", way.Number, len(way.Cases), plural(len(way.Cases), "scenario"), way.Categories(), way.Summary())
		input := "smallest input"
		if !way.Shrunk {
			input = "input, not shrunk"
		}
		fmt.Fprintf(w, "         %s: %s%s\n", input, way.Size, where(way))
	}
}

// counts says how many scenarios passed, failed and were not run, as the
// text report's last line: "9 passed, 2 failed, 1 not run"; of an AI
// grade, games (aiCounts).
func counts(g *check.Grade) string {
	if g.AI != nil {
		return aiCounts(g)
	}
	s := fmt.Sprintf("%d passed, %d failed", g.Count(check.Passed), g.Count(check.Failed))
	if n := g.Count(check.NotRun); n > 0 {
		s += fmt.Sprintf(", %d not run", n)
	}
	return s
}

// plural returns word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// plural3 returns one if n is 1, else many.
func plural3(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// where says where the way's reproducer was written, if it was.
func where(w *check.Way) string {
	switch {
	case w.Err != nil:
		return fmt.Sprintf(" (not written: %v)", w.Err)
	case w.File != "":
		return ", in " + w.File
	}
	return ""
}

// writeWay writes the block of one way of failing: its scenarios, its
// reproducer and how it fails.
func writeWay(w io.Writer, g *check.Grade, way *check.Way) {
	ex := way.Cases[0]
	fmt.Fprintf(w, "\nWAY %d of %d: %d %s (%s), such as %s (%s)\n",
		way.Number, len(g.Ways), len(way.Cases), plural(len(way.Cases), "scenario"), way.Categories(), ex.Name, ex.About)
	if way.Shrunk {
		fmt.Fprintf(w, "  smallest input found that fails this way: %s", way.Size)
	} else {
		fmt.Fprintf(w, "  its input (%s), not shrunk%s", way.Size, notShrunk(ex, way))
	}
	switch {
	case way.Err != nil:
		fmt.Fprintf(w, " (not written: %v)", way.Err)
	case way.File != "":
		fmt.Fprintf(w, ", written with its expected output to %s", way.File)
	}
	fmt.Fprintln(w, ":")
	lines := console.Lines(way.Input)
	for i, l := range lines {
		if i == maxShownLines {
			fmt.Fprintf(w, "    ... %d more lines\n", len(lines)-i)
			break
		}
		fmt.Fprintf(w, "    %s\n", check.Shown(l))
	}
	WriteFailure(w, way.Failure)
	if way.MidGame != "" {
		fmt.Fprintf(w, "  the input ends mid-game: that is why the judge exits with status 1, saying %s on standard error; what the program does at that end does not count\n", strconv.Quote(way.MidGame))
	}
	if len(way.Cases) > 1 {
		var names []string
		for _, c := range way.Cases[1:min(len(way.Cases), 1+maxNamed)] {
			names = append(names, c.Name)
		}
		more := ""
		if n := len(way.Cases) - 1 - len(names); n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		fmt.Fprintf(w, "  also failing this way: %s%s (-v shows each)\n", strings.Join(names, ", "), more)
	}
}

// WayText is the text report's block of one way of failing of g, as
// WriteText writes it after a blank line: a line that says which
// scenarios fail this way, then its smallest input and how the program
// fails on it.
func WayText(g *check.Grade, way *check.Way) string {
	var sb strings.Builder
	writeWay(&sb, g, way)
	return strings.TrimPrefix(sb.String(), "\n")
}

// notShrunk says why a way's input was not shrunk.
func notShrunk(ex *check.Case, way *check.Way) string {
	switch {
	case ex.Category == scenario.Reference || ex.Category == scenario.Golden:
		return ": a transcript from a file"
	case ex.Category == scenario.BadSetup:
		return ": a bad setup"
	case way.Failure.End.LimitEnded():
		return ": a limit ended it, and each try could take the whole limit"
	}
	return ": no smaller input was found that fails the same way"
}

// writeNotRun says which scenarios were not run, and why.
func writeNotRun(w io.Writer, g *check.Grade, verbose bool) {
	whys := map[string]int{}
	var order []string
	for _, c := range g.Cases {
		if c.Verdict != check.NotRun {
			continue
		}
		if whys[c.Why] == 0 {
			order = append(order, c.Why)
		}
		whys[c.Why]++
		if verbose {
			fmt.Fprintf(w, "\nNOT RUN %s (%s)\n", c.Name, c.About)
		}
	}
	if len(order) > 0 {
		fmt.Fprintln(w)
	}
	for _, why := range order {
		fmt.Fprintf(w, "%d %s %s, which count as failed\n", whys[why], plural(whys[why], "scenario"), why)
	}
}

// WriteFailure writes the text report's block of a failure: where the
// output first differs and what the program did last, then an excerpt of
// its standard error.
func WriteFailure(w io.Writer, f *check.Failure) {
	if f.Line > 0 {
		fmt.Fprintf(w, "  standard output differs at line %d", f.Line)
		if f.InputLine > 0 {
			fmt.Fprintf(w, ", in the answer to input line %d, %s", f.InputLine, diff.Quote(f.Input))
		}
		fmt.Fprintf(w, ":\n%s", indent(f.Diff))
	}
	fmt.Fprintf(w, "  %s\n", f.What)
	if len(f.Stderr) > 0 {
		fmt.Fprintf(w, "  its standard error:\n")
		for _, l := range f.Stderr {
			fmt.Fprintf(w, "    | %s\n", l)
		}
	}
}

// indent puts two more blanks before each line of s.
func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n  ") + "\n"
}

// kept says how many rules of structure the program keeps, such as "2 of
// 4 rules of structure kept".
func kept(rules []check.Rule) string {
	n := 0
	for _, r := range rules {
		if r.Verdict == check.Passed {
			n++
		}
	}
	return keptOf(n, len(rules))
}

// keptOf says that k of n rules of structure are kept.
func keptOf(k, n int) string { return fmt.Sprintf("%d of %d rules of structure kept", k, n) }

// ruleVerdicts are the words of the reports for a rule's verdict.
var ruleVerdicts = [...]string{check.Passed: "kept", check.Failed: "BROKEN", check.NotRun: "not checked"}

// writeStructure writes the rules of structure, each with its verdict,
// what it asks and, indented under it, its places.
func writeStructure(w io.Writer, rules []check.Rule) {
	fmt.Fprintf(w, "%s:\n", kept(rules))
	for _, r := range rules {
		fmt.Fprintf(w, "  %-11s %s: %s\n", ruleVerdicts[r.Verdict], r.Name, r.About)
		for _, where := range r.Where {
			fmt.Fprintf(w, "              %s\n", where)
		}
	}
}

// PassedOf says in the words of the text report how many of the
// scenarios of s passed, such as "3 of 5 scenarios passed", or for
// structure how many rules are kept.
//
// For an opponent of an AI grade it says how its games went (gamesOf).
func PassedOf(s check.Score) string {
	n := s.Count()
	if s.Category == scenario.Structure {
		return keptOf(s.Passed, n)
	}
	if s.Category.IsOpponent() {
		return gamesOf(s)
	}
	return fmt.Sprintf("%d of %d %s passed", s.Passed, n, plural(n, "scenario"))
}

// Overview says in a few lines what the text report says at length:
// what was checked, how (the sandbox's line), how many scenarios passed,
// each way of failing, and how many rules of structure the program
// keeps; of an AI grade, the games won, drawn and lost.
func Overview(g *check.Grade) string {
	var out strings.Builder
	if g.AI != nil {
		fmt.Fprintf(&out, "%s\n%s\n%s\n", aiChecked(g), g.Sandbox, aiCounts(g))
		return out.String()
	}
	fmt.Fprintf(&out, "%s rules (%s), %s profile, seed %d\n%s\n", g.Rules.Name(), g.RulesFrom, g.Profile, g.Seed, g.Sandbox)
	fmt.Fprintln(&out, counts(g))
	for _, way := range g.Ways {
		fmt.Fprintf(&out, "way %d: %d %s (%s): %s\n", way.Number, len(way.Cases), plural(len(way.Cases), "scenario"), way.Categories(), way.Summary())
	}
	if g.Structure != nil {
		fmt.Fprintln(&out, kept(g.Structure))
	}
	return out.String()
}

// CategoryText is the text report of one category, s: how many of its
// scenarios passed (PassedOf), then in full each way of failing that has
// scenarios in it, as WriteText writes it; for structure, each rule of
// structure with its places.
//
// For an opponent of an AI grade it is how its games went and each game
// (writeGames).
func CategoryText(g *check.Grade, s check.Score) string {
	var sb strings.Builder
	if s.Category.IsOpponent() {
		fmt.Fprintf(&sb, "%s\n", PassedOf(s))
		writeGames(&sb, g, s.Category)
		return sb.String()
	}
	if s.Category == scenario.Structure {
		writeStructure(&sb, g.Structure)
		return sb.String()
	}
	fmt.Fprintf(&sb, "%s\n", PassedOf(s))
	for _, way := range g.Ways {
		here := way.CasesIn(s.Category)
		if here == 0 {
			continue
		}
		fmt.Fprintf(&sb, "\nway %d, %d %s here:\n", way.Number, here, plural(here, "scenario"))
		writeWay(&sb, g, way)
	}
	return sb.String()
}
