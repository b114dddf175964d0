package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/lines"
	"github.com/othello-judge/judge/othello"
)

// name is the engine's name, as the command name gives it: the
// command's.
const name = "othello"

// maxLine is the longest line kept, a command far longer than any that
// GTP knows. The rest of a longer line is read and dropped, and the
// command is a syntax error.
const maxLine = 1 << 16

// commands are the commands of GTP that the engine knows, in the order
// that list_commands gives them.
var commands = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard",
	"time_settings", "time_left", "final_score",
}

// The failures of GTP commands, each answered with "? " and its text, as
// the protocol words them.
var (
	errUnknown = errors.New("unknown command")
	errSyntax  = errors.New("syntax error")
	errSize    = errors.New("unacceptable size")
	errIllegal = errors.New("illegal move")
	errColor   = errors.New("wrong color")
	errUndo    = errors.New("cannot undo")
	errScore   = errors.New("cannot score")
)

// Run runs an engine that speaks the Go Text Protocol, version 2, as
// Othello engines do, on the commands read from in, answering on out,
// until the command quit or the end of in. It plays Othello under the
// full rules on a square board, 8x8 until boardsize says otherwise, with
// Black first; cpu chooses its moves. It returns nil at the end, and a
// read or write error if there is one.
//
// A command is a line, "[id] name [arguments]"; control characters other
// than tabs are dropped, tabs are blanks, "#" starts a comment, and a line
// of blanks is no command. The answer is "=[id] result" or "?[id] error",
// a blank before the result even when it is empty, as GNU Go writes it,
// then an empty line, and is flushed at once. The commands are
// protocol_version, name, version (empty), known_command, list_commands,
// quit, boardsize N (an even N from 4 to 16; "unacceptable size"
// otherwise), clear_board, komi K (a number, kept: it changes nothing,
// as Othello has no komi here, and final_score does not count it), play
// COLOR VERTEX, genmove COLOR, undo, showboard, time_settings MAIN BYO
// STONES and time_left COLOR TIME STONES (whole seconds; GTP's Canadian
// byo-yomi, BYO > 0 with STONES 0 for no time limit), and final_score
// ("B+12", "W+4", "0" for a draw: the final margin of discs, the empty
// squares to the winner; "cannot score" before the end); any other is
// answered "? unknown command". Once a clock is set, genmove takes no
// more than player.ClockBudget allows: a share of the player's time left
// (main time for the moves left, or a byo-yomi period for its stones),
// less a margin; the engine takes each move's time off its own clock,
// until time_left says otherwise. A colour is b,
// w, black or white, and a vertex a column letter and a row number from
// 1 or pass, in either case: a1 is the top-left corner, as Othello writes
// it, and the letter i is skipped as GTP does, so j is the ninth column.
//
// A player with no legal move passes: by "play COLOR pass", by genmove
// answering pass, or, when the opponent plays or is asked to move in the
// player's place, on its own. A disc played where it flips nothing, a
// pass with a legal move and a move after the end are "? illegal move";
// a move out of turn is "? wrong color". Undo takes back the last play or
// genmove, a pass too.
func Run(in io.Reader, out io.Writer, cpu player.CPU) error {
	g := &session{cpu: cpu, size: 8}
	g.clear()
	w := bufio.NewWriter(out)
	r := lines.NewReader(bufio.NewReader(in), maxLine)
	for {
		line, ok, err := r.NextAfter(w)
		if err != nil || !ok {
			return err
		}
		id, command, args, ok := parseCommand(line.Text)
		if !ok {
			continue
		}
		answer, err := "", error(errSyntax)
		if !line.Long {
			answer, err = g.run(command, args)
		}
		if err != nil {
			fmt.Fprintf(w, "?%s %s\n\n", id, err)
		} else {
			fmt.Fprintf(w, "=%s %s\n\n", id, answer)
		}
		if command == "quit" {
			return w.Flush()
		}
	}
}

// parseCommand reads a line of GTP: its id (maybe none), the command and
// its arguments. ok is false for a line with no command.
func parseCommand(line string) (id, command string, args []string, ok bool) {
	line, _, _ = strings.Cut(line, "#")
	line = strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < ' ' || r == 0x7f:
			return -1
		}
		return r
	}, line)
	fields := strings.Fields(line)
	if len(fields) > 0 && strings.Trim(fields[0], "0123456789") == "" {
		id, fields = fields[0], fields[1:]
	}
	if len(fields) == 0 {
		return id, "", nil, id != ""
	}
	return id, fields[0], fields[1:], true
}

// A session is the state of a GTP session: the board, the game on it
// and how it got there.
type session struct {
	cpu     player.CPU
	size    int                // the rows and columns of the board
	pos     othello.Position   // the game now
	history []othello.Position // the game before each play or genmove, for undo
	komi    float64            // kept, and changes nothing: see Run
	timed   bool               // whether time_settings or time_left has set the clocks
	noLimit bool               // time_settings said there is no time limit
	byoTime time.Duration      // the byo-yomi period; 0 for none, absolute time
	byoN    int                // the moves to play in each byo-yomi period
	clocks  [3]clock           // each player's clock, by othello.Color
}

