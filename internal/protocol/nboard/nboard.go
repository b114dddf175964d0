package nboard

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/lines"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
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
	// Serial makes each search end before the next command is read, so
	// that a session's answers come in one order whatever the timing, as
	// the golden sessions want; a ping then cannot stop a search. Without
	// it a search runs while the next commands are read, and ping stops
	// it.
	Serial bool
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
// is read, and "status thinking" before a search. A search (go, hint,
// analyze) runs while the next commands are read: ping and quit stop it,
// and it answers with what it has found by then; any other command waits
// for it to end. The commands:
//
//   - "nboard 2" (or 1): answered "set myname othello".
//   - "set depth N": the CPU searches the midgame N plies deep at most,
//     within its budget; on 8x8 under the full rules it solves the end
//     exactly as soon as its budget likely allows, whatever N (see
//     player.CPU's Depth).
//   - "set game GGF": the game is the first of the GGF text, as package
//     record reads it (also other sizes, the simple rules and the fewest
//     discs winning), at the end of its moves. A pass after the last
//     move that the text has not written is owed: the player who must
//     pass is to move, as NBoard asks that player for its move, PA. Its
//     clock (TI, or TB and TW) less the time of each player's moves
//     (B[F5/EVAL/TIME], and "move" since) bounds the time of "go"
//     (clock.go); a game without one leaves the CPU its budget.
//   - "set contempt N": accepted and ignored: the engine values a draw
//     at 0, as NBoard's default does.
//   - "move F5/EVAL/TIME": the player to move plays F5, or passes with PA,
//     which a player with no legal move must; TIME, the seconds the move
//     took, comes off the player's clock; EVAL and TIME may be left out,
//     and EVAL is ignored.
//   - "go": answered "search PV EVAL 0 DEPTH" for each depth the search
//     completes (as hint writes them), then "nodestats NODES SECONDS",
//     then "=== F5/EVAL/TIME", the move the engine would play (not
//     played until "move" says so), EVAL its score in discs for the
//     player to move and TIME the seconds it took; PA for a pass.
//   - "hint N": each legal move (or the pass) is searched, the budget
//     shared among them, and the best N are answered "search PV EVAL 0
//     DEPTH", best first, then "nodestats NODES SECONDS" and "status":
//     PV is the principal variation, the move first, such as F5D6C3 (as
//     far as the search's table holds it; PA for a pass), DEPTH the
//     plies searched, 100% for an exact solve and 100%W for a win or a
//     loss proved without counting by how much. In a position of the
//     Config's Book, the book answers instead: "book F5 EVAL GAMES 0" for
//     its best N moves, EVAL the mean final margin of the GAMES that
//     played F5, then "status".
//   - "analyze": each position of the game, from its end back to its
//     start, is searched within the budget, and answered "analysis N
//     EVAL", N the moves made before it (passes too), EVAL its score in
//     discs for its player to move; then "status".
//   - "ping N": stops the search under way, if any, and is answered
//     "pong N" after everything before it.
//   - "learn": answered "learned"; nothing is learnt.
//   - "quit": the end.
//
// Moves are written as NBoard writes them, F5, in either case. Anything
// else, and a command it cannot carry out, such as an illegal move, a bad
// GGF or "go" once the game is over, changes nothing and is told on errs,
// "nboard: line N: ...".
func Run(in io.Reader, out, errs io.Writer, c Config) error {
	e := newNBoard(out, errs, c)
	r := lines.NewReader(bufio.NewReader(in), maxLine)
	for {
		if err := e.flush(); err != nil {
			e.stop()
			return err
		}
		line, ok, err := r.Next()
		if err != nil || !ok {
			e.wait() // the answer to the last command is still owed
			if err == nil {
				err = e.flush()
			}
			return err
		}
		e.line = r.Count()
		if line.Long {
			e.fail("a line longer than %d bytes, ignored", maxLine)
			continue
		}
		if quit := e.run(line.Text); quit {
			return e.flush()
		}
	}
}

// newNBoard returns the session of Run at its start: 8x8 Othello under
// the full rules from the standard start.
func newNBoard(out, errs io.Writer, c Config) *nboard {
	e := &nboard{out: bufio.NewWriter(out), errs: errs, cpu: c.CPU, clock: c.now(), serial: c.Serial, book: c.Book}
	b, _ := othello.NewStartBoard(8, 8)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	e.pos, e.win = *p, othello.MostDiscs
	e.history = []othello.Position{e.pos}
	return e
}

