package referee

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// startLimit is the time an engine (nboard:, gtp:) has to start and
// answer its first commands, outside its clock, as a GUI waits for an
// engine to load its evaluation and its book.
const startLimit = 10 * time.Second

// An nboardEngine is an engine that speaks the NBoard protocol, as the
// NBoard GUI speaks to Edax or to othello nboard, run in the sandbox for
// the whole of one game. It is told "nboard 2" and "ping 0" as it starts,
// and has startLimit to answer "pong 0". Each turn the referee writes the
// game so far, from its setup, in GGF, its clock TI the time the player
// to move has left, then "go":
//
//	set game (;GM[Othello]PC[othello match]...TI[0:09.500]TY[8]BO[8 ...]B[f5];)
//	go
//
// and reads lines until "=== F5/EVAL/TIME" (or "=== F5 EVAL TIME", as
// Edax writes it), the move in either case, PA for a pass; the other
// lines the protocol has (status, search, nodestats, set myname, pong),
// and those it wrote since its last move, are skipped. It sends no "set depth": the engine searches as its own
// command line says, such as Edax's -l N.
type nboardEngine struct {
	*program
}

// startNBoard says hello to p, and waits for its pong.
func startNBoard(p *program) (*nboardEngine, error) {
	e := &nboardEngine{p}
	d := newDeadline(startLimit)
	if err := p.send("nboard 2\nping 0\n", d); err != nil {
		p.Stop()
		return nil, err
	}
	for {
		line, err := p.receive(d)
		if err != nil {
			p.Stop()
			return nil, err
		}
		if f := strings.Fields(line); len(f) == 2 && f[0] == "pong" && f[1] == "0" {
			return e, nil
		}
	}
}

// Move writes the game and "go", and reads the engine's move.
func (e *nboardEngine) Move(g *othello.Game, left time.Duration) (othello.Square, bool, error) {
	d := newDeadline(left)
	if err := e.drain(); err != nil {
		return othello.Square{}, false, err
	}
	ggf, err := record.FormatGGF(record.Record{Setup: g.Setup(), Moves: g.Played(), Place: "othello match", Clock: ggfSeconds(left)})
	if err != nil {
		return othello.Square{}, false, err // a game the referee played can be written
	}
	if err := e.send("set game "+ggf+"\ngo\n", d); err != nil {
		return othello.Square{}, false, err
	}
	for {
		line, err := e.receive(d)
		if err != nil {
			return othello.Square{}, false, err
		}
		if f := strings.Fields(line); len(f) > 0 && f[0] == "===" {
			return parseNBoardMove(line, f)
		}
	}
}

// drain drops the lines the engine wrote since its last move, such as
// "status waiting", which NBoard allows at any time; an engine whose
// output has ended has crashed.
func (e *nboardEngine) drain() error {
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				return e.crashed()
			}
		default:
			return nil
		}
	}
}

// parseNBoardMove reads the move of the answer line, split into f:
// "=== F5/EVAL/TIME", "=== F5 EVAL TIME", "=== F5", or PA for a pass.
// Anything else is a *ForfeitError wrapping ErrGarbage, the line quoted.
func parseNBoardMove(line string, f []string) (othello.Square, bool, error) {
	if len(f) >= 2 {
		move, _, _ := strings.Cut(f[1], "/")
		if strings.EqualFold(move, "PA") {
			return othello.Square{}, true, nil
		}
		if sq, err := othello.ParseSquare(move); err == nil {
			return sq, false, nil
		}
	}
	return othello.Square{}, false, &ForfeitError{Detail: "answered " + strconv.Quote(line), Err: ErrGarbage}
}

// ggfSeconds writes d as a GGF clock, minutes and seconds to the
// millisecond: "0:09.500".
func ggfSeconds(d time.Duration) string {
	ms := d.Milliseconds()
	return fmt.Sprintf("%d:%02d.%03d", ms/60000, ms/1000%60, ms%1000)
}
