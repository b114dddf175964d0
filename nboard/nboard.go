package nboard

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/othello-judge/judge/book"
	"github.com/othello-judge/judge/internal/lines"
	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/player"
	"github.com/othello-judge/judge/record"
)

// name is the engine's name, as NBoard shows it: the command's.
const name = "othello"

// maxLine is the longest line kept: "set game" with a whole game in GGF
// is under 2 KB. The rest of a longer line is read and dropped.
const maxLine = 1 << 16

// A Config is how an engine thinks: the computer player that searches for
// it, and the clock that times its searches.
type Config struct {
	// CPU searches every position: its Depth, Budget, Threads and Pool.
	// "set depth" changes its Depth.
	CPU player.CPU
	// Clock tells the time, for the seconds that the answers report; nil
	// for time.Now. A test's clock makes them reproducible.
	Clock func() time.Time
	// Book, if not nil, answers "hint" in the positions it holds (book.go).
	Book *book.Book
}

// now returns the config's clock.
func (c Config) now() func() time.Time {
	if c.Clock == nil {
		return time.Now
	}
	return c.Clock
}

// Run runs an engine that speaks the NBoard protocol, version 2, on
// the commands read from in, answering on out and writing what it
// refuses on errs, until the command quit or the end of in. Its game is
// 8x8 Othello under the full rules from the standard start until "set
// game" gives another; c.CPU searches its positions. It returns nil at
// the end, and a read or write error if there is one.
//
// Each command is a line; the answers to it are flushed before the next
// is read, and "status thinking" before a search. The commands:
//
//   - "nboard 2" (or 1): answered "set myname othello".
//   - "set depth N": the CPU searches N plies deep at most, within its
//     budget; the last plies are solved exactly when N reaches them.
//   - "set game GGF": the game is the first of the GGF text, as package
//     record reads it (also other sizes, the simple rules and the fewest
//     discs winning), at the end of its moves. A pass after the last
//     move that the text has not written is owed: the player who must
//     pass is to move, as NBoard asks that player for its move, PA.
//   - "set contempt N": accepted and ignored: the engine values a draw
//     at 0, as NBoard's default does.
//   - "move F5/EVAL/TIME": the player to move plays F5, or passes with PA,
//     which a player with no legal move must; EVAL and TIME may be left
//     out and are ignored.
//   - "go": answered "nodestats NODES SECONDS", then "=== F5/EVAL/TIME",
//     the move the engine would play (not played until "move" says so),
//     EVAL its score in discs for the player to move and TIME the seconds
//     it took; PA for a pass.
//   - "hint N": each legal move (or the pass) is searched, the budget
//     shared among them, and the best N are answered "search F5 EVAL 0
//     DEPTH", best first, then "nodestats NODES SECONDS" and "status":
//     DEPTH is the plies searched, 100% for an exact solve and 100%W for
//     a win or a loss proved without counting by how much. In a position
//     of the Config's Book, the book answers instead: "book F5 EVAL GAMES
//     0" for its best N moves, EVAL the mean final margin of the GAMES
//     that played F5, then "status".
//   - "ping N": answered "pong N", after everything before it.
//   - "learn": answered "learned"; nothing is learnt.
//   - "quit": the end.
//
// Moves are written as NBoard writes them, F5, in either case. Anything
// else, and a command it cannot carry out, such as an illegal move, a bad
// GGF or "go" once the game is over, changes nothing and is told on errs,
// "nboard: line N: ...". A search is never interrupted: a ping sent
// during one is answered after it.
func Run(in io.Reader, out, errs io.Writer, c Config) error {
	w := bufio.NewWriter(out)
	e := &nboard{out: w, errs: errs, cpu: c.CPU, clock: c.now(), book: c.Book}
	b, _ := othello.NewStartBoard(8, 8)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	e.pos, e.win = *p, othello.MostDiscs
	r := lines.NewReader(bufio.NewReader(in), maxLine)
	for {
		line, ok, err := r.NextAfter(w)
		if err != nil || !ok {
			return err
		}
		e.line = r.Count()
		if line.Long {
			e.fail("a line longer than %d bytes, ignored", maxLine)
			continue
		}
		if quit := e.run(line.Text); quit {
			return w.Flush()
		}
	}
}

// An nboard is the state of an NBoard session.
type nboard struct {
	out   *bufio.Writer
	errs  io.Writer
	cpu   player.CPU
	clock func() time.Time
	book  *book.Book
	pos   othello.Position // the game now
	win   othello.WinRule  // how it is won
	line  int              // the number of the line being answered
}

// run carries out the command line text, and reports whether it is quit.
func (e *nboard) run(text string) (quit bool) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return false
	}
	arg := func(i int) string {
		if i < len(fields) {
			return fields[i]
		}
		return ""
	}
	switch fields[0] {
	case "nboard":
		e.say("set myname %s", name)
	case "set":
		key, value := cutWord(strings.TrimSpace(text)[len("set"):])
		e.set(key, value)
	case "move":
		what, _, _ := strings.Cut(arg(1), "/") // the eval and time are ignored
		m, err := parseMove(what)
		if err != nil {
			e.fail("move %q: not a square such as F5, or PA", arg(1))
			break
		}
		if err := play(&e.pos, m); err != nil {
			e.fail("move %s: %v", m, err)
		}
	case "go":
		e.goMove()
	case "hint":
		n, err := strconv.Atoi(arg(1))
		if err != nil || n < 1 {
			e.fail("hint %q: not a whole number from 1", arg(1))
			break
		}
		e.hint(n)
	case "ping":
		n, err := strconv.Atoi(arg(1))
		if err != nil {
			e.fail("ping %q: not a whole number", arg(1))
			break
		}
		e.say("pong %d", n)
	case "learn":
		e.say("learned")
	case "quit":
		return true
	default:
		e.fail("unknown command %q, ignored", fields[0])
	}
	return false
}

