package solve

import (
	"fmt"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/record"
)

// A verdict is how a result compares with a position's known scores.
type verdict int

// The verdicts.
const (
	unknown    verdict = iota // no known score
	agree                     // the same score, and a move not known to be worse
	disagree                  // another score, or a move known to be worse
	notChecked                // a known score, but a result that is not exact
)

// A judged result is a verdict and its text for the position's line.
type judged struct {
	verdict
	text string // "", or "  known +18 ok" and the like
}

// judgeResult compares r with the known scores of its position, best
// first.
func judgeResult(r player.Result, known []record.Known) judged {
	if len(known) == 0 {
		return judged{}
	}
	best := known[0].Score
	text := fmt.Sprintf("  known %+d", best)
	switch {
	case !r.Exact:
		return judged{notChecked, text + " not checked"}
	case r.Score != best:
		return judged{disagree, text + " disagree"}
	}
	if !r.Over {
		for _, k := range known {
			if k.Pass == r.Pass && (r.Pass || k.Square == r.Move) && k.Score != best {
				return judged{disagree, fmt.Sprintf("%s disagree: %s is %+d", text, moveName(r), k.Score)}
			}
		}
	}
	return judged{agree, text + " ok"}
}

// moveName returns the move of r: a square such as "g8", "pa" for a pass,
// "--" when the game is over.
func moveName(r player.Result) string {
	switch {
	case r.Over:
		return "--"
	case r.Pass:
		return "pa"
	}
	return r.Move.String()
}
