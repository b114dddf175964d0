package othello_test

import (
	"fmt"
	"testing"

	"othello/othello"
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
		})
	}
}
