package othello_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// Arguments a careless caller might pass.
var (
	badSizes   = []int{math.MinInt, -4, -1, 0, 2, 3, 5, 15, 17, 18, 1 << 40, math.MaxInt}
	badSquares = []othello.Square{
		{Row: -1, Col: 0}, {Row: 0, Col: -1}, {Row: 4, Col: 0}, {Row: 0, Col: 4}, {Row: 16, Col: 16},
		{Row: math.MinInt, Col: math.MinInt}, {Row: math.MaxInt, Col: math.MaxInt}, {Row: math.MaxInt, Col: -1},
	}
	anyColors = []othello.Color{othello.Empty, othello.Black, othello.White, 3, 200, 255}
	anyWins   = []othello.WinRule{0, othello.MostDiscs, othello.FewestDiscs, 3, 255}
)

// badBoards returns boards no caller should pass: nil, the zero Board,
// full, empty, and a board with no move for anybody.
func badBoards() []*othello.Board {
	full, _ := othello.ParseBoard(strings.Repeat("B W B W\n", 4))
	empty, _ := othello.NewBoard(4, 4)
	stuck, _ := othello.ParseBoard("B . . .\n. . . .\n. . . .\n. . . B\n")
	return []*othello.Board{nil, {}, full, empty, stuck}
}

// value returns *b, or the zero Board for nil.
func value(b *othello.Board) othello.Board {
	if b == nil {
		return othello.Board{}
	}
	return *b
}

// badRules returns nil, the two rule sets, and rules that break the
// contract of Rules: every square, on the board or not, empty or not, is a
// move that flips every square.
func badRules() []othello.Rules {
	return []othello.Rules{nil, othello.Full{}, othello.Simple{}, wildRules{}}
}

type wildRules struct{}

func (wildRules) Name() string { return "" }

func (wildRules) Moves(b *othello.Board, player othello.Color) othello.SquareSet {
	return allSquares()
}

func (wildRules) Flips(b *othello.Board, s othello.Square, player othello.Color) othello.SquareSet {
	return allSquares()
}

// allSquares returns the set of every square of a 16x16 board.
func allSquares() othello.SquareSet {
	var all othello.SquareSet
	for r := range othello.MaxSize {
		for c := range othello.MaxSize {
			all.Add(othello.Square{Row: r, Col: c})
		}
	}
	return all
}

// badGames returns games to call methods on: nil, the zero Game, games
// over before they start, and games of each rule set.
func badGames() []*othello.Game {
	games := []*othello.Game{nil, {}}
	for _, r := range badRules() {
		for _, b := range badBoards() {
			if g, err := (othello.Setup{Rules: r, Board: value(b), First: othello.Black, Win: othello.MostDiscs}).NewGame(); err == nil {
				games = append(games, g)
			}
		}
		if b, err := othello.NewStartBoard(4, 6); err == nil {
			if g, err := (othello.Setup{Rules: r, Board: *b, First: othello.White, Win: othello.FewestDiscs}).NewGame(); err == nil {
				games = append(games, g)
			}
		}
	}
	return games
}

// badPositions returns positions to call methods on: nil, the zero
// Position, and those of badGames.
func badPositions() []*othello.Position {
	positions := []*othello.Position{nil, {}}
	for _, g := range badGames() {
		positions = append(positions, g.Position())
	}
	return positions
}

// wantErr fails t unless err is nil and ok, or wraps want.
func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got error %v, want %v", what, err, want)
	}
}

