package player

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/othello-judge/judge/othello"
)

// playGame plays a game between black and white on a rows x cols board
// from the standard start, and returns the winner. Every move must be
// legal.
func playGame(t *testing.T, rules othello.Rules, rows, cols int, win othello.WinRule, black, white Player) othello.Color {
	t.Helper()
	setup, _ := othello.StandardSetup(rules, rows, cols)
	setup.Win = win
	g, _ := setup.NewGame()
	for !g.Over() {
		player := black
		if g.Turn() == othello.White {
			player = white
		}
		s, err := player.Move(g.Position(), win)
		if err != nil {
			t.Fatalf("%s: %v", player.Name(), err)
		}
		if _, err := g.Play(s); err != nil {
			t.Fatalf("%s played %v: %v", player.Name(), s, err)
		}
	}
	return g.Winner()
}

// match plays games between a and b with colours alternating, a black
// first, and returns a's wins, losses and draws.
func match(t *testing.T, rules othello.Rules, rows, cols int, win othello.WinRule, a, b Player, games int) (won, lost, drawn int) {
	t.Helper()
	for i := range games {
		black, white, aColor := a, b, othello.Black
		if i%2 == 1 {
			black, white, aColor = b, a, othello.White
		}
		switch playGame(t, rules, rows, cols, win, black, white) {
		case aColor:
			won++
		case othello.Empty:
			drawn++
		default:
			lost++
		}
	}
	return won, lost, drawn
}

// TestStrength plays a shallow CPU against Random and Greedy on 8x8: it
// must win nearly every game. "othello play -games" measures the full
// strength.
func TestStrength(t *testing.T) {
	tests := []struct {
		rules    othello.Rules
		win      othello.WinRule
		opponent string
		games    int
		minWon   int
	}{
		{othello.Full{}, othello.MostDiscs, "random", 50, 50},
		{othello.Full{}, othello.MostDiscs, "greedy", 50, 45},
		{othello.Full{}, othello.FewestDiscs, "random", 20, 18},
		{othello.Full{}, othello.FewestDiscs, "greedy", 20, 18},
		{othello.Simple{}, othello.MostDiscs, "random", 20, 18},
		{othello.Simple{}, othello.MostDiscs, "greedy", 20, 18},
		{othello.Simple{}, othello.FewestDiscs, "greedy", 20, 18},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%v/%s", tt.rules.Name(), tt.win, tt.opponent), func(t *testing.T) {
			opponent, _ := Parse(tt.opponent, 0, rand.New(rand.NewPCG(6, 4)))
			cpu := CPU{Depth: 4, Endgame: 4, Budget: time.Hour}
			won, lost, drawn := match(t, tt.rules, 8, 8, tt.win, cpu, opponent, tt.games)
			t.Logf("%s vs %s: %d won, %d lost, %d drawn", cpu.Name(), opponent.Name(), won, lost, drawn)
			if won < tt.minWon {
				t.Errorf("got %d won of %d, want at least %d", won, tt.games, tt.minWon)
			}
		})
	}
}

// TestEverySize plays a CPU against Random on boards of every shape under
// both rule sets and win rules: playGame fails on any illegal move.
func TestEverySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 5))
	for _, rules := range bothRules {
		for _, win := range bothWinRules {
			for _, size := range [][2]int{{4, 4}, {4, 16}, {16, 4}, {6, 10}, {16, 16}} {
				t.Run(fmt.Sprintf("%s/%v/%dx%d", rules.Name(), win, size[0], size[1]), func(t *testing.T) {
					cpu := CPU{Depth: 2, Budget: time.Hour}
					match(t, rules, size[0], size[1], win, cpu, Random{Rand: rng}, 2)
				})
			}
		}
	}
}
