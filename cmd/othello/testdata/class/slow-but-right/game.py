"""The game of Othello, apart from its input and output: a Board that
knows the rules, and the errors of a bad setup or a bad move."""

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class OthelloError(Exception):
    """A setup or a move that breaks the rules."""


class BadMove(OthelloError):
    """A move off the board, on a taken square, or that flips nothing."""


def opponent(me):
    return "W" if me == "B" else "B"


class Board:
    """A board of rows x cols squares, each "B", "W" or ".", and whose
    turn it is."""

    def __init__(self, rows, cols, squares, first):
        if not (4 <= rows <= 16 and 4 <= cols <= 16 and rows % 2 == 0 and cols % 2 == 0):
            raise OthelloError("bad size")
        if len(squares) != rows or any(len(r) != cols for r in squares):
            raise OthelloError("bad board")
        self.rows, self.cols = rows, cols
        self.squares = [list(r) for r in squares]
        self.turn = first

    def flips(self, r, c, me):
        if not (0 <= r < self.rows and 0 <= c < self.cols) or self.squares[r][c] != ".":
            return []
        other = opponent(me)
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

    def next_turn(self):
        """Passes a player who cannot move; returns False when nobody can."""
        if self.can_move(self.turn):
            return True
        self.turn = opponent(self.turn)
        return self.can_move(self.turn)

    def play(self, r, c):
        got = self.flips(r, c, self.turn)
        if not got:
            raise BadMove("%d %d" % (r + 1, c + 1))
        self.squares[r][c] = self.turn
        for rr, cc in got:
            self.squares[rr][cc] = self.turn
        self.turn = opponent(self.turn)

    def count(self, who):
        return sum(row.count(who) for row in self.squares)

    def winner(self, fewest):
        b, w = self.count("B"), self.count("W")
        if b == w:
            return "NONE"
        return "B" if (b > w) != fewest else "W"
