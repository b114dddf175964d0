package referee

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/othello"
)

// A gtpEngine is an engine that speaks the Go Text Protocol as Othello
// engines speak it (Edax -gtp, othello gtp), run in the sandbox for the
// whole of one game on a square board. As it starts it is told
// "boardsize N" and "clear_board", and, for a clock GTP can say in whole
// seconds, "time_settings MAIN BYO STONES" (MAIN 0 0 for a time a game,
// 0 BYO 1 for a time a move); it has startLimit to answer each. Each
// turn the referee writes the moves played since it last asked, "play b
// d3", the passes left to the engine as GTP's Othello engines make them;
// then, with a clock, "time_left b SECONDS STONES"; then "genmove b", and
// reads its answer, "= d3" or "= pass". A vertex is a column letter, i
// skipped as GTP skips it, and a row number from 1, a1 the top-left
// corner. Every command's answer must be "=" (a "?" to time_settings and
// time_left, which an engine need not know, is let be); anything else,
// and "= resign", is a forfeit. The engine plays the move it answers
// with, so that it is not told it again. The game ends with "quit".
// These are commands of GTP's specification alone, which a strict
// engine knows; nothing sets a GTP engine's depth.
type gtpEngine struct {
	*program
	told int         // the moves of the game the engine has played
	tc   TimeControl // the clock, when GTP can say it
}

// startGTP sets p's board, and its clock if GTP can say it.
func startGTP(p *program, setup othello.Setup, tc TimeControl) (*gtpEngine, error) {
	e := &gtpEngine{program: p}
	n := setup.Board.Rows()
	commands := []string{"boardsize " + strconv.Itoa(n), "clear_board"}
	switch {
	case tc.PerMove >= time.Second:
		e.tc = tc
		commands = append(commands, fmt.Sprintf("time_settings 0 %d 1", int(tc.PerMove.Seconds())))
	case tc.PerMove == 0 && tc.Total >= time.Second:
		e.tc = tc
		commands = append(commands, fmt.Sprintf("time_settings %d 0 0", int(tc.Total.Seconds())))
	}
	d := newDeadline(startLimit)
	for _, c := range commands {
		if _, err := e.ask(c, d, !strings.HasPrefix(c, "time_")); err != nil {
			p.Stop()
			return nil, err
		}
	}
	return e, nil
}

// Move tells the engine the moves since it last played, and its time
// left, and asks it for its move.
func (e *gtpEngine) Move(g *othello.Game, left time.Duration) (othello.Square, bool, error) {
	d := newDeadline(left)
	if err := e.unasked(); err != nil {
		return othello.Square{}, false, err
	}
	played := g.Played()
	replay, err := g.Setup().NewGame()
	if err != nil {
		return othello.Square{}, false, err
	}
	for i, sq := range played {
		if i >= e.told {
			if _, err := e.ask("play "+gtpColor(replay.Turn())+" "+gtpVertex(sq), d, true); err != nil {
				return othello.Square{}, false, err
			}
		}
		replay.Play(sq)
	}
	e.told = len(played)
	color := gtpColor(g.Turn())
	if e.tc != (TimeControl{}) {
		stones := 0
		if e.tc.PerMove > 0 {
			stones = 1
		}
		if _, err := e.ask(fmt.Sprintf("time_left %s %d %d", color, int(left.Seconds()), stones), d, false); err != nil {
			return othello.Square{}, false, err
		}
	}
	answer, err := e.ask("genmove "+color, d, true)
	if err != nil {
		return othello.Square{}, false, err
	}
	e.told++
	switch v := strings.ToLower(answer); {
	case v == "pass":
		return othello.Square{}, true, nil
	case len(v) >= 2 && v[0] >= 'a' && v[0] <= 'z' && v[0] != 'i':
		col := int(v[0] - 'a')
		if v[0] > 'i' {
			col--
		}
		row, err := strconv.Atoi(v[1:])
		if err == nil && row >= 1 {
			return othello.Square{Row: row - 1, Col: col}, false, nil
		}
	}
	return othello.Square{}, false, &ForfeitError{Detail: "answered " + strconv.Quote("= "+answer) + " to genmove", Err: ErrGarbage}
}

// Stop tells the engine "quit", as a GUI closes it, and stops it.
func (e *gtpEngine) Stop() {
	e.tell("quit\n")
	e.program.Stop()
}

// ask writes the command and returns the result of its answer,
// "=[id] RESULT" and an empty line, by d. Lines before the answer that
// are not one are skipped. An answer "?" is a *ForfeitError wrapping
// ErrGarbage when must, and "" otherwise.
func (e *gtpEngine) ask(command string, d deadline, must bool) (string, error) {
	if err := e.send(command+"\n", d); err != nil {
		return "", err
	}
	for {
		line, err := e.receive(d)
		if err != nil {
			return "", err
		}
		switch {
		case strings.HasPrefix(line, "="):
			result := strings.TrimSpace(strings.TrimLeft(line[1:], "0123456789"))
			_, err := e.receive(d) // the empty line that ends it
			return result, err
		case strings.HasPrefix(line, "?"):
			if !must {
				_, err := e.receive(d)
				return "", err
			}
			return "", &ForfeitError{Detail: "answered " + strconv.Quote(line) + " to " + strconv.Quote(command), Err: ErrGarbage}
		}
	}
}

// gtpColor returns c as GTP writes a colour: "b" or "w".
func gtpColor(c othello.Color) string {
	return strings.ToLower(colorLetter(c))
}

// gtpVertex returns sq as GTP writes a vertex: the column's letter, i
// skipped, and the row from 1, "d3".
func gtpVertex(sq othello.Square) string {
	letter := byte('a' + sq.Col)
	if letter >= 'i' {
		letter++
	}
	return string(letter) + strconv.Itoa(sq.Row+1)
}
