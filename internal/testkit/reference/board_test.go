package reference_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/othello-judge/judge/internal/testkit/reference"
)

// board returns the board drawn in rows, one string a row.
func board(rows ...string) reference.Board {
	var b reference.Board
	for _, row := range rows {
		b = append(b, []byte(row))
	}
	return b
}

// start is the 4x4 start: White on the diagonal.
func start() reference.Board { return board("....", ".WB.", ".BW.", "....") }

func TestFlips(t *testing.T) {
	tests := []struct {
		name string
		b    reference.Board
		full bool
		r, c int
		p    byte
		want []int
	}{
		{"the start, full", start(), true, 0, 1, 'B', []int{101}},
		{"the start, no line", start(), true, 0, 0, 'B', nil},
		{"the start, simple", start(), false, 0, 0, 'B', []int{101}},
		{"an occupied square", start(), true, 1, 1, 'B', nil},
		{"off the board", start(), true, 4, 0, 'B', nil},
		{"two lines, full", board("B...", "W...", "W...", ".WWB"), true, 3, 0, 'B', []int{100, 200, 301, 302}},
		{"a line not closed", board("....", "W...", "W...", ".WW."), true, 3, 0, 'B', nil},
		{"a line not closed, simple", board("....", "W...", "W...", ".WW."), false, 3, 0, 'B', []int{200, 301}},
		{"White", start(), true, 0, 2, 'W', []int{102}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.b.Flips(tt.full, tt.r, tt.c, tt.p)
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCanMoveAndCount(t *testing.T) {
	tests := []struct {
		name       string
		b          reference.Board
		full       bool
		wantB      bool
		wantW      bool
		countB     int
		countW     int
		emptyCount int
	}{
		{"the start", start(), true, true, true, 2, 2, 12},
		{"full board", board("BBBB", "BWWB", "BWWB", "BBBB"), true, false, false, 12, 4, 0},
		{"White blocked, full", board("B...", "....", "....", "...."), true, false, false, 1, 0, 15},
		{"Black only, full", board("BW..", "....", "....", "...."), true, true, false, 1, 1, 14},
		{"both, simple", board("BW..", "....", "....", "...."), false, true, true, 1, 1, 14},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.b.CanMove(tt.full, 'B'); got != tt.wantB {
				t.Errorf("CanMove B: got %v, want %v", got, tt.wantB)
			}
			if got := tt.b.CanMove(tt.full, 'W'); got != tt.wantW {
				t.Errorf("CanMove W: got %v, want %v", got, tt.wantW)
			}
			if b, w, e := tt.b.Count('B'), tt.b.Count('W'), tt.b.Count('.'); b != tt.countB || w != tt.countW || e != tt.emptyCount {
				t.Errorf("Count: got B %d W %d empty %d, want %d, %d, %d", b, w, e, tt.countB, tt.countW, tt.emptyCount)
			}
		})
	}
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name      string
		full      bool
		r, c      int
		p         byte
		wantFlips int
		want      string
	}{
		{"a legal move", true, 0, 1, 'B', 1, ".B..|.BB.|.BW.|...."},
		{"an illegal move", true, 0, 0, 'B', 0, "....|.WB.|.BW.|...."},
		{"simple", false, 0, 0, 'B', 1, "B...|.BB.|.BW.|...."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := start()
			before := b.Clone()
			flips := b.Play(tt.full, tt.r, tt.c, tt.p)
			if got := string(bytes.Join(b, []byte("|"))); len(flips) != tt.wantFlips || got != tt.want {
				t.Errorf("got %d flips and %s, want %d and %s", len(flips), got, tt.wantFlips, tt.want)
			}
			if got := string(bytes.Join(before, []byte("|"))); got != "....|.WB.|.BW.|...." {
				t.Errorf("Play changed the board's clone: got %s, want the start", got)
			}
		})
	}
}

func TestOpponent(t *testing.T) {
	if got := reference.Opponent('B'); got != 'W' {
		t.Errorf("Opponent(B): got %c, want W", got)
	}
	if got := reference.Opponent('W'); got != 'B' {
		t.Errorf("Opponent(W): got %c, want B", got)
	}
}
