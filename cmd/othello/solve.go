package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

const solveUsage = `usage: othello solve [flags] FILE

Solves each position of FILE exactly: its best move and the final margin
of discs with best play by both sides.

FILE is one of:
  - positions in OBF, one a line, as the FFO test positions
    (../shared/ffo) are written (a file whose first line that is not
    blank starts with # or with squares): 64 squares from a1 to h8, a row at a
    time (X black, O white, - empty), a space, the player to move (X or
    O), and maybe the known scores of some moves, best first ("; G8:+18;
    H1:+12"). Blank lines and lines that start with # are skipped. OBF
    is 8x8, won by most discs, under the rules of -rules.
  - one setup in the judge's format, as a .in file holds it, of any
    size, read so when its first line that is not blank is a whole
    number (the rows). The setup's first player is to move and its win
    rule counts; the move lines after it, if any, are played first as
    the judge plays them (a line the judge answers INVALID is skipped,
    and a player with no legal move passes).
  - games in GGF, as GGS and NBoard write them (a file that holds "(;"),
    each with its board, rules and win rule: one position a game. A game
    that cannot be played is skipped: its line says why, "#2  skipped:
    line 4: move 3, B a1: move flips no disc", and the others are solved.
  - games in SGF, as Edax writes them (a file that holds "(;" and FF[,
    SZ[ or GM[2]), the main line of each: one position a game.
  - games in PGN, as the WTHOR collections and Edax write them (a file
    whose first line is a tag, [Event "..."], or starts 1.): one
    position a game.
  - a WTHOR game file, .wtb (a header of 16 bytes that counts the games
    of 68 bytes that follow): one position a game, a game that cannot be
    played skipped as in GGF.
  - a move list such as f5d6c3 (a file that starts with a square), from
    the standard 8x8 start.
Of a game, the position at its end is solved. A file of none of these
formats is an error.

Prints a line about FILE and how it is searched, then one line a
position, such as

  #1   empties 14  move g8  score +18  nodes     157354     0.024s  known +18 ok

that is: its number among the positions of FILE, from 1; the empty
squares; the best move (column letter from a, row number from 1: a1 is
the top-left corner), pa if the player to move must pass, -- if the game
is over; the score: the final disc difference for the player to move,
the empty squares going to the winner, as FFO counts (with the win rule
<, the opponent's discs less the mover's); the positions searched; the
seconds it took (wall time); and if FILE knows the best score, it and a
verdict: ok when the score is the same and the move is not known to be
worse, disagree if not ("disagree: g8 is +12" for a worse move). Last, a
summary: the positions, how many agree with a known score (and disagree,
and are not checked, if any), the nodes, the seconds and the nodes a
second of all the searches.

Exit status: 0 no known score disagrees, 1 one disagrees, a game was
skipped, or FILE cannot be read or has a bad line (standard error says
which and why), 2 bad command line.

Flags:
  -depth N
	search N plies deep at most in the midgame; on 8x8 under the full
	rules the end is still solved exactly whenever the time allows
	(without -time, always), other boards stop at N plies
  -time D
	search for at most about D a position, such as 500ms or 2s, solving
	exactly only what is likely solved in that time. With -depth or
	-time, a score that is not exact is an
	estimate in discs, such as ~+3.25, or win or loss when the search
	proved one without counting by how much; a known score beside it is
	shown, not checked ("not checked"), and counts in neither agree nor
	disagree. A search that reaches the end of the game is exact, and
	checked.
  -threads N
	the goroutines searching an 8x8 position (default: the number of
	CPUs)
  -rules full|simple
	the rules of a setup, a move list or positions in OBF (default
	full); GGF says its own
  -all
	after each position, every legal move and its score, best first,
	on a line of its own: "    all: g8 +32, g2 +12, b2 -20 ...",
	exact when solving, estimates (~+3.25) with -depth or -time, whose
	time is then shared by the moves; a move whose known score (OBF)
	differs from an exact one is followed by it, "g2 +10 (known +12)",
	and disagrees. A player who must pass has "pa" and its score, a
	finished game "--"
  -v
	after each position, the principal variation, on a line of its
	own: "    pv: g8 h7 pa a8 ...", each move the best that the same
	search finds after the one before, to the end of the game
`

// runSolve runs "othello solve".
func runSolve(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("solve", stderr)
	depth := flags.Int("depth", 0, "")
	budget := flags.Duration("time", 0, "")
	threads := flags.Int("threads", runtime.NumCPU(), "")
	rulesName := flags.String("rules", "full", "")
	verbose := flags.Bool("v", false, "")
	all := flags.Bool("all", false, "")
	if status, ok := parseFlags(flags, args, solveUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "solve", solveUsage, format, a...) }
	switch {
	case flags.NArg() == 0:
		return usageError("FILE is required")
	case flags.NArg() > 1:
		return usageError("unexpected argument %q", flags.Arg(1))
	}
	if *depth < 0 || (isSet(flags, "depth") && *depth == 0) {
		return usageError("-depth must be a whole number from 1, got %d", *depth)
	}
	if isSet(flags, "time") && *budget <= 0 {
		return usageError("-time must be positive, got %v", *budget)
	}
	if *threads < 1 {
		return usageError("-threads must be 1 or more, got %d", *threads)
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		return usageError("%v", err)
	}

	out := bufio.NewWriter(stdout)
	status := solveFile(flags.Arg(0), rules, solveConfig{depth: *depth, budget: *budget, threads: *threads, pv: *verbose, all: *all}, out, stderr)
	if err := out.Flush(); err != nil && status == 0 {
		fmt.Fprintf(stderr, "othello solve: %v\n", err)
		return 1
	}
	return status
}

