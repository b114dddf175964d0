package solve

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
)

// A Summary adds up the results of a file's positions: what Report
// returns, and the last line of its report (String).
type Summary struct {
	Positions int  // the positions solved; a game skipped is none
	Known     bool // whether some position of the file has a known score
	// Agree, Disagree and NotChecked count the positions of known
	// score by verdict: the score and move agree with it, or not, or the
	// score is not exact.
	Agree, Disagree, NotChecked int
	MovesDisagree               int           // with All: the moves whose exact score is not the known one
	Nodes                       int64         // the positions searched, by every search
	Time                        time.Duration // the time every search took
}

// add counts the result r of a position, and its verdict j.
func (s *Summary) add(r player.Result, j judged) {
	s.Nodes += r.Nodes
	s.Time += r.Time
	switch j.verdict {
	case agree:
		s.Agree++
	case disagree:
		s.Disagree++
	case notChecked:
		s.NotChecked++
	}
}

// Disagrees reports whether a known score disagrees: a position's, or
// with All a move's.
func (s Summary) Disagrees() bool { return s.Disagree > 0 || s.MovesDisagree > 0 }

// String returns the summary line: "19 positions, 19 agree, 2345678
// nodes, 0.210s, 11.2 M nodes/s". The verdicts are there if Known;
// disagree, not checked and the moves that disagree only when there are
// some.
func (s Summary) String() string {
	parts := []string{plural(s.Positions, "position", "positions")}
	if s.Known {
		parts = append(parts, fmt.Sprintf("%d agree", s.Agree))
		if s.Disagree > 0 {
			parts = append(parts, fmt.Sprintf("%d disagree", s.Disagree))
		}
		if s.NotChecked > 0 {
			parts = append(parts, fmt.Sprintf("%d not checked", s.NotChecked))
		}
		if s.MovesDisagree > 0 {
			parts = append(parts, plural(s.MovesDisagree, "move disagrees", "moves disagree"))
		}
	}
	rate := 0.0
	if s.Time > 0 {
		rate = float64(s.Nodes) / s.Time.Seconds() / 1e6
	}
	parts = append(parts, plural(s.Nodes, "node", "nodes"), fmt.Sprintf("%.3fs", s.Time.Seconds()), fmt.Sprintf("%.1f M nodes/s", rate))
	return strings.Join(parts, ", ")
}

// plural returns n and the noun, one or many: "1 position", "2
// positions".
func plural[N int | int64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(int64(n), 10) + " " + many
}
