package terminal_test

import (
	"os"
	"strings"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/play/terminal"
	"github.com/othello-judge/judge/othello"
)

// Two people play in the classic style on a 4x4 board; the moves come
// from a string as they would from a pipe, so they do not show.
func ExampleRun() {
	setup, _ := othello.StandardSetup(othello.Full{}, 4, 4)
	c := terminal.Config{Setup: setup, Style: terminal.XO}
	terminal.Run(strings.NewReader("1b\nz9\nquit\n"), os.Stdout, c)
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

// A person plays Black against cpu:1 in the plain style, the legal moves
// marked: the last move is between brackets, and the discs it flipped
// are listed.
func ExampleRun_plain() {
	setup, _ := othello.StandardSetup(othello.Full{}, 4, 4)
	c := terminal.Config{Setup: setup, White: player.CPU{Depth: 1}, Marks: true}
	terminal.Run(strings.NewReader("b1\nquit\n"), os.Stdout, c)
	// Output:
	// Black (X) is human, White (O) is cpu at level 1 (depth 1, 500ms a move). Type a move such as d3, or h for help.
	//
	//    a b c d
	//  1 . * . .
	//  2 * O X .
	//  3 . X O *
	//  4 . . * .
	// X Black 2, O White 2, Black to move
	// Black (X) to move: Black plays b1 and flips 1 disc: b2.
	//
	//    a b c d
	//  1 *[X]* .
	//  2 . X X .
	//  3 * X O .
	//  4 . . . .
	// X Black 4, O White 1, White to move
	// White plays a1 and flips 1 disc: b2.
	//
	//    a b c d
	//  1[O]X . .
	//  2 * O X .
	//  3 . X O *
	//  4 . . * .
	// X Black 3, O White 3, Black to move
	// Black (X) to move: Bye.
}
