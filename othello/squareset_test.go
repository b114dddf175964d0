package othello_test

import (
	"fmt"
	"testing"

	"github.com/othello-judge/judge/othello"
)

func TestSquareSet(t *testing.T) {
	tests := []struct {
		add, remove []othello.Square
		want        string // String of the set
	}{
		{nil, nil, ""},
		{[]othello.Square{{Row: 0, Col: 0}}, nil, "a1"},
		{[]othello.Square{{Row: 15, Col: 15}, {Row: 0, Col: 0}, {Row: 3, Col: 15}, {Row: 4, Col: 0}}, nil, "a1 p4 a5 p16"},
		{[]othello.Square{{Row: 7, Col: 7}, {Row: 7, Col: 7}}, nil, "h8"},
		{[]othello.Square{{Row: 2, Col: 3}, {Row: 9, Col: 9}}, []othello.Square{{Row: 9, Col: 9}, {Row: 1, Col: 1}}, "d3"},
		{[]othello.Square{{Row: -1, Col: 0}, {Row: 0, Col: 16}, {Row: 16, Col: 0}}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.add, tt.remove), func(t *testing.T) {
			var s othello.SquareSet
			for _, sq := range tt.add {
				s.Add(sq)
			}
			for _, sq := range tt.remove {
				s.Remove(sq)
			}
			if got := s.String(); got != tt.want {
				t.Errorf("String: got %q, want %q", got, tt.want)
			}
			squares := s.Squares()
			if s.Len() != len(squares) || s.IsEmpty() != (len(squares) == 0) {
				t.Errorf("got Len %d, IsEmpty %v, for %d squares", s.Len(), s.IsEmpty(), len(squares))
			}
			for _, sq := range squares {
				if !s.Has(sq) {
					t.Errorf("Has(%v): got false, want true", sq)
				}
			}
			for _, sq := range tt.remove {
				if s.Has(sq) {
					t.Errorf("Has(%v) after Remove: got true, want false", sq)
				}
			}
			if got := s.Intersect(s); got != s {
				t.Errorf("Intersect with itself: got %v, want %v", got, s)
			}
			if got := s.Intersect(othello.SquareSet{}); !got.IsEmpty() {
				t.Errorf("Intersect with the empty set: got %v, want none", got)
			}
			var popped []othello.Square
			for rest := s; ; {
				sq, ok := rest.Pop()
				if !ok {
					break
				}
				popped = append(popped, sq)
			}
			if fmt.Sprint(popped) != fmt.Sprint(squares) {
				t.Errorf("Pop: got %v, want %v", popped, squares)
			}
		})
	}
}

// TestSetOperations checks Intersect, Union and Difference on sets whose
// squares lie in different words of a SquareSet.
func TestSetOperations(t *testing.T) {
	set := func(squares ...string) othello.SquareSet {
		var s othello.SquareSet
		for _, name := range squares {
			s.Add(sq(name))
		}
		return s
	}
	tests := []struct {
		s, u                     othello.SquareSet
		intersect, union, differ string
	}{
		{set("a1", "b2", "p16"), set("b2", "p16", "c3"), "b2 p16", "a1 b2 c3 p16", "a1"},
		{set("a1"), set("a2"), "", "a1 a2", "a1"},
		{set("a1", "p1", "a16", "p16"), set("p1", "a16"), "p1 a16", "a1 p1 a16 p16", "a1 p16"},
		{set(), set("h8"), "", "h8", ""},
	}
	for _, tt := range tests {
		t.Run(tt.s.String()+" and "+tt.u.String(), func(t *testing.T) {
			if got := tt.s.Intersect(tt.u).String(); got != tt.intersect {
				t.Errorf("Intersect: got %q, want %q", got, tt.intersect)
			}
			if got := tt.s.Union(tt.u).String(); got != tt.union {
				t.Errorf("Union: got %q, want %q", got, tt.union)
			}
			if got := tt.s.Difference(tt.u).String(); got != tt.differ {
				t.Errorf("Difference: got %q, want %q", got, tt.differ)
			}
		})
	}
}
