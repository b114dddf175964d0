// Package player holds the computer players of "othello play": CPU, a
// game-tree search that plays well, Greedy, which flips the most discs,
// and Random. Each chooses a move for the player to move of an
// othello.Position under a win rule; none prints or reads anything.
//
// A CPU deepens one ply at a time within its budget (cpu.go: deepen, the
// one loop and its rules for when to stop), its first ply never cut short,
// so that its move is always one it has searched. On an 8x8 board under
// the full rules each depth is searched by package search, on bitboards
// with a transposition table, and the end of the game solved exactly when
// it likely can be in time (cpu8.go); the solvers that hold the tables are
// lent by a Pool, the CPU's own or a default one that CPUs share, so that
// searches one after the other reuse one table and searches at once each
// have their own. Any other board is searched by alphaBeta, negamax with
// alpha-beta pruning on othello.Position (alphabeta.go), with the
// evaluation of eval.go. A CPU with an opening book plays from it while
// the game is in it (book.go: the best move at the top levels, varied ones
// below). Levels (level.go) name CPUs for people, each with the standard
// book, and a clock (clock.go) lets tests time searches without waiting.
// CPU.Check (settings.go) keeps the settings that an engine's command
// line gives a CPU in their ranges, with a *SettingError that wraps
// ErrSetting.
package player
