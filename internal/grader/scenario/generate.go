package scenario

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// BadRates are the rates of invalid lines a Generator picks from when its
// BadRate is negative.
var BadRates = []float64{0.05, 0.1, 0.3}

// A Generator makes random scenarios under one rule set, one category
// after another of its profile's (Profile.Categories), each scenario
// varying what its category tests and keeping the rest plain, so that a
// mistake shows in the category it belongs to: boards of every even size
// from 4 to 16, square but in NonSquare, both first players, the win
// rule > but in FewestWins, the standard start but in Passes (sparse and
// dense boards) and BlockedStart (blocked, full and dead boards), games
// played to their end with random legal moves, written plainly but in
// TolerantInput, with invalid lines only in InvalidMoves and BadLines.
//
// The same seed and index always give the same scenario.
type Generator struct {
	Rules   othello.Rules
	Profile Profile
	// Rows and Cols fix the board size, even in NonSquare; 0 picks an
	// even size from 4 to 16 for each scenario.
	Rows, Cols int
	// BadRate is the chance of an invalid line before each move, and of
	// each further one, in InvalidMoves and BadLines; a negative rate
	// picks one of BadRates for each scenario.
	BadRate float64
}

// A mix says what lines a scenario's game is written with besides its
// plainly written moves.
type mix struct {
	bad      []LineKind // the kinds of invalid line
	rate     float64    // the chance of an invalid line before each move
	loose    float64    // the chance of a move being written loosely
	afterEnd bool       // whether lines may follow the end of the game
}

// Scenario returns scenario i of the series seed, named like
// "full-42-17", of category i of the profile's categories, taken in turn.
func (g Generator) Scenario(seed uint64, i int) *Scenario {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	s := &Scenario{
		Name:     g.Name(seed, i),
		Category: g.Category(i),
		Setup:    othello.Setup{Rules: g.Rules, First: othello.Black, Win: othello.MostDiscs},
		Start:    Standard,
	}
	if r.IntN(2) == 0 {
		s.First = othello.White
	}
	rows := randomSize(r)
	cols := rows
	if s.Category == NonSquare {
		for cols == rows {
			cols = randomSize(r)
		}
	}
	if g.Rows > 0 {
		rows, cols = g.Rows, g.Cols
	}
	rate := g.BadRate
	if rate < 0 {
		rate = BadRates[r.IntN(len(BadRates))]
	}
	var m mix
	switch s.Category {
	case FewestWins:
		s.Win = othello.FewestDiscs
	case BlockedStart:
		s.Start = []Start{Blocked, Blocked, Blocked, Nobody, Nobody, FullBoard}[r.IntN(6)]
	case InvalidMoves:
		m = mix{bad: InvalidKinds, rate: rate}
	case TolerantInput:
		m = mix{loose: 0.5}
	case BadLines:
		m = mix{bad: FormatKinds, rate: rate, afterEnd: true}
	}
	if s.Category == Passes {
		g.withPass(r, s, rows, cols)
		return s
	}
	s.Board = *g.startBoard(r, s.Start, rows, cols, s.First)
	s.Lines, _ = g.play(r, s, m)
	if s.Category == BadSetup {
		s.Fault = badSetup(r, s)
	}
	return s
}

// Category returns the category of scenario i of any series: the
// profile's categories are taken in turn.
func (g Generator) Category(i int) Category {
	cats := g.Profile.Categories()
	return cats[i%len(cats)]
}

// Name returns the name of scenario i of the series seed, such as
// "full-42-17".
func (g Generator) Name(seed uint64, i int) string {
	return fmt.Sprintf("%s-%d-%d", strings.ToLower(g.Rules.Name()), seed, i)
}

