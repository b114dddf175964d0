package search

import (
	"math/rand/v2"
	"testing"
)

// TestLocalTable checks that a bound stored below tableFrom is found in
// the thread's local table, kept until another position of the same
// index takes its entry, and that one from tableFrom goes to the shared
// table.
func TestLocalTable(t *testing.T) {
	s := NewSolver(1 << 20)
	th := s.start(kindExact, false, 1)
	const p, o = 0x0000_0010_0800_0000, 0x0000_0008_1000_0000
	want := bound{lower: -6, upper: 64, move: 19, depth: sortFrom, exact: true, level: 2}
	th.store(p, o, sortFrom, want)
	if got, ok := th.probe(p, o, sortFrom); !ok || got != want {
		t.Fatalf("probe after store: got %+v, %v, want %+v, true", got, ok, want)
	}
	if _, ok := th.probe(p, o, sortFrom+1); ok {
		t.Errorf("probe with another number of empty squares: found, want not found")
	}
	if _, ok := s.Table.probe(p, o, kindExact); ok {
		t.Errorf("shared table after a store below tableFrom: found, want not found")
	}
	// Another position of the same index takes the entry.
	rng := rand.New(rand.NewPCG(1, 2))
	for {
		q, r := rng.Uint64(), rng.Uint64()
		if localIndex(q, r) == localIndex(p, o) && (q != p || r != o) {
			th.store(q, r, sortFrom, bound{lower: 2, upper: 2, move: 3, depth: sortFrom, exact: true})
			break
		}
	}
	if _, ok := th.probe(p, o, sortFrom); ok {
		t.Errorf("probe after another position took the entry: found, want not found")
	}
	shared := bound{lower: -64, upper: 10, move: 20, depth: tableFrom, exact: true, level: noProbCut}
	th.store(p, o, tableFrom, shared)
	if got, ok := s.Table.probe(p, o, kindExact); !ok || got != shared {
		t.Errorf("shared table after a store at tableFrom: got %+v, %v, want %+v, true", got, ok, shared)
	}
}

// TestLocalTableEmptiedBySolve checks that each Solve starts with empty
// local tables, whose entries do not say which win rule found them: the
// same positions solved under MostDiscs, then FewestDiscs, by one
// Solver, score as by a new Solver each. (Keeping the local tables from
// one Solve to the next makes it fail.)
func TestLocalTableEmptiedBySolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := NewSolver(1 << 20)
	for n := 0; n < 6; {
		p, o, ok := randomEnding(rng, 13)
		if !ok {
			continue
		}
		n++
		for _, fewest := range []bool{false, true} {
			got := s.Solve(p, o, fewest).Score
			if want := NewSolver(1<<20).Solve(p, o, fewest).Score; got != want {
				t.Fatalf("%#x, %#x, fewest %v, after the other rule: got %+d, want %+d", p, o, fewest, got, want)
			}
		}
	}
}