// A clock is the time of a player: in main time (stones 0) or in a
// byo-yomi period with stones moves to play in it.
type clock struct {
	left   time.Duration
	stones int
}

// run runs command with its arguments and returns its result, or the
// failure to answer with.
func (g *session) run(command string, args []string) (string, error) {
	// n checks that there are n arguments.
	n := func(n int) error {
		if len(args) != n {
			return errSyntax
		}
		return nil
	}
	switch command {
	case "protocol_version":
		return "2", nil
	case "name":
		return name, nil
	case "version", "quit":
		return "", nil
	case "known_command":
		if err := n(1); err != nil {
			return "", err
		}
		return strconv.FormatBool(slices.Contains(commands, args[0])), nil
	case "list_commands":
		return strings.Join(commands, "\n"), nil
	case "boardsize":
		if err := n(1); err != nil {
			return "", err
		}
		size, err := strconv.Atoi(args[0])
		if err != nil {
			return "", errSyntax
		}
		if othello.CheckSize(size) != nil {
			return "", errSize
		}
		g.size = size
		g.clear()
		return "", nil
	case "clear_board":
		g.clear()
		return "", nil
	case "komi":
		if err := n(1); err != nil {
			return "", err
		}
		komi, err := strconv.ParseFloat(args[0], 64)
		if err != nil {
			return "", errSyntax
		}
		g.komi = komi
		return "", nil
	case "time_settings":
		if err := n(3); err != nil {
			return "", err
		}
		main, byo, stones, err := parseTimes(args)
		if err != nil {
			return "", err
		}
		g.timed, g.noLimit = true, byo > 0 && stones == 0
		g.byoTime, g.byoN = byo, stones
		g.clocks[othello.Black] = clock{left: main}
		g.clocks[othello.White] = clock{left: main}
		return "", nil
	case "time_left":
		if err := n(3); err != nil {
			return "", err
		}
		c, err := parseColor(args[0])
		if err != nil {
			return "", err
		}
		left, _, stones, err := parseTimes(append([]string{args[1], "0"}, args[2]))
		if err != nil {
			return "", err
		}
		g.timed = true
		g.clocks[c] = clock{left: left, stones: stones}
		return "", nil
	case "final_score":
		return g.finalScore()
	case "play":
		if err := n(2); err != nil {
			return "", err
		}
		c, err := parseColor(args[0])
		if err != nil {
			return "", err
		}
		s, pass, err := g.parseVertex(args[1])
		if err != nil {
			return "", err
		}
		return "", g.play(c, s, pass)
	case "genmove":
		if err := n(1); err != nil {
			return "", err
		}
		c, err := parseColor(args[0])
		if err != nil {
			return "", err
		}
		return g.genmove(c)
	case "undo":
		if len(g.history) == 0 {
			return "", errUndo
		}
		g.pos = g.history[len(g.history)-1]
		g.history = g.history[:len(g.history)-1]
		return "", nil
	case "showboard":
		return g.board(), nil
	}
	return "", errUnknown
}

// clear sets up a new game on the board's size: the four discs in the
// centre, Black to move.
func (g *session) clear() {
	b, _ := othello.NewStartBoard(g.size, g.size)
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	g.pos, g.history = *p, nil
}

// play plays a move of player c, a disc on s or a pass, and keeps the
// game before it for undo. c may pass only with no legal move; a disc of
// c while the opponent is to move passes for the opponent first, if they
// have no legal move.
func (g *session) play(c othello.Color, s othello.Square, pass bool) error {
	p := g.pos
	switch {
	case pass:
		if !p.LegalFor(c).IsEmpty() {
			return errIllegal
		}
		if p.Turn() == c && !p.Over() {
			p.Pass()
		}
	default:
		if p.Turn() != c {
			if err := p.Pass(); errors.Is(err, othello.ErrCannotPass) {
				return errColor
			}
		}
		if _, err := p.Play(s); err != nil {
			return errIllegal
		}
	}
	g.history = append(g.history, g.pos)
	g.pos = p
	return nil
}

// genmove plays the move the CPU chooses for c, and returns its vertex,
// or "pass" when c has no legal move.
func (g *session) genmove(c othello.Color) (string, error) {
	p := g.pos
	if p.Turn() != c {
		p.Pass() // refused unless the opponent has no legal move
	}
	if p.Turn() != c || p.Legal().IsEmpty() {
		if err := g.play(c, othello.Square{}, true); err != nil {
			return "", errColor // c has a legal move, but it is the opponent's turn
		}
		return "pass", nil
	}
	cpu := g.cpu
	cpu.Budget = g.budget(c, p.Empties().Len())
	start := time.Now()
	r, err := cpu.Search(&p, othello.MostDiscs)
	if err != nil {
		return "", err
	}
	g.spend(c, time.Since(start))
	if err := g.play(c, r.Move, false); err != nil {
		return "", err
	}
	return g.vertex(r.Move), nil
}

