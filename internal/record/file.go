package record

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/othello-judge/judge/othello"
)

// ReadFile reads the games or positions of the file at path, whatever its
// format (Read), each under rules unless the file says which. It is the
// one reader of game files that othello play, solve and review share. A
// file of which some games cannot be played gives the others and the
// *SkipError that says which were skipped. A file that cannot be read
// as records gives a *FileError; one that cannot be opened, the os
// package's error.
func ReadFile(path string, rules othello.Rules) ([]Record, Format, *SkipError, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Unknown, nil, err
	}
	base, _ := othello.StandardSetup(rules, 8, 8)
	games, format, err := Read(string(data), base)
	var se *SkipError
	var pe *ParseError
	switch {
	case errors.As(err, &se):
		return games, format, se, nil
	case errors.Is(err, ErrNoGame):
		return nil, format, nil, &FileError{Path: path, Msg: "no game or position in it", Err: err}
	case errors.As(err, &pe):
		return nil, format, nil, &FileError{Path: path, Line: pe.Line, Msg: pe.Msg, Err: err}
	case err != nil:
		return nil, format, nil, &FileError{Path: path, Msg: err.Error(), Err: err}
	}
	return games, format, nil, nil
}

// A FileError is a file of games that cannot be used, or the line of it
// that cannot, as a person reads it: "game.ggf:3: move 3, B a1: move
// flips no disc".
type FileError struct {
	Path string
	Line int    // from 1; 0 for the whole file
	Msg  string // what is wrong, for a person
	Err  error  // what went wrong, such as a *ParseError
}

// Error returns "PATH:LINE: what", or "PATH: what" for the whole file.
func (e *FileError) Error() string {
	if e.Line == 0 {
		return e.Path + ": " + e.Msg
	}
	return e.Path + ":" + strconv.Itoa(e.Line) + ": " + e.Msg
}

// Unwrap returns the error that went wrong.
func (e *FileError) Unwrap() error { return e.Err }

// ReplaceFile writes a file with write and puts it at path at once, the
// writer side of ReadFile: a reader sees the file before or after, whole,
// never a part of it, and the file survives the machine stopping once
// ReplaceFile returns. othello play saves its games with it, and package
// class its table of grades. A write that fails leaves the file as it
// was, and no other file beside it.
func ReplaceFile(path string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // when it was not renamed
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // the rename itself; not every file system can
		d.Close()
	}
	return nil
}
