package scenario

import (
	"embed"
	"strings"

	"github.com/othello-judge/judge/othello"
)

// The inputs of the assignment's reference games, as ../shared/examples
// has them; their outputs are the judge's.
//
//go:embed reference/*.in
var references embed.FS

// ReferenceGame returns the assignment's reference game under rules r, named
// "reference/full-4x4" or "reference/simple-4x4", with the judge's
// answer to it.
func ReferenceGame(r othello.Rules) Transcript {
	name := "reference/" + strings.ToLower(r.Name()) + "-4x4"
	input, err := references.ReadFile(name + ".in")
	if err != nil {
		panic("scenario: " + err.Error()) // the files are built in
	}
	return Judge(name, r, input)
}
