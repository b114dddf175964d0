package scenario

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/othello"
)

// Errors from reading transcripts, wrapped in an *fs.PathError.
var (
	// ErrNoRules means a transcript's output does not start with a FULL or
	// SIMPLE line.
	ErrNoRules = errors.New("scenario: output does not start with FULL or SIMPLE")
	// ErrNoTranscripts means a folder holds no .in file.
	ErrNoTranscripts = errors.New("scenario: no transcripts")
)

// A Transcript is an input and the judge's exact answer to it: standard
// output, standard error and exit status.
type Transcript struct {
	Name   string // the file name without .in, such as "full/tie"
	Rules  othello.Rules
	Input  []byte
	Output []byte
	Errors []byte // standard error; empty when Status is 0
	Status int    // 0 when the game was played to its end, else 1
}

// Judge runs the judge on input under rules r and returns its transcript.
func Judge(name string, r othello.Rules, input []byte) Transcript {
	var out, errOut bytes.Buffer
	status := console.Run(bytes.NewReader(input), &out, &errOut, r)
	return Transcript{Name: name, Rules: r, Input: input, Output: out.Bytes(), Errors: errOut.Bytes(), Status: status}
}

// ReadDir reads every transcript in dir and the folders below it: each
// NAME.in with its NAME.out, and its NAME.err if there is one, which
// means exit status 1. The rules are those the output's first line names.
// The transcripts come sorted by name.
func ReadDir(dir string) ([]Transcript, error) {
	var ts []Transcript
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".in") {
			return err
		}
		t, err := readTranscript(dir, path)
		ts = append(ts, t)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, &fs.PathError{Op: "read", Path: dir, Err: ErrNoTranscripts}
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
	return ts, nil
}

func readTranscript(dir, path string) (Transcript, error) {
	base := strings.TrimSuffix(path, ".in")
	name, err := filepath.Rel(dir, base)
	if err != nil {
		return Transcript{}, err
	}
	t := Transcript{Name: filepath.ToSlash(name)}
	if t.Input, err = os.ReadFile(path); err != nil {
		return t, err
	}
	if t.Output, err = os.ReadFile(base + ".out"); err != nil {
		return t, err
	}
	first, _, _ := bytes.Cut(t.Output, []byte("\n"))
	if t.Rules, err = othello.ParseRules(string(first)); err != nil || string(first) != t.Rules.Name() {
		return t, &fs.PathError{Op: "read", Path: base + ".out", Err: ErrNoRules}
	}
	t.Errors, err = os.ReadFile(base + ".err")
	switch {
	case err == nil:
		t.Status = 1
	case !errors.Is(err, fs.ErrNotExist):
		return t, err
	}
	return t, nil
}

// Write writes t into dir as NAME.in and NAME.out, and NAME.err when the
// exit status is not 0, making the folders it needs.
func (t Transcript) Write(dir string) error {
	base := filepath.Join(dir, filepath.FromSlash(t.Name))
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(base+".in", t.Input, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(base+".out", t.Output, 0o644); err != nil {
		return err
	}
	if t.Status == 0 {
		return nil
	}
	return os.WriteFile(base+".err", t.Errors, 0o644)
}
