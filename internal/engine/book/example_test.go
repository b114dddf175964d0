package book_test

import (
	"fmt"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// ExampleOpenings_Name names a game's opening, and shows the moves the
// standard book knows after it.
func ExampleOpenings_Name() {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	r, _ := record.ParseMoveList("c4e3f6e6f5", setup) // the Tiger, turned half round
	g, _ := r.Game()
	fmt.Println(book.StandardOpenings().Name(g))
	for _, m := range book.Standard().Moves(g.Position())[:2] {
		fmt.Printf("%s: %d games, %+.1f\n", m.Square, m.Games, m.Score)
	}
	// Output:
	// Tiger
	// c5: 48166 games, +0.2
	// g6: 893 games, -0.2
}
