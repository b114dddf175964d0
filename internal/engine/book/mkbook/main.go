// Command mkbook builds the opening book of package book from games in
// PGN: every WTHOR_YEAR.pgn (every *.pgn) of a folder, as
// ../shared/wthor holds the WTHOR tournament games. make book runs it:
//
//	go run ./internal/engine/book/mkbook -games ../shared/wthor -out internal/engine/book/book.txt
//
// The book holds every position that at least -min games reached in their
// first -plies moves, up to symmetry, with the number of games and their
// mean final margin. It is the same for the same games: the files are
// read in the order of their names, and the book does not depend on the
// order of the games.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// The default reach of the book: see doc/playing.md, The opening book.
const (
	defaultPlies = 20
	defaultMin   = 20
)

// run builds the book the flags ask for, and reports on stdout what it
// read and wrote, or on stderr why it could not.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("mkbook", flag.ContinueOnError)
	flags.SetOutput(stderr)
	dir := flags.String("games", "../shared/wthor", "the folder of the games, *.pgn")
	out := flags.String("out", "internal/engine/book/book.txt", "the book to write")
	plies := flags.Int("plies", defaultPlies, "the positions of the first `N` moves of each game")
	min := flags.Int("min", defaultMin, "the positions that at least `N` games reached")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	start := time.Now()
	files, err := filepath.Glob(filepath.Join(*dir, "*.pgn"))
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no *.pgn in %s", *dir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mkbook: %v\n", err)
		return 1
	}
	sort.Strings(files)
	b := book.NewBuilder(*plies)
	var added, unfinished, refused int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "mkbook: %v\n", err)
			return 1
		}
		games, err := record.ParsePGN(string(data))
		if err != nil {
			fmt.Fprintf(stderr, "mkbook: %s: %v\n", f, err)
			return 1
		}
		for _, g := range games {
			err := errors.New("not the standard start")
			if standard(g.Setup) {
				err = b.Add(g.Moves)
			}
			switch {
			case err == nil:
				added++
			case errors.Is(err, book.ErrUnfinished):
				unfinished++
			default:
				refused++
			}
		}
	}
	bk := b.Book(*min)
	bk.Comment = []string{
		"The opening book of 8x8 Othello under the full rules, made by make book",
		fmt.Sprintf("(go run ./internal/engine/book/mkbook -plies %d -min %d) from the %d games of %d files", *plies, *min, added, len(files)),
		fmt.Sprintf("of the WTHOR tournament games played to their end (%d unfinished and %d", unfinished, refused),
		fmt.Sprintf("refused left out): every position that at least %d of them reached in their", *min),
		fmt.Sprintf("first %d moves, up to symmetry. A line a position: the moves that reach it", *plies),
		"from the start, the games that reached it, and their mean final margin in",
		"discs for the player to move, the empty squares going to the winner.",
	}
	text := bk.Format()
	if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
		fmt.Fprintf(stderr, "mkbook: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "mkbook: %d games (%d unfinished, %d refused) of %d files: %d positions, %d bytes, in %s, written to %s\n",
		added, unfinished, refused, len(files), bk.Len(), len(text), time.Since(start).Round(100*time.Millisecond), *out)
	return 0
}

// standard reports whether s is the standard start of 8x8 Othello under
// the full rules, Black first and the most discs winning.
func standard(s othello.Setup) bool {
	want, _ := othello.StandardSetup(othello.Full{}, 8, 8)
	_, full := s.Rules.(othello.Full)
	return full && s.Board.Equal(&want.Board) && s.First == want.First && s.Win == want.Win
}