// withPass gives s a sparse or dense starting board and a game on it in
// which a player is passed over. After 20 tries of the size asked for, it
// tries 4x4 boards, on which passes are common, unless the size is fixed.
func (g Generator) withPass(r *rand.Rand, s *Scenario, rows, cols int) {
	for try := 0; ; try++ {
		if try == 20 && g.Rows == 0 {
			rows, cols = othello.MinSize, othello.MinSize
		}
		s.Start = []Start{Sparse, Dense}[r.IntN(2)]
		s.Board = *g.startBoard(r, s.Start, rows, cols, s.First)
		var passes int
		if s.Lines, passes = g.play(r, s, mix{}); passes > 0 || try == 200 {
			return
		}
	}
}

// badSetup returns a fault for the setup of s that the judge rejects: a
// bad size, player, win rule or board row, or the input ending within the
// setup.
func badSetup(r *rand.Rand, s *Scenario) *Fault {
	pick := func(line int, texts ...string) *Fault { return &Fault{Line: line, Text: texts[r.IntN(len(texts))]} }
	rows := s.Board.Rows()
	boardRow := 4 + r.IntN(rows)
	cells := strings.Fields(strings.Split(s.Board.String(), "\n")[boardRow-4])
	switch r.IntN(6) {
	case 0, 1:
		size := []string{"3", "0", "2", "18", "-4", "four", "", "4.0", "8 8"}
		return pick(r.IntN(2), size...)
	case 2:
		return pick(2, "b", "w", "X", "", "BW", "black")
	case 3:
		return pick(3, "=", "", ">>", "more", "<>", "B")
	case 4:
		k := r.IntN(len(cells))
		bad := slices.Clone(cells)
		bad[k] = []string{"b", "w", "x", "0", "o", "*"}[r.IntN(6)]
		return pick(boardRow,
			strings.Join(bad, " "),
			strings.Join(cells[:len(cells)-1], " "),
			strings.Join(append(slices.Clone(cells), "."), " "),
			strings.Join(cells, ""))
	}
	return &Fault{Line: r.IntN(4 + rows), End: true}
}

// randomSize returns an even size from 4 to 16.
func randomSize(r *rand.Rand) int {
	return othello.MinSize + 2*r.IntN((othello.MaxSize-othello.MinSize)/2+1)
}

// startBoard makes a starting board of kind start for a game in which
// first moves first. Random boards are checked with the engine; when none
// gives the kind, a board built for it does (for sparse and dense boards,
// the standard one).
func (g Generator) startBoard(r *rand.Rand, start Start, rows, cols int, first othello.Color) *othello.Board {
	someone := func(p, q bool) bool { return p || q }
	switch start {
	case Sparse, Dense:
		lo, hi := 0.05, 0.3
		if start == Dense {
			lo, hi = 0.6, 0.95
		}
		if b := g.find(r, 50, lo, hi, rows, cols, first, someone); b != nil {
			return b
		}
		// Rare: fall back on the standard board.
	case FullBoard:
		return randomBoard(r, 1, rows, cols)
	case Blocked:
		if b := g.find(r, 200, 0.3, 0.97, rows, cols, first, func(p, q bool) bool { return !p && q }); b != nil {
			return b
		}
		return blockedBoard(rows, cols, first)
	case Nobody:
		if b := g.find(r, 50, 0.2, 0.9, rows, cols, first, func(p, q bool) bool { return !p && !q }); b != nil {
			return b
		}
		b, _ := othello.NewBoard(rows, cols) // empty: nobody can move under either rule set
		return b
	}
	b, _ := othello.NewStartBoard(rows, cols)
	if r.IntN(2) == 0 { // the mirror image, as in PROTOCOL.md's examples
		swapColors(b)
	}
	return b
}

// find returns the first of tries random boards, with a share of squares
// taken between lo and hi, that is not full and on which ok(the first
// player can move, the opponent can move) holds; nil if there is none.
func (g Generator) find(r *rand.Rand, tries int, lo, hi float64, rows, cols int, first othello.Color, ok func(p, q bool) bool) *othello.Board {
	for range tries {
		b := randomBoard(r, lo+(hi-lo)*r.Float64(), rows, cols)
		if !full(b) && ok(g.moves(b, first), g.moves(b, first.Opponent())) {
			return b
		}
	}
	return nil
}

