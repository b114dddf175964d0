package console

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// refSetup reads a setup the plain way, from PROTOCOL.md, on the lines and
// fields of inputLines. It returns the setup as accepted, or the number of
// the line it is rejected on and the error it is rejected with.
func refSetup(in []byte) (s refSetupResult, line int, err error) {
	lines := inputLines(in)
	fields := func(i int) ([]string, bool) {
		if i >= len(lines) {
			return nil, false
		}
		return lines[i], true
	}
	one := func(i int, allowed ...string) (string, bool) {
		f, _ := fields(i)
		for _, a := range allowed {
			if len(f) == 1 && f[0] == a {
				return a, true
			}
		}
		return "", false
	}
	for i, want := range []error{othello.ErrSize, othello.ErrSize, othello.ErrColor, othello.ErrWinRule} {
		f, ok := fields(i)
		if !ok {
			return s, i + 1, ErrMissingLine
		}
		switch i {
		case 0, 1:
			n, err := strconv.Atoi(strings.Join(f, " "))
			if err != nil || n < 4 || n > 16 || n%2 != 0 {
				return s, i + 1, want
			}
			s.size[i] = n
		case 2:
			if s.first, ok = one(i, "B", "W"); !ok {
				return s, i + 1, want
			}
		case 3:
			if s.win, ok = one(i, ">", "<"); !ok {
				return s, i + 1, want
			}
		}
	}
	for r := range s.size[0] {
		f, ok := fields(4 + r)
		switch {
		case !ok:
			return s, 5 + r, ErrMissingLine
		case len(f) != s.size[1]:
			return s, 5 + r, othello.ErrShape
		}
		for _, cell := range f {
			if cell != "B" && cell != "W" && cell != "." {
				return s, 5 + r, othello.ErrCell
			}
		}
		s.board += strings.Join(f, " ") + "\n"
	}
	return s, 0, nil
}

// refSetupResult is a setup as refSetup reads it.
type refSetupResult struct {
	size       [2]int // rows, columns
	first, win string
	board      string // as Board.String writes it
}

// FuzzSetup reads any input as a setup: it must be accepted with the game
// it describes, or rejected on the right line with the right typed error,
// exactly as the plain reading of refSetup has it.
func FuzzSetup(f *testing.F) {
	ins, _ := goldenInputs(f)
	for _, in := range ins {
		f.Add(in)
	}
	f.Add([]byte(" +04\t\r\n0006\nW \r\n\t<\n. . . . . .\nB\tW  B W . .\n. . . . . .\nW W W W W W\n"))
	f.Add([]byte("4\n4\nB\n>\n. . . .\n. . . . .\n"))
	f.Add([]byte("16\n4\nb\n"))
	f.Add([]byte("18\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		setup, err := ReadSetup(bytes.NewReader(in), othello.Full{})
		want, wantLine, wantErr := refSetup(in)
		if wantErr != nil {
			var ie *InputError
			if !errors.As(err, &ie) || !errors.Is(err, wantErr) || ie.Line != wantLine {
				t.Fatalf("got setup %v, error %v; want an *InputError on line %d wrapping %v", setup != othello.Setup{}, err, wantLine, wantErr)
			}
			if setup != (othello.Setup{}) || ie.Msg == "" {
				t.Errorf("a rejected setup: got setup %v, message %q; want none and a message", setup != othello.Setup{}, ie.Msg)
			}
			return
		}
		if err != nil {
			t.Fatalf("got error %v, want the setup accepted", err)
		}
		b := &setup.Board
		if b.Rows() != want.size[0] || b.Cols() != want.size[1] || b.String() != want.board {
			t.Errorf("got a %dx%d board\n%swant %dx%d\n%s", b.Rows(), b.Cols(), b, want.size[0], want.size[1], want.board)
		}
		if setup.Win.String() != want.win || setup.First.String() != want.first {
			t.Errorf("got first player %v, win rule %v; want %s, %s", setup.First, setup.Win, want.first, want.win)
		}
		if _, err := setup.NewGame(); err != nil {
			t.Errorf("NewGame: got %v, want a game", err)
		}
		var written bytes.Buffer
		if err := WriteSetup(&written, setup); err != nil {
			t.Fatal(err)
		}
		if again, err := ReadSetup(&written, othello.Full{}); err != nil || again != setup {
			t.Errorf("WriteSetup then ReadSetup: got %+v, %v; want %+v", again, err, setup)
		}
	})
}

// TestWriteSetup checks that WriteSetup writes a setup as the golden
// transcripts do.
func TestWriteSetup(t *testing.T) {
	board, err := othello.ParseBoard("W . . B\n. W B .\n. B W .\n. . . .\n")
	if err != nil {
		t.Fatal(err)
	}
	setup := othello.Setup{Rules: othello.Simple{}, Board: *board, First: othello.White, Win: othello.FewestDiscs}
	var b strings.Builder
	if err := WriteSetup(&b, setup); err != nil {
		t.Fatal(err)
	}
	want := "4\n4\nW\n<\nW . . B\n. W B .\n. B W .\n. . . .\n"
	if b.String() != want {
		t.Errorf("got\n%swant\n%s", b.String(), want)
	}
}