// A solveConfig is what the flags of othello solve ask for.
type solveConfig struct {
	depth   int           // the deepest search, 0 for no limit
	budget  time.Duration // the time a position, 0 for no limit
	threads int
	pv      bool // print the principal variations
	all     bool // print every legal move's score
}

// cpu returns the player that solves or searches each position.
func (c solveConfig) cpu() player.CPU {
	cpu := player.CPU{Depth: c.depth, Budget: player.NoLimit, Threads: c.threads}
	if c.budget > 0 {
		cpu.Budget = c.budget
	}
	return cpu
}

// exact reports whether every search runs to the end of the game.
func (c solveConfig) exact() bool { return c.depth == 0 && c.budget == 0 }

// describe says how the positions are searched, for the header line.
func (c solveConfig) describe() string {
	var how string
	switch {
	case c.exact():
		how = "solving exactly"
	case c.budget == 0:
		how = fmt.Sprintf("searching %s deep, 8x8 solved exactly", plural(c.depth, "ply", "plies"))
	case c.depth == 0:
		how = fmt.Sprintf("searching %v a position", c.budget)
	default:
		how = fmt.Sprintf("searching %s deep, %v a position", plural(c.depth, "ply", "plies"), c.budget)
	}
	return how + ", " + plural(c.threads, "thread", "threads")
}

// solveFile solves the positions of the file at path, writing the report
// to out, and returns the exit status. An error goes to stderr, after out
// is flushed.
func solveFile(path string, rules othello.Rules, c solveConfig, out *bufio.Writer, stderr io.Writer) int {
	fail := func(err error) int {
		out.Flush()
		fmt.Fprintf(stderr, "othello solve: %v\n", err)
		return 1
	}
	f, err := readProblems(path, rules)
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(out, "%s: %s; %s\n", path, f.about, c.describe())
	cpu := c.cpu()
	w := newSolveWidths(f.problems, c.exact())
	var sum solveSummary
	solved := 0
	for i, p := range f.problems {
		if p.skipped != nil {
			fmt.Fprintf(out, "#%-*d  skipped: line %d: %s\n", w.number, i+1, p.skipped.Err.Line, p.skipped.Err.Msg)
			continue
		}
		solved++
		r, err := cpu.Analyze(p.pos, p.win)
		if err != nil {
			return fail(&record.FileError{Path: path, Msg: fmt.Sprintf("#%d: %v", i+1, err), Err: err})
		}
		v := judgeResult(r, p.known)
		sum.add(r, v)
		fmt.Fprintf(out, "#%-*d  empties %*d  move %-*s  score %-*s  nodes %10d  %8.3fs%s\n",
			w.number, i+1, w.empties, p.pos.Empties().Len(), w.move, moveName(r), w.score, r.ScoreText(),
			r.Nodes, r.Time.Seconds(), v.text)
		if c.pv {
			pv, err := principalVariation(cpu, p, r)
			if err != nil {
				return fail(&record.FileError{Path: path, Msg: fmt.Sprintf("#%d: principal variation: %v", i+1, err), Err: err})
			}
			fmt.Fprintln(out, strings.TrimSuffix("    pv: "+strings.Join(pv, " "), " "))
		}
		if c.all {
			line, err := allMoves(cpu, p, r, &sum)
			if err != nil {
				return fail(&record.FileError{Path: path, Msg: fmt.Sprintf("#%d: scores of the moves: %v", i+1, err), Err: err})
			}
			fmt.Fprintln(out, "    all: "+line)
		}
		if err := out.Flush(); err != nil {
			fmt.Fprintf(stderr, "othello solve: %v\n", err)
			return 1
		}
	}
	fmt.Fprintln(out, sum.String(solved, f.anyKnown))
	if skipped := len(f.problems) - solved; skipped > 0 {
		out.Flush()
		fmt.Fprintf(stderr, "othello solve: %s: %s skipped, as %s cannot be played\n", path,
			plural(skipped, "game", "games"), map[bool]string{true: "it", false: "they"}[skipped == 1])
		return 1
	}
	if sum.disagree > 0 || sum.movesDisagree > 0 {
		return 1
	}
	return 0
}