// apiCalls calls each exported function and method of the package, by
// name, with bad arguments and receivers, and checks that what comes back
// is a typed error or a harmless value.
var apiCalls = map[string]func(t *testing.T){
	"CheckSize": func(t *testing.T) {
		for _, n := range badSizes {
			wantErr(t, "CheckSize", othello.CheckSize(n), othello.ErrSize)
		}
	},
	"ParseSize": func(t *testing.T) {
		for _, s := range []string{"", "8", "x", "8x", "x8", "8x9", "2x8", "8x18", "-4x4", "8 x 8", "8x8x8", "4X4 "} {
			rows, cols, err := othello.ParseSize(s)
			wantErr(t, "ParseSize("+s+")", err, othello.ErrSize)
			if rows != 0 || cols != 0 {
				t.Errorf("ParseSize(%q): got %dx%d, want 0x0", s, rows, cols)
			}
		}
		for _, tt := range []struct {
			s          string
			rows, cols int
		}{{"8x8", 8, 8}, {"6X10", 6, 10}, {"16x4", 16, 4}} {
			rows, cols, err := othello.ParseSize(tt.s)
			if rows != tt.rows || cols != tt.cols || err != nil {
				t.Errorf("ParseSize(%q): got %dx%d, %v, want %dx%d, nil", tt.s, rows, cols, err, tt.rows, tt.cols)
			}
		}
	},
	"NewBoard": func(t *testing.T) {
		for _, n := range badSizes {
			for _, m := range append(badSizes, 4) {
				b, err := othello.NewBoard(n, m)
				wantErr(t, "NewBoard", err, othello.ErrSize)
				if b != nil {
					t.Errorf("NewBoard(%d, %d): got a board, want nil", n, m)
				}
			}
		}
	},
	"NewStartBoard": func(t *testing.T) {
		for _, n := range badSizes {
			_, err := othello.NewStartBoard(4, n)
			wantErr(t, "NewStartBoard", err, othello.ErrSize)
		}
	},
	"ParseBoard": func(t *testing.T) {
		for text, want := range map[string]error{
			"":         othello.ErrSize,
			"\n\n\n\n": othello.ErrSize,
			"B":        othello.ErrSize,
			strings.Repeat(". . . .\n", 3) + ". . .\n":      othello.ErrShape,
			strings.Repeat(". . . .\n", 3) + ". . x .\n":    othello.ErrCell,
			strings.Repeat(". . . .\n", 3) + ". . \x00 .\n": othello.ErrCell,
			strings.Repeat(". ", 1000) + "\n":               othello.ErrSize,
			strings.Repeat(". . . .\n", 1000):               othello.ErrSize,
		} {
			b, err := othello.ParseBoard(text)
			wantErr(t, "ParseBoard", err, want)
			if b != nil {
				t.Errorf("ParseBoard(%.20q): got a board, want nil", text)
			}
		}
	},
	"Board.Rows":   func(t *testing.T) { callBoards(func(b *othello.Board) { b.Rows() }) },
	"Board.Cols":   func(t *testing.T) { callBoards(func(b *othello.Board) { b.Cols() }) },
	"Board.Clone":  func(t *testing.T) { callBoards(func(b *othello.Board) { b.Clone() }) },
	"Board.String": func(t *testing.T) { callBoards(func(b *othello.Board) { _ = b.String() }) },
	"Board.Count": func(t *testing.T) {
		callBoards(func(b *othello.Board) { callColors(func(c othello.Color) { b.Count(c) }) })
	},
	"Board.Equal": func(t *testing.T) {
		callBoards(func(b *othello.Board) { callBoards(func(o *othello.Board) { b.Equal(o) }) })
	},
	"Board.Contains": func(t *testing.T) {
		callBoards(func(b *othello.Board) { callSquares(func(s othello.Square) { b.Contains(s) }) })
	},
	"Board.At": func(t *testing.T) {
		callBoards(func(b *othello.Board) {
			for _, s := range badSquares {
				c, err := b.At(s)
				wantErr(t, "At", err, othello.ErrOffBoard)
				if c != othello.Empty {
					t.Errorf("At(%v): got %v, want Empty", s, c)
				}
			}
		})
	},
	"Board.Set": func(t *testing.T) {
		callBoards(func(b *othello.Board) {
			for _, s := range badSquares {
				wantErr(t, "Set", b.Set(s, othello.Black), othello.ErrOffBoard)
			}
			if b.Contains(othello.Square{}) {
				wantErr(t, "Set", b.Set(othello.Square{}, 3), othello.ErrColor)
			}
		})
	},
	"Color.String":   func(t *testing.T) { callColors(func(c othello.Color) { _ = c.String() }) },
	"Color.Opponent": func(t *testing.T) { callColors(func(c othello.Color) { c.Opponent() }) },
	"ParseColor": func(t *testing.T) {
		for _, s := range []string{"", ".", "b", "BB", "\x00", "\xff"} {
			_, err := othello.ParseColor(s)
			wantErr(t, "ParseColor", err, othello.ErrColor)
		}
	},
	"ParseCell": func(t *testing.T) {
		for _, s := range []string{"", "x", ". ", "\xff"} {
			_, err := othello.ParseCell(s)
			wantErr(t, "ParseCell", err, othello.ErrCell)
		}
	},
	"ParseWinRule": func(t *testing.T) {
		for _, s := range []string{"", "=", ">>", "\xff"} {
			_, err := othello.ParseWinRule(s)
			wantErr(t, "ParseWinRule", err, othello.ErrWinRule)
		}
	},
	"ParseRules": func(t *testing.T) {
		for _, s := range []string{"", "ful", "\xff"} {
			r, err := othello.ParseRules(s)
			wantErr(t, "ParseRules", err, othello.ErrRules)
			if r != nil {
				t.Errorf("ParseRules(%q): got %v, want nil", s, r)
			}
		}
	},
	"Square.String": func(t *testing.T) { callSquares(func(s othello.Square) { _ = s.String() }) },
	"ParseSquare": func(t *testing.T) {
		for _, s := range []string{"", "d", "3", "3d", "d-3", "d+3", "d 3", "dd3", "{3", "@3", "\xff3", "d3\x00"} {
			_, err := othello.ParseSquare(s)
			wantErr(t, "ParseSquare", err, othello.ErrSquare)
		}
	},
	"Move.String": func(t *testing.T) {
		_ = othello.Move{}.String()
		_ = othello.Move{Square: badSquares[0], Flips: allSquares()}.String()
	},
	"WinRule.String": func(t *testing.T) {
		for _, w := range anyWins {
			_ = w.String()
		}
	},
	"WinRule.Winner": func(t *testing.T) {
		for _, w := range anyWins {
			for _, n := range badSizes {
				w.Winner(n, -n)
			}
		}
	},
	"Full.Name":    func(t *testing.T) { _ = othello.Full{}.Name() },
	"Simple.Name":  func(t *testing.T) { _ = othello.Simple{}.Name() },
	"Full.Flips":   func(t *testing.T) { callFlips(t, othello.Full{}) },
	"Simple.Flips": func(t *testing.T) { callFlips(t, othello.Simple{}) },
	"Full.Moves":   func(t *testing.T) { callMoves(t, othello.Full{}) },
	"Simple.Moves": func(t *testing.T) { callMoves(t, othello.Simple{}) },
	"SquareSet.Has": func(t *testing.T) {
		callSets(func(s othello.SquareSet) { callSquares(func(sq othello.Square) { s.Has(sq) }) })
	},
	"SquareSet.Add": func(t *testing.T) {
		callSets(func(s othello.SquareSet) { callSquares(func(sq othello.Square) { s.Add(sq) }) })
	},
	"SquareSet.Remove": func(t *testing.T) {
		callSets(func(s othello.SquareSet) { callSquares(func(sq othello.Square) { s.Remove(sq) }) })
	},
	"SquareSet.Len":     func(t *testing.T) { callSets(func(s othello.SquareSet) { s.Len() }) },
	"SquareSet.IsEmpty": func(t *testing.T) { callSets(func(s othello.SquareSet) { s.IsEmpty() }) },
	"SquareSet.Squares": func(t *testing.T) { callSets(func(s othello.SquareSet) { s.Squares() }) },
	"SquareSet.Intersect": func(t *testing.T) {
		callSets(func(s othello.SquareSet) { callSets(func(u othello.SquareSet) { s.Intersect(u) }) })
	},
	"SquareSet.Union": func(t *testing.T) {
		callSets(func(s othello.SquareSet) { callSets(func(u othello.SquareSet) { s.Union(u) }) })
	},
	"SquareSet.Difference": func(t *testing.T) {
		callSets(func(s othello.SquareSet) { callSets(func(u othello.SquareSet) { s.Difference(u) }) })
	},
	"SquareSet.Pop": func(t *testing.T) {
		callSets(func(s othello.SquareSet) {
			for n := s.Len(); n > 0; n-- {
				if _, ok := s.Pop(); !ok {
					t.Fatalf("SquareSet.Pop: got false with %d squares left, want true", n)
				}
			}
			if sq, ok := s.Pop(); ok {
				t.Errorf("SquareSet.Pop of an empty set: got %v, true; want false", sq)
			}
		})
	},
	"SquareSet.String": func(t *testing.T) { callSets(func(s othello.SquareSet) { _ = s.String() }) },
	"MoveError.Error": func(t *testing.T) {
		for _, e := range []*othello.MoveError{nil, {}, {Player: 9, Square: badSquares[5], Pass: true}} {
			_ = e.Error()
		}
	},
	"MoveError.Unwrap": func(t *testing.T) {
		for _, e := range []*othello.MoveError{nil, {}} {
			if e.Unwrap() != nil {
				t.Errorf("%#v.Unwrap(): got %v, want nil", e, e.Unwrap())
			}
		}
	},
	"ValueError.Error": func(t *testing.T) {
		for _, e := range []*othello.ValueError{nil, {}, {Func: "\x00", Value: "\xff"}} {
			_ = e.Error()
		}
	},
	"ValueError.Unwrap": func(t *testing.T) {
		for _, e := range []*othello.ValueError{nil, {}} {
			if e.Unwrap() != nil {
				t.Errorf("%#v.Unwrap(): got %v, want nil", e, e.Unwrap())
			}
		}
	},
	"NewPosition": func(t *testing.T) {
		for _, r := range badRules() {
			for _, b := range badBoards() {
				for _, c := range anyColors {
					p, err := othello.NewPosition(r, b, c)
					if (err == nil) != (p != nil) {
						t.Errorf("NewPosition: got %v and error %v, want one of them", p, err)
					}
					var ve *othello.ValueError
					if err != nil && !errors.As(err, &ve) {
						t.Errorf("NewPosition: got error %v, want a *ValueError", err)
					}
				}
			}
		}
	},
	"Position.Perft": func(t *testing.T) {
		callPositions(func(p *othello.Position) {
			for _, depth := range []int{math.MinInt, -1, 0, 1, 3} {
				p.Perft(depth)
			}
		})
	},
	"Position.Bits8": func(t *testing.T) {
		callPositions(func(p *othello.Position) {
			if m, o, ok := p.Bits8(); ok || m != 0 || o != 0 {
				t.Errorf("Position.Bits8: got %#x, %#x, %v, want 0, 0, false", m, o, ok)
			}
		})
	},
	"Moves8": func(t *testing.T) { othello.Moves8(^uint64(0), ^uint64(0)) },
	"Flips8": func(t *testing.T) {
		for _, i := range []int{-1, 64, 1 << 40} {
			othello.Flips8(0x8100000000000081, 0x7e00000000007e, i)
		}
	},
	"Position.Legal": func(t *testing.T) { callPositions(func(p *othello.Position) { p.Legal() }) },
	"Position.LegalFor": func(t *testing.T) {
		callPositions(func(p *othello.Position) {
			callColors(func(c othello.Color) {
				if m := p.LegalFor(c); !m.IsEmpty() && c != othello.Black && c != othello.White {
					t.Errorf("Position.LegalFor(%v): got %v, want none", c, m)
				}
			})
		})
	},
	"Position.Discs": func(t *testing.T) {
		callPositions(func(p *othello.Position) { callColors(func(c othello.Color) { p.Discs(c) }) })
	},
	"Position.Rules":   func(t *testing.T) { callPositions(func(p *othello.Position) { p.Rules() }) },
	"Position.Turn":    func(t *testing.T) { callPositions(func(p *othello.Position) { p.Turn() }) },
	"Position.Board":   func(t *testing.T) { callPositions(func(p *othello.Position) { p.Board() }) },
	"Position.Moves":   func(t *testing.T) { callPositions(func(p *othello.Position) { p.Moves() }) },
	"Position.Empties": func(t *testing.T) { callPositions(func(p *othello.Position) { p.Empties() }) },
	"Position.Score":   func(t *testing.T) { callPositions(func(p *othello.Position) { p.Score() }) },
	"Position.Over":    func(t *testing.T) { callPositions(func(p *othello.Position) { p.Over() }) },
	"Position.Clone":   func(t *testing.T) { callPositions(func(p *othello.Position) { p.Clone() }) },
	"Position.Play": func(t *testing.T) {
		callPositions(func(p *othello.Position) {
			for _, s := range badSquares {
				_, err := p.Play(s)
				checkMoveError(t, "Position.Play", err)
			}
			for range 300 {
				if p.Legal().IsEmpty() {
					_, err := p.Play(othello.Square{})
					checkMoveError(t, "Position.Play with no move", err)
					break
				}
				_, err := p.Play(p.Moves()[0].Square)
				if _, wild := p.Rules().(wildRules); err != nil && !wild {
					t.Fatalf("Position.Play of a legal move: %v", err)
				}
				checkMoveError(t, "Position.Play", err)
			}
		})
	},
	"Position.Pass": func(t *testing.T) {
		callPositions(func(p *othello.Position) {
			for range 3 {
				if err := p.Pass(); err != nil {
					checkMoveError(t, "Position.Pass", err)
				}
			}
		})
	},
	"StandardSetup": func(t *testing.T) {
		for _, r := range badRules() {
			for _, n := range badSizes {
				s, err := othello.StandardSetup(r, n, 8)
				wantErr(t, "StandardSetup", err, othello.ErrSize)
				if s != (othello.Setup{}) {
					t.Errorf("StandardSetup(%d, 8): got %+v with the error, want the zero Setup", n, s)
				}
			}
		}
	},
	"Setup.NewGame": func(t *testing.T) {
		for _, r := range badRules() {
			for _, b := range badBoards() {
				for _, c := range anyColors {
					for _, w := range anyWins {
						g, err := (othello.Setup{Rules: r, Board: value(b), First: c, Win: w}).NewGame()
						if (err == nil) != (g != nil) {
							t.Errorf("NewGame: got %v and error %v, want one of them", g, err)
						}
					}
				}
			}
		}
	},
	"Game.Legal":    func(t *testing.T) { callGames(func(g *othello.Game) { g.Legal() }) },
	"Game.Rules":    func(t *testing.T) { callGames(func(g *othello.Game) { g.Rules() }) },
	"Game.WinRule":  func(t *testing.T) { callGames(func(g *othello.Game) { g.WinRule() }) },
	"Game.Position": func(t *testing.T) { callGames(func(g *othello.Game) { g.Position() }) },
	"Game.Board":    func(t *testing.T) { callGames(func(g *othello.Game) { g.Board() }) },
	"Game.Turn":     func(t *testing.T) { callGames(func(g *othello.Game) { g.Turn() }) },
	"Game.Moves":    func(t *testing.T) { callGames(func(g *othello.Game) { g.Moves() }) },
	"Game.Over":     func(t *testing.T) { callGames(func(g *othello.Game) { g.Over() }) },
	"Game.Score":    func(t *testing.T) { callGames(func(g *othello.Game) { g.Score() }) },
	"Game.Winner":   func(t *testing.T) { callGames(func(g *othello.Game) { g.Winner() }) },
	"Game.Setup":    func(t *testing.T) { callGames(func(g *othello.Game) { g.Setup() }) },
	"Game.Passed":   func(t *testing.T) { callGames(func(g *othello.Game) { g.Passed() }) },
	"Game.Ply":      func(t *testing.T) { callGames(func(g *othello.Game) { g.Ply() }) },
	"Game.Played":   func(t *testing.T) { callGames(func(g *othello.Game) { g.Played() }) },
	"Game.Undo": func(t *testing.T) {
		callGames(func(g *othello.Game) {
			for g.Undo() {
			}
			if g.Ply() != 0 {
				t.Errorf("Game.Undo: got ply %d after undoing everything, want 0", g.Ply())
			}
		})
	},
	"Game.Play": func(t *testing.T) {
		callGames(func(g *othello.Game) {
			for _, s := range badSquares {
				_, err := g.Play(s)
				checkMoveError(t, "Game.Play", err)
			}
			if _, wild := g.Rules().(wildRules); wild {
				return // its games never end
			}
			for !g.Over() {
				if _, err := g.Play(g.Moves()[0].Square); err != nil {
					t.Fatalf("Game.Play of a legal move: %v", err)
				}
			}
			for _, s := range append(badSquares, othello.Square{}) {
				_, err := g.Play(s)
				wantErr(t, "Game.Play after the end", err, othello.ErrGameOver)
			}
		})
	},
}

