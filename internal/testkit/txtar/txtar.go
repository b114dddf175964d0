package txtar

import (
	"bytes"
	"strings"
)

// An Archive is a text archive: a comment and the files after it.
type Archive struct {
	Comment []byte
	Files   []File
}

// A File is a file of an archive: its name and its text.
type File struct {
	Name string // without the blanks around it in its marker line
	Data []byte
}

// Parse reads the archive in data. A line "-- NAME --", NAME not blank,
// starts a file; anything before the first such line is the comment.
// The comment and the files are slices of data, each ending in a newline
// unless empty.
func Parse(data []byte) *Archive {
	a := new(Archive)
	var name string
	a.Comment, name, data = untilMarker(data)
	for name != "" {
		f := File{Name: name}
		f.Data, name, data = untilMarker(data)
		a.Files = append(a.Files, f)
	}
	return a
}

// untilMarker returns the text of data before its first marker line, the
// name in that line and the text after it; name is "" when there is no
// marker line, and before is then all of data, with a newline at its end.
func untilMarker(data []byte) (before []byte, name string, after []byte) {
	for i := 0; i < len(data); {
		line, rest, _ := bytes.Cut(data[i:], []byte("\n"))
		if name, ok := marker(line); ok {
			return data[:i], name, rest
		}
		i += len(line) + 1
	}
	return withNewline(data), "", nil
}

// marker returns the name of a marker line, "-- NAME --", without the
// blanks around it; ok is false if line is no marker.
func marker(line []byte) (name string, ok bool) {
	rest, ok1 := bytes.CutPrefix(line, []byte("-- "))
	rest, ok2 := bytes.CutSuffix(rest, []byte(" --"))
	name = strings.TrimSpace(string(rest))
	return name, ok1 && ok2 && name != ""
}

// Format returns the text of a: its comment, then each file after its
// marker line, each given a newline at its end if it has none.
func Format(a *Archive) []byte {
	var b bytes.Buffer
	b.Write(withNewline(a.Comment))
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(withNewline(f.Data))
	}
	return b.Bytes()
}

// withNewline returns text with a newline at its end, unless it is empty
// or already ends in one.
func withNewline(text []byte) []byte {
	if len(text) == 0 || text[len(text)-1] == '\n' {
		return text
	}
	return append(text[:len(text):len(text)], '\n')
}

// MarkBlanks returns text with a "$" after each line that ends in a blank
// or a tab, so that the blank shows and no editor strips it; a line that
// ends in a blank and then "$"s is marked too, so that UnmarkBlanks gives
// it back whole.
func MarkBlanks(text []byte) []byte {
	lines := bytes.Split(text, []byte("\n"))
	for i, line := range lines {
		if endsInBlank(line) {
			lines[i] = append(line[:len(line):len(line)], '$')
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

// UnmarkBlanks undoes MarkBlanks: it takes the last "$" off each line
// that ends in a blank or a tab and then "$"s.
func UnmarkBlanks(text []byte) []byte {
	lines := bytes.Split(text, []byte("\n"))
	for i, line := range lines {
		if bytes.HasSuffix(line, []byte("$")) && endsInBlank(line) {
			lines[i] = line[:len(line)-1]
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

// endsInBlank reports whether line, less the "$"s at its end, ends in a
// blank or a tab.
func endsInBlank(line []byte) bool {
	line = bytes.TrimRight(line, "$")
	return len(line) > 0 && (line[len(line)-1] == ' ' || line[len(line)-1] == '\t')
}
