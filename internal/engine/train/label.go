package train

import (
	"hash/fnv"
	"math/bits"
	"sync"

	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// A Position is the discs of the player to move, P, and of the
// opponent, O, on an 8x8 board under the full rules, and whether Black
// is to move.
type Position struct {
	P, O  uint64
	Black bool
}

// Empties returns the empty squares of x.
func (x Position) Empties() int { return 64 - bits.OnesCount64(x.P|x.O) }

// A Sample is a position and its label: the final margin of discs, for
// the player to move, of best play from the point of the game where it
// was solved.
type Sample struct {
	Position
	Score int8
}

// Line returns the positions of r's game, before each move and at its
// end, the side to move's discs first, and whether r is a game of 8x8
// under the full rules and MostDiscs that its moves replay.
func Line(r record.Record) ([]Position, bool) {
	if _, full := r.Setup.Rules.(othello.Full); !full || r.Setup.Win != othello.MostDiscs {
		return nil, false
	}
	g, err := r.Setup.NewGame()
	if err != nil {
		return nil, false
	}
	var line []Position
	for i := 0; ; i++ {
		p, o, ok := g.Position().Bits8()
		if !ok {
			return nil, false
		}
		line = append(line, Position{p, o, g.Turn() == othello.Black})
		if i == len(r.Moves) {
			return line, true
		}
		if _, err := g.Play(r.Moves[i]); err != nil {
			return nil, false
		}
	}
}

// HeldOut reports whether the game of moves is kept out of training
// under seed: one game in ten, by a hash of the seed and the moves.
func HeldOut(moves []othello.Square, seed uint64) bool {
	h := fnv.New64a()
	var b [8]byte
	for i := range b {
		b[i] = byte(seed >> (8 * i))
	}
	h.Write(b[:])
	for _, s := range moves {
		h.Write([]byte{byte(s.Row), byte(s.Col)})
	}
	x := h.Sum64() // mixed, as FNV's low bits are not
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return x%10 == 0
}

// Label returns the samples of the games of lines: the positions where
// the player to move has a legal move, each labelled with an exact final
// margin. The first position of a game with solveAt empty squares or
// fewer, and every one after it, is solved exactly by package search's
// solver; the positions before it take the score of that one (negated
// for the other side to move): what best play from there would have
// made of the game. A game that ends early is labelled by its final
// count; one that stops before it is over with more than solveAt empty
// squares is left out. The games are shared among threads solvers; the
// samples come in the order of the games whatever the threads.
func Label(lines [][]Position, solveAt, threads int) []Sample {
	return perGame(len(lines), threads, gameTable, false, func(s *search.Solver, i int) []Sample {
		return labelLine(s, lines[i], solveAt)
	})
}

// gameTable is the size in bytes of the table of a solver that labels or
// plays whole games.
const gameTable = 4 << 20

// perGame returns the samples that game makes of each of n games (or
// other parts of the work), in the order of the games whatever the
// threads: the games are shared among threads goroutines, each with a
// solver of its own with a table of about table bytes, which evaluates
// by the hand-written weights if handWritten.
func perGame(n, threads, table int, handWritten bool, game func(s *search.Solver, i int) []Sample) []Sample {
	per := make([][]Sample, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.NewSolver(table)
			s.HandWritten = handWritten
			for i := range next {
				per[i] = game(s, i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	var all []Sample
	for _, p := range per {
		all = append(all, p...)
	}
	return all
}

// labelLine labels the positions of one game with solver s.
func labelLine(s *search.Solver, line []Position, solveAt int) []Sample {
	k := len(line) - 1
	for i, x := range line {
		if x.Empties() <= solveAt {
			k = i
			break
		}
	}
	end := line[k]
	if k == len(line)-1 && end.Empties() > solveAt && (othello.Moves8(end.P, end.O) != 0 || othello.Moves8(end.O, end.P) != 0) {
		return nil // stopped before the end, too early to solve
	}
	var out []Sample
	value := s.Solve(end.P, end.O, false).Score
	for i, x := range line {
		if othello.Moves8(x.P, x.O) == 0 {
			continue
		}
		v := value
		switch {
		case i > k:
			v = s.Solve(x.P, x.O, false).Score
		case x.Black != end.Black:
			v = -v
		}
		out = append(out, Sample{x, int8(v)})
	}
	return out
}