// moves reports whether player has a legal move on b.
func (g Generator) moves(b *othello.Board, player othello.Color) bool {
	p, err := othello.NewPosition(g.Rules, b, player)
	return err == nil && !p.Legal().IsEmpty()
}

// randomBoard returns a board with each square taken, by either color,
// with probability fill.
func randomBoard(r *rand.Rand, fill float64, rows, cols int) *othello.Board {
	b, _ := othello.NewBoard(rows, cols)
	for row := range rows {
		for col := range cols {
			if r.Float64() < fill {
				b.Set(othello.Square{Row: row, Col: col}, othello.Color(1+r.IntN(2)))
			}
		}
	}
	return b
}

// blockedBoard returns a board, under either rule set, on which player has
// no move and the opponent has one: all player's discs but for an empty
// top-left corner and an opposing disc two squares right of it.
func blockedBoard(rows, cols int, player othello.Color) *othello.Board {
	b, _ := othello.NewBoard(rows, cols)
	for row := range rows {
		for col := range cols {
			b.Set(othello.Square{Row: row, Col: col}, player)
		}
	}
	b.Set(othello.Square{Row: 0, Col: 0}, othello.Empty)
	b.Set(othello.Square{Row: 0, Col: 2}, player.Opponent())
	return b
}

func full(b *othello.Board) bool {
	return b.Count(othello.Empty) == 0
}

func swapColors(b *othello.Board) {
	for row := range b.Rows() {
		for col := range b.Cols() {
			s := othello.Square{Row: row, Col: col}
			if c, _ := b.At(s); c != othello.Empty {
				b.Set(s, c.Opponent())
			}
		}
	}
}

// play plays the scenario's game to its end with random legal moves and
// the lines of m, and returns its lines and how many times a player was
// passed over in it.
func (g Generator) play(r *rand.Rand, s *Scenario, m mix) (lines []Line, passes int) {
	game, err := s.NewGame()
	if err != nil {
		panic("scenario: generated a bad setup: " + err.Error()) // a bug in this package
	}
	for !game.Over() {
		for len(m.bad) > 0 && r.Float64() < m.rate {
			lines = append(lines, badLine(r, game, m.bad))
		}
		moves := game.Moves()
		mv := moves[r.IntN(len(moves))]
		line := Line{Text: MoveText(mv.Square), Kind: Move, Square: mv.Square, HasSquare: true}
		if r.Float64() < m.loose {
			line.Text, line.Kind = looseMoveText(r, mv.Square), LooseMove
		}
		lines = append(lines, line)
		game.Play(mv.Square)
		if game.Passed() {
			passes++
		}
	}
	if m.afterEnd && r.IntN(4) == 0 {
		for range 1 + r.IntN(3) {
			lines = append(lines, Line{Text: badLine(r, game, m.bad).Text, Kind: AfterEnd})
		}
	}
	return lines, passes
}

// MoveText writes a square as a move line: "3 4" for row 3, column 4.
func MoveText(s othello.Square) string {
	return strconv.Itoa(s.Row+1) + " " + strconv.Itoa(s.Col+1)
}

// looseMoveText writes a square as a move line that is still legal but
// not plainly written.
func looseMoveText(r *rand.Rand, s othello.Square) string {
	row, col := s.Row+1, s.Col+1
	forms := []string{
		fmt.Sprintf("  %d %d", row, col),
		fmt.Sprintf("%d %d  ", row, col),
		fmt.Sprintf("%d\t%d", row, col),
		fmt.Sprintf("\t %d \t  %d \t", row, col),
		fmt.Sprintf("0%d 00%d", row, col),
		fmt.Sprintf("+%d +%d", row, col),
		fmt.Sprintf("%d %d\r", row, col),
		fmt.Sprintf("%s%d %d", strings.Repeat("0", 300), row, col),
	}
	return forms[r.IntN(len(forms))]
}

