# The game logic of the correct program in othello_ui.py: it neither prints
# nor reads, as the assignment asks.
import re

NUMBER = re.compile(rb"[+-]?[0-9]+\Z")
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class MoveError(Exception):
    """MoveError is a move line that is not a legal move."""


def number(field):
    """number reads a signed integer; one too long to be a square is 0."""
    digits = field.lstrip(b"+-").lstrip(b"0") or b"0"
    if len(digits) > 9:
        return 0
    return -int(digits) if field.startswith(b"-") else int(digits)


def fields(line):
    return line.replace(b"\t", b" ").split(b" ")


class Board:
    """Board is the squares of a game, rows of "B", "W" and "."."""

    def __init__(self, rows, cols, squares):
        self.rows, self.cols, self.squares = rows, cols, squares

    def flips(self, r, c, me):
        if self.squares[r][c] != ".":
            return []
        other = "W" if me == "B" else "B"
        got = []
        for dr, dc in DIRS:
            line, rr, cc = [], r + dr, c + dc
            while 0 <= rr < self.rows and 0 <= cc < self.cols and self.squares[rr][cc] == other:
                line.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if line and 0 <= rr < self.rows and 0 <= cc < self.cols and self.squares[rr][cc] == me:
                got += line
        return got

    def can_move(self, me):
        return any(self.flips(r, c, me) for r in range(self.rows) for c in range(self.cols))

    def play(self, line, me):
        """play plays the move line for me, or raises MoveError."""
        f = [x for x in fields(line) if x]
        if len(f) != 2 or not all(NUMBER.match(x) for x in f):
            raise MoveError("not a move")
        r, c = number(f[0]) - 1, number(f[1]) - 1
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise MoveError("off the board")
        got = self.flips(r, c, me)
        if not got:
            raise MoveError("flips nothing")
        self.squares[r][c] = me
        for rr, cc in got:
            self.squares[rr][cc] = me

    def count(self, who):
        return sum(row.count(who) for row in self.squares)
