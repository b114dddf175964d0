// Package solve is what othello solve does, without the command: it
// reads a file of positions or games (record.ReadFile),
// searches them with a player.CPU, and writes a report for people to an
// io.Writer, a line as soon as each position or move is done. The
// command (cmd/othello) only reads the flags into a Config and turns the
// result into an exit status.
//
// Report solves each position of a file: the position of each line of
// OBF, or the position at the end of each game of GGF, SGF, PGN or
// WTHOR, of a judge's setup and its move lines, or of a move list. Its
// report gives each position's best move and score, the nodes and the
// time, and the verdict against the scores the file knows; with
// Config.PV the principal variation, and with Config.All every legal
// move's score. (othello review, the review of a game for the person who
// played it, is package terminal's Review.)
//
// It is built a file a step:
//
//   - report.go: Config, how the positions are searched (the CPU, the
//     header's words), and Report, the loop that solves each position
//     and writes its lines, their columns as wide as the file needs;
//     the principal variation and every move's score.
//   - problems.go: the positions of a file, read whatever its format,
//     a game that cannot be played kept in its place as skipped, and the
//     header's words for the file.
//   - verdict.go: a result against the known scores of its position
//     (agree, disagree, not checked), and a move's name (g8, pa, --).
//   - summary.go: Summary, what Report returns and its last line, and
//     whether a known score disagrees.
//   - errors.go: the errors: a *SkippedError (ErrSkipped) for the games
//     of a file that were skipped, a *PositionError (ErrSearch) for a
//     search that failed. A file that cannot be read is record's
//     *record.FileError or the os package's error, and a failed write
//     the writer's error, each as it is.
//
// The errors of this package say "solve: " first; othello solve writes
// them after "othello solve: " instead.
package solve
