package protocoltest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// echo is the engine of testdata/echo.txt: it answers each line with
// "echo" and the line, tells an empty line on errs, and ends on quit.
func echo(in io.Reader, out, errs io.Writer) error {
	s := bufio.NewScanner(in)
	for n := 1; s.Scan(); n++ {
		switch line := s.Text(); line {
		case "quit":
			return nil
		case "":
			fmt.Fprintf(errs, "line %d is empty\n", n)
		default:
			if _, err := fmt.Fprintf(out, "echo %s\n", line); err != nil {
				return err
			}
		}
	}
	return s.Err()
}

func TestGolden(t *testing.T) {
	Golden(t, echo, nil)
}

func TestInputs(t *testing.T) {
	want := []string{"hello\ntwo  blanks \n\nquit\n"}
	if got := Inputs(t); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestIOErrors(t *testing.T) {
	IOErrors(t, echo)
}

// TestConsole checks that the console types a command only when the
// engine reads: an answer written after a read shows after the command.
func TestConsole(t *testing.T) {
	c := &console{lines: []string{"a\n", "b\n"}}
	io.WriteString(c, "prompt: ")
	buf := make([]byte, 1)
	for {
		if _, err := c.Read(buf); err != nil {
			break
		}
		if buf[0] == '\n' {
			io.WriteString(c, "ok\n")
		}
	}
	if got, want := c.transcript.String(), "prompt: > a\nok\n> b\nok\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWriteGivesBack checks that a case written back reads the same:
// the file is as it was, byte for byte.
func TestWriteGivesBack(t *testing.T) {
	path := filepath.Join("testdata", "echo.txt")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g := readGolden(t, path)
	if g.stderr != "line 3 is empty\n" || !strings.Contains(g.transcript, "> two  blanks \necho two  blanks \n") {
		t.Errorf("got stderr %q and transcript %q, want the blanks unmarked", g.stderr, g.transcript)
	}
	g.path = filepath.Join(t.TempDir(), "echo.txt")
	g.write(t)
	got, err := os.ReadFile(g.path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("written back, got\n%s\nwant\n%s", got, want)
	}
}
