package session

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/othello"
)

// ColorName returns "Black" or "White", as every message names a player.
func ColorName(c othello.Color) string {
	if c == othello.White {
		return "White"
	}
	return "Black"
}

// Played returns how a session tells that player played m, such as
// "Black plays d3 and flips 1 disc: d4.".
func Played(player othello.Color, m othello.Move) string {
	discs := "discs"
	if m.Flips.Len() == 1 {
		discs = "disc"
	}
	return fmt.Sprintf("%s plays %v and flips %d %s: %v.", ColorName(player), m.Square, m.Flips.Len(), discs, m.Flips)
}

// Passes returns how a session tells that player has no legal move:
// "Black has no legal move and passes.".
func Passes(player othello.Color) string {
	return ColorName(player) + " has no legal move and passes."
}

// Result returns how a session tells the result of finished game g, such
// as "Game over: Black 40, White 24. Black wins.".
func Result(g *othello.Game) string {
	black, white := g.Score()
	result := fmt.Sprintf("Game over: Black %d, White %d. ", black, white)
	winner := g.Winner()
	switch {
	case winner == othello.Empty:
		return result + "A draw."
	case g.WinRule() == othello.FewestDiscs:
		return result + ColorName(winner) + " wins with fewer discs."
	}
	return result + ColorName(winner) + " wins."
}

// Describe returns how a session names p when it says who plays what:
// "human" for a person, a CPU with its level, and another player by its
// name.
func Describe(p player.Player) string {
	switch p := p.(type) {
	case nil:
		return "human"
	case player.CPU:
		return p.String()
	}
	return p.Name()
}

// Hinted returns how a session tells the move it suggests, best, the
// first of player.CPU.ScoreMoves, with its score (Result.ScoreText):
// "Hint: f6 (+4, exact)", or "Hint: d3 (~+0.25, estimated 6 plies
// deep)" when the search did not reach the end of the game ("estimated"
// alone for a result of no depth, which a CPU's search never gives: its
// first ply is never cut short).
func Hinted(best player.Result) string {
	how := "exact"
	switch {
	case best.Exact:
	case best.Depth == 0:
		how = "estimated"
	default:
		how = fmt.Sprintf("estimated %d %s deep", best.Depth, plies(best.Depth))
	}
	return fmt.Sprintf("Hint: %v (%s, %s)", best.Move, best.ScoreText(), how)
}

// plies returns "ply" or "plies", for n of them.
func plies(n int) string {
	if n == 1 {
		return "ply"
	}
	return "plies"
}

// Scored returns how a session tells the legal moves of mover and their
// scores, scores as player.CPU.ScoreMoves gives them, best first: "Scores
// for Black: f6 +4, d3 +2, c5 -2.", an estimate written as "~+0.25".
func Scored(mover othello.Color, scores []player.Result) string {
	moves := make([]string, len(scores))
	for i, r := range scores {
		moves[i] = r.Move.String() + " " + r.ScoreText()
	}
	return "Scores for " + ColorName(mover) + ": " + strings.Join(moves, ", ") + "."
}

// Undo's answers.
const nothingToUndo = "Nothing to undo."

// backTo returns undo's answer when it went back to a turn of player.
func backTo(player othello.Color) string { return "Back to " + ColorName(player) + "'s move." }

// NotAMove returns the *RefusedError of text, which is not a square at
// all, such as a line too long to read.
func NotAMove(text string) *RefusedError {
	text = strings.TrimSpace(text)
	return &RefusedError{Text: text, Msg: fmt.Sprintf("%q is not a move.", text), Err: ErrNotAMove}
}

// refusal returns the *RefusedError of text, which the game on board b
// refused with why.
func refusal(text string, why error, b *othello.Board) *RefusedError {
	text = strings.TrimSpace(text)
	e := &RefusedError{Text: text, Err: why}
	switch {
	case errors.Is(why, othello.ErrOffBoard):
		e.Msg = fmt.Sprintf("%s is off the board: columns a to %c, rows 1 to %d.", text, 'a'+b.Cols()-1, b.Rows())
	case errors.Is(why, othello.ErrOccupied):
		e.Msg = text + " is not empty."
	case errors.Is(why, othello.ErrIllegal):
		e.Msg = text + " flips nothing."
	default:
		return NotAMove(text)
	}
	return e
}

