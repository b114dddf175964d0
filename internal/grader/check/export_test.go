package check

import (
	"os"
	"sync/atomic"

	"github.com/othello-judge/judge/internal/sandbox"
)

// Unexported functions that the tests of package check_test call.
var (
	DetectRules = detectRules
)

// BlanksPrefix returns whether each of outs in turn, each beginning with
// the one before, could still become want but for blanks.
func BlanksPrefix(want string, outs ...string) []bool {
	p := blanksPrefix{want: []byte(want)}
	var oks []bool
	for _, out := range outs {
		oks = append(oks, p.ok([]byte(out)))
	}
	return oks
}

// FailIsolation makes every second Isolated start of a program fail as a
// sandbox whose isolation cannot be set up does, until the returned
// function restores the sandbox.
func FailIsolation() (restore func()) {
	start := startProgram
	var n atomic.Int64
	startProgram = func(sb sandbox.Config, path string, args []string, stdin, stdout, stderr *os.File) (*sandbox.Process, error) {
		if sb.Mode == sandbox.Isolated && n.Add(1)%2 == 1 {
			return nil, &sandbox.StartError{Path: path, Err: &sandbox.UnavailableError{Missing: "user namespaces (no space left on device)"}}
		}
		return start(sb, path, args, stdin, stdout, stderr)
	}
	return func() { startProgram = start }
}

// StructureOf is structureOf, for the tests of the rules of structure.
var StructureOf = structureOf

// ProbeScript and ImportErrorOf are probeScript and importError, for
// the tests of the probe of a check's Python.
var (
	ProbeScript   = probeScript
	ImportErrorOf = importError
)

// WithoutFolder is withoutFolder, for its tests.
var WithoutFolder = withoutFolder

// Hold is Slots.hold, for its tests.
func (s Slots) Hold() (release func()) { return s.hold() }