// set carries out "set KEY VALUE".
func (e *nboard) set(key, value string) {
	switch key {
	case "depth":
		depth, err := strconv.Atoi(value)
		if err != nil || depth < 1 {
			e.fail("set depth %q: not a whole number from 1", value)
			return
		}
		e.cpu.Depth = depth
	case "game":
		games, err := record.ParseGGF(value)
		var g *othello.Game
		if err == nil {
			g, err = games[0].Game()
		}
		if err != nil {
			e.fail("set game: %v", err)
			return
		}
		e.pos, e.win = *g.Position(), g.WinRule()
		if games[0].PassOwed { // the GUI asks the player who must pass
			p, _ := othello.NewPosition(g.Rules(), g.Board(), g.Position().Turn().Opponent())
			e.pos = *p
		}
	case "contempt":
		if _, err := strconv.Atoi(value); err != nil {
			e.fail("set contempt %q: not a whole number", value)
		}
	default:
		e.fail("set %q: unknown, ignored", key)
	}
}

// play plays move m in p: a disc of the player to move, or a pass.
func play(p *othello.Position, m move) error {
	if m.pass {
		return p.Pass()
	}
	_, err := p.Play(m.square)
	return err
}

// goMove answers "go": the move the CPU would play, its score and time.
func (e *nboard) goMove() {
	if e.pos.Over() {
		e.fail("go: the game is over")
		return
	}
	e.thinking()
	start := e.clock()
	p := e.pos
	r, err := e.cpu.Analyze(&p, e.win)
	if err != nil {
		e.fail("go: %v", err)
		return
	}
	seconds := e.clock().Sub(start).Seconds()
	e.say("nodestats %d %.2f", r.Nodes, seconds)
	e.say("=== %s/%.2f/%.2f", move{square: r.Move, pass: r.Pass}, r.Discs(), seconds)
}

// A scoredMove is a move searched for "hint", with the search of the
// position after it turned to the view of the player to move.
type scoredMove struct {
	move   move
	result player.Result
}

// hint answers "hint n": the best n moves, each with its score and the
// depth of its search. A finished game has none.
func (e *nboard) hint(n int) {
	if e.bookHint(n) {
		return
	}
	e.thinking()
	start := e.clock()
	var moves []move
	for _, s := range e.pos.Legal().Squares() {
		moves = append(moves, move{square: s})
	}
	if len(moves) == 0 && !e.pos.Over() {
		moves = append(moves, move{pass: true})
	}
	cpu := e.cpu
	if cpu.Depth > 1 {
		cpu.Depth-- // a ply is the move itself
	}
	if budget := cpu.Budget; budget != player.NoLimit && len(moves) > 0 {
		if budget <= 0 {
			budget = player.DefaultBudget
		}
		cpu.Budget = budget / time.Duration(len(moves))
	}
	var hints []scoredMove
	var nodes int64
	for _, m := range moves {
		p := e.pos
		play(&p, m) // legal, as it was chosen
		r, err := cpu.Analyze(&p, e.win)
		if err != nil {
			e.fail("hint: %v", err)
			return
		}
		r.Score = -r.Score
		r.Depth++
		nodes += r.Nodes
		hints = append(hints, scoredMove{m, r})
	}
	slices.SortStableFunc(hints, func(a, b scoredMove) int {
		switch da, db := a.result.Discs(), b.result.Discs(); {
		case da > db:
			return -1
		case da < db:
			return 1
		}
		return 0
	})
	for _, h := range hints[:min(n, len(hints))] {
		e.say("search %s %.2f 0 %s", h.move, h.result.Discs(), depthText(h.result))
	}
	e.say("nodestats %d %.2f", nodes, e.clock().Sub(start).Seconds())
	e.say("status")
}

// depthText returns the depth of search r as NBoard reads it: the plies,
// "100%" for an exact solve, "100%W" for a win or a loss that the search
// proved without counting by how much.
func depthText(r player.Result) string {
	switch {
	case r.Exact:
		return "100%"
	case r.Score >= player.Won || r.Score <= -player.Won:
		return "100%W"
	}
	return strconv.Itoa(r.Depth)
}

// thinking tells the GUI that a search begins, at once.
func (e *nboard) thinking() {
	e.say("status thinking")
	e.out.Flush() // an error shows again at the next flush
}

// say writes a line of the answer.
func (e *nboard) say(format string, a ...any) {
	fmt.Fprintf(e.out, format+"\n", a...)
}

// fail tells errs why the line being answered changed nothing.
func (e *nboard) fail(format string, a ...any) {
	fmt.Fprintf(e.errs, "nboard: line %d: "+format+"\n", append([]any{e.line}, a...)...)
}

// cutWord returns the first word of s and the rest of s after it, both
// without blanks around them.
func cutWord(s string) (word, rest string) {
	s = strings.TrimSpace(s)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i], strings.TrimSpace(s[i:])
	}
	return s, ""
}

// A move is a move of NBoard: a disc on a square, or a pass.
type move struct {
	square othello.Square
	pass   bool
}

// parseMove reads a move as String writes it, in either case.
func parseMove(text string) (move, error) {
	if strings.EqualFold(text, "PA") {
		return move{pass: true}, nil
	}
	s, err := othello.ParseSquare(text)
	return move{square: s}, err
}

// String returns the move as NBoard writes it: "F5", or "PA" for a pass.
func (m move) String() string {
	if m.pass {
		return "PA"
	}
	return strings.ToUpper(m.square.String())
}