// budget returns the time that a move of c may take, with empties empty
// squares on the board: the CPU's own, or less if c's clock says so.
func (g *session) budget(c othello.Color, empties int) time.Duration {
	if !g.timed || g.noLimit {
		return g.cpu.Budget
	}
	k := g.clocks[c]
	switch {
	case k.stones > 0:
		return player.ClockBudget(g.cpu.Budget, k.left, k.stones)
	case k.left <= 0 && g.byoTime > 0: // main time is over: the first byo-yomi period
		return player.ClockBudget(g.cpu.Budget, g.byoTime, g.byoN)
	}
	return player.ClockBudget(g.cpu.Budget, k.left, player.MovesLeft(empties))
}

// spend takes the time a move of c took off c's clock, as a controller
// that sends no time_left would: main time first, then byo-yomi periods,
// a new one when a period's moves are played.
func (g *session) spend(c othello.Color, took time.Duration) {
	if !g.timed || g.noLimit {
		return
	}
	k := &g.clocks[c]
	if k.stones == 0 && k.left <= 0 && g.byoTime > 0 {
		k.left, k.stones = g.byoTime, g.byoN
	}
	k.left = max(k.left-took, 0)
	if k.stones > 0 {
		if k.stones--; k.stones == 0 {
			k.left, k.stones = g.byoTime, g.byoN
		}
	}
}

// finalScore answers final_score: the winner and the final margin of
// discs, the empty squares going to the winner, such as "B+12", or "0"
// for a draw; "cannot score" while the game goes on.
func (g *session) finalScore() (string, error) {
	if !g.pos.Over() {
		return "", errScore
	}
	black, white := g.pos.Score()
	switch empty := g.size*g.size - black - white; {
	case black > white:
		return fmt.Sprintf("B+%d", black+empty-white), nil
	case white > black:
		return fmt.Sprintf("W+%d", white+empty-black), nil
	}
	return "0", nil
}

// parseTimes reads the arguments of time_settings: main time and byo-yomi
// time, whole seconds, and byo-yomi stones, each 0 or more.
func parseTimes(args []string) (main, byo time.Duration, stones int, err error) {
	var n [3]int
	for i, a := range args {
		if n[i], err = strconv.Atoi(a); err != nil || n[i] < 0 {
			return 0, 0, 0, errSyntax
		}
	}
	return time.Duration(n[0]) * time.Second, time.Duration(n[1]) * time.Second, n[2], nil
}

// board returns the board as showboard draws it: the column letters, a
// line a row with its number, and the discs of each player and whose turn
// it is, or that the game is over.
func (g *session) board() string {
	var b strings.Builder
	b.WriteString("\n  ")
	for col := range g.size {
		b.WriteString(" " + g.vertex(othello.Square{Col: col})[:1])
	}
	board := g.pos.Board()
	for row := range g.size {
		fmt.Fprintf(&b, "\n%2d", row+1)
		for col := range g.size {
			c, _ := board.At(othello.Square{Row: row, Col: col})
			b.WriteString(" " + c.String())
		}
	}
	black, white := g.pos.Score()
	fmt.Fprintf(&b, "\nB %d, W %d, ", black, white)
	if g.pos.Over() {
		b.WriteString("game over")
	} else {
		b.WriteString(g.pos.Turn().String() + " to move")
	}
	return b.String()
}

// vertex returns square s as GTP writes it: the column's letter, with i
// skipped, and the row's number from 1.
func (g *session) vertex(s othello.Square) string {
	letter := 'a' + rune(s.Col)
	if letter >= 'i' {
		letter++
	}
	return string(letter) + strconv.Itoa(s.Row+1)
}

// parseVertex reads a vertex as vertex writes it, in either case, or
// "pass". A square off the board is an illegal move.
func (g *session) parseVertex(text string) (s othello.Square, pass bool, err error) {
	text = strings.ToLower(text)
	if text == "pass" {
		return othello.Square{}, true, nil
	}
	if len(text) < 2 || text[0] < 'a' || text[0] > 'z' || text[0] == 'i' {
		return othello.Square{}, false, errSyntax
	}
	row, err := strconv.Atoi(text[1:])
	if err != nil || text[1] < '0' || text[1] > '9' {
		return othello.Square{}, false, errSyntax
	}
	col := int(text[0] - 'a')
	if text[0] > 'i' {
		col--
	}
	if row < 1 || row > g.size || col >= g.size {
		return othello.Square{}, false, errIllegal
	}
	return othello.Square{Row: row - 1, Col: col}, false, nil
}

// parseColor reads a colour: b, w, black or white, in any case.
func parseColor(text string) (othello.Color, error) {
	switch strings.ToLower(text) {
	case "b", "black":
		return othello.Black, nil
	case "w", "white":
		return othello.White, nil
	}
	return othello.Empty, errSyntax
}
