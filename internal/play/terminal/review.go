package terminal

import (
	"bufio"
	"fmt"
	"io"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A ReviewConfig says how Review searches the moves of a game.
type ReviewConfig struct {
	CPU  player.CPU // searches the position after each move, and its best moves
	From int        // the first move reviewed, from 1; 0 is 1
	// Rules are the rules of a file that does not say its own (a judge's
	// setup, a move list); nil for the full rules.
	Rules othello.Rules
}

// Review reviews the first game of the file at path as c says, and writes
// the review to w: a line about the game and how it is searched, a line
// a move from c.From on, written as soon as it is reviewed, each the
// move's score and, when it is not the best, the best move's and the
// discs lost (session.Reviewed); then "Turning points:" and each
// (session.TurningPoints); and last the result, or who is to move in a
// game not finished.
//
// Review returns the *record.FileError or the os package's error of a
// file that cannot be read, a *record.FileError if its game cannot be
// played or reviewed, or w's error.
func Review(w io.Writer, path string, c ReviewConfig) error {
	out := bufio.NewWriter(w)
	err := review(out, path, c)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// review is Review through the buffer out, which it flushes after each
// move.
func review(out *bufio.Writer, path string, c ReviewConfig) error {
	rules := c.Rules
	if rules == nil {
		rules = othello.Full{}
	}
	games, format, _, err := record.ReadFile(path, rules)
	if err != nil {
		return err
	}
	rec := games[0]
	g, err := rec.Game()
	if err != nil {
		return &record.FileError{Path: path, Msg: err.Error(), Err: err}
	}
	what := "a game in " + format.String()
	if len(games) > 1 {
		what = fmt.Sprintf("the first of %d games in %s", len(games), format)
	}
	b := rec.Setup.Board
	fmt.Fprintf(out, "%s: %s, %dx%d under the %s rules, won by %s, %s; %s a move, %s\n",
		path, what, b.Rows(), b.Cols(), rec.Setup.Rules.Name(), rec.Setup.Win, plural(len(rec.Moves), "move", "moves"),
		reviewTime(c.CPU), plural(c.CPU.Threads, "thread", "threads"))
	var reviews []player.MoveReview
	var werr error
	err = c.CPU.ReviewGame(rec.Setup, rec.Moves, max(c.From, 1)-1, func(m player.MoveReview) bool {
		reviews = append(reviews, m)
		fmt.Fprintln(out, session.Reviewed(m))
		werr = out.Flush()
		return werr == nil
	})
	switch {
	case werr != nil:
		return werr
	case err != nil:
		return &record.FileError{Path: path, Msg: err.Error(), Err: err}
	}
	fmt.Fprintln(out, "Turning points:")
	for _, msg := range session.TurningPoints(reviews) {
		fmt.Fprintln(out, "  "+msg)
	}
	if g.Over() {
		fmt.Fprintln(out, session.Result(g))
	} else {
		fmt.Fprintf(out, "Not over: %s to move.\n", session.ColorName(g.Turn()))
	}
	return nil
}

// reviewTime says how long and how deep each move is searched, for the
// header line: "500ms", "2s, 6 plies deep".
func reviewTime(cpu player.CPU) string {
	how := cpu.Budget.String()
	if cpu.Depth > 0 {
		how += ", " + plural(cpu.Depth, "ply", "plies") + " deep"
	}
	return how
}

// plural returns "1 move" or "2 moves": n and the word for it.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
