package search

import "testing"

// TestTableReplacement fills the one pair of a table of two entries: a
// new position takes the entry searched less deep, or one left from an
// earlier search, and a position already there is narrowed in place.
func TestTableReplacement(t *testing.T) {
	tb := NewTable(1)
	if got := len(tb.entries); got != 2 {
		t.Fatalf("got %d entries, want 2", got)
	}
	deep := bound{lower: 4, upper: 4, move: 10, depth: 20, exact: true}
	tb.store(1, 2, kindExact, deep)
	tb.store(3, 4, kindExact, bound{lower: -64, upper: 8, move: 11, depth: 9, exact: true})
	tb.store(5, 6, kindExact, bound{lower: 0, upper: 64, move: 12, depth: 12, exact: true})
	for _, c := range []struct {
		p, o uint64
		held bool
	}{{1, 2, true}, {3, 4, false}, {5, 6, true}} {
		if _, ok := tb.probe(c.p, c.o, kindExact); ok != c.held {
			t.Errorf("after three stores, position %d, %d: got held %v, want %v", c.p, c.o, ok, c.held)
		}
	}
	if got, _ := tb.probe(1, 2, kindExact); got != deep {
		t.Errorf("the deepest: got %+v, want %+v", got, deep)
	}

	tb.store(5, 6, kindExact, bound{lower: -64, upper: 2, move: noMove, depth: 12, exact: true})
	want := bound{lower: 0, upper: 2, move: 12, depth: 12, exact: true}
	if got, _ := tb.probe(5, 6, kindExact); got != want {
		t.Errorf("narrowed: got %+v, want %+v", got, want)
	}

	tb.NewSearch()
	tb.store(7, 8, kindExact, bound{lower: 1, upper: 1, move: 13, depth: 8, exact: true})
	tb.store(9, 10, kindExact, bound{lower: 1, upper: 1, move: 14, depth: 8, exact: true})
	for _, c := range []struct {
		p, o uint64
		held bool
	}{{1, 2, false}, {5, 6, false}, {7, 8, true}, {9, 10, true}} {
		if _, ok := tb.probe(c.p, c.o, kindExact); ok != c.held {
			t.Errorf("after a new search, position %d, %d: got held %v, want %v", c.p, c.o, ok, c.held)
		}
	}
}

// TestTableCollisions checks that positions sharing an entry are never
// taken for one another, that a probe of another kind (win rule, or a
// search to a depth) finds nothing, and that an entry torn by two writes
// at once reads as none.
func TestTableCollisions(t *testing.T) {
	tb := NewTable(1) // every position hashes to the same pair
	b := bound{lower: -2, upper: 6, move: 33, depth: 14, exact: true}
	tb.store(0x0000000810000000, 0x0000001008000000, kindExact, b)
	for _, c := range []struct {
		name string
		p, o uint64
		kind uint64
	}{
		{"the colours swapped", 0x0000001008000000, 0x0000000810000000, kindExact},
		{"one disc more", 0x0000000810000001, 0x0000001008000000, kindExact},
		{"the other win rule", 0x0000000810000000, 0x0000001008000000, kindExact | kindFewest},
		{"a search to a depth", 0x0000000810000000, 0x0000001008000000, 0},
	} {
		if got, ok := tb.probe(c.p, c.o, c.kind); ok {
			t.Errorf("%s: got %+v, want nothing", c.name, got)
		}
	}
	if got, ok := tb.probe(0x0000000810000000, 0x0000001008000000, kindExact); !ok || got != b {
		t.Errorf("the position stored: got %+v, %v, want %+v, true", got, ok, b)
	}
	for i := range tb.entries {
		e := &tb.entries[i]
		if e.data.Load() != 0 {
			e.data.Store(e.data.Load() ^ 1<<lowerShift) // as if another write had come between
		}
	}
	if got, ok := tb.probe(0x0000000810000000, 0x0000001008000000, kindExact); ok {
		t.Errorf("a torn entry: got %+v, want nothing", got)
	}
}

// TestTableLevels checks that the bounds of a selective search (a ProbCut
// level) give way to those of a surer one, keeping its move if the surer
// has none, and never replace them.
func TestTableLevels(t *testing.T) {
	tb := NewTable(1)
	selective := bound{lower: 6, upper: 6, move: 20, depth: 20, exact: true, level: 0}
	exact := bound{lower: -64, upper: 4, move: noMove, depth: 20, exact: true, level: noProbCut}
	tb.store(1, 2, kindExact, selective)
	tb.store(1, 2, kindExact, exact)
	want := bound{lower: -64, upper: 4, move: 20, depth: 20, exact: true, level: noProbCut}
	if got, _ := tb.probe(1, 2, kindExact); got != want {
		t.Errorf("a surer bound over a selective one: got %+v, want %+v", got, want)
	}
	tb.store(1, 2, kindExact, bound{lower: 10, upper: 10, move: 30, depth: 20, exact: true, level: 1})
	if got, _ := tb.probe(1, 2, kindExact); got != want {
		t.Errorf("a selective bound over a surer one: got %+v, want %+v", got, want)
	}
	tb.store(1, 2, kindExact, bound{lower: 2, upper: 64, move: 21, depth: 20, exact: true, level: noProbCut})
	want = bound{lower: 2, upper: 4, move: 21, depth: 20, exact: true, level: noProbCut}
	if got, _ := tb.probe(1, 2, kindExact); got != want {
		t.Errorf("two bounds of one level: got %+v, want %+v", got, want)
	}
}
