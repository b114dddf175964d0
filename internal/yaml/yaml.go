// Package yaml reads the subset of YAML that the files the grader reads
// and writes are in: Gradescope's submission_metadata.yml (which Ruby's
// Psych writes) and the GitHub Actions workflow that othello classroom
// writes. It reads block mappings and sequences by indentation, a
// sequence in a mapping at the key's own indentation too; plain,
// single-quoted and double-quoted scalars, on one line or folded over
// several; literal and folded block scalars (| and >, with their chomping
// and indentation indicators); the empty flow collections [] and {};
// comments; one document, after --- or not.
//
// Read returns the document as a tree of Nodes, every scalar as its text,
// whatever type YAML would give it. What it does not read (anchors,
// aliases, tags, directives, other flow collections, complex keys, tabs
// in the indentation, a key twice, a second document) is an *Error that
// names the line: a file is never read other than as it is written.
package yaml

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrUnsupported means a file is not in the subset of YAML that Read
// reads.
var ErrUnsupported = errors.New("yaml: not in the subset read")

// An Error is a line of a YAML file that is not in the subset read, and
// why. It wraps ErrUnsupported.
type Error struct {
	Line int    // from 1
	Msg  string // such as "an alias (*1): anchors and aliases are not read"
}

// Error returns "yaml: line N: " and the message.
func (e *Error) Error() string { return fmt.Sprintf("yaml: line %d: %s", e.Line, e.Msg) }

// Unwrap returns ErrUnsupported.
func (e *Error) Unwrap() error { return ErrUnsupported }

// A Kind is what a Node is.
type Kind int

// The kinds of a Node.
const (
	Null Kind = iota
	Scalar
	Mapping
	Sequence
)

// A Node is a value of a YAML document: null, a scalar (its text,
// whatever type YAML would give it), a mapping (its keys, the line of
// each, and their values, in order) or a sequence (its items, in
// Values).
type Node struct {
	Kind   Kind
	Line   int // where it starts, from 1
	Text   string
	Keys   []string
	Lines  []int
	Values []*Node
}

// Get returns the value of the key of a mapping, or nil.
func (n *Node) Get(key string) *Node {
	for i, k := range n.Keys {
		if n.Kind == Mapping && k == key {
			return n.Values[i]
		}
	}
	return nil
}

// A line is a line of the file: its number, its indentation in
// spaces, and the text after it, without the line's end.
type line struct {
	n      int
	indent int
	text   string
	raw    string // the whole line, for block scalars and continuations
}

// A parser reads the lines of a document, p.i the next one.
type parser struct {
	lines []line
	i     int
}

// Read returns the document of data, nil for an empty one, or a
// *Error.
func Read(data []byte) (*Node, error) {
	text := strings.TrimPrefix(string(data), "\uFEFF")
	p := &parser{}
	for i, raw := range strings.Split(text, "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		if !utf8.ValidString(raw) {
			return nil, &Error{i + 1, "not UTF-8"}
		}
		for _, r := range raw {
			if r < ' ' && r != '\t' || r == 0x7f {
				return nil, &Error{i + 1, fmt.Sprintf("a control character (%U): write it escaped in a double-quoted scalar", r)}
			}
			if r == '\u0085' || r == '\u2028' || r == '\u2029' {
				return nil, &Error{i + 1, fmt.Sprintf("a line break of YAML 1.1 (%U): write it escaped in a double-quoted scalar", r)}
			}
		}
		body := strings.TrimLeft(raw, " ")
		p.lines = append(p.lines, line{n: i + 1, indent: len(raw) - len(body), text: body, raw: raw})
	}
	l := p.peek()
	if l == nil {
		return nil, nil
	}
	if strings.HasPrefix(l.text, "%") {
		return nil, &Error{l.n, "a directive (" + l.text + "): directives are not read"}
	}
	if isMarker(l.raw, "---") {
		if rest := strings.TrimSpace(l.raw[3:]); rest != "" && !strings.HasPrefix(rest, "#") {
			return nil, &Error{l.n, "a value on the line of ---: write it on the next line"}
		}
		p.i++
	}
	var doc *Node
	if l := p.peek(); l != nil && !isMarker(l.raw, "---") && !isMarker(l.raw, "...") {
		var err error
		if doc, err = p.block(-1, l.indent); err != nil {
			return nil, err
		}
	}
	if l := p.peek(); l != nil && isMarker(l.raw, "...") {
		p.i++
	}
	if l := p.peek(); l != nil {
		if isMarker(l.raw, "---") {
			return nil, &Error{l.n, "a second document: one is read"}
		}
		return nil, &Error{l.n, "a line out of place: less indented than the lines before it, or after the end"}
	}
	return doc, nil
}

