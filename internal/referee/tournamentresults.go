package referee

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// ErrResults means a tournament's file of results cannot be read: a line
// that is none, before its last.
var ErrResults = errors.New("referee: bad results file")

// A ResultsError is a line of a file of results that cannot be read. It
// wraps ErrResults.
type ResultsError struct {
	Path string
	Line int // from 1
	Msg  string
}

// Error says where and what: "referee: results.jsonl:7: no game: ...".
func (e *ResultsError) Error() string {
	return fmt.Sprintf("referee: %s:%d: %s", e.Path, e.Line, e.Msg)
}

// Unwrap returns ErrResults.
func (e *ResultsError) Unwrap() error { return ErrResults }

// Results is a tournament's file of results (othello tournament
// -results), which a tournament stopped and run again resumes: JSON
// lines, the first the tournament's settings, each other a game, written
// whole as each game is over:
//
//	{"othello_tournament":1,"seed":1,"clock":"2+0","openings":0,"setup":"(;GM[Othello]...;)","programs":{}}
//	{"players":["greedy","random"],"seed":1839...,"game":1,"first":"B","winner":"B","margin":24,"moves":"f5d6...","times":["","0.012",...],...}
//
// A game's line holds all that its Result does, so that a game read
// back is the game played: its key (GameKey), player 1's colour, the
// winner, the margin, the forfeit (its reason in words and its detail,
// the program's bytes quoted), and the record's moves, each move's time, result and
// comments. A last line cut short, by a run killed as it wrote it, is
// not a game: OpenResults drops it.
type Results struct {
	Path string
	// Kept are the games of the file played with the tournament's
	// settings, by key, for Tournament.Run to take.
	Kept map[GameKey]Result
	f    *os.File
	w    io.Writer // f, or where Merged.WriteResults writes
}

// resultsFormat is the version of the file's lines.
const resultsFormat = 1

// resultsHeader is the first line of a file of results: what decides
// a tournament's games besides its players.
type resultsHeader struct {
	Format   int    `json:"othello_tournament"`
	Seed     uint64 `json:"seed"`
	Clock    string `json:"clock"`
	Openings int    `json:"openings"`
	Lines    string `json:"lines,omitempty"`   // the openings of Match.Openings.Lines, if any, as move lists separated by spaces
	Shuffle  bool   `json:"shuffle,omitempty"` // whether the lines are played in an order drawn from each pairing's seed
	Setup    string `json:"setup"`             // the GGF of a game of no move from the setup
	// Programs are the players that are programs, by name: the folder
	// each runs in and its command line.
	Programs map[string][]string `json:"programs"`
	// Shard, for a shard of a run split among a cluster's nodes, says
	// which, and what MergeResults needs to write what the run writes.
	Shard *shardHeader `json:"shard,omitempty"`
}

// resultLine is a game's line.
type resultLine struct {
	Players [2]string         `json:"players"`
	Seed    uint64            `json:"seed"`
	Game    int               `json:"game"`
	First   string            `json:"first"`  // player 1's colour, B or W
	Winner  string            `json:"winner"` // B, W, or "" for a draw
	Margin  int               `json:"margin"`
	Forfeit *forfeitLine      `json:"forfeit,omitempty"`
	Moves   string            `json:"moves"`
	Times   []string          `json:"times"` // each turn's seconds, the passes the game makes counted (record.Note.Time), "" for none
	Date    string            `json:"date"`
	Place   string            `json:"place"`
	Clock   string            `json:"clock"`
	Result  string            `json:"result"`
	Props   []record.Property `json:"props"`
}

// forfeitLine is a game's forfeit.
type forfeitLine struct {
	Player string `json:"player"` // B or W
	Reason string `json:"reason"` // such as "lost on time"
	Detail string `json:"detail"` // the program's bytes quoted
}

// forfeits are the reasons a player loses before the end of its game.
var forfeits = []error{ErrIllegal, ErrPassed, ErrTime, ErrCrashed, ErrGarbage}

// header returns the settings line of t, with seed.
func (t Tournament) header() resultsHeader {
	setup, err := record.FormatGGF(record.Record{Setup: t.Match.Setup})
	if err != nil {
		setup = err.Error() // a setup no game can start from; Run says so
	}
	h := resultsHeader{Format: resultsFormat, Seed: t.Match.Seed, Clock: t.Match.Clocks.String(), Openings: t.Match.Openings.Random,
		Shuffle: t.Match.Openings.Shuffle, Setup: setup, Programs: map[string][]string{}, Shard: t.shardHeader()}
	lines := make([]string, len(t.Match.Openings.Lines))
	for i, l := range t.Match.Openings.Lines {
		var b strings.Builder
		for _, sq := range l {
			b.WriteString(sq.String())
		}
		lines[i] = b.String()
	}
	h.Lines = strings.Join(lines, " ")
	for _, p := range t.Players {
		if p.IsProgram() {
			h.Programs[p.Name] = append([]string{p.Dir, p.Path}, p.Args...)
		}
	}
	return h
}

// same reports whether the games of h are those of run: the same seed,
// clock, openings and setup, and each program of both the same command
// in the same folder.
func (h resultsHeader) same(run resultsHeader) bool {
	for name, cmd := range h.Programs {
		if other, ok := run.Programs[name]; ok && !slices.Equal(cmd, other) {
			return false
		}
	}
	return sameJSON(h.Shard, run.Shard) && h.Format == run.Format && h.Seed == run.Seed && h.Clock == run.Clock && h.Openings == run.Openings && h.Lines == run.Lines && h.Shuffle == run.Shuffle && h.Setup == run.Setup
}

