package solve

import (
	"fmt"
	"slices"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A problem is a position of a file to solve, or a game of it that was
// skipped.
type problem struct {
	pos     *othello.Position
	win     othello.WinRule
	known   []record.Known  // the moves of known score, best first; OBF only
	skipped *record.Skipped // the game skipped, and why; nil for a position
}

// A problemFile is the positions of a file, and what they are.
type problemFile struct {
	problems []problem
	about    string            // for the header line: "19 positions in OBF, ..."
	anyKnown bool              // whether some position has a known score
	skipped  *record.SkipError // the games skipped, if any
}

// readProblems reads the positions of the file at path, whatever its
// format (record.ReadFile), under rules r when the file does not say:
// each position of OBF, and the position at the end of each game of GGF,
// SGF, PGN or WTHOR, of a judge's setup and its move lines or of a move
// list. A game that cannot be played is a problem skipped, in its place.
func readProblems(path string, r othello.Rules) (problemFile, error) {
	games, format, se, err := record.ReadFile(path, r)
	if err != nil {
		return problemFile{}, err
	}
	f := problemFile{skipped: se}
	for _, rec := range games {
		g, err := rec.Game()
		if err != nil {
			return problemFile{}, &record.FileError{Path: path, Msg: err.Error(), Err: err}
		}
		known := rec.Known
		if format == record.OBF && rec.Setup.Rules != (othello.Full{}) {
			known = nil // OBF's known scores are the standard game's
		}
		f.problems = append(f.problems, problem{pos: endPosition(g), win: g.WinRule(), known: known})
		f.anyKnown = f.anyKnown || len(known) > 0
	}
	s, pos := games[0].Setup, f.problems[0].pos
	switch {
	case format == record.OBF:
		f.about = fmt.Sprintf("%s in OBF, 8x8 under the %s rules, won by %s",
			plural(len(games), "position", "positions"), s.Rules.Name(), s.Win)
		return f, nil
	case se != nil:
		f.about = fmt.Sprintf("%d games in %s, %d skipped", len(games)+len(se.Skipped), format, len(se.Skipped))
		for _, sk := range se.Skipped {
			f.problems = slices.Insert(f.problems, sk.Number-1, problem{skipped: &sk})
		}
		return f, nil
	case len(games) > 1:
		f.about = fmt.Sprintf("%d games in %s", len(games), format)
		return f, nil
	}
	what := format.String() // the judge's setup, a move list
	if format == record.GGF || format == record.SGF || format == record.PGN {
		what = "a game in " + format.String()
	}
	f.about = fmt.Sprintf("%s, %dx%d under the %s rules, won by %s, %v to move",
		what, s.Board.Rows(), s.Board.Cols(), s.Rules.Name(), s.Win, pos.Turn())
	if n := len(games[0].Moves); n > 0 {
		f.about += " after " + plural(n, "move", "moves")
	}
	return f, nil
}

// endPosition returns the position at the end of g, to solve: when the
// game has just passed for a player who has no legal move, that player is
// to move, and the solver's move is the pass.
func endPosition(g *othello.Game) *othello.Position {
	if !g.Passed() {
		return g.Position()
	}
	pos, _ := othello.NewPosition(g.Rules(), g.Board(), g.Turn().Opponent())
	return pos
}