// isMarker reports whether the line is the document marker m (--- or
// ...), at its start, alone or before blanks.
func isMarker(text, m string) bool {
	return strings.HasPrefix(text, m) && (len(text) == 3 || text[3] == ' ' || text[3] == '\t')
}

// peek returns the next line that holds something but a comment, having
// passed the others, or nil at the end.
func (p *parser) peek() *line {
	for ; p.i < len(p.lines); p.i++ {
		l := &p.lines[p.i]
		t := strings.TrimSpace(l.text)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		return l
	}
	return nil
}

// block returns the node whose first line is the next, indented ind, in
// a node indented parent (-1 for the document), past which the lines of
// a scalar go on.
func (p *parser) block(parent, ind int) (*Node, error) {
	l := p.peek()
	if strings.HasPrefix(l.text, "\t") {
		return nil, &Error{l.n, "a tab in the indentation: indent with spaces"}
	}
	if isItem(l.text) {
		return p.sequence(ind)
	}
	if _, _, ok, err := splitKey(l); err != nil {
		return nil, err
	} else if ok {
		return p.mapping(ind)
	}
	p.i++
	return p.value(l, l.text, parent)
}

// isItem reports whether text starts an item of a block sequence.
func isItem(text string) bool {
	return text == "-" || strings.HasPrefix(text, "- ") || strings.HasPrefix(text, "-\t")
}

// mapping returns the block mapping whose keys are indented ind, from
// the next line on.
func (p *parser) mapping(ind int) (*Node, error) {
	m := &Node{Kind: Mapping, Line: p.peek().n}
	for {
		l := p.peek()
		if l == nil || l.indent < ind || isMarker(l.raw, "---") || isMarker(l.raw, "...") {
			return m, nil
		}
		if strings.HasPrefix(l.text, "\t") {
			return nil, &Error{l.n, "a tab in the indentation: indent with spaces"}
		}
		if l.indent > ind {
			return nil, &Error{l.n, "indented more than the keys before it"}
		}
		key, rest, ok, err := splitKey(l)
		if err != nil {
			return nil, err
		}
		if !ok {
			if isItem(l.text) {
				return nil, &Error{l.n, "an item of a sequence among the keys of a mapping"}
			}
			return nil, &Error{l.n, "not a key and its value (KEY: VALUE)"}
		}
		for _, k := range m.Keys {
			if k == key {
				return nil, &Error{l.n, fmt.Sprintf("the key %q twice", key)}
			}
		}
		p.i++
		var v *Node
		if rest != "" {
			if v, err = p.value(l, rest, ind); err != nil {
				return nil, err
			}
		} else if next := p.peek(); next != nil && (next.indent > ind || next.indent == ind && isItem(next.text)) {
			// The value on the lines below, more indented, or a
			// sequence at the key's own indentation.
			if v, err = p.block(ind, next.indent); err != nil {
				return nil, err
			}
		} else {
			v = &Node{Kind: Null, Line: l.n}
		}
		m.Keys, m.Lines, m.Values = append(m.Keys, key), append(m.Lines, l.n), append(m.Values, v)
	}
}

// sequence returns the block sequence whose items are indented ind,
// from the next line on.
func (p *parser) sequence(ind int) (*Node, error) {
	s := &Node{Kind: Sequence, Line: p.peek().n}
	for {
		l := p.peek()
		if l != nil && strings.HasPrefix(l.text, "\t") {
			return nil, &Error{l.n, "a tab in the indentation: indent with spaces"}
		}
		if l == nil || l.indent < ind {
			return s, nil
		}
		if l.indent > ind {
			return nil, &Error{l.n, "indented more than the items before it"}
		}
		if !isItem(l.text) {
			return s, nil // the next key of the mapping the sequence is in
		}
		rest := strings.TrimLeft(l.text[1:], " ")
		if strings.HasPrefix(rest, "\t") {
			return nil, &Error{l.n, "a tab after -: indent with spaces"}
		}
		var v *Node
		var err error
		switch {
		case rest == "" || strings.HasPrefix(rest, "#"):
			p.i++
			if next := p.peek(); next != nil && next.indent > ind {
				v, err = p.block(ind, next.indent)
			} else {
				v = &Node{Kind: Null, Line: l.n}
			}
		default:
			// The item starts on the line of its -: read it as if that
			// line began where it does, indented past the -.
			col := l.indent + len(l.text) - len(rest)
			*l = line{n: l.n, indent: col, text: rest, raw: l.raw}
			v, err = p.block(ind, col)
		}
		if err != nil {
			return nil, err
		}
		s.Values = append(s.Values, v)
	}
}