// An nboard is the state of an NBoard session.
type nboard struct {
	mu      sync.Mutex // guards out and errs: a search writes from its goroutine
	out     *bufio.Writer
	errs    io.Writer
	cpu     player.CPU
	clock   func() time.Time
	serial  bool               // Config.Serial
	book    *book.Book         // Config.Book
	pos     othello.Position   // the game now
	win     othello.WinRule    // how it is won
	history []othello.Position // the positions of the game, its start first and pos last, a pass too
	times   gameClock          // the time each player has left
	line    int                // the number of the line being answered
	search  *search            // the search under way, nil if none
}

// A search is a search under way in a goroutine of its own.
type search struct {
	stop chan struct{} // closed to stop it
	done chan struct{} // closed when it has written its last answer
}

// background runs f, a search that writes its answers, in a goroutine of
// its own, and returns at once; f stops when its channel is closed. Its
// answers are flushed when it ends, while the next command may be
// awaited. With Config.Serial it waits for f to end.
func (e *nboard) background(f func(stop <-chan struct{})) {
	s := &search{stop: make(chan struct{}), done: make(chan struct{})}
	e.search = s
	go func() {
		defer close(s.done)
		f(s.stop)
		e.flush() // an error shows again at the next flush
	}()
	if e.serial {
		e.wait()
	}
}

// wait waits for the search under way, if any, to end.
func (e *nboard) wait() {
	if e.search != nil {
		<-e.search.done
		e.search = nil
	}
}

// stop stops the search under way, if any, and waits for it to end.
func (e *nboard) stop() {
	if e.search != nil {
		close(e.search.stop)
		e.wait()
	}
}

// flush writes out what the answers hold.
func (e *nboard) flush() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.out.Flush()
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
	if fields[0] == "ping" || fields[0] == "quit" {
		e.stop()
	} else {
		e.wait() // a search answers before the next command
	}
	switch fields[0] {
	case "nboard":
		e.say("set myname %s", name)
	case "set":
		key, value := cutWord(strings.TrimSpace(text)[len("set"):])
		e.set(key, value)
	case "move":
		what, note, _ := strings.Cut(arg(1), "/")
		_, took, _ := strings.Cut(note, "/") // the eval is ignored
		m, err := parseMove(what)
		if err != nil {
			e.fail("move %q: not a square such as F5, or PA", arg(1))
			break
		}
		mover := e.pos.Turn()
		if err := play(&e.pos, m); err != nil {
			e.fail("move %s: %v", m, err)
			break
		}
		e.history = append(e.history, e.pos)
		e.times.spend(mover, took)
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
	case "analyze":
		e.analyze()
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
		e.history = replay(games[0], e.pos)
		e.times = newGameClock(games[0], e.history)
	case "contempt":
		if _, err := strconv.Atoi(value); err != nil {
			e.fail("set contempt %q: not a whole number", value)
		}
	default:
		e.fail("set %q: unknown, ignored", key)
	}
}

// replay returns the positions of the game of rec, its start first, each
// pass among them, and now last, the position at its end.
func replay(rec record.Record, now othello.Position) []othello.Position {
	g, _ := rec.Setup.NewGame() // rec.Game has accepted the setup
	p := *g.Position()
	history := []othello.Position{p}
	for _, s := range rec.Moves {
		if p.Legal().IsEmpty() {
			p.Pass()
			history = append(history, p)
		}
		p.Play(s) // legal: rec.Game has played it
		history = append(history, p)
	}
	if p.Turn() != now.Turn() {
		history = append(history, now) // a pass
	}
	return history
}

// play plays move m in p: a disc of the player to move, or a pass.
func play(p *othello.Position, m move) error {
	if m.pass {
		return p.Pass()
	}
	_, err := p.Play(m.square)
	return err
}

// goMove answers "go": a search line for each depth the search completes,
// then the move the CPU would play, its score and time.
func (e *nboard) goMove() {
	if e.pos.Over() {
		e.fail("go: the game is over")
		return
	}
	e.thinking()
	start := e.clock()
	p, win, cpu := e.pos, e.win, e.cpu
	cpu.Budget = e.times.budget(cpu.Budget, p.Turn(), &p)
	e.background(func(stop <-chan struct{}) {
		cpu.Stop = stop
		var ended bool // guarded by e.mu: no search line after the answer
		if !p.Legal().IsEmpty() {
			cpu.Progress = func(r player.Result) {
				e.mu.Lock()
				defer e.mu.Unlock()
				if !ended {
					e.sayLocked("search %s %.2f 0 %s", pvText(r), r.Discs(), depthText(r))
					e.out.Flush()
				}
			}
		}
		r, _ := cpu.Analyze(&p, win) // the game is not over
		seconds := e.clock().Sub(start).Seconds()
		e.mu.Lock()
		defer e.mu.Unlock()
		ended = true
		e.sayLocked("nodestats %d %.2f", r.Nodes, seconds)
		e.sayLocked("=== %s/%.2f/%.2f", move{square: r.Move, pass: r.Pass}, r.Discs(), seconds)
	})
}

