package book

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/othello-judge/judge/othello"
)

// Openings are named lines of moves from the standard start, known up to
// symmetry: the common openings.
//
// As text, as openings.txt holds them, each is a line "NAME<TAB>MOVES":
// the name, then the moves from the start as a move list, such as
//
//	Tiger	f5d6c3d3c4
//
// Lines that start with "#" and blank lines are comments.
type Openings struct {
	byKey map[key]opening
	lines []Line // in the order of the text
}

// A Line is a named opening: its name and its moves from the standard
// start.
type Line struct {
	Name  string
	Moves []othello.Square
}

// An opening is a named line: its name and its number of moves.
type opening struct {
	name  string
	plies int
}

// ParseOpenings reads openings as text. A line that is not in the format
// is a *ParseError wrapping ErrSyntax, one whose moves are not legal one
// wrapping ErrIllegal, and a name or a position given twice (through
// symmetry too) one wrapping ErrTwice.
func ParseOpenings(text string) (*Openings, error) {
	o := &Openings{byKey: make(map[key]opening)}
	names := make(map[string]bool)
	for n, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fail := func(err error, format string, args ...any) error {
			return &ParseError{Line: n + 1, Msg: fmt.Sprintf(format, args...), Err: err}
		}
		name, moves, ok := strings.Cut(line, "\t")
		if !ok || name == "" || name != strings.TrimSpace(name) || strings.Contains(moves, "\t") {
			return nil, fail(ErrSyntax, "%q: want a name, a tab and moves", line)
		}
		k, err := replay(moves)
		if err != nil {
			return nil, fail(err, "%s: %v", name, err)
		}
		if names[name] {
			return nil, fail(ErrTwice, "the name %s is given twice", name)
		}
		if old, ok := o.byKey[k]; ok {
			return nil, fail(ErrTwice, "%s reaches the position of %s", name, old.name)
		}
		names[name] = true
		o.byKey[k] = opening{name: name, plies: len(moves) / 2}
		o.lines = append(o.lines, Line{Name: name, Moves: squares(moves)})
	}
	return o, nil
}

// Len returns the number of named openings.
func (o *Openings) Len() int { return len(o.byKey) }

// Lines returns the named openings in the order of their text.
func (o *Openings) Lines() []Line {
	lines := make([]Line, len(o.lines))
	for i, l := range o.lines {
		lines[i] = Line{Name: l.Name, Moves: slices.Clone(l.Moves)}
	}
	return lines
}

// squares returns the squares of moves that replay has read, such as
// "f5d6".
func squares(moves string) []othello.Square {
	var out []othello.Square
	for i := 0; i < len(moves); i += 2 {
		out = append(out, othello.Square{Row: int(moves[i+1] - '1'), Col: int(moves[i] - 'a')})
	}
	return out
}

// Name returns the name of the opening of game g: of the longest named
// line whose position g has reached, through symmetry too, and by any
// order of its moves; "" if there is none, or if g is not a game of 8x8
// Othello under the full rules from the standard start.
func (o *Openings) Name(g *othello.Game) string {
	setup := g.Setup()
	first, err := setup.NewGame()
	if err != nil {
		return ""
	}
	if _, full := setup.Rules.(othello.Full); !full {
		return ""
	}
	mine, theirs, ok := first.Position().Bits8()
	if m, t := start(); !ok || mine != m || theirs != t {
		return ""
	}
	best := opening{}
	for _, s := range g.Played() {
		m, t, ok := play(mine, theirs, index(s))
		if !ok {
			return best.name // not a game of these rules: cannot be
		}
		mine, theirs, _ = next(m, t)
		if op, ok := o.byKey[keyOf(mine, theirs)]; ok && op.plies >= best.plies {
			best = op
		}
	}
	return best.name
}

//go:embed openings.txt
var openingsText string

// standardOpenings is StandardOpenings, read once when first asked for.
var standardOpenings = sync.OnceValue(func() *Openings {
	o, err := ParseOpenings(openingsText)
	if err != nil {
		panic(err) // openings.txt is tested
	}
	return o
})

// StandardOpenings returns the openings of the repository, openings.txt:
// the standard names of the common openings.
func StandardOpenings() *Openings { return standardOpenings() }
