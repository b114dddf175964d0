package terminal

import (
	"fmt"
	"io"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A File is the game of a file that a game at the terminal goes on with
// (Config.Setup and Config.Moves from Record, as othello play -load
// does) or starts on the board of (Board, as -board does).
type File struct {
	Path    string
	Record  record.Record    // the file's first game that can be played
	Format  record.Format    // the file's format
	Skipped []record.Skipped // the games before it that cannot be played, and why
}

// ReadFile reads the first game that can be played of the file at path,
// under rules unless the file says which (record.ReadFile): in GGF, SGF
// or WTHOR the first that can be played, the games before it skipped;
// in PGN the first; a judge's setup and its move lines; a move list; a
// position in OBF, a game with no moves. Its errors are record.ReadFile's.
func ReadFile(path string, rules othello.Rules) (*File, error) {
	games, format, se, err := record.ReadFile(path, rules)
	if err != nil {
		return nil, err
	}
	f := &File{Path: path, Record: games[0], Format: format}
	if se != nil {
		for i, s := range se.Skipped {
			if s.Number != i+1 {
				break // after the game read
			}
			f.Skipped = append(f.Skipped, s)
		}
	}
	return f, nil
}

// SkippedLines returns a line for each game skipped before the one read,
// for people: "games.ggf:2: game 1 skipped: move 1, B a1: move flips no
// disc".
func (f *File) SkippedLines() []string {
	var lines []string
	for _, s := range f.Skipped {
		lines = append(lines, fmt.Sprintf("%s:%d: game %d skipped: %s", f.Path, s.Err.Line, s.Number, s.Err.Msg))
	}
	return lines
}

// Board returns the setup of a game that starts on the board of f: a
// judge's setup as it starts (its move lines are not played), and of any
// other format the position where its game ends, the player to move
// first. A game that cannot be played is its *record.MoveError.
func (f *File) Board() (othello.Setup, error) {
	if f.Format == record.Judge {
		return f.Record.Setup, nil
	}
	g, err := f.Record.Game()
	if err != nil {
		return othello.Setup{}, err
	}
	return othello.Setup{Rules: g.Rules(), Board: *g.Board(), First: g.Position().Turn(), Win: g.WinRule()}, nil
}

// Seats says which colours' players were given by name, as othello
// play's -black and -white give them (SaveBase).
type Seats struct {
	Black, White bool
}

// SaveBase returns the record that the game of c goes on from, for
// Saver. from is the file the game comes from, nil for none: with
// loaded, the game loaded, whose record is kept with all it says, such
// as the ratings, the clocks and each move's evaluation and time;
// without, the file whose board the game starts on, of which only the
// date and place are kept in a new record of c's setup.
//
// The players' names are the file's, with their ratings, for the colours
// that people play; a colour that the file does not name, or whose
// computer player was given by name (given), gets its player's name
// (PlayerName), and no rating. The date and place are the file's, or now
// and "othello".
func SaveBase(c Config, from *File, loaded bool, given Seats) record.Record {
	base := record.Record{Setup: c.Setup}
	switch {
	case from != nil && loaded:
		base = from.Record
	case from != nil:
		base.Date, base.Place = from.Record.Date, from.Record.Place
	}
	if base.Black == "" || given.Black && c.Black != nil {
		base.Black, base.BlackRating = PlayerName(c.Black), ""
	}
	if base.White == "" || given.White && c.White != nil {
		base.White, base.WhiteRating = PlayerName(c.White), ""
	}
	if base.Date == "" {
		base.Date = time.Now().Format(record.DateLayout)
	}
	if base.Place == "" {
		base.Place = "othello"
	}
	return base
}

// PlayerName returns the name of p in a saved game: "human" for a
// person (nil), its Name otherwise, such as "cpu:3" or "greedy".
func PlayerName(p player.Player) string {
	if p == nil {
		return "human"
	}
	return p.Name()
}

// Saver returns a Config.Save that writes the game to the file at path in
// GGF, the file replaced whole each time (record.ReplaceFile), as the
// record base goes on (record.Record.Continue): what base says of the
// moves the game keeps, and the moves played since have no evaluation or
// time. Its error is a *SaveError.
func Saver(path string, base record.Record) func(*othello.Game) error {
	return func(g *othello.Game) error {
		r := base.Continue(g.Played())
		r.Setup = g.Setup()
		text, err := record.FormatGGF(r)
		if err == nil {
			err = record.ReplaceFile(path, func(w io.Writer) error {
				_, err := io.WriteString(w, text)
				return err
			})
		}
		if err != nil {
			return &SaveError{Path: path, Err: err}
		}
		return nil
	}
}

// A SaveError is a game that could not be saved to the file at Path, and
// why: the record's error or the file system's.
type SaveError struct {
	Path string
	Err  error
}

// Error says the file and why the game could not be saved: "terminal:
// save game.ggf: open ...".
func (e *SaveError) Error() string { return "terminal: save " + e.Path + ": " + e.Err.Error() }

// Unwrap returns why the game could not be saved.
func (e *SaveError) Unwrap() error { return e.Err }
