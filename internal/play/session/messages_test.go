package session

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/othello"
)

func TestParseSquare(t *testing.T) {
	tests := []struct {
		text string
		want string // the square as Row,Col, or "" for no move
	}{
		{"d3", "2,3"},
		{"D3", "2,3"},
		{"3d", "2,3"},
		{"3D", "2,3"},
		{"  d3\t", "2,3"},
		{"3 4", "2,3"},
		{"03\t04", "2,3"},
		{"a1", "0,0"},
		{"1a", "0,0"},
		{"p16", "15,15"},
		{"16p", "15,15"},
		{"z9", "8,25"},
		{"a0", "-1,0"},
		{"0 0", "-1,-1"},
		{"a99999999999999999999", fmt.Sprintf("%d,0", int(^uint(0)>>1)-1)},
		{"", ""},
		{"d", ""},
		{"3", ""},
		{"dd3", ""},
		{"3dd", ""},
		{"d3d", ""},
		{"d-3", ""},
		{"-3 4", ""},
		{"3 4 5", ""},
		{"d 3", ""},
		{"é3", ""},
		{"moves", ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			s, ok := ParseSquare(tt.text)
			got := ""
			if ok {
				got = fmt.Sprintf("%d,%d", s.Row, s.Col)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRefusal(t *testing.T) {
	b, _ := othello.NewStartBoard(8, 8)
	tests := []struct {
		text string
		why  error
		want string
	}{
		{"e3", &othello.MoveError{Err: othello.ErrIllegal}, "e3 flips nothing."},
		{"d4 ", othello.ErrOccupied, "d4 is not empty."},
		{"z9", &othello.MoveError{Err: othello.ErrOffBoard}, "z9 is off the board: columns a to h, rows 1 to 8."},
		{"hello", nil, `"hello" is not a move.`},
	}
	for _, tt := range tests {
		if got := refusal(tt.text, tt.why, b).Msg; got != tt.want {
			t.Errorf("refusal(%q, %v): got %q, want %q", tt.text, tt.why, got, tt.want)
		}
	}
}

func TestParsePlayer(t *testing.T) {
	cpu := player.Level(3).CPU()
	tests := []struct {
		name, want string // want is the player's Name, "human" for nil
	}{
		{"human", "human"}, {"HUMAN", "human"}, {"cpu", "cpu:3"}, {"cpu:5", "cpu:5"}, {"greedy", "greedy"}, {"random", "random"},
	}
	for _, tt := range tests {
		p, err := ParsePlayer(tt.name, cpu, time.Second, nil)
		got := "human"
		if p != nil {
			got = p.Name()
		}
		if err != nil || got != tt.want {
			t.Errorf("ParsePlayer(%q): got %s, %v, want %s", tt.name, got, err, tt.want)
		}
	}
	if _, err := ParsePlayer("people", cpu, time.Second, nil); !errors.Is(err, player.ErrName) {
		t.Errorf("ParsePlayer(people): got %v, want %v", err, player.ErrName)
	}
}

func TestReviewMessages(t *testing.T) {
	d3, b1, e2 := othello.Square{Row: 2, Col: 3}, othello.Square{Row: 0, Col: 1}, othello.Square{Row: 1, Col: 4}
	best := player.MoveReview{Number: 42, Player: othello.White, Played: player.Result{Move: d3, Exact: true, Score: 8}, Best: player.Result{Move: d3, Exact: true, Score: 8}, Exact: true}
	lost := player.MoveReview{Number: 41, Player: othello.Black, Played: player.Result{Move: e2, Exact: true, Score: -8}, Best: player.Result{Move: b1, Exact: true, Score: 0}, Loss: 8, Exact: true}
	one := player.MoveReview{Number: 3, Player: othello.Black, Played: player.Result{Move: e2, Exact: true, Score: 0}, Best: player.Result{Move: b1, Exact: true, Score: 1}, Loss: 1, Exact: true}
	estimated := player.MoveReview{Number: 7, Player: othello.White, Played: player.Result{Move: e2, Score: 100}, Best: player.Result{Move: b1, Score: 450}, Loss: 3.5}
	tests := []struct{ got, want string }{
		{Reviewed(best), "42. White d3 +8, the best."},
		{Reviewed(lost), "41. Black e2 -8; best b1 +0: lost 8 discs."},
		{Reviewed(estimated), "7. White e2 ~+1.00; best b1 ~+4.50: lost ~3.50 discs."},
		{TurningPoint(lost, true), "Move 41, Black e2: lost 8 discs; the game was decided there."},
		{TurningPoint(one, false), "Move 3, Black e2: lost 1 disc."},
		{strings.Join(TurningPoints([]player.MoveReview{estimated, lost, best}), " "), "Move 41, Black e2: lost 8 discs; the game was decided there. Move 7, White e2: lost ~3.50 discs."},
		{strings.Join(TurningPoints([]player.MoveReview{best}), " "), "No move lost a disc or more."},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}
