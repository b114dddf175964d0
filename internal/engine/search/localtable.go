package search

// A localTable is one thread's own small table of the positions with
// sortFrom to tableFrom-1 empty squares, as Egaroucid keeps one for
// its last moves: a table of 1,024 entries for each number of empty
// squares, 72 KiB in all, which stays in the processor's caches where
// most probes of the shared table (Table) are a miss of them. An entry
// is the position and its bounds, written over by the next position
// with the same index. The local table holds only exact bounds, of the
// searches with ProbCut too (their level kept with them), and is
// emptied when a search starts (Solver.start): the win rule, which its
// entries do not record, may have changed.
//
// On FFO #40-#44 on one thread, the local table up to 10 empty squares
// and the shared one from 11, rather than the shared one from 8: 4.5%
// less time, 3% more nodes; up to 9 or 11, no less time.
type localTable [tableFrom - sortFrom][1 << localBits]localEntry

// localBits is the log2 of the entries of a local table for each number
// of empty squares: 512 or 2,048 rather than 1,024 entries took no less
// time on FFO #40-#44.
const localBits = 10

// A localEntry is a position of a localTable and its bounds: used says
// that it holds one.
type localEntry struct {
	mine, theirs uint64
	lower, upper int8
	move         int8
	level        int8
	used         bool
}

// localIndex returns the index of a position in a localTable.
func localIndex(mine, theirs uint64) uint64 {
	return (mine*0x9dda1c54cfe6b6e9 ^ theirs*0xa2e6c0300831e05a) >> (64 - localBits)
}

// probe returns the bounds of p, o, with empties empty squares (at
// least sortFrom), from the local table below tableFrom and from the
// shared table from it, and whether the table holds them.
func (s *thread) probe(p, o uint64, empties int) (bound, bool) {
	if empties >= tableFrom {
		return s.table.probe(p, o, s.kind)
	}
	e := &s.local[empties-sortFrom][localIndex(p, o)]
	if !e.used || e.mine != p || e.theirs != o {
		return bound{}, false
	}
	return bound{
		lower: int(e.lower),
		upper: int(e.upper),
		move:  int(e.move),
		depth: empties,
		exact: true,
		level: int(e.level),
	}, true
}

// store records the bounds b of p, o, with empties empty squares (at
// least sortFrom), in the local table below tableFrom and in the
// shared table from it.
func (s *thread) store(p, o uint64, empties int, b bound) {
	if empties >= tableFrom {
		s.table.store(p, o, s.kind, b)
		return
	}
	s.local[empties-sortFrom][localIndex(p, o)] = localEntry{
		mine:   p,
		theirs: o,
		lower:  int8(b.lower),
		upper:  int8(b.upper),
		move:   int8(b.move),
		level:  int8(b.level),
		used:   true,
	}
}