// badLine returns a line of one of the kinds that the judge must answer
// with INVALID in game's current position. A kind that cannot be made
// there, such as an occupied square on an empty board, gives way to a
// square off the board.
func badLine(r *rand.Rand, game *othello.Game, kinds []LineKind) Line {
	b := game.Board()
	moves := game.Moves()
	var legal othello.Square // after the end any square will do
	if len(moves) > 0 {
		legal = moves[r.IntN(len(moves))].Square
	}
	row, col := legal.Row+1, legal.Col+1
	kind := kinds[r.IntN(len(kinds))]
	pick := func(forms ...string) Line { return Line{Text: forms[r.IntN(len(forms))], Kind: kind} }
	switch kind {
	case Occupied, Illegal:
		var squares []othello.Square
		for _, s := range squaresOf(b) {
			c, _ := b.At(s)
			if (kind == Occupied) == (c != othello.Empty) && (kind == Occupied || !isMove(moves, s)) {
				squares = append(squares, s)
			}
		}
		if len(squares) > 0 {
			s := squares[r.IntN(len(squares))]
			return Line{Text: MoveText(s), Kind: kind, Square: s, HasSquare: true}
		}
		kind = OffBoard
	}
	switch kind {
	case OffBoard:
		rows, cols := b.Rows(), b.Cols()
		return pick(
			fmt.Sprintf("0 %d", col), fmt.Sprintf("%d 0", row),
			fmt.Sprintf("%d %d", rows+1, col), fmt.Sprintf("%d %d", row, cols+1),
			fmt.Sprintf("%d %d", rows+1+r.IntN(90), cols+1+r.IntN(90)), "17 17")
	case Negative:
		return pick(fmt.Sprintf("-%d %d", row, col), fmt.Sprintf("%d -%d", row, col), "-1 -1")
	case Blank:
		return pick("", "  ", "\t", " \t ", "\r")
	case OneNumber:
		return pick(strconv.Itoa(row), " "+strconv.Itoa(col)+"  ", fmt.Sprintf("%d%d", row, col))
	case ThreeNumbers:
		return pick(fmt.Sprintf("%d %d 1", row, col), fmt.Sprintf("1 %d %d", row, col), fmt.Sprintf("%d %d %d", row, col, col))
	case Letters:
		return pick(legal.String(), fmt.Sprintf("%d %c", row, 'a'+col-1), "pass", "a b", "x", fmt.Sprintf("%d %dx", row, col))
	case Comma:
		return pick(fmt.Sprintf("%d,%d", row, col), fmt.Sprintf("%d, %d", row, col))
	case Decimal:
		return pick(fmt.Sprintf("%d.0 %d", row, col), fmt.Sprintf("%d %d.5", row, col), fmt.Sprintf("%d %d.", row, col))
	case Huge:
		return pick(
			fmt.Sprintf("99999999999999999999 %d", col),
			fmt.Sprintf("%d 184467440737095516%02d", row, 16+col), // 2^64 + col: an overflow wraps to col
			fmt.Sprintf("%d %d", int64(1)<<32+int64(row), col),    // 2^32 + row
			fmt.Sprintf("-9223372036854775809 %d", col))
	}
	// Long
	return pick(
		strings.Repeat("x", 5000),
		strings.Repeat("1 ", 3000),
		fmt.Sprintf("%d%s%d 1", row, strings.Repeat(" ", 5000), col),
		strings.Repeat("9", 5000)+fmt.Sprintf(" %d", col))
}

func squaresOf(b *othello.Board) []othello.Square {
	var ss []othello.Square
	for row := range b.Rows() {
		for col := range b.Cols() {
			ss = append(ss, othello.Square{Row: row, Col: col})
		}
	}
	return ss
}

func isMove(moves []othello.Move, s othello.Square) bool {
	for _, m := range moves {
		if m.Square == s {
			return true
		}
	}
	return false
}
