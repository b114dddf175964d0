package txtar_test

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"github.com/othello-judge/judge/internal/testkit/txtar"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want txtar.Archive
	}{
		{"empty", "", txtar.Archive{}},
		{"comment only", "# a case\nno files", txtar.Archive{Comment: []byte("# a case\nno files\n")}},
		{"files", "# c\n-- in --\n1\n2\n-- want --\nok\n", txtar.Archive{
			Comment: []byte("# c\n"),
			Files:   []txtar.File{{"in", []byte("1\n2\n")}, {"want", []byte("ok\n")}},
		}},
		{"no comment, empty files, last line without newline", "-- a --\n-- b --\nend", txtar.Archive{
			Files: []txtar.File{{"a", nil}, {"b", []byte("end\n")}},
		}},
		{"blanks around the name", "--  status  --\n 0 \n", txtar.Archive{
			Files: []txtar.File{{"status", []byte(" 0 \n")}},
		}},
		{"lines that are no markers", "-- a --\n-- --\n--  --\n-- b\n--b --\n # -- c --\n", txtar.Archive{
			Files: []txtar.File{{"a", []byte("-- --\n--  --\n-- b\n--b --\n # -- c --\n")}},
		}},
		{"a marker at the end", "x\n-- a --", txtar.Archive{
			Comment: []byte("x\n"),
			Files:   []txtar.File{{"a", nil}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := txtar.Parse([]byte(tt.in))
			if !equal(*got, tt.want) {
				t.Errorf("got %s, want %s", show(*got), show(tt.want))
			}
		})
	}
}

// TestRoundTrip checks that Format gives back the text that Parse read,
// when every marker is written as Format writes it and every part ends
// in a newline, and that Parse gives back the archive that Format wrote.
func TestRoundTrip(t *testing.T) {
	for _, text := range []string{
		"",
		"comment\n",
		"-- a --\n",
		"# two\n# lines\n-- transcript --\n> ping 1 $\npong 1\n-- stderr --\nnboard: line 2: x\n",
		"-- args --\nplay\n-- input --\n-- terminal --\n\n\n-- status --\n0\n",
	} {
		t.Run(strconv.Quote(text), func(t *testing.T) {
			a := txtar.Parse([]byte(text))
			if got := txtar.Format(a); string(got) != text {
				t.Errorf("Format(Parse(%q)): got %q", text, got)
			}
			if again := txtar.Parse(txtar.Format(a)); !equal(*again, *a) {
				t.Errorf("Parse(Format(%s)): got %s", show(*a), show(*again))
			}
		})
	}
}

func TestFormat(t *testing.T) {
	a := &txtar.Archive{
		Comment: []byte("no newline"),
		Files:   []txtar.File{{"a", []byte("x")}, {"b", nil}, {"c", []byte("y\n")}},
	}
	want := "no newline\n-- a --\nx\n-- b --\n-- c --\ny\n"
	if got := txtar.Format(a); string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if string(a.Comment) != "no newline" || string(a.Files[0].Data) != "x" {
		t.Errorf("Format changed its archive: got %s", show(*a))
	}
}

func TestMarkBlanks(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"", ""},
		{"no blank\n", "no blank\n"},
		{"a blank \n", "a blank $\n"},
		{"a tab\t\n", "a tab\t$\n"},
		{" \n\t\n", " $\n\t$\n"},
		{"mid blank\tand tab\n", "mid blank\tand tab\n"},
		{"last line ", "last line $"},
		{"a price$\n", "a price$\n"},
		{"a blank and a dollar $\n", "a blank and a dollar $$\n"},
		{"blank dollars \t$$\n", "blank dollars \t$$$\n"},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.text), func(t *testing.T) {
			got := txtar.MarkBlanks([]byte(tt.text))
			if string(got) != tt.want {
				t.Errorf("MarkBlanks: got %q, want %q", got, tt.want)
			}
			if back := txtar.UnmarkBlanks(got); string(back) != tt.text {
				t.Errorf("UnmarkBlanks(%q): got %q, want %q", got, back, tt.text)
			}
		})
	}
}

// TestUnmarkBlanks checks text that MarkBlanks did not write: a "$" is
// taken off only after a blank.
func TestUnmarkBlanks(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"unmarked \n", "unmarked \n"},
		{"a price$\n", "a price$\n"},
		{"$\n", "$\n"},
		{" $\n", " \n"},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.text), func(t *testing.T) {
			if got := txtar.UnmarkBlanks([]byte(tt.text)); string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// equal reports whether two archives hold the same text, an empty part
// the same as a missing one.
func equal(a, b txtar.Archive) bool {
	if !bytes.Equal(a.Comment, b.Comment) || len(a.Files) != len(b.Files) {
		return false
	}
	for i := range a.Files {
		if a.Files[i].Name != b.Files[i].Name || !bytes.Equal(a.Files[i].Data, b.Files[i].Data) {
			return false
		}
	}
	return true
}

// show returns an archive as the test messages show it.
func show(a txtar.Archive) string {
	s := strconv.Quote(string(a.Comment))
	for _, f := range a.Files {
		s += fmt.Sprintf(" %q: %q", f.Name, f.Data)
	}
	return s
}
