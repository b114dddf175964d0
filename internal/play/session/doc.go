// Package session is one game of Othello played by people, the computer
// players of package player, or both, with no input or output of its
// own: the terminal game (package terminal) and the web server (package
// web) both drive a Session and show what it says.
//
// A Session holds the game, who plays each colour, and the line of moves
// known, which may run past the present position after an undo or in a
// game loaded to replay (Config.Replay, Goto). A person's move comes as
// the text people type (ParseSquare: d3, 3d or "3 4"); Move plays it or
// refuses it with a *RefusedError that says why. The computer's move is
// chosen by the caller, who decides when and how long a player thinks
// (Computer), and played by Reply. Undo goes back to the previous turn of
// a person, Hints names the CPU who suggests moves and scores them
// (player.CPU.ScoreMoves, called by the caller, who decides when it
// thinks), and Status says the score or the result.
//
// The messages people read are made here, once, in plain English: a
// move played and the discs it flipped (Played), a pass (Passes), a
// refusal and why (RefusedError), the result (Result), who plays what
// (Describe), a hint and the scores of the moves (Hinted, Scored), and
// undo's answer. Each Turn carries the messages of the
// move it played.
package session