// splitKey returns the key of a line KEY: VALUE and the value's text,
// "" for none, or ok false for a line that is not a key.
func splitKey(l *line) (key, rest string, ok bool, err error) {
	t := l.text
	if t == "" {
		return "", "", false, nil
	}
	switch t[0] {
	case '"', '\'':
		end := quotedEnd(t)
		if end < 0 {
			return "", "", false, nil // a quoted scalar over several lines, which no key is
		}
		after := strings.TrimLeft(t[end:], " \t")
		if !strings.HasPrefix(after, ":") || len(after) > 1 && after[1] != ' ' && after[1] != '\t' {
			return "", "", false, nil
		}
		k, err := unquote(t[:end], l.n)
		return k, trimComment(after[1:]), true, err
	case '?':
		if len(t) == 1 || t[1] == ' ' || t[1] == '\t' {
			return "", "", false, &Error{l.n, "a complex key (? ): complex keys are not read"}
		}
	case '-':
		if isItem(t) {
			return "", "", false, nil
		}
	case '[', '{', '&', '*', '!', '|', '>', '%', '@', '`', '#', ',', ']', '}':
		return "", "", false, nil
	}
	for i := 0; i < len(t); i++ {
		if t[i] == '#' && i > 0 && (t[i-1] == ' ' || t[i-1] == '\t') {
			break // a comment: no key before it
		}
		if t[i] == ':' && (i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\t') {
			return strings.TrimRight(t[:i], " \t"), trimComment(t[i+1:]), true, nil
		}
	}
	return "", "", false, nil
}

// trimComment returns the text of a value after its key, without the
// blanks around it or a comment: "" if it is only a comment. A quoted
// value keeps its # signs, its end found later.
func trimComment(s string) string {
	s = strings.TrimLeft(s, " \t")
	if strings.HasPrefix(s, "#") {
		return ""
	}
	return strings.TrimRight(s, " \t")
}

// value returns the node that starts with text, on the line l (or the
// rest of it), continued on the lines below indented more than parent.
func (p *parser) value(l *line, text string, parent int) (*Node, error) {
	switch text[0] {
	case '|', '>':
		return p.blockScalar(l, text, parent)
	case '"', '\'':
		return p.quoted(l, text, parent)
	case '[', '{':
		if (strings.HasPrefix(text, "[]") || strings.HasPrefix(text, "{}")) && trimComment(text[2:]) == "" {
			if text[0] == '[' {
				return &Node{Kind: Sequence, Line: l.n}, nil
			}
			return &Node{Kind: Mapping, Line: l.n}, nil
		}
		return nil, &Error{l.n, "a flow collection (" + text + "): only [] and {} are read"}
	case '&':
		return nil, &Error{l.n, "an anchor (" + firstWord(text) + "): anchors and aliases are not read"}
	case '*':
		return nil, &Error{l.n, "an alias (" + firstWord(text) + "): anchors and aliases are not read"}
	case '!':
		return nil, &Error{l.n, "a tag (" + firstWord(text) + "): tags are not read"}
	case '%', '@', '`', ',', ']', '}', '#':
		return nil, &Error{l.n, fmt.Sprintf("a scalar that starts with %q: quote it", text[0])}
	case '?':
		if len(text) == 1 || text[1] == ' ' {
			return nil, &Error{l.n, "a complex key (? ): complex keys are not read"}
		}
	case '-':
		if isItem(text) {
			return nil, &Error{l.n, "a sequence on the line of its key: write its items on the lines below"}
		}
	}
	return p.plain(l, text, parent)
}

// firstWord returns text up to its first blank.
func firstWord(text string) string {
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		return text[:i]
	}
	return text
}

