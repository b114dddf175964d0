package player_test

import (
	"fmt"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/othello"
)

// A CPU solves the end of a game exactly: here Black takes b1, and then
// wins by 6 discs to none after White passes, a margin of 16 with the 10
// empty squares.
func ExampleCPU_Search() {
	b, _ := othello.ParseBoard(". . W B\n. . . .\n. . . .\n. . W B")
	p, _ := othello.NewPosition(othello.Full{}, b, othello.Black)
	r, _ := player.CPU{Budget: time.Minute}.Search(p, othello.MostDiscs)
	fmt.Println(r.Move, r.Exact, r.Score)
	// Output: b1 true 16
}

func ExampleParse() {
	for _, name := range []string{"cpu", "cpu:4", "greedy", "bob"} {
		p, err := player.Parse(name, time.Second, nil)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(p.Name())
	}
	// Output:
	// cpu
	// cpu:4
	// greedy
	// player: must be cpu, cpu:DEPTH (DEPTH from 1), greedy or random, got "bob"
}