func callBoards(f func(*othello.Board)) {
	for _, b := range badBoards() {
		f(b)
	}
}

func callColors(f func(othello.Color)) {
	for _, c := range anyColors {
		f(c)
	}
}

func callSquares(f func(othello.Square)) {
	for _, s := range badSquares {
		f(s)
	}
}

func callPositions(f func(*othello.Position)) {
	for _, p := range badPositions() {
		f(p)
	}
}

func callGames(f func(*othello.Game)) {
	for _, g := range badGames() {
		f(g)
	}
}

// callFlips calls r.Flips on bad boards, squares and colours: each must
// flip nothing.
func callFlips(t *testing.T, r othello.Rules) {
	callBoards(func(b *othello.Board) {
		for _, s := range append(badSquares, othello.Square{Row: 1, Col: 1}) {
			callColors(func(c othello.Color) {
				if f := r.Flips(b, s, c); !f.IsEmpty() && (c == othello.Empty || c > othello.White || !b.Contains(s)) {
					t.Errorf("%s.Flips(%v, %v): got %v, want none", r.Name(), s, c, f)
				}
			})
		}
	})
}

// callMoves calls r.Moves on bad boards and colours: a colour that is not
// a player's must have no move.
func callMoves(t *testing.T, r othello.Rules) {
	callBoards(func(b *othello.Board) {
		callColors(func(c othello.Color) {
			if m := r.Moves(b, c); !m.IsEmpty() && (c == othello.Empty || c > othello.White) {
				t.Errorf("%s.Moves(%v): got %v, want none", r.Name(), c, m)
			}
		})
	})
}