// plain returns the plain scalar that starts with text, folded over the
// lines below indented more than parent: null if it is one line of ~,
// null, Null or NULL.
func (p *parser) plain(l *line, text string, parent int) (*Node, error) {
	first, err := plainLine(text, l.n)
	if err != nil {
		return nil, err
	}
	parts := []string{first}
	blanks := 0
	for j := p.i; j < len(p.lines); j++ {
		c := p.lines[j]
		t := strings.TrimSpace(c.text)
		if t == "" {
			blanks++
			continue
		}
		if c.indent <= parent || strings.HasPrefix(t, "#") || isMarker(c.raw, "---") || isMarker(c.raw, "...") {
			break
		}
		if strings.HasPrefix(c.text, "\t") {
			return nil, &Error{c.n, "a tab in the indentation: indent with spaces"}
		}
		s, err := plainLine(t, c.n)
		if err != nil {
			return nil, err
		}
		parts = append(parts, strings.Repeat("\n", blanks)+s)
		blanks = 0
		p.i = j + 1
	}
	if len(parts) == 1 && (first == "~" || first == "null" || first == "Null" || first == "NULL") {
		return &Node{Kind: Null, Line: l.n}, nil
	}
	return &Node{Kind: Scalar, Line: l.n, Text: fold(parts)}, nil
}

