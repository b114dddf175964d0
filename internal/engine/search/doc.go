// Package search is the game-tree search of 8x8 Othello under the full
// rules, on bitboards (one uint64 a colour, othello.Moves8 and
// othello.Flips8): an exact endgame solver (Solver.Solve) and a midgame
// search to a depth (Solver.Search), which share one transposition table
// (Table) and one move ordering. It does no input or output: positions
// come as the discs of each player, and a move is a square row*8+col
// (Pass, NoMove), which othello.Square becomes at the boundary (package
// player). The FFO test positions it is checked on are read by package
// record (ParseOBF).
//
// The solver follows Edax's endgame: from enough empty squares, first
// searches to the end of the game selectively, by ProbCut at rising
// confidence, whose regressions TestFitProbCut fits to the midgame
// search's errors (probcut.go), each starting from the score of the one
// before and leaving its best moves in the table for the next; then the
// root searched exactly with the narrowest window around that score,
// again around each bound it returns (Solver.Solve); a principal variation search whose moves are sorted
// fastest first (the fewest replies for the opponent, then, from 11
// empty squares, its potential mobility and corner stability, then a
// hole and the square's worth), from 16 empty squares also by a shallow
// search of the evaluation after each move, with the table's best move
// before them and enhanced transposition cutoffs (solve.go); stable
// discs that bound the score, from Edax's thresholds (stability.go); a
// small table of each thread's own for 8 to 10 empty squares, as
// Egaroucid keeps, which stays in the processor's caches
// (localtable.go); no table and no list of moves in the last 7, which
// are tried holes first, then by the parity of their region, corners
// first (solve.go),
// the last move scored by the number of discs it flips alone
// (lastflips.go); a lock-free table
// of pairs of entries shared by the threads from 11 empty squares, the
// deepest kept (table.go), on huge pages where
// Linux gives them (hugepages_linux.go), the entries of the positions
// after each move prefetched as the moves are listed (prefetch_amd64.s);
// and threads, the
// search of each of a Solver's goroutines, that share the moves of a
// position by Young Brothers Wait (parallel.go). A solve allocates
// nothing: every buffer belongs to the Solver, made once.
//
// The midgame search scores the positions where it stops by a learned
// evaluation under MostDiscs (eval.go): a weight for each configuration
// of each pattern of squares in each stage of the game, embedded from
// weights.bin, which package train fits to real games (Evaluate); under
// FewestDiscs by the hand-written weights of package player's
// evaluation, on bitboards.
//
// Scores of a solve are final margins of discs as FFO counts them: the
// player to move's discs less the opponent's (the reverse under the win
// rule FewestDiscs), the empty squares going to the winner.
package search
