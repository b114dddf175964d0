// Command othello is the reference Othello judge: it plays one game by the
// protocol of PROTOCOL.md on standard input and output.
//
// Usage:
//
//	othello [-rules full|simple] < game.in > game.out
//
// It prints FULL (or SIMPLE), reads the setup and the moves, and answers
// each move line with VALID or INVALID, printing the score, the board and
// whose turn it is, and the winner at the end. The exit status is 0 when
// the game was played to its end, 1 for a bad setup or input that ended
// mid-game, with one line on standard error, and 2 for a bad command line.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"othello/console"
	"othello/othello"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: othello [-rules full|simple] < game.in

Plays one game of Othello by the judge's protocol: prints FULL or SIMPLE,
reads the setup and the move lines on standard input, and answers on
standard output. Exit status: 0 game finished, 1 bad setup or input ended
mid-game, 2 bad command line.

Flags:
  -rules full|simple
	the rule set (default full)
`

// run runs the program with the arguments after the program name and
// returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("othello", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {}
	rulesName := flags.String("rules", "full", "")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		fmt.Fprint(stderr, usage)
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "othello: unexpected argument %q\n%s", flags.Arg(0), usage)
		return 2
	}
	rules, err := othello.ParseRules(*rulesName)
	if err != nil {
		fmt.Fprintf(stderr, "othello: -rules must be full or simple, got %q\n%s", *rulesName, usage)
		return 2
	}

	return console.Run(stdin, stdout, stderr, rules)
}
