package solve

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/othello"
)

// A Config says how Report searches the positions of a file, and what
// its report shows besides each position's best move and score.
type Config struct {
	Depth   int           // the deepest search, 0 for no limit
	Budget  time.Duration // the time a position, 0 for no limit
	Threads int           // the goroutines searching an 8x8 position
	// Rules are the rules of a file that does not say its own (OBF, a
	// judge's setup, a move list); nil for the full rules.
	Rules othello.Rules
	PV    bool // the principal variation of each position, on a line of its own
	All   bool // every legal move's score, on a line of its own
}

// cpu returns the player that solves or searches each position.
func (c Config) cpu() player.CPU {
	cpu := player.CPU{Depth: c.Depth, Budget: player.NoLimit, Threads: c.Threads}
	if c.Budget > 0 {
		cpu.Budget = c.Budget
	}
	return cpu
}

// rules returns c.Rules, or the full rules if it is nil.
func (c Config) rules() othello.Rules {
	if c.Rules == nil {
		return othello.Full{}
	}
	return c.Rules
}

// exact reports whether every search runs to the end of the game.
func (c Config) exact() bool { return c.Depth == 0 && c.Budget == 0 }

// describe says how the positions are searched, for the header line:
// "solving exactly, 2 threads".
func (c Config) describe() string {
	var how string
	switch {
	case c.exact():
		how = "solving exactly"
	case c.Budget == 0:
		how = fmt.Sprintf("searching %s deep, 8x8 solved exactly", plural(c.Depth, "ply", "plies"))
	case c.Depth == 0:
		how = fmt.Sprintf("searching %v a position", c.Budget)
	default:
		how = fmt.Sprintf("searching %s deep, %v a position", plural(c.Depth, "ply", "plies"), c.Budget)
	}
	return how + ", " + plural(c.Threads, "thread", "threads")
}

// Report solves the positions of the file at path as c says, and writes
// the report to w: a line about the file and how it is searched, a line
// a position (its number, empty squares, best move, score, nodes,
// seconds, and the verdict against a known score), with c.PV and c.All a
// line more each, and the summary (Summary.String). Each position's
// lines are written, through a buffer, as soon as it is solved.
//
// Report returns the summary of what it solved, and an error: the
// *record.FileError or the os package's error of a file that cannot be
// read, a *PositionError if a search fails, a *SkippedError if games of
// the file were skipped (the others solved, the summary written), or
// w's error. A known score that disagrees is not an error: the summary
// says so (Summary.Disagrees).
func Report(w io.Writer, path string, c Config) (Summary, error) {
	out := bufio.NewWriter(w)
	sum, err := report(out, path, c)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return sum, err
}

// report is Report through the buffer out, which it flushes after each
// position.
func report(out *bufio.Writer, path string, c Config) (Summary, error) {
	var sum Summary
	f, err := readProblems(path, c.rules())
	if err != nil {
		return sum, err
	}
	sum.Known = f.anyKnown
	fmt.Fprintf(out, "%s: %s; %s\n", path, f.about, c.describe())
	cpu := c.cpu()
	for _, p := range f.problems {
		if p.skipped == nil {
			cpu.Prepare(p.pos) // outside the first position's time
			break
		}
	}
	w := newWidths(f.problems, c.exact())
	for i, p := range f.problems {
		if p.skipped != nil {
			fmt.Fprintf(out, "#%-*d  skipped: line %d: %s\n", w.number, i+1, p.skipped.Err.Line, p.skipped.Err.Msg)
			continue
		}
		sum.Positions++
		failed := func(what string, err error) (Summary, error) {
			return sum, &PositionError{Path: path, Number: i + 1, What: what, Err: err}
		}
		r, err := cpu.Analyze(p.pos, p.win)
		if err != nil {
			return failed("", err)
		}
		v := judgeResult(r, p.known)
		sum.add(r, v)
		fmt.Fprintf(out, "#%-*d  empties %*d  move %-*s  score %-*s  nodes %10d  %8.3fs%s\n",
			w.number, i+1, w.empties, p.pos.Empties().Len(), w.move, moveName(r), w.score, r.ScoreText(),
			r.Nodes, r.Time.Seconds(), v.text)
		if c.PV {
			pv, err := principalVariation(cpu, p, r)
			if err != nil {
				return failed("principal variation", err)
			}
			fmt.Fprintln(out, strings.TrimSuffix("    pv: "+strings.Join(pv, " "), " "))
		}
		if c.All {
			line, err := allMoves(cpu, p, r, &sum)
			if err != nil {
				return failed("scores of the moves", err)
			}
			fmt.Fprintln(out, "    all: "+line)
		}
		if err := out.Flush(); err != nil {
			return sum, err
		}
	}
	fmt.Fprintln(out, sum.String())
	if skipped := len(f.problems) - sum.Positions; skipped > 0 {
		return sum, &SkippedError{Path: path, Games: skipped, Err: f.skipped}
	}
	return sum, nil
}

// principalVariation returns the moves of best play from p, whose result
// is first, to the end of the game: each the move that cpu finds in the
// position after the one before, "pa" for a pass.
func principalVariation(cpu player.CPU, p problem, first player.Result) ([]string, error) {
	pos := p.pos.Clone()
	var moves []string
	for r := first; !r.Over; {
		if r.Pass {
			if err := pos.Pass(); err != nil {
				return moves, err
			}
		} else if _, err := pos.Play(r.Move); err != nil {
			return moves, err
		}
		moves = append(moves, moveName(r))
		var err error
		if r, err = cpu.Analyze(pos, p.win); err != nil {
			return moves, err
		}
	}
	return moves, nil
}

// allMoves returns the legal moves of p with their scores, best first,
// as player.CPU.ScoreMoves finds them: "g8 +32, g2 +12 (known +14)", an
// exact score that differs from the known score of its move followed by
// it and counted in sum, as the searches' nodes and time are. A player
// who must pass has "pa" and the score of r, the position's result, and
// a finished game "--".
func allMoves(cpu player.CPU, p problem, r player.Result, sum *Summary) (string, error) {
	switch {
	case r.Over:
		return "--", nil
	case r.Pass:
		return "pa " + r.ScoreText(), nil
	}
	scores, err := cpu.ScoreMoves(p.pos, p.win)
	if err != nil {
		return "", err
	}
	moves := make([]string, len(scores))
	for i, sc := range scores {
		sum.Nodes += sc.Nodes
		sum.Time += sc.Time
		moves[i] = sc.Move.String() + " " + sc.ScoreText()
		for _, k := range p.known {
			if !k.Pass && k.Square == sc.Move && sc.Exact && k.Score != sc.Score {
				moves[i] += fmt.Sprintf(" (known %+d)", k.Score)
				sum.MovesDisagree++
			}
		}
	}
	return strings.Join(moves, ", "), nil
}

// widths are the widths of the columns of the positions' lines.
type widths struct {
	number, empties, move, score int
}

// newWidths returns the widths that fit every line of ps. exact is
// whether every score will be exact.
func newWidths(ps []problem, exact bool) widths {
	w := widths{number: len(strconv.Itoa(len(ps))), empties: 1, move: 2, score: 7}
	for _, p := range ps {
		if p.pos == nil {
			continue // a game skipped
		}
		b := p.pos.Board()
		w.empties = max(w.empties, len(strconv.Itoa(p.pos.Empties().Len())))
		w.move = max(w.move, len(othello.Square{Row: b.Rows() - 1, Col: b.Cols() - 1}.String()))
		if exact {
			w.score = max(3, 1+len(strconv.Itoa(b.Rows()*b.Cols())))
		}
	}
	return w
}
