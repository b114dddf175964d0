package search

import (
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// DefaultTableSize is the memory a Table takes when no size is given: 64
// MiB, 2 million positions.
const DefaultTableSize = 64 << 20

// entrySize is the bytes an entry takes: three words and a fourth that
// aligns each pair of entries on a cache line of 64 bytes, so that a
// probe reads one line.
const entrySize = 32

// A Table is a transposition table: what the search has learnt of the
// positions it has seen (bounds on their score, their best move), so that
// a position reached again by another order of moves, or searched again
// one ply deeper, is not searched from nothing. Several searches may share
// one at once.
//
// Entries go by twos: a position may be kept in either entry of the pair
// its hash chooses. A new position replaces the one of the pair searched
// least deep, or one left from an earlier search (NewSearch), so that
// the costliest results stay. Each entry holds the whole position, so a
// position is never mistaken for another with the same hash; it is stored
// as three words, two of them xored with the third, so that an entry torn
// by two searches writing it at once reads as no entry (the lock-free
// scheme of Hyatt and Mann).
type Table struct {
	entries []entry
	gen     atomic.Uint32 // the search under way, kept in what it stores
}

type entry struct {
	mine, theirs, data atomic.Uint64 // the discs xored with data, and data
	_                  uint64
}

// NewTable returns a table of about size bytes, at least two entries:
// DefaultTableSize if size is 0 or less.
func NewTable(size int) *Table {
	if size <= 0 {
		size = DefaultTableSize
	}
	n := uint64(2)
	for n*2*entrySize <= uint64(size) {
		n *= 2
	}
	entries := make([]entry, n)
	adviseHugePages(entries)
	return &Table{entries: entries}
}

// Size returns the bytes the table's entries take.
func (t *Table) Size() int { return len(t.entries) * entrySize }

// NewSearch marks what the table holds as older than what comes next, so
// that it gives way first.
func (t *Table) NewSearch() { t.gen.Add(1) }

// Clear empties the table. No search may use it meanwhile.
func (t *Table) Clear() { clear(t.entries) }

// A bound is what the table knows of a position: its score lies in
// [lower, upper], and move was the best found (noMove if none).
type bound struct {
	lower, upper int
	move         int
	depth        int  // the empty squares, or plies searched, behind the bounds
	exact        bool // searched to the end of the game on every line
	// level is the confidence of an exact search's bounds: the ProbCut
	// level that found them (probcut.go), noProbCut for a search without
	// ProbCut, whose bounds are certain.
	level int
}

// boundOf returns the bound that a search of a position within (alpha,
// beta) found, best being its score and move its best move: an upper
// bound at or below alpha, a lower one at or above beta, exact between;
// the other end of the bound is limit, beyond every score.
func boundOf(best, alpha, beta, limit, move, depth int, exact bool) bound {
	b := bound{lower: -limit, upper: limit, move: move, depth: depth, exact: exact}
	switch {
	case best >= beta:
		b.lower = best
	case best <= alpha:
		b.upper = best
	default:
		b.lower, b.upper = best, best
	}
	return b
}

// cut returns the score to return at once for a position searched within
// (alpha, beta) when the bound settles it, and true.
func (b bound) cut(alpha, beta int) (int, bool) {
	switch {
	case b.lower >= beta:
		return b.lower, true
	case b.upper <= alpha:
		return b.upper, true
	case b.lower == b.upper:
		return b.lower, true
	}
	return 0, false
}

// noMove is the move of a bound that has none.
const noMove = 64

// The fields of an entry's data word.
const (
	lowerShift = 0  // int16
	upperShift = 16 // int16
	moveShift  = 32 // 0..64
	depthShift = 40
	genShift   = 48
	kindShift  = 56 // kind bits
	levelShift = 59 // the level of an exact search's bounds, above the kind bits
)

// The kinds of entry: a search to the end of the game or one that stopped
// at a depth, under either win rule. Only an entry of the same kind
// answers a probe.
const (
	kindExact  = 1
	kindFewest = 2
	kindUsed   = 4 // set in every stored entry, so that data is never 0
	kindBits   = 7
)

// index returns the first entry of the pair for a position.
func (t *Table) index(mine, theirs uint64) uint64 {
	h := (mine*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(theirs*0xc2b2ae3d27d4eb4f, 31)) * 0x165667b19e3779f9
	return (h >> 17) & uint64(len(t.entries)-2)
}

// prefetch starts bringing the entries of a position into the
// processor's caches, so that a probe or a store of it soon after does not
// wait for the memory: most often a probe's entries are in no cache.
func (t *Table) prefetch(mine, theirs uint64) {
	prefetch(unsafe.Pointer(&t.entries[t.index(mine, theirs)]))
}

// probe returns what the table holds of a position in a search of kind,
// and whether it holds it. An exact bound holds for ever; one of a search
// to a depth only in the search that stored it, so that such a search
// finds the same move whatever was searched before it.
func (t *Table) probe(mine, theirs uint64, kind uint64) (bound, bool) {
	i := t.index(mine, theirs)
	gen := uint64(t.gen.Load() & 0xff)
	for j := i; j < i+2; j++ {
		e := &t.entries[j]
		d := e.data.Load()
		if e.mine.Load()^d != mine || e.theirs.Load()^d != theirs || d>>kindShift&kindBits != kind|kindUsed {
			continue
		}
		if kind&kindExact == 0 && d>>genShift&0xff != gen {
			continue
		}
		return unpack(d), true
	}
	return bound{}, false
}

// unpack returns the bound held in an entry's data word.
func unpack(d uint64) bound {
	return bound{
		lower: int(int16(d >> lowerShift)),
		upper: int(int16(d >> upperShift)),
		move:  int(d >> moveShift & 0xff),
		depth: int(d >> depthShift & 0xff),
		exact: d>>kindShift&kindExact != 0,
		level: int(d >> levelShift),
	}
}

// store records a bound of a position searched in a search of kind. A
// bound of the same position, depth and level already there is narrowed
// by the new one, and one of a higher level kept; otherwise the new one
// takes the entry of the pair that holds the same position, else one
// from an earlier search, else the one searched least deep.
func (t *Table) store(mine, theirs uint64, kind uint64, b bound) {
	i := t.index(mine, theirs)
	gen := uint64(t.gen.Load() & 0xff)
	victim := &t.entries[i]
	for j := i; j < i+2; j++ {
		e := &t.entries[j]
		d := e.data.Load()
		if e.mine.Load()^d == mine && e.theirs.Load()^d == theirs && d != 0 {
			if old := unpack(d); d>>kindShift&kindBits == kind|kindUsed && old.depth == b.depth {
				switch {
				case old.level > b.level:
					return // keep the surer bounds
				case old.level == b.level:
					if lower, upper := max(b.lower, old.lower), min(b.upper, old.upper); lower <= upper {
						b.lower, b.upper = lower, upper
					}
				}
				if b.move == noMove {
					b.move = old.move
				}
			} else if old.depth > b.depth && d>>kindShift&kindExact >= kind&kindExact {
				return // keep the deeper search
			}
			victim = e
			break
		}
		if j == i+1 && worth(d, gen) < worth(victim.data.Load(), gen) {
			victim = e
		}
	}
	d := uint64(uint16(int16(b.lower)))<<lowerShift | uint64(uint16(int16(b.upper)))<<upperShift |
		uint64(b.move)<<moveShift | uint64(b.depth)<<depthShift | gen<<genShift | (kind|kindUsed)<<kindShift | uint64(b.level)<<levelShift
	victim.data.Store(d)
	victim.mine.Store(mine ^ d)
	victim.theirs.Store(theirs ^ d)
}

// worth orders entries for replacement, lowest first: none, then those
// of earlier searches, then by depth, exact searches above others. (A
// selective search's entries below the exact search's: 0.1% more nodes
// on FFO #40-#44.)
func worth(d, gen uint64) int {
	if d == 0 {
		return -1
	}
	w := int(d >> depthShift & 0xff)
	if d>>kindShift&kindExact != 0 {
		w += 256
	}
	if d>>genShift&0xff == gen {
		w += 1024
	}
	return w
}
