package main

import (
	"fmt"
	"io"

	"github.com/othello-judge/judge/internal/grader/scenario"
	"github.com/othello-judge/judge/othello"
)

const genUsage = `usage: othello gen [flags] -out DIR

Writes random scenarios into DIR as golden-transcript pairs, NAME.in and
NAME.out, the input and the judge's exact output, for graders who run
their own harness: the same generator as othello check's.

Flags:
  -profile assignment|protocol
	only what the assignment promises (default), or also all that
	PROTOCOL.md allows
  -rules full|simple
	the rule set (default full)
  -n N
	scenarios (default 200)
  -seed N
	the seed (default: from the clock; always reported)
  -size RxC
	fix the board size, such as 8x8 (default: random sizes)
  -bad RATE
	the chance of an invalid line before each move (default: each
	scenario picks 0.05, 0.1 or 0.3)
  -out DIR
	where to write the pairs (required)

See doc/grading.md.
`

// runGen runs "othello gen".
func runGen(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("gen", stderr)
	rulesName := flags.String("rules", "full", "")
	profileName := flags.String("profile", "assignment", "")
	n := flags.Int("n", 200, "")
	seed := flags.Uint64("seed", 0, "")
	size := flags.String("size", "", "")
	bad := flags.Float64("bad", -1, "")
	out := flags.String("out", "", "")
	if status, ok := parseFlags(flags, args, genUsage, stdout, stderr); !ok {
		return status
	}
	usageError := func(format string, a ...any) int { return badUsage(stderr, "gen", genUsage, format, a...) }
	if flags.NArg() > 0 {
		return usageError("unexpected argument %q", flags.Arg(0))
	}
	if *out == "" {
		return usageError("-out DIR is required")
	}
	if *n < 0 || *bad > 1 {
		return usageError("-n must be 0 or more and -bad at most 1")
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		return usageError("%v", err)
	}
	profile, err := scenario.ParseProfile(*profileName)
	if err != nil {
		return usageError("-profile must be assignment or protocol, got %q", *profileName)
	}
	gen := scenario.Generator{Rules: rules, Profile: profile, BadRate: *bad}
	if *size != "" {
		if gen.Rows, gen.Cols, err = othello.ParseSize(*size); err != nil {
			return usageError("-size must be ROWSxCOLS, each even from 4 to 16, got %q", *size)
		}
	}
	if !isSet(flags, "seed") {
		*seed = clockSeed()
	}
	for i := range *n {
		if err := gen.Scenario(*seed, i).Transcript().Write(*out); err != nil {
			fmt.Fprintf(stderr, "othello gen: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "wrote %d %s scenarios of the %s profile, seed %d, to %s\n", *n, rules.Name(), profile, *seed, *out)
	return 0
}
