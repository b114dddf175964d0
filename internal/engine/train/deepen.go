package train

import (
	"sync"

	"github.com/othello-judge/judge/internal/engine/search"
)

// deepenTable is the size in bytes of the table of each search of
// Deepen, cleared before each position: enough for a search of a few
// plies, small enough that clearing it costs little.
const deepenTable = 64 << 10

// Deepen returns samples with the label of every position of more than
// above empty squares replaced by the score of a midgame search depth
// plies deep, by the learned evaluation embedded now, rounded to a disc.
// A real game's label is the exact score of the point where it was
// solved, reached by the players' moves, not best play: it errs by
// their mistakes after the position, 11 to 17 discs on average from 20
// empty squares up, where a 4-ply search errs by 4 to 6. Positions of
// above empty squares or fewer keep their exact labels. Each search
// starts with a cleared table, so that the labels are the same whatever
// the threads; the samples keep their order.
func Deepen(samples []Sample, above, depth, threads int) []Sample {
	out := make([]Sample, len(samples))
	const chunk = 4096
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.NewSolver(deepenTable)
			for start := range next {
				for i := start; i < min(start+chunk, len(samples)); i++ {
					x := samples[i]
					if x.Empties() > above {
						s.Table.Clear()
						v := s.Search(x.P, x.O, false, depth).Score
						x.Score = int8(max(-64, min(64, roundDiv(v, 100))))
					}
					out[i] = x
				}
			}
		}()
	}
	for start := 0; start < len(samples); start += chunk {
		next <- start
	}
	close(next)
	wg.Wait()
	return out
}

// roundDiv returns a/b rounded to the nearest integer, halves away from
// zero, for b > 0.
func roundDiv(a, b int) int {
	if a < 0 {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}
