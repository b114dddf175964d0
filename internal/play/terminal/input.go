package terminal

// maxLine is the longest line kept: the rest of a longer one is read and
// dropped, and the line is refused.
const maxLine = 1024

// A command is what a person may type besides a move.
type command int

const (
	noCommand command = iota
	help
	listMoves
	hint
	listScores
	showRecord
	undo
	quit
)

var commands = map[string]command{
	"h": help, "?": help, "help": help,
	"moves":  listMoves,
	"hint":   hint,
	"scores": listScores,
	"record": showRecord,
	"undo":   undo,
	"q":      quit, "quit": quit, "exit": quit,
}
