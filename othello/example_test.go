package othello_test

import (
	"fmt"

	"github.com/othello-judge/judge/othello"
)

// This example plays the opening of a game the way the synopsis of
// Games::Othello does: whose move it is, the possible moves with the discs
// each would flip, a disc placed, the layout and the score.
func Example() {
	board, _ := othello.NewStartBoard(8, 8)
	game, _ := (othello.Setup{Rules: othello.Full{}, Board: *board, First: othello.Black, Win: othello.MostDiscs}).NewGame()
	for _, square := range []othello.Square{{Row: 2, Col: 3}, {Row: 2, Col: 2}} {
		fmt.Printf("%v to move:\n", game.Turn())
		for _, m := range game.Moves() {
			fmt.Printf("  %v\n", m)
		}
		flipped, err := game.Play(square)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v plays %v, flipping %v\n", game.Turn().Opponent(), square, flipped)
	}
	fmt.Print(game.Board())
	black, white := game.Score()
	fmt.Printf("B: %d  W: %d, %v to move\n", black, white, game.Turn())
	// Output:
	// B to move:
	//   d3 flips d4
	//   c4 flips d4
	//   f5 flips e5
	//   e6 flips e5
	// B plays d3, flipping d4
	// W to move:
	//   c3 flips d4
	//   e3 flips e4
	//   c5 flips d5
	// W plays c3, flipping d4
	// . . . . . . . .
	// . . . . . . . .
	// . . W B . . . .
	// . . . W B . . .
	// . . . B W . . .
	// . . . . . . . .
	// . . . . . . . .
	// . . . . . . . .
	// B: 3  W: 3, B to move
}