// callSets calls f with sets that are empty, full and in between.
func callSets(f func(othello.SquareSet)) {
	var corners othello.SquareSet
	corners.Add(othello.Square{Row: 0, Col: 0})
	corners.Add(othello.Square{Row: 15, Col: 15})
	for _, s := range []othello.SquareSet{{}, allSquares(), corners} {
		f(s)
	}
}

// checkMoveError fails t unless err is nil or a *MoveError.
func checkMoveError(t *testing.T, what string, err error) {
	t.Helper()
	var me *othello.MoveError
	if err != nil && !errors.As(err, &me) {
		t.Errorf("%s: got error %v, want a *MoveError", what, err)
	}
}

// TestAPINeverPanics calls every exported function and method of the
// package with bad arguments and receivers: none may panic. It reads the
// package's source, so that a new exported function without a call here
// fails the test.
func TestAPINeverPanics(t *testing.T) {
	exported := exportedFuncs(t)
	for _, name := range exported {
		if apiCalls[name] == nil {
			t.Errorf("%s is exported but apiCalls does not call it", name)
		}
	}
	for name, call := range apiCalls {
		if !slices.Contains(exported, name) {
			t.Errorf("apiCalls calls %s, which is not an exported function", name)
		}
		t.Run(name, func(t *testing.T) {
			defer func() {
				if v := recover(); v != nil {
					t.Errorf("got panic %v, want none", v)
				}
			}()
			call(t)
		})
	}
}

// exportedFuncs returns the exported functions of the package, and its
// exported methods of exported types as Type.Method.
func exportedFuncs(t *testing.T) []string {
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	var names []string
	for _, file := range files {
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			if fn.Recv == nil {
				names = append(names, fn.Name.Name)
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.IsExported() {
				names = append(names, id.Name+"."+fn.Name.Name)
			}
		}
	}
	if len(names) == 0 {
		t.Fatal("found no exported function")
	}
	return names
}
