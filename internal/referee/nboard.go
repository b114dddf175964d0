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

// startLimit is the time an engine (nboard:, gtp:) has to start and
// answer its first commands, outside its clock, as a GUI waits for an
// engine to load its evaluation and its book.
const startLimit = 10 * time.Second

// An nboardEngine is an engine that speaks the NBoard protocol, run in
// the sandbox for the whole of one game and told what the NBoard GUI
// tells an engine, in its order. As it starts: "nboard 2", then "set
// depth N" when the player is named nboard:N:COMMAND (without N none is
// sent: the engine searches as its own command line says, such as
// Edax's -l N), then "ping 1"; it has startLimit to answer "pong 1".
// Each turn the referee writes the game so far, from its setup, in GGF,
// passes as PA and its clock TI the whole seconds the player to move
// has left, written as NBoard writes a clock ("59", "1:05", "1:00:05"),
// then a ping; once the engine has answered its pong, "go":
//
//	set game (;GM[Othello]PC[othello match]...TI[1:05]TY[8]BO[8 ...]B[F5]W[PA];)
//	ping 2
//	go
//
// and reads lines until "=== F5/EVAL/TIME" (or "=== F5 EVAL TIME", as
// Edax writes it), the move in either case, PA for a pass. The other
// lines an engine writes (status, search, nodestats, set myname,
// warning, blank lines), and any it wrote before its pong, are read and
// ignored; the last warning is quoted in the forfeit of an engine that
// never moves. The referee sends no "set contempt": a draw is worth 0,
// NBoard's default. The game ends with "quit".
type nboardEngine struct {
	*program
	pings   int    // the last ping sent
	warning string // the engine's last "warning" line, if any
}

// startNBoard says hello to p, sets its depth if depth > 0, and waits
// for its pong.
func startNBoard(p *program, depth int) (*nboardEngine, error) {
	e := &nboardEngine{program: p}
	d := newDeadline(startLimit)
	hello := "nboard 2\n"
	if depth > 0 {
		hello += "set depth " + strconv.Itoa(depth) + "\n"
	}
	if err := p.send(hello, d); err != nil {
		p.Stop()
		return nil, err
	}
	if err := e.ping(d); err != nil {
		p.Stop()
		return nil, err
	}
	return e, nil
}

// ping sends the next ping and reads lines until its pong.
func (e *nboardEngine) ping(d deadline) error {
	e.pings++
	if err := e.send("ping "+strconv.Itoa(e.pings)+"\n", d); err != nil {
		return err
	}
	for {
		_, f, err := e.next(d)
		if err != nil {
			return err
		}
		if len(f) == 2 && f[0] == "pong" && f[1] == strconv.Itoa(e.pings) {
			return nil
		}
	}
}

// next returns the engine's next line by d, and its fields, keeping a
// warning.
func (e *nboardEngine) next(d deadline) (string, []string, error) {
	line, err := e.receive(d)
	var f *ForfeitError
	if errors.As(err, &f) && errors.Is(err, ErrTime) && e.warning != "" {
		f.Detail += "; its last warning: " + strconv.Quote(e.warning)
	}
	if err != nil {
		return "", nil, err
	}
	if strings.HasPrefix(line, "warning") {
		e.warning = strings.TrimSpace(line)
	}
	return line, strings.Fields(line), nil
}

// Move writes the game and a ping, then "go" once the engine has
// answered it, and reads the engine's move.
func (e *nboardEngine) Move(g *othello.Game, left time.Duration) (othello.Square, bool, error) {
	d := newDeadline(left)
	if err := e.drain(); err != nil {
		return othello.Square{}, false, err
	}
	ggf, err := record.FormatGGF(record.Record{Setup: g.Setup(), Moves: g.Played(), Place: "othello match", Clock: nboardClock(left)})
	if err != nil {
		return othello.Square{}, false, err // a game the referee played can be written
	}
	if err := e.send("set game "+strings.TrimSuffix(ggf, "\n")+"\n", d); err != nil {
		return othello.Square{}, false, err
	}
	if err := e.ping(d); err != nil {
		return othello.Square{}, false, err
	}
	if err := e.send("go\n", d); err != nil {
		return othello.Square{}, false, err
	}
	for {
		line, f, err := e.next(d)
		if err != nil {
			return othello.Square{}, false, err
		}
		if len(f) > 0 && f[0] == "===" {
			return parseNBoardMove(line, f)
		}
	}
}

// Stop tells the engine "quit", as a GUI closes it, and stops it.
func (e *nboardEngine) Stop() {
	e.tell("quit\n")
	e.program.Stop()
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

// nboardClock writes d, in whole seconds rounded down, as NBoard writes a
// GGF clock: seconds up to a minute, "59"; then minutes and seconds,
// "1:05"; past an hour, hours, minutes and seconds, "1:00:05". NTest
// reads no fraction of a second (it aborts on one), and Edax reads these
// too.
func nboardClock(d time.Duration) string {
	s := int(d / time.Second)
	switch {
	case s <= 60:
		return strconv.Itoa(s)
	case s/60 <= 60:
		return fmt.Sprintf("%d:%02d", s/60, s%60)
	default:
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
}