// OpenResults opens the file of results at path for t, creating it if
// there is none, and reads the games it keeps (Kept). Unless seedSet (the
// tournament's seed was given), t takes the file's seed. A file of
// another tournament (another seed, clock, openings, board, or a program
// of the same name with another command) is moved aside, to path.old, and
// a new one begun; note says so, or how many games are kept. A file
// whose last line was cut short is cut before it. A line before the last
// that is no game is a *ResultsError, and the file is left as it is.
func OpenResults(path string, t *Tournament, seedSet bool) (res *Results, note string, err error) {
	res = &Results{Path: path, Kept: map[GameKey]Result{}}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, "", err
	}
	whole := data[:bytes.LastIndexByte(data, '\n')+1] // a torn last line dropped
	lines := bytes.SplitAfter(whole, []byte("\n"))
	run := t.header()
	var earlier resultsHeader
	fresh := len(whole) == 0 || json.Unmarshal(lines[0], &earlier) != nil || earlier.Format != resultsFormat
	if taken := run; !fresh && !seedSet {
		taken.Seed = earlier.Seed
		if earlier.same(taken) {
			run = taken
		}
	}
	t.Match.Seed = run.Seed
	switch {
	case len(whole) == 0: // none, or a first line cut short
	case fresh:
		note = fmt.Sprintf("%s is no file of results", path)
	case !earlier.same(run):
		note = fmt.Sprintf("%s holds another tournament's games (seed %d, %s, openings random:%d, or another board or program)", path, earlier.Seed, earlier.Clock, earlier.Openings)
	}
	if note != "" {
		if err := os.Rename(path, path+".old"); err != nil {
			return nil, "", err
		}
		note += "; it is now " + path + ".old"
		whole = nil
	} else if len(whole) > 0 {
		for i, line := range lines[1:] {
			if len(line) == 0 {
				continue // after the last newline
			}
			key, r, err := t.parseResult(line)
			if err != nil {
				return nil, "", &ResultsError{Path: path, Line: i + 2, Msg: err.Error()}
			}
			res.Kept[key] = r
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, "", err
	}
	if err := f.Truncate(int64(len(whole))); err != nil {
		f.Close()
		return nil, "", err
	}
	if _, err := f.Seek(0, 2); err != nil {
		f.Close()
		return nil, "", err
	}
	res.f, res.w = f, f
	if len(whole) == 0 {
		if err := res.writeLine(run); err != nil {
			f.Close()
			return nil, "", err
		}
	}
	if len(res.Kept) > 0 {
		if note != "" {
			note += "; "
		}
		note += fmt.Sprintf("kept %d games of %s (seed %d)", len(res.Kept), path, run.Seed)
	}
	return res, note, nil
}

// parseResult reads a game's line, played in t.
func (t Tournament) parseResult(line []byte) (GameKey, Result, error) {
	var l resultLine
	if err := json.Unmarshal(line, &l); err != nil {
		return GameKey{}, Result{}, fmt.Errorf("no game: %v", err)
	}
	colors := map[string]othello.Color{"B": othello.Black, "W": othello.White, "": othello.Empty}
	first, ok1 := colors[l.First]
	winner, ok2 := colors[l.Winner]
	if !ok1 || !ok2 || first == othello.Empty || l.Game < 1 {
		return GameKey{}, Result{}, fmt.Errorf("no game: first %q, winner %q, game %d", l.First, l.Winner, l.Game)
	}
	rec, err := record.ParseMoveList(l.Moves, t.Match.Setup)
	if err != nil {
		return GameKey{}, Result{}, fmt.Errorf("its moves: %v", err)
	}
	for _, t := range l.Times {
		rec.Notes = append(rec.Notes, record.Note{Time: t})
	}
	rec.Date, rec.Place, rec.Clock, rec.Result, rec.Props = l.Date, l.Place, l.Clock, l.Result, l.Props
	rec.Black, rec.White = l.Players[0], l.Players[1]
	if first == othello.White {
		rec.Black, rec.White = rec.White, rec.Black
	}
	r := Result{Number: l.Game, First: first, Game: Game{Record: rec, Winner: winner, Margin: l.Margin}}
	if f := l.Forfeit; f != nil {
		i := slices.IndexFunc(forfeits, func(err error) bool { return reason(err) == f.Reason })
		if i < 0 || f.Player != "B" && f.Player != "W" {
			return GameKey{}, Result{}, fmt.Errorf("no forfeit: %q by %q", f.Reason, f.Player)
		}
		r.Forfeit = &ForfeitError{Player: f.Player, Detail: f.Detail, Err: forfeits[i]}
		r.Record.Termination = termination(r.Forfeit)
	}
	return GameKey{Players: l.Players, Seed: l.Seed, Number: l.Game}, r, nil
}

// Append writes game r of m's match at the end of the file, a line
// written whole.
func (res *Results) Append(m Match, r Result) error {
	key := m.Key(r.Number)
	l := resultLine{Players: key.Players, Seed: key.Seed, Game: r.Number, First: colorLetter(r.First), Margin: r.Margin,
		Moves: record.FormatMoveList(r.Record.Moves), Date: r.Record.Date, Place: r.Record.Place,
		Clock: r.Record.Clock, Result: r.Record.Result, Props: r.Record.Props}
	for _, n := range r.Record.Notes {
		l.Times = append(l.Times, n.Time)
	}
	if r.Winner != othello.Empty {
		l.Winner = colorLetter(r.Winner)
	}
	if f := r.Forfeit; f != nil {
		l.Forfeit = &forfeitLine{Player: f.Player, Reason: reason(f.Err), Detail: f.Detail}
	}
	return res.writeLine(l)
}

// writeLine writes v as a JSON line, in one write.
func (res *Results) writeLine(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = res.w.Write(append(data, '\n'))
	return err
}

// Close closes the file.
func (res *Results) Close() error { return res.f.Close() }