// pvText returns the principal variation of r as NBoard reads it, its
// moves one after the other, such as "F5D6C3": r.PV, or r.Move if r has
// no PV that starts with it.
func pvText(r player.Result) string {
	if len(r.PV) == 0 || r.PV[0].Pass || r.PV[0].Square != r.Move {
		return move{square: r.Move}.String()
	}
	var b strings.Builder
	for _, m := range r.PV {
		b.WriteString(move{square: m.Square, pass: m.Pass}.String())
	}
	return b.String()
}

// A scoredMove is a move searched for "hint", with the search of the
// position after it turned to the view of the player to move, and its
// principal variation as NBoard reads it.
type scoredMove struct {
	move   move
	pv     string
	result player.Result
}

// hint answers "hint n": the best n moves, each with its score, its
// principal variation and the depth of its search. A finished game has
// none. Stopped, it answers with the moves searched by then.
func (e *nboard) hint(n int) {
	if e.bookHint(n) {
		return
	}
	e.thinking()
	start := e.clock()
	pos, win := e.pos, e.win
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
	e.background(func(stop <-chan struct{}) {
		cpu.Stop = stop
		var hints []scoredMove
		var nodes int64
		for _, m := range moves {
			if stopped(stop) {
				break
			}
			hints = append(hints, searchMove(cpu, pos, win, m))
			nodes += hints[len(hints)-1].result.Nodes
		}
		sortHints(hints)
		e.mu.Lock()
		defer e.mu.Unlock()
		for _, h := range hints[:min(n, len(hints))] {
			e.sayLocked("search %s %.2f 0 %s", h.pv, h.result.Discs(), depthText(h.result))
		}
		e.sayLocked("nodestats %d %.2f", nodes, e.clock().Sub(start).Seconds())
		e.sayLocked("status")
	})
}

// stopped reports whether stop is closed.
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// searchMove searches the position of pos after m, a legal move or the
// pass, with cpu, and returns m with the search turned to the view of
// the player to move in pos, and its principal variation, m first.
func searchMove(cpu player.CPU, pos othello.Position, win othello.WinRule, m move) scoredMove {
	p := pos
	play(&p, m) // legal, as it was chosen
	var mu sync.Mutex
	var last player.Result // the last depth completed
	cpu.Progress = func(r player.Result) {
		mu.Lock()
		defer mu.Unlock()
		last = r
	}
	r, _ := cpu.Analyze(&p, win) // the game goes on after m: searched or over
	mu.Lock()
	defer mu.Unlock()
	pv := m.String()
	switch {
	case r.Over:
	case r.Pass:
		pv += move{pass: true}.String()
	case last.Move == r.Move:
		pv += pvText(last)
	default:
		pv += move{square: r.Move}.String()
	}
	r.Score = -r.Score
	r.Depth++
	return scoredMove{m, pv, r}
}

// sortHints sorts hints best first, equal ones in the order they came.
func sortHints(hints []scoredMove) {
	slices.SortStableFunc(hints, func(a, b scoredMove) int {
		switch da, db := a.result.Discs(), b.result.Discs(); {
		case da > db:
			return -1
		case da < db:
			return 1
		}
		return 0
	})
}

// analyze answers "analyze": each position of the game, from the last
// back to the start, is searched, and answered "analysis N EVAL": N the
// moves made before it, passes too, EVAL its score in discs for its
// player to move. Stopped, it answers with the positions searched by
// then. Then "status".
func (e *nboard) analyze() {
	e.thinking()
	history, win, cpu := e.history, e.win, e.cpu
	e.background(func(stop <-chan struct{}) {
		cpu.Stop = stop
		for i := len(history) - 1; i >= 0 && !stopped(stop); i-- {
			p := history[i]
			r, _ := cpu.Analyze(&p, win) // a position with no move is a pass or the end, which Analyze scores
			e.say("analysis %d %.2f", i, r.Discs())
			e.flush()
		}
		e.say("status")
	})
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
	e.flush() // an error shows again at the next flush
}

// say writes a line of the answer.
func (e *nboard) say(format string, a ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.sayLocked(format, a...)
}

// sayLocked is say for a caller that holds e.mu.
func (e *nboard) sayLocked(format string, a ...any) {
	fmt.Fprintf(e.out, format+"\n", a...)
}

// fail tells errs why the line being answered changed nothing.
func (e *nboard) fail(format string, a ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
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
