package record_test

import (
	"fmt"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// This example reads a game that NBoard copied, replays it and writes it
// again, as a move list and in GGF.
func Example() {
	games, err := record.ParseGGF(`(;GM[Othello]PC[NBoard]PB[Chris]PW[ntest1]RE[?]TI[0]TY[8]
BO[8 ---------------------------O*------*O--------------------------- *]
B[F5]W[F6]B[E6]W[F4];)`)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := games[0]
	g, _ := r.Game()
	black, white := g.Score()
	fmt.Printf("%s (Black) against %s: %s, Black %d, White %d, %v to move\n",
		r.Black, r.White, record.FormatMoveList(r.Moves), black, white, g.Turn())
	text, _ := record.FormatGGF(r)
	fmt.Print(text)
	// Output:
	// Chris (Black) against ntest1: f5f6e6f4, Black 3, White 5, B to move
	// (;GM[Othello]PC[NBoard]PB[Chris]PW[ntest1]TI[0]TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[f6]B[e6]W[f4];)
}

// This example writes a game on a board of 4 rows and 6 columns under the
// simple rules, which GGF cannot say without this package's extensions.
func ExampleFormatGGF() {
	setup, _ := othello.StandardSetup(othello.Simple{}, 4, 6)
	r, err := record.ParseMoveList("c1 b1", setup)
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := record.FormatGGF(r)
	fmt.Print(text)
	// Output:
	// (;GM[Othello]TY[4x6]RU[simple]BO[4x6 ------ --O*-- --*O-- ------ *]B[c1]W[b1];)
}

// This example shows a move the game refuses: the error names the line,
// the move's number and square, and why.
func ExampleParseMoveList() {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	_, err := record.ParseMoveList("f5d6c3\nd3c4a1", setup)
	fmt.Println(err)
	// Output:
	// record: line 2: move 6, W a1: move flips no disc
}

// This example reads texts of several formats with one call, which tells
// each format by its content: a move list, and a position in OBF with the
// known score of its best move.
func ExampleRead() {
	base, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	for _, text := range []string{
		"f5d6c3",
		"# FFO #1\n--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;",
	} {
		records, format, err := record.Read(text, base)
		if err != nil {
			fmt.Println(err)
			return
		}
		r := records[0]
		fmt.Printf("%v: %d moves, %v first, known %+v\n", format, len(r.Moves), r.Setup.First, r.Known)
	}
	// Output:
	// a move list: 3 moves, B first, known []
	// OBF: 0 moves, B first, known [{Pass:false Square:g8 Score:18} {Pass:false Square:h1 Score:12}]
}

func ExampleFormatPGN() {
	setup, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	r, _ := record.ParseMoveList("f5d6c3d3c4", setup)
	r.Black, r.Date = "Ralle Paul", "1988"
	text, _ := record.FormatPGN(r)
	fmt.Print(text)
	// Output:
	// [Event "?"]
	// [Date "1988"]
	// [Black "Ralle Paul"]
	// [White "?"]
	// [Result "*"]
	// 1. f5 d6
	// 2. c3 d3
	// 3. c4
	// *
}
