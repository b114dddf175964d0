package terminal

import "github.com/othello-judge/judge/internal/engine/book"

// opening tells the name of the game's opening, "Opening: Tiger", when it
// changes (book.Openings.Name): after the start and each move, in the
// Plain style only, as the XO style is the classic game's, line for line.
func (g *game) opening() {
	if g.c.Style != Plain {
		return
	}
	if name := book.StandardOpenings().Name(g.s.Game()); name != "" && name != g.named {
		g.named = name
		g.view.say(g.out, "Opening: "+name)
	}
}
