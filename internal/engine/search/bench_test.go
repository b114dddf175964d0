package search

import (
	"math/bits"
	"testing"

	"github.com/othello-judge/judge/othello"
)

// BenchmarkSolve solves on one thread, each from an empty table, FFO
// positions 1 to 19 (14 to 16 empty squares) and FFO #40 (20, where the
// moves are sorted also by shallow searches of the evaluation,
// evalSortFrom): nodes a second, and no allocation.
func BenchmarkSolve(b *testing.B) {
	for _, set := range []struct {
		name   string
		boards []board
	}{
		{"ffo1-19", ffoBoards(b)},
		{"ffo40", ffoBoardsOf(b, "fforum-40-59.obf", 40)[:1]},
	} {
		b.Run(set.name, func(b *testing.B) {
			s := NewSolver(16 << 20)
			s.Solve(set.boards[0].p, set.boards[0].o, false) // the solver's buffers, made once
			var nodes uint64
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for _, x := range set.boards {
					s.Table.Clear()
					nodes += s.Solve(x.p, x.o, false).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkSearch searches the FFO positions 1 to 19 eight plies deep, as
// the midgame search does, each from an empty table: with the learned
// evaluation, and with the hand-written one it replaced (the nodes a
// second before it).
func BenchmarkSearch(b *testing.B) {
	boards := ffoBoards(b)
	for _, handWritten := range []bool{false, true} {
		name := "learned"
		if handWritten {
			name = "hand-written"
		}
		b.Run(name, func(b *testing.B) {
			s := NewSolver(16 << 20)
			s.HandWritten = handWritten
			s.Search(boards[0].p, boards[0].o, false, 1) // the solver's buffers, made once
			var nodes uint64
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for _, x := range boards {
					s.Table.Clear()
					nodes += s.Search(x.p, x.o, false, 8).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkEvaluate evaluates the FFO positions 1 to 19 by the learned
// weights: the time of one evaluation, allocating nothing.
func BenchmarkEvaluate(b *testing.B) {
	positions, _ := readFFO(b, "fforum-1-19.obf", 1)
	var boards [][3]uint64
	for _, pos := range positions {
		p, o := discsOf(b, pos)
		boards = append(boards, [3]uint64{p, o, othello.Moves8(p, o)})
	}
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		x := boards[i%len(boards)]
		sum += Evaluate(learned(), x[0], x[1], x[2])
	}
	_ = sum
}

// BenchmarkPlay updates the views of the FFO positions 1 to 19 by each
// of their moves, as the searches do rather than read each position
// anew (Evaluate): the time of one update, of both views.
func BenchmarkPlay(b *testing.B) {
	positions, _ := readFFO(b, "fforum-1-19.obf", 1)
	type play struct {
		from  views
		x     int
		flips uint64
	}
	var plays []play
	for _, pos := range positions {
		p, o := discsOf(b, pos)
		var v views
		v.read(p, o)
		for legal := othello.Moves8(p, o); legal != 0; legal &= legal - 1 {
			x := bits.TrailingZeros64(legal)
			plays = append(plays, play{v, x, othello.Flips8(p, o, x)})
		}
	}
	var c views
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m := &plays[i%len(plays)]
		m.from.play(&c, m.x, m.flips)
		sum += int(c[0][0])
	}
	_ = sum
}

// BenchmarkHandEval is BenchmarkEvaluate for the hand-written
// evaluation.
func BenchmarkHandEval(b *testing.B) {
	positions, _ := readFFO(b, "fforum-1-19.obf", 1)
	var boards [][3]uint64
	for _, pos := range positions {
		p, o := discsOf(b, pos)
		boards = append(boards, [3]uint64{p, o, othello.Moves8(p, o)})
	}
	t := &thread{}
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		x := boards[i%len(boards)]
		sum += t.handEval(x[0], x[1], x[2])
	}
	_ = sum
}

// A board is the discs of the player to move and of the opponent.
type board struct{ p, o uint64 }

// ffoBoards returns FFO positions 1 to 19, the benchmarks' positions.
func ffoBoards(b *testing.B) []board {
	return ffoBoardsOf(b, "fforum-1-19.obf", 1)
}

// ffoBoardsOf returns the positions of the FFO file name, whose first is
// number first.
func ffoBoardsOf(b *testing.B, name string, first int) []board {
	positions, _ := readFFO(b, name, first)
	var boards []board
	for _, pos := range positions {
		p, o := discsOf(b, pos)
		boards = append(boards, board{p, o})
	}
	return boards
}