// ParseSquare reads a square written as algebraic "d3", reversed "3d", or
// the judge's "3 4" (row, then column, from 1), in either case. The square
// may be off the board; ok is false if text is none of these.
func ParseSquare(text string) (s othello.Square, ok bool) {
	fields := strings.Fields(strings.ToLower(text))
	switch len(fields) {
	case 1:
		f := fields[0]
		if s, err := othello.ParseSquare(f); err == nil { // "d3"
			return s, true
		}
		s, err := othello.ParseSquare(f[len(f)-1:] + f[:len(f)-1]) // "3d"
		return s, err == nil
	case 2:
		row, ok1 := number(fields[0])
		col, ok2 := number(fields[1])
		if !ok1 || !ok2 {
			return othello.Square{}, false
		}
		return othello.Square{Row: row - 1, Col: col - 1}, true
	}
	return othello.Square{}, false
}

// number returns the value of s if it is one or more ASCII digits, as
// much as fits an int: a number too large for one is off any board
// anyway.
func number(s string) (int, bool) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return math.MaxInt, true
	}
	return n, true
}

// ParsePlayer returns the player named name, as othello play's -black
// and -white and othello serve's new game take it: nil for "human" (a
// person), cpu for "cpu", and otherwise player.Parse's player, a CPU
// with budget a move.
func ParsePlayer(name string, cpu player.CPU, budget time.Duration, rng *rand.Rand) (player.Player, error) {
	switch {
	case strings.EqualFold(name, "human"):
		return nil, nil
	case strings.EqualFold(name, "cpu"):
		return cpu, nil
	}
	return player.Parse(name, budget, rng)
}

// Hinter returns the CPU who gives hints: a CPU of the game, White's
// first, so that hints are as good as the opponent; or else fallback.
func Hinter(black, white player.Player, fallback player.CPU) player.CPU {
	for _, p := range []player.Player{white, black} {
		if cpu, ok := p.(player.CPU); ok {
			return cpu
		}
	}
	return fallback
}

// Reviewed returns how a session tells the review of a move: "41. Black
// e2 -8; best b1 +0: lost 8 discs.", or "42. White a1 +8, the best." for
// a move as good as the best, each score as player.Result.ScoreText
// writes it.
func Reviewed(m player.MoveReview) string {
	played := fmt.Sprintf("%d. %s %v %s", m.Number, ColorName(m.Player), m.Played.Move, m.Played.ScoreText())
	if m.Best.Move == m.Played.Move {
		return played + ", the best."
	}
	return fmt.Sprintf("%s; best %v %s: lost %s.", played, m.Best.Move, m.Best.ScoreText(), Lost(m))
}

// Lost returns the discs that move m lost against the best: "8 discs",
// "1 disc", or an estimate such as "~3.50 discs".
func Lost(m player.MoveReview) string {
	if !m.Exact {
		return fmt.Sprintf("~%.2f discs", m.Loss)
	}
	if m.Loss == 1 {
		return "1 disc"
	}
	return fmt.Sprintf("%.0f discs", m.Loss)
}

// TurningPoint returns how a session names move m as a turning point of
// its game, decided saying that it decided the game: "Move 41, Black e2:
// lost 8 discs; the game was decided there.".
func TurningPoint(m player.MoveReview, decided bool) string {
	s := fmt.Sprintf("Move %d, %s %v: lost %s", m.Number, ColorName(m.Player), m.Played.Move, Lost(m))
	if decided {
		s += "; the game was decided there"
	}
	return s + "."
}

// TurningPoints returns the messages of the turning points of a game,
// reviews the reviews of its moves (player.TurningPoints, at most three
// that lost the most, and the move that decided the game), or "No move
// lost a disc or more." if there is none.
func TurningPoints(reviews []player.MoveReview) []string {
	worst, decided := player.TurningPoints(reviews, 3)
	if decided >= 0 && !slices.Contains(worst, decided) {
		worst = append(worst, decided)
	}
	if len(worst) == 0 {
		return []string{"No move lost a disc or more."}
	}
	msgs := make([]string, len(worst))
	for i, w := range worst {
		msgs[i] = TurningPoint(reviews[w], w == decided)
	}
	return msgs
}
