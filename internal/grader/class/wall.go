package class

import (
	"errors"

	"github.com/othello-judge/judge/internal/grader/check"
)

// NoWallHelp says what each program would reach where nothing keeps it
// from the grader's files, and the ways out: othello grade writes it
// after the line of a *RefusedError.
const NoWallHelp = `Each program would run as you, and could read and change everything
you can: your home (~/.ssh, your browser's profile), the golden outputs,
the other submissions. Grade on Linux where a wall holds: as root, with
user namespaces, or with Landlock (Linux 5.13 on); or in the container
(make image, then docker run: README.md says how); or, for code you
trust, give -sandbox=false.
`

// ErrRefused means a class was not graded, as no wall would keep its
// programs from the grader's files.
var ErrRefused = errors.New("class: refusing to grade")

// A RefusedError is a class not graded, as no wall would keep the
// submissions' programs from the grader's files, the other submissions
// and the reports: Err, a *sandbox.NoWallError, says why. It wraps
// ErrRefused and Err.
type RefusedError struct {
	Err error
}

// Error says that the class is not graded, and why: "class: refusing to
// grade: sandbox: nothing keeps a program from the grader's files here
// (no Landlock)".
func (e *RefusedError) Error() string { return "class: refusing to grade: " + e.Err.Error() }

// Unwrap returns ErrRefused and the sandbox's error.
func (e *RefusedError) Unwrap() []error { return []error{ErrRefused, e.Err} }

// Refuse returns a *RefusedError where the checks of cfg would run with
// no wall (check.Config.Unwalled), and nil otherwise. A grader runs the
// programs of others, which it does not trust, so that Grade refuses
// where othello check only warns.
func Refuse(cfg check.Config) error {
	if err := cfg.Unwalled(); err != nil {
		return &RefusedError{Err: err}
	}
	return nil
}
