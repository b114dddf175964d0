package rating_test

import (
	"fmt"

	"github.com/othello-judge/judge/internal/referee/rating"
)

func ExampleResult_Elo() {
	// 15 wins and 5 losses: a 75% score.
	iv, err := rating.Result{Wins: 15, Losses: 5}.Elo()
	if err != nil {
		panic(err)
	}
	fmt.Printf("%+.0f [%+.0f, %+.0f] ±%.0f\n", iv.Elo, iv.Lower, iv.Upper, iv.Margin())
	// Output: +191 [+42, +477] ±218
}

func ExampleSPRT() {
	t, err := rating.ParseSPRT("0,10,0.05,0.05")
	if err != nil {
		panic(err)
	}
	llr := t.LLR(rating.Result{Wins: 30, Draws: 10, Losses: 10})
	lower, upper := t.Bounds()
	fmt.Printf("LLR %.2f in (%.2f, %.2f): %v\n", llr, lower, upper, t.Decide(llr))
	// Output: LLR 0.69 in (-2.94, 2.94): continue
}

func ExampleRatings() {
	ladder, err := rating.Ratings([]rating.Pairing{
		{A: "greedy", B: "random", Result: rating.Result{Wins: 15, Losses: 5}},
		{A: "level1", B: "greedy", Result: rating.Result{Wins: 12, Draws: 2, Losses: 6}},
		{A: "level1", B: "random", Result: rating.Result{Wins: 20}},
	}, rating.Anchor{Player: "random", Elo: 0}, rating.DefaultPrior)
	if err != nil {
		panic(err)
	}
	for _, r := range ladder {
		fmt.Printf("%-6s %5.0f [%5.0f, %5.0f] %2d games %4.1f points\n", r.Player, r.Elo, r.Lower, r.Upper, r.Games, r.Points)
	}
	// Output:
	// level1   401 [  222,   581] 40 games 33.0 points
	// greedy   246 [   86,   406] 40 games 22.0 points
	// random     0 [    0,     0] 40 games  5.0 points
}
