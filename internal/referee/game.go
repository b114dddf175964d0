package referee

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A Game is one game the referee played, and how it ended.
type Game struct {
	Record record.Record // the game: its players, clocks, each move's time (Notes), and its result and why (RE, CO)
	// Forfeit, if not nil, is the player that lost the game before its
	// end, and why; nil for a game played to its end.
	Forfeit *ForfeitError
	Winner  othello.Color // Black, White, or Empty for a draw
	// Margin is the winner's discs less the loser's at the end, as
	// Black's (negative when White wins); for a forfeit, the whole board
	// to the winner, as GGS scores a game lost on time.
	Margin int
}

// Play plays a game from setup, its first moves those of opening, between
// black and white, each with its time control of clocks, Black's first,
// which the referee keeps: a player's time runs from the moment it is
// asked for a move to the moment its answer is read. A player that plays an illegal move,
// passes with a legal move, runs out of time, exits or answers with no
// move loses the game then (Game.Forfeit). Play does not stop the
// players. An opening the game refuses is an error.
func Play(setup othello.Setup, opening []othello.Square, black, white Player, clocks Clocks) (Game, error) {
	g, err := setup.NewGame()
	if err != nil {
		return Game{}, err
	}
	var notes []record.Note
	passes := func() { // the pass the game made, a turn with no time
		if g.Passed() {
			notes = append(notes, record.Note{})
		}
	}
	passes()
	for _, sq := range opening {
		if _, err := g.Play(sq); err != nil {
			return Game{}, fmt.Errorf("referee: opening %s: %w", record.FormatMoveList(opening), err)
		}
		notes = append(notes, record.Note{})
		passes()
	}
	players := map[othello.Color]Player{othello.Black: black, othello.White: white}
	kept := map[othello.Color]*clock{othello.Black: newClock(clocks[0]), othello.White: newClock(clocks[1])}
	var forfeit *ForfeitError
	for !g.Over() {
		turn := g.Turn()
		c := kept[turn]
		left := c.budget()
		start := time.Now()
		sq, pass, err := players[turn].Move(g, left)
		spent := time.Since(start)
		forfeit = judge(g, sq, pass, err, c.spend(spent), spent, left)
		if forfeit != nil {
			forfeit.Player = colorLetter(turn)
			if e, ok := players[turn].(explainer); ok {
				e.explain(forfeit)
			}
			break
		}
		g.Play(sq) // judge has seen it legal
		notes = append(notes, record.Note{Time: strconv.FormatFloat(spent.Seconds(), 'f', 3, 64)})
		passes()
	}
	return finish(setup, g, notes, forfeit, clocks), nil
}

// An explainer is a player that can say more of its own forfeit, such
// as a program's standard error.
type explainer interface {
	explain(*ForfeitError)
}

// judge returns the forfeit of the player to move in g that answered sq
// or pass or err in spent of the left it had, in time or not; nil for a
// legal move in time.
func judge(g *othello.Game, sq othello.Square, pass bool, err error, inTime bool, spent, left time.Duration) *ForfeitError {
	var f *ForfeitError
	switch {
	case errors.As(err, &f):
		if !inTime && !errors.Is(f.Err, ErrTime) {
			// what it did came too late to count
			return &ForfeitError{Detail: fmt.Sprintf("answered in %s of %s, then %s", round(spent), round(left), f.Detail), Err: ErrTime}
		}
		return f
	case err != nil:
		return &ForfeitError{Detail: strconv.Quote(err.Error()), Err: ErrCrashed}
	case !inTime:
		return &ForfeitError{Detail: fmt.Sprintf("answered in %s of %s", round(spent), round(left)), Err: ErrTime}
	case pass:
		return &ForfeitError{Detail: "passed; it could play " + squares(g.Legal()), Err: ErrPassed}
	case !g.Legal().Has(sq):
		return &ForfeitError{Detail: "played " + formatSquare(sq) + "; it could play " + squares(g.Legal()), Err: ErrIllegal}
	}
	return nil
}

// squares writes a set of squares as the plain protocol does, separated
// by commas: "3 4, 4 3".
func squares(set othello.SquareSet) string {
	var s []string
	for _, sq := range set.Squares() {
		s = append(s, formatSquare(sq))
	}
	return strings.Join(s, ", ")
}

// round rounds d to the millisecond, for people.
func round(d time.Duration) time.Duration { return d.Round(time.Millisecond) }

// finish returns the Game of g, played under clocks (Black's, White's),
// ended by its end or by forfeit. Its record has the clocks as GGF
// writes them: TI for both, or TB and TW where they differ.
func finish(setup othello.Setup, g *othello.Game, notes []record.Note, forfeit *ForfeitError, clocks Clocks) Game {
	r := record.Record{Setup: setup, Moves: g.Played(), Notes: notes, Place: "othello match"}
	if clocks.Odds() {
		r.BlackClock, r.WhiteClock = ggfClock(clocks[0]), ggfClock(clocks[1])
	} else {
		r.Clock = ggfClock(clocks[0])
	}
	r.Date = time.Now().Format(record.DateLayout)
	if forfeit == nil {
		black, white := g.Score()
		return Game{Record: r, Winner: g.Winner(), Margin: black - white}
	}
	winner, margin := othello.Black, setup.Board.Rows()*setup.Board.Cols()
	if forfeit.Player == "B" {
		winner, margin = othello.White, -margin
	}
	flag := "r" // GGF's resignation: the nearest to a rule broken
	if errors.Is(forfeit, ErrTime) {
		flag = "t"
	}
	r.Termination = termination(forfeit)
	r.Result = fmt.Sprintf("%+d.000:%s", margin, flag)
	r.Props = append(r.Props, record.Property{Name: "CO", Value: ggfText(forfeit.Error())})
	return Game{Record: r, Forfeit: forfeit, Winner: winner, Margin: margin}
}

// termination returns why a game that forfeit ended stopped before its
// end, as PGN's Termination tag says it: "time forfeit" or "rules
// infraction".
func termination(forfeit *ForfeitError) string {
	if errors.Is(forfeit, ErrTime) {
		return "time forfeit"
	}
	return "rules infraction"
}

// ggfClock returns tc as GGF's TI writes a clock, "MM:SS/MM:SS/MM:SS",
// the time, the increment and the extension; "" for a time a move or a
// clock of parts of a second, which TI cannot say.
func ggfClock(tc TimeControl) string {
	if tc.PerMove > 0 || tc.Total%time.Second != 0 || tc.Increment%time.Second != 0 {
		return ""
	}
	mmss := func(d time.Duration) string {
		s := int(d.Seconds())
		return fmt.Sprintf("%02d:%02d", s/60, s%60)
	}
	return mmss(tc.Total) + "/" + mmss(tc.Increment) + "/00:00"
}

// ggfText returns s fit for a GGF value, which cannot hold "]": printable
// ASCII, its brackets written as parentheses, any other character as
// "?". The program's bytes in s are quoted already.
func ggfText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '[':
			return '('
		case r == ']':
			return ')'
		case r < ' ' || r > '~':
			return '?'
		}
		return r
	}, s)
}