// allMoves returns the legal moves of p with their scores, best first,
// as player.CPU.ScoreMoves finds them: "g8 +32, g2 +12 (known +14)", an
// exact score that differs from the known score of its move followed by
// it and counted in sum. A player who must pass has "pa" and the score of
// r, the position's result, and a finished game "--".
func allMoves(cpu player.CPU, p problem, r player.Result, sum *solveSummary) (string, error) {
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
		sum.nodes += sc.Nodes
		sum.time += sc.Time
		moves[i] = sc.Move.String() + " " + sc.ScoreText()
		for _, k := range p.known {
			if !k.Pass && k.Square == sc.Move && sc.Exact && k.Score != sc.Score {
				moves[i] += fmt.Sprintf(" (known %+d)", k.Score)
				sum.movesDisagree++
			}
		}
	}
	return strings.Join(moves, ", "), nil
}

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
	about    string // for the header line: "19 positions in OBF, ..."
	anyKnown bool   // whether some position has a known score
}

// readProblems reads the positions of the file at path, whatever its
// format (record.Read), under rules r when the file does not say: each
// position of OBF, and the position at the end of each game of GGF, of a
// judge's setup and its move lines or of a move list.
func readProblems(path string, r othello.Rules) (problemFile, error) {
	games, format, se, err := record.ReadFile(path, r)
	if err != nil {
		return problemFile{}, err
	}
	var f problemFile
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

// A verdict is how a result compares with a position's known scores.
type verdict int

// The verdicts.
const (
	unknown    verdict = iota // no known score
	agree                     // the same score, and a move not known to be worse
	disagree                  // another score, or a move known to be worse
	notChecked                // a known score, but a result that is not exact
)

// A judged result is a verdict and its text for the position's line.
type judged struct {
	verdict
	text string // "", or "  known +18 ok" and the like
}

// judgeResult compares r with the known scores of its position, best
// first.
func judgeResult(r player.Result, known []record.Known) judged {
	if len(known) == 0 {
		return judged{}
	}
	best := known[0].Score
	text := fmt.Sprintf("  known %+d", best)
	switch {
	case !r.Exact:
		return judged{notChecked, text + " not checked"}
	case r.Score != best:
		return judged{disagree, text + " disagree"}
	}
	if !r.Over {
		for _, k := range known {
			if k.Pass == r.Pass && (r.Pass || k.Square == r.Move) && k.Score != best {
				return judged{disagree, fmt.Sprintf("%s disagree: %s is %+d", text, moveName(r), k.Score)}
			}
		}
	}
	return judged{agree, text + " ok"}
}

// moveName returns the move of r: a square such as "g8", "pa" for a pass,
// "--" when the game is over.
func moveName(r player.Result) string {
	switch {
	case r.Over:
		return "--"
	case r.Pass:
		return "pa"
	}
	return r.Move.String()
}

// principalVariation returns the moves of best play from p, whose result
// is first, to the end of the game: each the move that cpu finds in the
// position after the one before.
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

// solveWidths are the widths of the columns of the positions' lines.
type solveWidths struct {
	number, empties, move, score int
}

// newSolveWidths returns the widths that fit every line of ps. exact is
// whether every score will be exact.
func newSolveWidths(ps []problem, exact bool) solveWidths {
	w := solveWidths{number: len(strconv.Itoa(len(ps))), empties: 1, move: 2, score: 7}
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

// A solveSummary adds up the results of a file.
type solveSummary struct {
	agree, disagree, notChecked int
	movesDisagree               int // with -all: the moves whose exact score is not the known one
	nodes                       int64
	time                        time.Duration
}

func (s *solveSummary) add(r player.Result, j judged) {
	s.nodes += r.Nodes
	s.time += r.Time
	switch j.verdict {
	case agree:
		s.agree++
	case disagree:
		s.disagree++
	case notChecked:
		s.notChecked++
	}
}

// String returns the summary line of n positions: "19 positions, 19
// agree, 2345678 nodes, 0.210s, 11.2 M nodes/s". The verdicts are there if
// known, when some position had a known score; disagree and not checked
// only when there are some.
func (s *solveSummary) String(n int, known bool) string {
	parts := []string{plural(n, "position", "positions")}
	if known {
		parts = append(parts, fmt.Sprintf("%d agree", s.agree))
		if s.disagree > 0 {
			parts = append(parts, fmt.Sprintf("%d disagree", s.disagree))
		}
		if s.notChecked > 0 {
			parts = append(parts, fmt.Sprintf("%d not checked", s.notChecked))
		}
		if s.movesDisagree > 0 {
			parts = append(parts, plural(s.movesDisagree, "move disagrees", "moves disagree"))
		}
	}
	rate := 0.0
	if s.time > 0 {
		rate = float64(s.nodes) / s.time.Seconds() / 1e6
	}
	parts = append(parts, plural64(s.nodes, "node", "nodes"), fmt.Sprintf("%.3fs", s.time.Seconds()), fmt.Sprintf("%.1f M nodes/s", rate))
	return strings.Join(parts, ", ")
}

// plural returns n and the noun, one or many: "1 position", "2 positions".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// plural64 is plural for an int64.
func plural64(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(n, 10) + " " + many
}
