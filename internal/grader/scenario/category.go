package scenario

import "errors"

// A Category is what a scenario tests, so that a grade can give points for
// each: one part of the assignment that a program gets right or wrong,
// named as reports and weights files name it. In an AI grade, a category
// is an opponent that the program plays (Opponent).
type Category string

// The categories. Reference and Golden are transcripts read from files;
// a Generator makes the others, but for Format, which scores the output's
// blanks in all the scenarios of the others, and Structure, which is no
// scenario but the source of a Python program.
const (
	Reference     Category = "reference"      // the assignment's two reference games, built in
	Golden        Category = "golden"         // a transcript of a -golden folder
	FullGame      Category = "full-game"      // a game on a square board from the standard start, played to its end
	Passes        Category = "passes"         // a game in which a player has no move and is passed over
	BlockedStart  Category = "blocked-start"  // a starting board on which the first player cannot move, or nobody can
	FewestWins    Category = "fewest-wins"    // the win rule <: the fewest discs win
	NonSquare     Category = "non-square"     // a board with more rows than columns, or fewer
	InvalidMoves  Category = "invalid-moves"  // moves off the board, onto taken squares, or that flip nothing
	LockStep      Category = "lock-step"      // a game typed one line at a time, each answered before the next
	TolerantInput Category = "tolerant-input" // move lines with blanks, tabs, signs, leading zeros or a carriage return
	BadLines      Category = "bad-lines"      // lines that are not two integers, which are INVALID
	BadSetup      Category = "bad-setup"      // a setup that breaks the rules, which ends the program at once
	// Format is the scenarios of a check that are right in logic again,
	// for their output right to the byte, blanks and all: no scenario is
	// made for it.
	Format Category = "format"
	// Structure is the assignment's rules of a Python program's source
	// (one executable module, the game logic in a module that neither
	// prints nor reads, a class, an exception class of its own): no
	// scenario is made for it.
	Structure Category = "structure"
)

// Categories lists every category of scenarios, in the order reports
// show them.
var Categories = []Category{Reference, Golden, FullGame, Passes, BlockedStart, FewestWins, NonSquare, InvalidMoves, LockStep, TolerantInput, BadLines, BadSetup, Format, Structure}

var categoryAbout = map[Category]string{
	Reference:     "the assignment's reference game",
	Golden:        "the golden transcripts given with -golden",
	FullGame:      "whole games on square boards from the standard start",
	Passes:        "games in which a player has no move and is passed over",
	BlockedStart:  "starting boards on which the first player cannot move, or nobody can",
	FewestWins:    "games won by the fewest discs (<)",
	NonSquare:     "boards with more rows than columns, or fewer",
	InvalidMoves:  "moves off the board, onto taken squares, or that flip nothing (INVALID)",
	LockStep:      "games typed one line at a time, each line answered before the next",
	TolerantInput: "move lines with extra blanks, tabs, signs, leading zeros or a carriage return",
	BadLines:      "lines that are not two integers (INVALID)",
	BadSetup:      "setups that break the rules: the program must stop after its first line",
	Format:        "the output of the scenarios right in logic, right to the byte, blanks included",
	Structure:     "the assignment's rules of a Python program's modules: one executable module, the game logic in a module that neither prints nor reads, a class, an exception class of its own",
}

// ErrCategory means a name is not that of a category.
var ErrCategory = errors.New("scenario: no such category")

// ParseCategory returns the category of scenarios named s, such as
// "non-square"; an opponent is no such category.
func ParseCategory(s string) (Category, error) {
	for _, c := range Categories {
		if c.String() == s {
			return c, nil
		}
	}
	return "", ErrCategory
}

// Opponent returns the category of an AI grade's games against the
// player named name, as the referee names it, such as "level:3".
func Opponent(name string) Category { return Category(name) }

// IsOpponent reports whether c is an opponent of an AI grade rather than
// one of Categories.
func (c Category) IsOpponent() bool { _, ok := categoryAbout[c]; return !ok }

// String returns the category's name, such as "non-square" or, for an
// opponent, "level:3".
func (c Category) String() string { return string(c) }

// About says in a few words what the category's scenarios test; for an
// opponent, "games against level:3, half of them as Black".
func (c Category) About() string {
	if about, ok := categoryAbout[c]; ok {
		return about
	}
	return "games against " + string(c) + ", half of them as Black"
}

// A Profile says which inputs a check puts to a program: what the
// assignment promises, or everything PROTOCOL.md allows.
type Profile uint8

// The profiles.
const (
	// Assignment is only what the assignment promises: valid setups, and
	// move lines of two decimal integers separated by one space, some of
	// them off the board, on a taken square or illegal.
	Assignment Profile = iota
	// Protocol is everything PROTOCOL.md allows besides: blanks, tabs,
	// signs, leading zeros and carriage returns in move lines, lines that
	// are not moves, and bad setups.
	Protocol
	// AI is no scenario: the program is a computer player, graded by its
	// games against reference opponents (package check's AI grade). It
	// is not one of Profiles, which a Generator takes.
	AI
)

// Profiles lists the profiles of scenarios, those that ParseProfile reads.
var Profiles = []Profile{Assignment, Protocol}

// ErrProfile means a name is not that of a profile.
var ErrProfile = errors.New("scenario: no such profile")

// ParseProfile returns the profile named s: "assignment" or "protocol".
func ParseProfile(s string) (Profile, error) {
	for _, p := range Profiles {
		if p.String() == s {
			return p, nil
		}
	}
	return 0, ErrProfile
}

// String returns "assignment", "protocol" or "ai".
func (p Profile) String() string {
	switch p {
	case Protocol:
		return "protocol"
	case AI:
		return "ai"
	}
	return "assignment"
}

// Categories returns the categories of the random scenarios of the
// profile, in the order a Generator takes them in turn.
func (p Profile) Categories() []Category {
	cs := []Category{FullGame, Passes, BlockedStart, FewestWins, NonSquare, InvalidMoves, LockStep}
	if p == Protocol {
		cs = append(cs, TolerantInput, BadLines, BadSetup)
	}
	return cs
}
