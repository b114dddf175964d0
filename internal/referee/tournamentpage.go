package referee

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/othello-judge/judge/internal/page"
	"github.com/othello-judge/judge/internal/referee/rating"
	"github.com/othello-judge/judge/othello"
)

//go:embed tournamentpage.html
var pageHTML string

// pageTemplate is othello tournament's page: tournamentpage.html.
var pageTemplate = template.Must(template.New("tournamentpage.html").Parse(pageHTML))

// A pageGame is a game as the page's script replays it: every string
// in it is text, which the script shows as text.
type pageGame struct {
	Pairing string   `json:"pairing"` // "greedy vs random"
	Line    string   `json:"line"`    // Result.Line: the result and any forfeit, the program's bytes quoted
	Boards  []string `json:"boards"`  // the board before the first move and after each, a row after the other, each square B, W or .
	Moves   []string `json:"moves"`   // the move that made each board but the first, "B d3" or "W pass"
	Times   []string `json:"times"`   // the seconds each move took, "" where none was taken
}

// WritePage writes othello tournament's page (-html): one HTML file that
// holds all it needs, the style sheet and the script in it and nothing
// fetched: title, the ladder and the crosstable as WriteTournament
// writes them, and every game of the pairings, listed with its result and
// replayed on a board, move by move, in the browser (the boards made
// here; the script only shows them). Every name and every result is
// text, escaped: a program's name or output cannot make markup. The error
// is Ladder's, or w's.
func WritePage(w io.Writer, title string, players []Spec, pairings []Pairing, anchor rating.Anchor) error {
	ladder, cross, err := standings(players, pairings, anchor)
	if err != nil {
		return err
	}
	type row struct {
		standing
		Cross []string
	}
	type listed struct {
		Index   int // in Games
		Number  int
		Black   string
		White   string
		Score   string // "40-24"
		Line    string
		Forfeit bool
	}
	type section struct {
		Pairing string
		Games   []listed
	}
	data := struct {
		Title    string
		Style    template.CSS
		Anchor   string
		Ladder   []row
		Sections []section
		Games    []pageGame
		Board    template.HTML
	}{Title: title, Style: page.Style(), Anchor: anchor.Player + " at " + signed(anchor.Elo)}
	for i, s := range ladder {
		data.Ladder = append(data.Ladder, row{s, cross[i]})
	}
	for _, p := range pairings {
		sec := section{Pairing: p.Match.Players[0].Name + " vs " + p.Match.Players[1].Name}
		for _, r := range p.Results {
			g := replayGame(r)
			g.Pairing = sec.Pairing
			g.Line = r.Line()
			score := ""
			if len(g.Boards) > 0 {
				last := g.Boards[len(g.Boards)-1]
				score = fmt.Sprintf("%d-%d", strings.Count(last, "B"), strings.Count(last, "W"))
			}
			sec.Games = append(sec.Games, listed{Index: len(data.Games), Number: r.Number, Black: r.Record.Black, White: r.Record.White,
				Score: score, Line: g.Line, Forfeit: r.Forfeit != nil})
			data.Games = append(data.Games, g)
			if data.Board == "" && len(g.Boards) > 0 {
				data.Board = page.BoardSVG(&r.Record.Setup.Board, page.Marks{})
			}
		}
		data.Sections = append(data.Sections, sec)
	}
	return pageTemplate.Execute(w, data)
}

// replayGame returns the boards, moves and times of r's game, as far as
// its record replays; none for a record of no setup.
func replayGame(r Result) pageGame {
	var g pageGame
	game, err := r.Record.Setup.NewGame()
	if err != nil {
		return g
	}
	g.Boards = append(g.Boards, boardText(game.Board()))
	turn := 0 // the record's notes count the passes the game makes
	note := func() string {
		t := ""
		if turn < len(r.Record.Notes) {
			t = r.Record.Notes[turn].Time
		}
		turn++
		return t
	}
	if game.Passed() {
		g.Boards, g.Moves, g.Times = append(g.Boards, g.Boards[0]), append(g.Moves, colorLetter(game.Turn().Opponent())+" pass"), append(g.Times, note())
	}
	for _, sq := range r.Record.Moves {
		who := game.Turn()
		if _, err := game.Play(sq); err != nil {
			break
		}
		b := boardText(game.Board())
		g.Boards, g.Moves, g.Times = append(g.Boards, b), append(g.Moves, colorLetter(who)+" "+sq.String()), append(g.Times, note())
		if game.Passed() {
			g.Boards, g.Moves, g.Times = append(g.Boards, b), append(g.Moves, colorLetter(who.Opponent())+" pass"), append(g.Times, note())
		}
	}
	return g
}

// boardText writes b a row after the other, each square B, W or ".".
func boardText(b *othello.Board) string {
	var s strings.Builder
	for row := range b.Rows() {
		for col := range b.Cols() {
			switch c, _ := b.At(othello.Square{Row: row, Col: col}); c {
			case othello.Black:
				s.WriteByte('B')
			case othello.White:
				s.WriteByte('W')
			default:
				s.WriteByte('.')
			}
		}
	}
	return s.String()
}