// fold joins the lines of a folded scalar: a line break is a space,
// unless blank lines, each a newline, stood there (they start the line).
func fold(parts []string) string {
	var b strings.Builder
	for i, s := range parts {
		if i > 0 && !strings.HasPrefix(s, "\n") {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}

// plainLine returns a line of a plain scalar without its comment, or a
// *Error if a key or a value would hide in it.
func plainLine(text string, n int) (string, error) {
	if i := strings.Index(text, " #"); i >= 0 {
		text = text[:i]
	}
	if i := strings.Index(text, "\t#"); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimRight(text, " \t")
	if strings.Contains(text, ": ") || strings.Contains(text, ":\t") || strings.HasSuffix(text, ":") {
		return "", &Error{n, fmt.Sprintf("a plain scalar with a colon and a blank (%s): quote it", text)}
	}
	return text, nil
}

// quotedEnd returns the index just past the closing quote of the quoted
// scalar that starts text, or -1 if it does not close on this line.
func quotedEnd(text string) int {
	q := text[0]
	for i := 1; i < len(text); i++ {
		switch {
		case q == '"' && text[i] == '\\':
			i++
		case text[i] == q && q == '\'' && i+1 < len(text) && text[i+1] == '\'':
			i++
		case text[i] == q:
			return i + 1
		}
	}
	return -1
}

// quoted returns the quoted scalar that starts with text, on one line or
// over the lines below indented more than parent.
func (p *parser) quoted(l *line, text string, parent int) (*Node, error) {
	lines := []string{text}
	for end := quotedEnd(text); end < 0; end = quotedEnd(strings.Join(lines, "\n")) {
		if p.i >= len(p.lines) {
			return nil, &Error{l.n, "a quoted scalar that does not end"}
		}
		c := p.lines[p.i]
		if strings.TrimSpace(c.raw) != "" && (c.indent <= parent || isMarker(c.raw, "---") || isMarker(c.raw, "...")) {
			return nil, &Error{c.n, "a line of a quoted scalar indented no more than its key: the scalar does not end"}
		}
		lines = append(lines, c.raw)
		p.i++
	}
	all := strings.Join(lines, "\n")
	end := quotedEnd(all)
	if after := strings.TrimSpace(all[end:]); after != "" && !strings.HasPrefix(after, "#") {
		return nil, &Error{p.lines[max(p.i-1, 0)].n, "text after a quoted scalar (" + after + ")"}
	}
	s, err := unquote(all[:end], l.n)
	if err != nil {
		return nil, err
	}
	return &Node{Kind: Scalar, Line: l.n, Text: s}, nil
}

// unquote returns the text of a quoted scalar, its quotes included,
// folded where it goes on over several lines: the blanks around each
// line break dropped, the break a space, or a newline for each blank
// line; in a double-quoted one, a \ at the end of a line joins it to the
// next.
func unquote(q string, n int) (string, error) {
	single := q[0] == '\''
	lines := strings.Split(q[1:len(q)-1], "\n")
	var b strings.Builder
	breaks, joined := 0, false
	for i, line := range lines {
		if i > 0 {
			line = strings.TrimLeft(line, " \t")
		}
		last := i == len(lines)-1
		if i > 0 && !last && line == "" {
			breaks++ // a blank line within
			continue
		}
		if i > 0 && !joined {
			if breaks == 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strings.Repeat("\n", breaks))
		}
		joined = false
		if !last {
			if !single && trailingBackslashes(line)%2 == 1 {
				line, joined = line[:len(line)-1], true
			} else {
				line = strings.TrimRight(line, " \t")
			}
		}
		s, err := unescape(line, single, n+i)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
		breaks = 0
	}
	return b.String(), nil
}

// trailingBackslashes returns how many \ end line.
func trailingBackslashes(line string) int {
	n := 0
	for n < len(line) && line[len(line)-1-n] == '\\' {
		n++
	}
	return n
}

// unescape returns a line of a quoted scalar as text: in a single-quoted
// one, two single quotes are one; a double-quoted one has YAML's escapes.
func unescape(s string, single bool, n int) (string, error) {
	if single {
		return strings.ReplaceAll(s, "''", "'"), nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++
		if i == len(s) {
			return "", &Error{n, "a \\ that escapes nothing"}
		}
		if r, ok := escapes[s[i]]; ok {
			b.WriteString(r)
			continue
		}
		size := map[byte]int{'x': 2, 'u': 4, 'U': 8}[s[i]]
		if size == 0 || i+size >= len(s) {
			return "", &Error{n, fmt.Sprintf("an escape that is not YAML's (\\%s)", s[i:min(i+1+size, len(s))])}
		}
		code, err := strconv.ParseUint(s[i+1:i+1+size], 16, 32)
		if err != nil || !utf8.ValidRune(rune(code)) {
			return "", &Error{n, fmt.Sprintf("an escape that is not YAML's (\\%s)", s[i:i+1+size])}
		}
		b.WriteRune(rune(code))
		i += size
	}
	return b.String(), nil
}

// escapes are the escapes of a double-quoted scalar of one character
// after the \.
var escapes = map[byte]string{
	'0': "\x00", 'a': "\a", 'b': "\b", 't': "\t", '\t': "\t", 'n': "\n", 'v': "\v", 'f': "\f", 'r': "\r", 'e': "\x1b",
	' ': " ", '"': `"`, '/': "/", '\\': `\`, 'N': "\u0085", '_': "\u00a0", 'L': "\u2028", 'P': "\u2029",
}

// blockScalar returns the literal (|) or folded (>) block scalar whose
// header is text, its lines those below indented more than parent.
func (p *parser) blockScalar(l *line, text string, parent int) (*Node, error) {
	header := firstWord(text)
	if rest := strings.TrimSpace(text[len(header):]); rest != "" && !strings.HasPrefix(rest, "#") {
		return nil, &Error{l.n, "text after a block scalar's header (" + rest + ")"}
	}
	chomp, step := byte(0), 0
	for _, c := range []byte(header[1:]) {
		switch {
		case (c == '-' || c == '+') && chomp == 0:
			chomp = c
		case c >= '1' && c <= '9' && step == 0:
			step = int(c - '0')
		default:
			return nil, &Error{l.n, "a block scalar's header that is not YAML's (" + header + ")"}
		}
	}
	ind := -1 // the indentation of its lines
	if step > 0 {
		ind = max(parent, 0) + step
	}
	var lines []string
	for ; p.i < len(p.lines); p.i++ {
		c := p.lines[p.i]
		if strings.TrimLeft(c.raw, " ") == "" {
			lines = append(lines, "")
			continue
		}
		if ind < 0 {
			ind = c.indent
			if ind <= parent {
				break
			}
		}
		if c.indent < ind {
			if c.indent > parent {
				return nil, &Error{c.n, "a line of a block scalar indented less than its first"}
			}
			break
		}
		lines = append(lines, c.raw[ind:])
	}
	// The blank lines at its end belong to it as chomping says.
	trailing := 0
	for trailing < len(lines) && lines[len(lines)-1-trailing] == "" {
		trailing++
	}
	body := lines[:len(lines)-trailing]
	var s string
	if header[0] == '|' {
		s = strings.Join(body, "\n")
	} else {
		s = foldBlock(body)
	}
	switch {
	case len(body) == 0:
		s = ""
		if chomp == '+' {
			s = strings.Repeat("\n", trailing)
		}
	case chomp == '-':
	case chomp == '+':
		s += "\n" + strings.Repeat("\n", trailing)
	default:
		s += "\n"
	}
	return &Node{Kind: Scalar, Line: l.n, Text: s}, nil
}

// foldBlock joins the lines of a folded block scalar: a line break
// between two lines of text is a space, each blank line a newline, and
// the lines more indented keep their breaks.
func foldBlock(lines []string) string {
	var b strings.Builder
	for i, line := range lines {
		if i > 0 {
			prev := lines[i-1]
			switch {
			case line == "":
				b.WriteByte('\n')
				continue
			case prev == "" || strings.HasPrefix(line, " ") || strings.HasPrefix(prev, " ") || strings.HasPrefix(line, "\t") || strings.HasPrefix(prev, "\t"):
				if prev != "" {
					b.WriteByte('\n')
				}
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteString(line)
	}
	return b.String()
}
