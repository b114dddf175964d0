package check

import "github.com/othello-judge/judge/internal/sandbox"

// Unwalled returns why no wall would keep the programs that cfg runs from
// the grader's files, a *sandbox.NoWallError, or nil where one would, or
// where cfg runs them Limited on purpose (-sandbox=false): a grader who
// chose that trusts them.
func (cfg Config) Unwalled() error {
	if err := cfg.Sandbox.Walled(); err != nil && cfg.Sandbox.Mode == sandbox.Isolated {
		return err
	}
	return nil
}

// WallWarning returns the warning, one line without its end, of a check
// that runs where no wall holds, err (from Unwalled) saying why: the
// program runs as its grader, with all their files. A student checking
// their own program trusts it, so othello check says this and runs it;
// othello grade, which runs others' programs, refuses (package class).
func WallWarning(err error) string {
	return "warning: " + err.Error() + ": the program runs as you, with all your files"
}
