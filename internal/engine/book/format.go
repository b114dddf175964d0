package book

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A book as text is a line for each position, sorted, such as
//
//	f5d6c3d3c4 21406 +0.8
//
// the moves from the standard start that reach it (a move list, lower
// case, no passes: a player who cannot move passes), the number of games
// that reached it, and their mean final margin for the player to move in
// it, in discs with one decimal and a sign. Lines that start with "#" are
// the book's Comment. Text, not a binary form: it is diffable and read by
// people and other programs as it is, and git compresses it (the
// standard book's 274 KB to 55 KB gzipped); reading it replays every
// line, about 30 ms for the standard book (BenchmarkParse), once, when
// it is first asked for.

// Parse reads a book written by Format. A line that is not in the format
// is a *ParseError wrapping ErrSyntax, one whose moves are not legal one
// wrapping ErrIllegal, and a position given twice (through symmetry too)
// one wrapping ErrTwice.
func Parse(text string) (*Book, error) {
	b := &Book{positions: make(map[key]entry)}
	for n, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if text == "" {
			break
		}
		fail := func(err error, format string, args ...any) error {
			return &ParseError{Line: n + 1, Msg: fmt.Sprintf(format, args...), Err: err}
		}
		if c, ok := strings.CutPrefix(line, "#"); ok {
			b.Comment = append(b.Comment, strings.TrimPrefix(c, " "))
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			return nil, fail(ErrSyntax, "%q: want moves, games and score", line)
		}
		games, err := strconv.Atoi(fields[1])
		if err != nil || games < 1 {
			return nil, fail(ErrSyntax, "games %q: want a whole number from 1", fields[1])
		}
		tenths, ok := parseTenths(fields[2])
		if !ok {
			return nil, fail(ErrSyntax, "score %q: want a sign and discs with one decimal, such as +1.5", fields[2])
		}
		k, err := replay(fields[0])
		if err != nil {
			return nil, fail(err, "%q: %v", fields[0], err)
		}
		if old, ok := b.positions[k]; ok {
			return nil, fail(ErrTwice, "%s reaches the position of %s", fields[0], old.line)
		}
		b.positions[k] = entry{line: fields[0], games: games, tenths: tenths}
	}
	return b, nil
}

// Format returns b as text, as Parse reads it: its Comment, then its
// positions sorted by their lines.
func (b *Book) Format() string {
	var sb strings.Builder
	for _, c := range b.Comment {
		sb.WriteString(strings.TrimRight("# "+c, " ") + "\n")
	}
	entries := make([]entry, 0, len(b.positions))
	for _, e := range b.positions {
		entries = append(entries, e)
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.line, b.line) })
	for _, e := range entries {
		fmt.Fprintf(&sb, "%s %d %s\n", e.line, e.games, formatTenths(e.tenths))
	}
	return sb.String()
}

// formatTenths writes tenths of a disc as discs with one decimal and a
// sign: "+1.5", "-0.3", "+0.0".
func formatTenths(t int) string {
	sign := "+"
	if t < 0 {
		sign, t = "-", -t
	}
	return fmt.Sprintf("%s%d.%d", sign, t/10, t%10)
}

// parseTenths reads what formatTenths writes.
func parseTenths(s string) (int, bool) {
	if len(s) < 4 || (s[0] != '+' && s[0] != '-') || s[len(s)-2] != '.' {
		return 0, false
	}
	whole, err1 := strconv.Atoi(s[1 : len(s)-2])
	frac, err2 := strconv.Atoi(s[len(s)-1:])
	if err1 != nil || err2 != nil || strings.ContainsAny(s[1:len(s)-2], "+-") {
		return 0, false
	}
	t := whole*10 + frac
	if s[0] == '-' {
		t = -t
	}
	return t, true
}

// replay returns the key of the position that the move list moves, such
// as "f5d6c3", reaches from the standard start. A word that is no square
// is an error wrapping ErrSyntax, a move that is not legal one wrapping
// ErrIllegal.
func replay(moves string) (key, error) {
	mine, theirs := start()
	if moves == "" || len(moves)%2 != 0 {
		return key{}, fmt.Errorf("%w: want squares such as f5d6", ErrSyntax)
	}
	for i := 0; i < len(moves); i += 2 {
		col, row := int(moves[i])-'a', int(moves[i+1])-'1'
		if col < 0 || col > 7 || row < 0 || row > 7 {
			return key{}, fmt.Errorf("%w: %q is no square of a1 to h8", ErrSyntax, moves[i:i+2])
		}
		m, t, ok := play(mine, theirs, row*8+col)
		if !ok {
			return key{}, fmt.Errorf("%w: %s after %s", ErrIllegal, moves[i:i+2], orStart(moves[:i]))
		}
		mine, theirs, _ = next(m, t)
	}
	return keyOf(mine, theirs), nil
}

// orStart returns moves, or "the start" if there are none.
func orStart(moves string) string {
	if moves == "" {
		return "the start"
	}
	return moves
}
