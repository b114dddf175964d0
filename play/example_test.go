package play_test

import (
	"os"
	"strings"

	"github.com/othello-judge/judge/othello"
	"github.com/othello-judge/judge/play"
)

// Two people play in the classic style on a 4x4 board; the moves come
// from a string as they would from a pipe, so they do not show.
func ExampleRun() {
	setup, _ := othello.StandardSetup(othello.Full{}, 4, 4)
	c := play.Config{Setup: setup, Style: play.XO}
	play.Run(strings.NewReader("1b\nz9\nquit\n"), os.Stdout, c)
	// Output:
	// 1 ----
	// 2 -OX-
	// 3 -XO-
	// 4 ----
	//   abcd
	//
	// Player 'X' move: 1 -X--
	// 2 -XX-
	// 3 -XO-
	// 4 ----
	//   abcd
	//
	// Player 'O' move: Invalid move. Please try again.
	//
	// Player 'O' move: Bye.
}
