package train

import (
	"slices"

	"github.com/othello-judge/judge/internal/engine/search"
)

// deepenTable is the size in bytes of the table of each search of
// Deepen, cleared before each position: enough for a search of a few
// plies, small enough that clearing it costs little.
const deepenTable = 64 << 10

// deepenChunk is how many samples a goroutine of Deepen takes at a time.
const deepenChunk = 4096

// Deepen returns samples with the label of every position of more than
// above empty squares replaced by the score of a midgame search depth
// plies deep, by the learned evaluation embedded now, in discs (discs).
// A real game's label is the exact score of the point where it was
// solved, reached by the players' moves, not best play: a fit to such
// labels errs by 11 to 17 discs on average from 20 empty squares up,
// where a 4-ply search errs by 4 to 6 against exact scores. Positions of
// above empty squares or fewer keep their exact labels. Each search
// starts with a cleared table, so that the labels are the same whatever
// the threads; the samples keep their order.
func Deepen(samples []Sample, above, depth, threads int) []Sample {
	chunks := (len(samples) + deepenChunk - 1) / deepenChunk
	return perGame(chunks, threads, deepenTable, false, func(s *search.Solver, c int) []Sample {
		out := slices.Clone(samples[c*deepenChunk : min((c+1)*deepenChunk, len(samples))])
		for i, x := range out {
			if x.Empties() > above {
				s.Table.Clear()
				out[i].Score = int8(max(-64, min(64, discs(s.Search(x.P, x.O, false, depth).Score))))
			}
		}
		return out
	})
}

// discs returns a score of the midgame search, in hundredths of a disc,
// in discs, rounded half away from zero; a game seen to its end, scored
// beyond search.Won, its margin.
func discs(score int) int {
	switch {
	case score >= search.Won:
		score -= search.Won
	case score <= -search.Won:
		score += search.Won
	}
	if score < 0 {
		return -((-score + 50) / 100)
	}
	return (score + 50) / 100
}
