// Package player holds the computer players of "othello play": CPU, a
// game-tree search that plays well, Greedy, which flips the most discs,
// and Random. Each chooses a move for the player to move of an
// othello.Position under a win rule; none prints or reads anything.
package player
