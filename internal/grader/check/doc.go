// Package check grades a program, written in any language, against the
// judge: it runs the program on the assignment's reference game, golden
// transcripts and random scenarios, in batch or lock-step, compares its
// standard output with the judge's in logic, blanks normalized, and to
// the byte, and its exit status in the protocol profile (Comparison;
// Config.Strict for byte for byte and the status everywhere), sorts the
// failures, in logic or only in blanks, into ways of failing and shrinks
// each to the smallest input that shows it, and gives each category of
// scenario its points, and the category format those of the blanks.
//
// Check (check.go) does this in stages, each a function that takes what
// the one before it returned and returns a value of its own: rulesFor
// gives the rule set; plan the jobs, each a case not yet run; run their
// outcomes, each case with its verdict; group the failing outcomes that
// fail the same way, each group with its example; reproduce each group's
// Reproducer, the example shrunk (shrink.go); and score the points of
// each category. Check then puts the cases, the ways (waysOf) and the
// scores in a Grade (grade.go), and writes no report: package report
// writes a Grade for people and programs (text, JSON, HTML), and package
// autograder as each autograder's results. Grade.Without is what
// students see before the grades are published, the categories hidden
// left out; Way.Summary and Failure.Summary say in a line how a way
// fails, and FormatPoints writes points, the same in every report.
//
// The program is Config.Program, a command line; an argument of it that
// is MainWord ({main}) stands for the submission's main module, the one
// Python module in the sandbox's working folder with an
// if __name__ == '__main__': block, which Program.In finds with FindMain
// (program.go) before anything runs: none or more than one is a
// *MainError, and the check is not made.
//
// A Python program (IsPython) in the assignment profile has its
// structure read too: structureOf (structure.go) checks the assignment's
// four rules of its modules, one with FindMain and the others with
// structure.py, embedded, which the submission's own Python runs in the
// sandbox like the program and which reads the modules with its ast
// module, never importing them. Grade.Structure holds each rule with its
// verdict and places, and the category structure scores the share kept.
// What fails there for a reason of the grader's machine never lowers a
// grade (machine.go): ProbeStructure runs the command's Python once
// before the check's first run, on a script that imports what
// structure.py imports, and a Python that lacks one of them, or does
// not run it, is a *MachineError, which wraps ErrGraderMachine and says
// what to install, found so or at structure.py's own run: the check
// gives no grade. Config.StructureProbed spares the probe to the checks
// of a class, which othello grade probes once.
//
// One run is Run (run.go), in the sandbox of package sandbox within the
// Timeouts; in lock-step it is stopped at its first byte wrong in logic.
// Unless a Config fixes them, a run's time limits grow with its Size, the
// board and the moves of its input (limits.go).
// Comparison.Compare (compare.go) returns how it differs from the judge's
// transcript as a Difference: where standard output first differs, what
// each side had there, and the run itself. Its Summarize makes the
// Failure that a check keeps for its reports: the difference drawn by
// diff.Diff (package internal/grader/diff), what the program did in words
// (what, in words.go, which also describes a scenario), an excerpt of
// its standard error.
//
// The judge's output is read with package console's reader (console.Lines,
// console.AnswerSizes, console.KindOf), which reads what the judge
// writes. What the program wrote reaches a report only through quote.go's
// quote, quoteAt and plain: quoted, and cut at MaxLine; an input line
// is shown as Shown shows it.
//
// A run's output is dropped once it is compared, so that a check's memory
// does not grow with its scenarios: only the first MaxOutput bytes of
// each way's reproducer's output are kept (Reproducer.Output, for package
// report), and of runs that a limit ended, which are not run again.
//
// Options (options.go) are a check's settings as othello check, grade
// and gradescope take them on the command line, each a plain value: its
// Config checks them, reads the weights file (ReadWeights), and makes the
// Config they ask for, or returns an *OptionsError, which wraps
// ErrOptions, in the words of the command line; HiddenCategories reads
// the categories of -hidden. Config.Unwalled (wall.go) says why no wall
// would keep the programs from the grader's files, and WallWarning is
// othello check's warning then.
//
// An AI grade (ai.go) grades a computer player instead: with Config.AI,
// Check plays the program, in the plain protocol of package referee, a
// referee.Match against each Opponent in turn under AI's clock, each
// game a Case of its opponent's category (scenario.Opponent), Passed,
// Drawn or Failed, a forfeit's reason, the program's output quoted by
// the referee, in its Failure, and each opponent a Score of its games
// whose points Opponent.Earned gives: points times the score over the
// threshold, at most all. ReadOpponents reads the weights file of
// Options' -profile ai (lines OPPONENT GAMES SCORE% POINTS; a bad line
// is a *WeightsError, as ReadWeights' are), DefaultOpponents are those
// with none. The Grade is the same type, so every report and autograder
// writes it; Grade.AI says that it is one. It lives here, not in a
// package of its own, so that everything that takes a Config (othello
// check, package class's grade, the autograders' bundles) grades an AI
// assignment with -profile ai and nothing more, and the imports stay one
// way: check imports referee, which imports nothing of the grader's but
// the sandbox.
package check
